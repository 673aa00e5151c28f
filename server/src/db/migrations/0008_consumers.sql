-- cms Consumer: the loyalty app's consumers with their domicile region, physical card and account state; their delivery
-- addresses (Kemendagri region chain), custom tags, stamp ledger (codes 10 and 30 in, 20, 21 and 31 out), claimed
-- coupons, point-of-sale sales and activity log. Every list filter and sort has its index; histories are read per
-- consumer, newest first, from (consumer_id, at, id) (ascending, so a backward scan serves `at desc, id desc`).
CREATE TABLE consumers (
	id serial PRIMARY KEY,
	name text NOT NULL,
	phone text NOT NULL,
	email text,
	gender smallint NOT NULL CHECK (gender IN (1, 2)),
	date_of_birth date,
	province_code text REFERENCES provinces(code),
	regency_code text REFERENCES regencies(code),
	app_card_id text NOT NULL,
	physical_card_id text,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
	email_verified_at timestamptz,
	password_set_at timestamptz,
	stamp_balance integer NOT NULL DEFAULT 0,
	last_login_at timestamptz,
	locked_at timestamptz,
	withdrawn_at timestamptz,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX consumers_phone_uq ON consumers (phone);
--> statement-breakpoint
CREATE UNIQUE INDEX consumers_email_uq ON consumers (lower(email)) WHERE email IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX consumers_app_card_uq ON consumers (app_card_id);
--> statement-breakpoint
CREATE UNIQUE INDEX consumers_physical_card_uq ON consumers (physical_card_id) WHERE physical_card_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX consumers_name_trgm_idx ON consumers USING gin (lower(name) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX consumers_created_idx ON consumers (created_at, id);
--> statement-breakpoint
CREATE INDEX consumers_name_idx ON consumers (lower(name), id);
--> statement-breakpoint
CREATE INDEX consumers_updated_idx ON consumers (updated_at, id);
--> statement-breakpoint
CREATE INDEX consumers_province_idx ON consumers (province_code, created_at, id);
--> statement-breakpoint
CREATE INDEX consumers_regency_idx ON consumers (regency_code, created_at, id);
--> statement-breakpoint
CREATE INDEX consumers_gender_idx ON consumers (gender, created_at, id);
--> statement-breakpoint
CREATE INDEX consumers_dob_idx ON consumers (date_of_birth, created_at, id);
--> statement-breakpoint
CREATE INDEX consumers_status_idx ON consumers (status, created_at, id);
--> statement-breakpoint
CREATE TABLE consumer_addresses (
	id serial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	label text NOT NULL,
	recipient_name text NOT NULL,
	recipient_phone text NOT NULL,
	address_line text NOT NULL,
	province_code text NOT NULL REFERENCES provinces(code),
	regency_code text NOT NULL REFERENCES regencies(code),
	district_code text REFERENCES districts(code),
	village_code text REFERENCES villages(code),
	postal_code text,
	is_primary boolean NOT NULL DEFAULT false,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer
);
--> statement-breakpoint
CREATE INDEX consumer_addresses_consumer_idx ON consumer_addresses (consumer_id, id);
--> statement-breakpoint
CREATE TABLE consumer_tags (
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	tag_id integer NOT NULL REFERENCES custom_consumer_tags(id) ON DELETE CASCADE,
	PRIMARY KEY (consumer_id, tag_id)
);
--> statement-breakpoint
CREATE INDEX consumer_tags_tag_idx ON consumer_tags (tag_id, consumer_id);
--> statement-breakpoint
CREATE TABLE stamp_ledger (
	id bigserial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	code smallint NOT NULL CHECK (code IN (10, 20, 21, 30, 31)),
	quantity integer NOT NULL CHECK (quantity > 0),
	balance_after integer NOT NULL,
	store_id integer REFERENCES stores(id),
	reference text,
	note text,
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX stamp_ledger_consumer_idx ON stamp_ledger (consumer_id, at, id);
--> statement-breakpoint
CREATE TABLE consumer_coupons (
	id bigserial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	coupon_code text NOT NULL,
	name text NOT NULL,
	reward_name text,
	description text,
	status smallint NOT NULL CHECK (status IN (1, 2, 3, 4)),
	stamps_used integer NOT NULL DEFAULT 0,
	claimed_at timestamptz NOT NULL,
	redeemed_at timestamptz,
	expires_at timestamptz,
	store_id integer REFERENCES stores(id),
	pos_receipt_no text
);
--> statement-breakpoint
CREATE UNIQUE INDEX consumer_coupons_code_uq ON consumer_coupons (coupon_code);
--> statement-breakpoint
CREATE INDEX consumer_coupons_consumer_idx ON consumer_coupons (consumer_id, claimed_at, id);
--> statement-breakpoint
CREATE TABLE pos_sales (
	id bigserial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	store_id integer REFERENCES stores(id),
	receipt_no text NOT NULL,
	total bigint NOT NULL CHECK (total >= 0),
	item_count integer NOT NULL CHECK (item_count > 0),
	stamps_earned integer NOT NULL DEFAULT 0,
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX pos_sales_receipt_uq ON pos_sales (receipt_no);
--> statement-breakpoint
CREATE INDEX pos_sales_consumer_idx ON pos_sales (consumer_id, at, id);
--> statement-breakpoint
CREATE TABLE consumer_activity (
	id bigserial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	activity text NOT NULL,
	description text NOT NULL,
	platform text,
	actor_id integer,
	actor_name text,
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX consumer_activity_consumer_idx ON consumer_activity (consumer_id, at, id);
--> statement-breakpoint
CREATE TABLE consumer_tokens (
	id bigserial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	kind text NOT NULL CHECK (kind IN ('verify-email', 'create-password')),
	token_hash text NOT NULL,
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	used_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX consumer_tokens_hash_uq ON consumer_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX consumer_tokens_consumer_idx ON consumer_tokens (consumer_id, kind, created_at);
--> statement-breakpoint
CREATE TABLE members (
	id serial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	member_no text NOT NULL,
	tier smallint NOT NULL DEFAULT 1 CHECK (tier IN (1, 2, 3)),
	is_check boolean NOT NULL DEFAULT false,
	employee_no text,
	home_store_id integer REFERENCES stores(id),
	joined_at timestamptz NOT NULL,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX members_consumer_uq ON members (consumer_id);
--> statement-breakpoint
CREATE UNIQUE INDEX members_member_no_uq ON members (member_no);
--> statement-breakpoint
CREATE UNIQUE INDEX members_employee_no_uq ON members (employee_no) WHERE employee_no IS NOT NULL;
--> statement-breakpoint
CREATE INDEX members_joined_idx ON members (joined_at, id);
--> statement-breakpoint
CREATE INDEX members_updated_idx ON members (updated_at, id);
--> statement-breakpoint
CREATE INDEX members_tier_idx ON members (tier, joined_at, id);
--> statement-breakpoint
CREATE INDEX members_check_idx ON members (is_check, joined_at, id);
--> statement-breakpoint
CREATE INDEX members_store_idx ON members (home_store_id, joined_at, id);
--> statement-breakpoint
CREATE TABLE associates (
	id serial PRIMARY KEY,
	employee_no text NOT NULL,
	name text NOT NULL,
	email text,
	store_id integer REFERENCES stores(id),
	department text,
	position text,
	monthly_quota bigint NOT NULL DEFAULT 0 CHECK (monthly_quota >= 0),
	joined_on date NOT NULL,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX associates_employee_no_uq ON associates (employee_no);
--> statement-breakpoint
CREATE INDEX associates_name_trgm_idx ON associates USING gin (lower(name) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX associates_name_idx ON associates (lower(name), id);
--> statement-breakpoint
CREATE INDEX associates_joined_idx ON associates (joined_on, id);
--> statement-breakpoint
CREATE INDEX associates_updated_idx ON associates (updated_at, id);
--> statement-breakpoint
CREATE INDEX associates_status_idx ON associates (status, employee_no, id);
--> statement-breakpoint
CREATE INDEX associates_store_idx ON associates (store_id, employee_no, id);
--> statement-breakpoint
CREATE TABLE associate_history (
	id bigserial PRIMARY KEY,
	associate_id integer NOT NULL REFERENCES associates(id) ON DELETE CASCADE,
	receipt_no text NOT NULL,
	store_id integer REFERENCES stores(id),
	amount bigint NOT NULL CHECK (amount >= 0),
	discount bigint NOT NULL CHECK (discount >= 0),
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX associate_history_associate_idx ON associate_history (associate_id, at, id);
