-- Pandora's sales analytics (issue 16). The stores' POS sends signed batches of transactions (`POST pos/sales`) and
-- delivered online orders are recorded the same way; every sales figure of the dashboards is counted from these rows.
-- Append-only: a transaction is never changed or deleted, so the rollups below only ever add.
CREATE TABLE sales_transactions (
	id bigserial PRIMARY KEY,
	transaction_id text NOT NULL,
	store_id integer NOT NULL REFERENCES stores(id),
	channel smallint NOT NULL CHECK (channel IN (1, 2)),
	consumer_id integer REFERENCES consumers(id) ON DELETE SET NULL,
	at timestamptz NOT NULL,
	total bigint NOT NULL CHECK (total >= 0),
	quantity integer NOT NULL,
	line_count smallint NOT NULL,
	received_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX sales_transactions_tid_uq ON sales_transactions (transaction_id);
--> statement-breakpoint
CREATE INDEX sales_transactions_at_idx ON sales_transactions (at, id);
--> statement-breakpoint
CREATE INDEX sales_transactions_store_at_idx ON sales_transactions (store_id, at, id);
--> statement-breakpoint
CREATE INDEX sales_transactions_consumer_idx ON sales_transactions (consumer_id, at) WHERE consumer_id IS NOT NULL;
--> statement-breakpoint
-- A transaction's lines with the product and sub category they had when sold (null for a PLU the catalogue lacks).
-- No foreign key: the lines are written only with their transaction, in its statement, and never deleted.
CREATE TABLE sales_lines (
	transaction_pk bigint NOT NULL,
	line_no smallint NOT NULL,
	plu text NOT NULL,
	product_id integer,
	category_id integer,
	quantity integer NOT NULL,
	price bigint NOT NULL,
	amount bigint NOT NULL,
	PRIMARY KEY (transaction_pk, line_no)
);
--> statement-breakpoint
-- A store's own time zone, by its province: WITA for Bali, Nusa Tenggara, South, East and North Kalimantan and
-- Sulawesi; WIT for Maluku and Papua; WIB elsewhere.
CREATE FUNCTION store_time_zone(province_code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN province_code IN ('51', '52', '53', '63', '64', '65', '71', '72', '73', '74', '75', '76') THEN 'Asia/Makassar'
		WHEN province_code >= '81' THEN 'Asia/Jayapura'
		ELSE 'Asia/Jakarta'
	END
$$;
--> statement-breakpoint
-- How far each rollup has counted: the highest sales_transactions.id it holds (see sales-rollup.ts for why ids are a
-- safe watermark).
CREATE TABLE rollup_watermarks (
	name text PRIMARY KEY,
	last_id bigint NOT NULL DEFAULT 0,
	updated_at timestamptz
);
--> statement-breakpoint
INSERT INTO rollup_watermarks (name, last_id) VALUES ('sales', 0);
--> statement-breakpoint
-- The rollups. Each row is a day (or a month) of sales at one of three levels: a store (store_id, its province), a
-- province (store_id 0) or the chain (store_id 0, province ''), so every dashboard query reads the narrowest level its
-- filters allow. A row's day is both the Jakarta day (wib_key) and the store's own day (local_key): the two differ only
-- in the last hour or two of a WITA or WIT evening, so a row splits at most in two, and either calendar sums exactly.
-- Monthly rows hold the first of the month in both keys; a period reads its whole months from them and its other days
-- from the daily rows.
CREATE TABLE sales_rollup_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	transactions integer NOT NULL,
	member_transactions integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	member_sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel)
);
--> statement-breakpoint
-- The store ranking reads every store's rows of a period.
CREATE INDEX sales_rollup_day_stores_idx ON sales_rollup_day (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
CREATE TABLE sales_rollup_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	transactions integer NOT NULL,
	member_transactions integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	member_sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel)
);
--> statement-breakpoint
CREATE INDEX sales_rollup_month_stores_idx ON sales_rollup_month (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
CREATE TABLE sales_category_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	category_id integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, category_id)
);
--> statement-breakpoint
CREATE TABLE sales_category_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	category_id integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, category_id)
);
--> statement-breakpoint
CREATE TABLE sales_plu_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	plu text NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, plu)
);
--> statement-breakpoint
CREATE TABLE sales_plu_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	plu text NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, plu)
);
