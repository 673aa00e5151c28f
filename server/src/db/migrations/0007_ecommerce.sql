-- cms E-commerce and orion promo resources beside stores and products: list indexes for group stores, delivery methods
-- (reference rows) and which stores offer them, planograms with their synced sub categories and products, promos with
-- products, stores and consumers, free gifts with gift products, regions and stores, max-purchase limitations and the
-- master promo price per product. Periods are whole days (date, inclusive, Asia/Jakarta calendar).
CREATE INDEX group_stores_name_idx ON group_stores (lower(name), id);
--> statement-breakpoint
CREATE INDEX group_stores_status_idx ON group_stores (status, lower(name), id);
--> statement-breakpoint
CREATE INDEX group_stores_updated_idx ON group_stores (updated_at, id);
--> statement-breakpoint
CREATE INDEX group_stores_created_idx ON group_stores (created_at, id);
--> statement-breakpoint
CREATE TABLE delivery_methods (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	delivery_mode smallint NOT NULL CHECK (delivery_mode IN (1, 2)),
	fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
	eta text NOT NULL,
	description text,
	position integer NOT NULL DEFAULT 0,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX delivery_methods_code_uq ON delivery_methods (lower(code));
--> statement-breakpoint
CREATE INDEX delivery_methods_position_idx ON delivery_methods (position, id);
--> statement-breakpoint
CREATE INDEX delivery_methods_name_idx ON delivery_methods (lower(name), id);
--> statement-breakpoint
CREATE INDEX delivery_methods_fee_idx ON delivery_methods (fee, id);
--> statement-breakpoint
CREATE INDEX delivery_methods_mode_idx ON delivery_methods (delivery_mode, position, id);
--> statement-breakpoint
CREATE INDEX delivery_methods_status_idx ON delivery_methods (status, position, id);
--> statement-breakpoint
CREATE INDEX delivery_methods_updated_idx ON delivery_methods (updated_at, id);
--> statement-breakpoint
INSERT INTO delivery_methods (code, name, delivery_mode, fee, eta, description, position) VALUES
	('REGULER', 'Reguler', 1, 15000, '1-2 hari', 'Dikirim kurir mitra 3PL ke alamat pelanggan', 1),
	('SAMEDAY', 'Same Day', 1, 25000, '6-8 jam', 'Pesanan sebelum pukul 14.00 tiba di hari yang sama', 2),
	('INSTANT', 'Instant', 1, 35000, '1-3 jam', 'Kurir instan langsung dari toko terdekat', 3),
	('PICKUP', 'Ambil di Toko', 2, 0, 'Siap dalam 1 jam', 'Pelanggan mengambil pesanan di toko', 4);
--> statement-breakpoint
CREATE TABLE store_delivery_methods (
	store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
	delivery_method_id integer NOT NULL REFERENCES delivery_methods(id),
	PRIMARY KEY (store_id, delivery_method_id)
);
--> statement-breakpoint
CREATE INDEX store_delivery_methods_method_idx ON store_delivery_methods (delivery_method_id, store_id);
--> statement-breakpoint
CREATE TABLE planograms (
	id serial PRIMARY KEY,
	title text NOT NULL,
	content_type smallint NOT NULL CHECK (content_type BETWEEN 0 AND 7),
	display_location smallint NOT NULL CHECK (display_location BETWEEN 0 AND 2),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	start_date date NOT NULL,
	end_date date NOT NULL,
	priority smallint NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 10),
	position integer NOT NULL DEFAULT 0,
	image_url text,
	description text,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT planograms_period_check CHECK (end_date >= start_date)
);
--> statement-breakpoint
CREATE INDEX planograms_position_idx ON planograms (position, id);
--> statement-breakpoint
CREATE INDEX planograms_title_idx ON planograms (lower(title), id);
--> statement-breakpoint
CREATE INDEX planograms_priority_idx ON planograms (priority, id);
--> statement-breakpoint
CREATE INDEX planograms_period_idx ON planograms (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX planograms_updated_idx ON planograms (updated_at, id);
--> statement-breakpoint
CREATE INDEX planograms_status_idx ON planograms (status, position, id);
--> statement-breakpoint
CREATE INDEX planograms_content_type_idx ON planograms (content_type, position, id);
--> statement-breakpoint
CREATE INDEX planograms_location_idx ON planograms (display_location, position, id);
--> statement-breakpoint
CREATE INDEX planograms_member_scope_idx ON planograms (member_scope, position, id);
--> statement-breakpoint
CREATE TABLE planogram_sub_categories (
	planogram_id integer NOT NULL REFERENCES planograms(id) ON DELETE CASCADE,
	category_id integer NOT NULL REFERENCES categories(id),
	PRIMARY KEY (planogram_id, category_id)
);
--> statement-breakpoint
CREATE INDEX planogram_sub_categories_category_idx ON planogram_sub_categories (category_id);
--> statement-breakpoint
CREATE TABLE planogram_products (
	planogram_id integer NOT NULL REFERENCES planograms(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id),
	PRIMARY KEY (planogram_id, product_id)
);
--> statement-breakpoint
CREATE INDEX planogram_products_product_idx ON planogram_products (product_id);
--> statement-breakpoint
CREATE TABLE promos (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	description text,
	promo_type smallint NOT NULL CHECK (promo_type IN (1, 2)),
	value bigint NOT NULL,
	channel smallint NOT NULL CHECK (channel IN (1, 2)),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	start_date date NOT NULL,
	end_date date NOT NULL,
	min_purchase bigint NOT NULL DEFAULT 0 CHECK (min_purchase >= 0),
	max_discount bigint CHECK (max_discount > 0),
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT promos_period_check CHECK (end_date >= start_date),
	CONSTRAINT promos_value_check CHECK ((promo_type = 1 AND value BETWEEN 1 AND 100) OR (promo_type = 2 AND value >= 1 AND max_discount IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX promos_code_uq ON promos (lower(code));
--> statement-breakpoint
CREATE INDEX promos_name_idx ON promos (lower(name), id);
--> statement-breakpoint
CREATE INDEX promos_period_idx ON promos (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX promos_end_idx ON promos (end_date, id);
--> statement-breakpoint
CREATE INDEX promos_updated_idx ON promos (updated_at, id);
--> statement-breakpoint
CREATE INDEX promos_created_idx ON promos (created_at, id);
--> statement-breakpoint
CREATE INDEX promos_status_idx ON promos (status, updated_at, id);
--> statement-breakpoint
CREATE INDEX promos_channel_idx ON promos (channel, updated_at, id);
--> statement-breakpoint
CREATE INDEX promos_type_idx ON promos (promo_type, updated_at, id);
--> statement-breakpoint
CREATE TABLE promo_products (
	promo_id integer NOT NULL REFERENCES promos(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id),
	PRIMARY KEY (promo_id, product_id)
);
--> statement-breakpoint
CREATE INDEX promo_products_product_idx ON promo_products (product_id);
--> statement-breakpoint
CREATE TABLE promo_stores (
	promo_id integer NOT NULL REFERENCES promos(id) ON DELETE CASCADE,
	store_id integer NOT NULL REFERENCES stores(id),
	PRIMARY KEY (promo_id, store_id)
);
--> statement-breakpoint
CREATE INDEX promo_stores_store_idx ON promo_stores (store_id);
--> statement-breakpoint
CREATE TABLE promo_consumers (
	promo_id integer NOT NULL REFERENCES promos(id) ON DELETE CASCADE,
	phone text NOT NULL,
	PRIMARY KEY (promo_id, phone)
);
--> statement-breakpoint
CREATE INDEX promo_consumers_phone_idx ON promo_consumers (phone);
--> statement-breakpoint
CREATE TABLE free_gifts (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	description text,
	min_purchase bigint NOT NULL DEFAULT 0 CHECK (min_purchase >= 0),
	start_date date NOT NULL,
	end_date date NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT free_gifts_period_check CHECK (end_date >= start_date)
);
--> statement-breakpoint
CREATE UNIQUE INDEX free_gifts_code_uq ON free_gifts (lower(code));
--> statement-breakpoint
CREATE INDEX free_gifts_name_idx ON free_gifts (lower(name), id);
--> statement-breakpoint
CREATE INDEX free_gifts_period_idx ON free_gifts (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX free_gifts_min_purchase_idx ON free_gifts (min_purchase, id);
--> statement-breakpoint
CREATE INDEX free_gifts_updated_idx ON free_gifts (updated_at, id);
--> statement-breakpoint
CREATE INDEX free_gifts_created_idx ON free_gifts (created_at, id);
--> statement-breakpoint
CREATE INDEX free_gifts_status_idx ON free_gifts (status, updated_at, id);
--> statement-breakpoint
CREATE TABLE free_gift_products (
	free_gift_id integer NOT NULL REFERENCES free_gifts(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id),
	quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
	PRIMARY KEY (free_gift_id, product_id)
);
--> statement-breakpoint
CREATE INDEX free_gift_products_product_idx ON free_gift_products (product_id);
--> statement-breakpoint
CREATE TABLE free_gift_regions (
	free_gift_id integer NOT NULL REFERENCES free_gifts(id) ON DELETE CASCADE,
	province_code text NOT NULL REFERENCES provinces(code),
	PRIMARY KEY (free_gift_id, province_code)
);
--> statement-breakpoint
CREATE INDEX free_gift_regions_province_idx ON free_gift_regions (province_code);
--> statement-breakpoint
CREATE TABLE free_gift_stores (
	free_gift_id integer NOT NULL REFERENCES free_gifts(id) ON DELETE CASCADE,
	store_id integer NOT NULL REFERENCES stores(id),
	PRIMARY KEY (free_gift_id, store_id)
);
--> statement-breakpoint
CREATE INDEX free_gift_stores_store_idx ON free_gift_stores (store_id);
--> statement-breakpoint
CREATE TABLE max_purchase_limitations (
	id serial PRIMARY KEY,
	product_id integer NOT NULL REFERENCES products(id),
	max_qty integer NOT NULL CHECK (max_qty BETWEEN 1 AND 999),
	daily_limit integer CHECK (daily_limit BETWEEN 1 AND 999),
	start_date date NOT NULL,
	end_date date NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT max_purchase_limitations_period_check CHECK (end_date >= start_date),
	CONSTRAINT max_purchase_limitations_daily_check CHECK (daily_limit IS NULL OR daily_limit >= max_qty)
);
--> statement-breakpoint
CREATE INDEX max_purchase_limitations_product_idx ON max_purchase_limitations (product_id, start_date, id);
--> statement-breakpoint
CREATE INDEX max_purchase_limitations_period_idx ON max_purchase_limitations (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX max_purchase_limitations_max_qty_idx ON max_purchase_limitations (max_qty, id);
--> statement-breakpoint
CREATE INDEX max_purchase_limitations_updated_idx ON max_purchase_limitations (updated_at, id);
--> statement-breakpoint
CREATE INDEX max_purchase_limitations_status_idx ON max_purchase_limitations (status, updated_at, id);
--> statement-breakpoint
CREATE TABLE master_promos (
	id serial PRIMARY KEY,
	product_id integer NOT NULL REFERENCES products(id),
	promo_price bigint NOT NULL CHECK (promo_price >= 1),
	start_date date NOT NULL,
	end_date date NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT master_promos_period_check CHECK (end_date >= start_date)
);
--> statement-breakpoint
CREATE INDEX master_promos_product_idx ON master_promos (product_id, start_date, id);
--> statement-breakpoint
CREATE INDEX master_promos_period_idx ON master_promos (start_date, end_date, id);
--> statement-breakpoint
CREATE INDEX master_promos_price_idx ON master_promos (promo_price, id);
--> statement-breakpoint
CREATE INDEX master_promos_updated_idx ON master_promos (updated_at, id);
--> statement-breakpoint
CREATE INDEX master_promos_status_idx ON master_promos (status, updated_at, id);
