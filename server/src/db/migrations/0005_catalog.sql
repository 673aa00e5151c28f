-- Trigram indexes make "name contains" searches on products and stores index reads instead of scans.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE TABLE categories (
	id serial PRIMARY KEY,
	parent_id integer REFERENCES categories(id),
	code text NOT NULL,
	name text NOT NULL,
	description text,
	image_url text,
	position integer NOT NULL DEFAULT 0,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX categories_code_uq ON categories (lower(code));
--> statement-breakpoint
CREATE INDEX categories_parent_position_idx ON categories (coalesce(parent_id, 0), position, id);
--> statement-breakpoint
CREATE INDEX categories_name_idx ON categories (lower(name), id);
--> statement-breakpoint
CREATE INDEX categories_updated_idx ON categories (updated_at, id);
--> statement-breakpoint
CREATE TABLE group_stores (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	description text,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX group_stores_code_uq ON group_stores (lower(code));
--> statement-breakpoint
CREATE TABLE products (
	id serial PRIMARY KEY,
	plu text NOT NULL,
	barcode text,
	name text NOT NULL,
	brand text,
	category_id integer NOT NULL REFERENCES categories(id),
	product_category smallint NOT NULL,
	uom text NOT NULL DEFAULT 'PCS',
	price bigint NOT NULL DEFAULT 0,
	image_url text,
	description text,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX products_plu_uq ON products (plu);
--> statement-breakpoint
CREATE INDEX products_plu_prefix_idx ON products (plu text_pattern_ops);
--> statement-breakpoint
CREATE INDEX products_barcode_idx ON products (barcode);
--> statement-breakpoint
CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_name_idx ON products (lower(name), id);
--> statement-breakpoint
CREATE INDEX products_price_idx ON products (price, id);
--> statement-breakpoint
CREATE INDEX products_updated_idx ON products (updated_at, id);
--> statement-breakpoint
CREATE INDEX products_created_idx ON products (created_at, id);
--> statement-breakpoint
CREATE INDEX products_category_idx ON products (category_id, updated_at, id);
--> statement-breakpoint
CREATE INDEX products_product_category_idx ON products (product_category, updated_at, id);
--> statement-breakpoint
CREATE INDEX products_status_idx ON products (status, updated_at, id);
--> statement-breakpoint
CREATE TABLE stores (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	address text,
	province_code text NOT NULL REFERENCES provinces(code),
	regency_code text NOT NULL REFERENCES regencies(code),
	district_code text REFERENCES districts(code),
	village_code text REFERENCES villages(code),
	postal_code text,
	latitude double precision,
	longitude double precision,
	phone text,
	email text,
	open_time text NOT NULL DEFAULT '08:00',
	close_time text NOT NULL DEFAULT '22:00',
	is_pickup boolean NOT NULL DEFAULT true,
	is_delivery boolean NOT NULL DEFAULT true,
	delivery_mode smallint NOT NULL DEFAULT 2,
	delivery_radius_km integer NOT NULL DEFAULT 10,
	min_order bigint NOT NULL DEFAULT 0,
	group_store_id integer REFERENCES group_stores(id),
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX stores_code_uq ON stores (lower(code));
--> statement-breakpoint
CREATE INDEX stores_name_idx ON stores (lower(name), id);
--> statement-breakpoint
CREATE INDEX stores_name_trgm_idx ON stores USING gin (lower(name) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX stores_region_idx ON stores (province_code, regency_code);
--> statement-breakpoint
CREATE INDEX stores_regency_idx ON stores (regency_code);
--> statement-breakpoint
CREATE INDEX stores_group_idx ON stores (group_store_id);
--> statement-breakpoint
CREATE INDEX stores_updated_idx ON stores (updated_at, id);
--> statement-breakpoint
CREATE TABLE store_products (
	id bigserial PRIMARY KEY,
	store_id integer NOT NULL REFERENCES stores(id),
	product_id integer NOT NULL REFERENCES products(id),
	price bigint NOT NULL,
	promo_price bigint,
	stock integer NOT NULL DEFAULT 0,
	is_active boolean NOT NULL DEFAULT true,
	version integer NOT NULL DEFAULT 1,
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX store_products_store_product_uq ON store_products (store_id, product_id);
--> statement-breakpoint
CREATE INDEX store_products_product_idx ON store_products (product_id, store_id);
--> statement-breakpoint
CREATE INDEX store_products_price_idx ON store_products (store_id, price, id);
--> statement-breakpoint
CREATE INDEX store_products_stock_idx ON store_products (store_id, stock, id);
--> statement-breakpoint
CREATE INDEX store_products_updated_idx ON store_products (store_id, updated_at, id);
