CREATE TABLE coupon_settings (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	coupon_type smallint NOT NULL CHECK (coupon_type IN (1, 2, 3)),
	promo_type smallint NOT NULL CHECK (promo_type IN (1, 2)),
	discount_value bigint NOT NULL CHECK (discount_value > 0),
	max_discount bigint CHECK (max_discount IS NULL OR max_discount >= 0),
	min_purchase bigint NOT NULL DEFAULT 0 CHECK (min_purchase >= 0),
	targeting smallint NOT NULL DEFAULT 2 CHECK (targeting IN (1, 2)),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	consumer_tag_ids integer[] NOT NULL DEFAULT '{}',
	province_codes text[] NOT NULL DEFAULT '{}',
	start_date date NOT NULL,
	end_date date NOT NULL,
	budget bigint NOT NULL DEFAULT 0 CHECK (budget >= 0),
	limit_per_consumer integer NOT NULL DEFAULT 1 CHECK (limit_per_consumer >= 1),
	quota integer NOT NULL CHECK (quota >= 1),
	claimed integer NOT NULL DEFAULT 0,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT coupon_settings_period_check CHECK (end_date >= start_date),
	CONSTRAINT coupon_settings_claimed_check CHECK (claimed >= 0 AND claimed <= quota)
);
--> statement-breakpoint
CREATE INDEX coupon_settings_name_idx ON coupon_settings (lower(name), id);
--> statement-breakpoint
CREATE INDEX coupon_settings_period_idx ON coupon_settings (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX coupon_settings_updated_idx ON coupon_settings (updated_at, id);
--> statement-breakpoint
CREATE INDEX coupon_settings_created_idx ON coupon_settings (created_at, id);
--> statement-breakpoint
CREATE INDEX coupon_settings_quota_idx ON coupon_settings (quota, id);
--> statement-breakpoint
CREATE INDEX coupon_settings_kind_idx ON coupon_settings (status, coupon_type, promo_type, targeting);
--> statement-breakpoint
CREATE TABLE coupon_setting_products (
	coupon_setting_id integer NOT NULL REFERENCES coupon_settings(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id),
	supplier text,
	coupon_amount bigint NOT NULL CHECK (coupon_amount > 0),
	PRIMARY KEY (coupon_setting_id, product_id)
);
--> statement-breakpoint
CREATE INDEX coupon_setting_products_product_idx ON coupon_setting_products (product_id);
--> statement-breakpoint
CREATE TABLE coupon_consumer_claims (
	coupon_setting_id integer NOT NULL REFERENCES coupon_settings(id) ON DELETE CASCADE,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	claimed integer NOT NULL CHECK (claimed >= 1),
	PRIMARY KEY (coupon_setting_id, consumer_id)
);
--> statement-breakpoint
ALTER TABLE consumer_coupons ADD COLUMN coupon_setting_id integer REFERENCES coupon_settings(id);
--> statement-breakpoint
CREATE INDEX consumer_coupons_setting_idx ON consumer_coupons (coupon_setting_id, claimed_at, id);
--> statement-breakpoint
CREATE INDEX consumer_coupons_active_expiry_idx ON consumer_coupons (expires_at) WHERE status = 1;
--> statement-breakpoint
CREATE INDEX consumer_coupons_claimed_idx ON consumer_coupons (claimed_at, id);
--> statement-breakpoint
CREATE INDEX consumer_coupons_status_idx ON consumer_coupons (status, claimed_at, id);
--> statement-breakpoint
CREATE INDEX consumer_coupons_store_idx ON consumer_coupons (store_id, claimed_at, id);
--> statement-breakpoint
ALTER TABLE coupon_settings ADD COLUMN code_pattern text, ADD COLUMN codes_state smallint NOT NULL DEFAULT 0 CHECK (codes_state IN (0, 1, 2, 3)),
	ADD COLUMN codes_wanted integer NOT NULL DEFAULT 0, ADD COLUMN codes_made integer NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE TABLE coupon_codes (
	id bigserial PRIMARY KEY,
	coupon_setting_id integer NOT NULL REFERENCES coupon_settings(id) ON DELETE CASCADE,
	code text NOT NULL,
	taken boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE UNIQUE INDEX coupon_codes_code_uq ON coupon_codes (code);
--> statement-breakpoint
CREATE INDEX coupon_codes_free_idx ON coupon_codes (coupon_setting_id, id) WHERE NOT taken;
--> statement-breakpoint
CREATE INDEX coupon_codes_setting_idx ON coupon_codes (coupon_setting_id, id);
