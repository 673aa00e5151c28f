-- E-vouchers (issue 15), first part: the voucher products business clients order (cms Voucher digital, Voucher
-- Management). A product's code is unique whatever its case; its stores are a set beside it, none meaning every store.
CREATE TABLE voucher_products (
	id serial PRIMARY KEY,
	voucher_code text NOT NULL,
	name text NOT NULL,
	denomination bigint NOT NULL CHECK (denomination > 0),
	validity_days integer NOT NULL CHECK (validity_days > 0),
	terms text NOT NULL,
	description text,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX voucher_products_code_uq ON voucher_products (lower(voucher_code));
--> statement-breakpoint
CREATE INDEX voucher_products_updated_idx ON voucher_products (updated_at, id);
--> statement-breakpoint
CREATE INDEX voucher_products_name_idx ON voucher_products (lower(name), id);
--> statement-breakpoint
CREATE INDEX voucher_products_denomination_idx ON voucher_products (denomination, id);
--> statement-breakpoint
CREATE INDEX voucher_products_validity_idx ON voucher_products (validity_days, id);
--> statement-breakpoint
CREATE INDEX voucher_products_status_idx ON voucher_products (status, updated_at, id);
--> statement-breakpoint
CREATE TABLE voucher_product_stores (
	voucher_product_id integer NOT NULL REFERENCES voucher_products(id) ON DELETE CASCADE,
	store_id integer NOT NULL REFERENCES stores(id),
	PRIMARY KEY (voucher_product_id, store_id)
);
--> statement-breakpoint
CREATE INDEX voucher_product_stores_store_idx ON voucher_product_stores (store_id, voucher_product_id);
