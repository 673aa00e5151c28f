-- E-vouchers (issue 15), third part: the vouchers a released order generates, one row each, its code (what its barcode
-- carries) unique across every voucher ever issued; a redemption at a store marks it used once.
CREATE TABLE vouchers (
	id bigserial PRIMARY KEY,
	code text NOT NULL,
	order_id integer NOT NULL REFERENCES voucher_orders(id),
	voucher_product_id integer NOT NULL REFERENCES voucher_products(id),
	partner_id integer NOT NULL REFERENCES partners(id),
	denomination bigint NOT NULL,
	released_at timestamptz NOT NULL,
	valid_until date NOT NULL,
	used_at timestamptz,
	used_store_id integer REFERENCES stores(id),
	pos_ref text,
	pos_transaction_no text
);
--> statement-breakpoint
CREATE UNIQUE INDEX vouchers_code_uq ON vouchers (code);
--> statement-breakpoint
CREATE INDEX vouchers_order_idx ON vouchers (order_id, voucher_product_id);
--> statement-breakpoint
CREATE INDEX vouchers_used_idx ON vouchers (used_at) WHERE used_at IS NOT NULL;
--> statement-breakpoint
-- The e-voucher reports' totals by Jakarta day, kept by the writers in the statements that change the vouchers: the
-- release job adds what a batch released (and, on each voucher's expiry day, what will expire unused), a redemption
-- adds what it used at its store and takes the voucher off its expiry day. A day's row of a client, product and store
-- (0: no store, for releases and expiries) answers a month's report from at most a few thousand rows.
CREATE TABLE voucher_day_totals (
	day date NOT NULL,
	partner_id integer NOT NULL,
	voucher_product_id integer NOT NULL,
	store_id integer NOT NULL DEFAULT 0,
	released_count bigint NOT NULL DEFAULT 0,
	released_value bigint NOT NULL DEFAULT 0,
	used_count bigint NOT NULL DEFAULT 0,
	used_value bigint NOT NULL DEFAULT 0,
	expired_count bigint NOT NULL DEFAULT 0,
	expired_value bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (day, partner_id, voucher_product_id, store_id)
);
--> statement-breakpoint
CREATE INDEX voucher_day_totals_partner_idx ON voucher_day_totals (partner_id, day);
--> statement-breakpoint
CREATE INDEX vouchers_released_idx ON vouchers (released_at, id);
--> statement-breakpoint
CREATE INDEX vouchers_partner_idx ON vouchers (partner_id, released_at, id);
