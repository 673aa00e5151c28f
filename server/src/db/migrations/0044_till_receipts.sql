-- What the stores' tills apply on a receipt (issue 16, the ALP, promo and free-gift reports): a promo and its discount
-- per line, the associate's staff discount, the free gifts handed over. POST pos/sales records them with the receipt,
-- in its transaction; docs/decisions.md, "Till reports".
--
-- A line's promo and discount: nullable and without defaults, so adding them rewrites none of sales_lines' rows. No
-- foreign key: lines are written only with their transaction and never changed (as product_id and category_id).
ALTER TABLE sales_lines ADD COLUMN promo_id integer;
--> statement-breakpoint
ALTER TABLE sales_lines ADD COLUMN discount bigint;
--> statement-breakpoint
-- The Promo Report's rollup, a family of the sales rollups (sales-rollup.ts): per day or month, level (store, province
-- with store 0, chain with store 0 and province ''), both day keys, channel and promo, the transactions with a line of
-- the promo, its lines, units, their amount before the discount (gross) and the discount. No receipt had a promo before
-- this migration, so there is nothing to count in.
CREATE TABLE sales_promo_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	promo_id integer NOT NULL,
	transactions integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	gross bigint NOT NULL,
	discount bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, promo_id)
);
--> statement-breakpoint
CREATE TABLE sales_promo_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	promo_id integer NOT NULL,
	transactions integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	gross bigint NOT NULL,
	discount bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, promo_id)
);
--> statement-breakpoint
-- A report by store reads every store's rows of a period (as the store ranking of the sales rollups).
CREATE INDEX sales_promo_day_stores_idx ON sales_promo_day (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
CREATE INDEX sales_promo_month_stores_idx ON sales_promo_month (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
-- The free gifts handed over with a receipt, one row a gift line; the receipt's store, member and time beside it so the
-- Free Gift Report's filters and order are each one index.
CREATE TABLE sales_gifts (
	id bigserial PRIMARY KEY,
	transaction_pk bigint NOT NULL,
	free_gift_id integer NOT NULL REFERENCES free_gifts(id),
	product_id integer REFERENCES products(id),
	plu text NOT NULL,
	quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
	store_id integer NOT NULL REFERENCES stores(id),
	consumer_id integer REFERENCES consumers(id) ON DELETE SET NULL,
	at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX sales_gifts_at_idx ON sales_gifts (at, id);
--> statement-breakpoint
CREATE INDEX sales_gifts_gift_idx ON sales_gifts (free_gift_id, at, id);
--> statement-breakpoint
CREATE INDEX sales_gifts_store_idx ON sales_gifts (store_id, at, id);
--> statement-breakpoint
CREATE INDEX sales_gifts_transaction_idx ON sales_gifts (transaction_pk);
--> statement-breakpoint
-- The Free Gift Report's rollup, another family of the sales rollups: per day or month, level, both day keys, channel
-- and programme, the gift lines handed over, the receipts that came with the programme's gift, the units, and the
-- receipts of members among them. Nothing was handed over before this migration.
CREATE TABLE sales_gift_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	free_gift_id integer NOT NULL,
	handovers integer NOT NULL,
	receipts integer NOT NULL,
	quantity bigint NOT NULL,
	member_receipts integer NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, free_gift_id)
);
--> statement-breakpoint
CREATE TABLE sales_gift_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	free_gift_id integer NOT NULL,
	handovers integer NOT NULL,
	receipts integer NOT NULL,
	quantity bigint NOT NULL,
	member_receipts integer NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, free_gift_id)
);
--> statement-breakpoint
CREATE INDEX sales_gift_day_stores_idx ON sales_gift_day (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
CREATE INDEX sales_gift_month_stores_idx ON sales_gift_month (wib_key, store_id) WHERE store_id > 0;
--> statement-breakpoint
-- A staff purchase is the receipt it came with (null for history recorded before the tills sent it), the associate's
-- monthly quota when it was recorded, the month's staff discounts before it (Jakarta month, in time order) and whether
-- it took them past the quota.
ALTER TABLE associate_history ADD COLUMN transaction_pk bigint;
--> statement-breakpoint
ALTER TABLE associate_history ADD COLUMN quota bigint;
--> statement-breakpoint
ALTER TABLE associate_history ADD COLUMN used_before bigint;
--> statement-breakpoint
ALTER TABLE associate_history ADD COLUMN over_quota boolean;
--> statement-breakpoint
-- The history already recorded, against the quotas of today.
UPDATE associate_history h SET quota = a.monthly_quota, used_before = w.before, over_quota = w.before + h.discount > a.monthly_quota
FROM (
	SELECT id, associate_id, coalesce(sum(discount) OVER (
		PARTITION BY associate_id, date_trunc('month', at AT TIME ZONE 'Asia/Jakarta') ORDER BY at, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
	FROM associate_history
) w JOIN associates a ON a.id = w.associate_id
WHERE h.id = w.id;
--> statement-breakpoint
CREATE UNIQUE INDEX associate_history_transaction_uq ON associate_history (transaction_pk) WHERE transaction_pk IS NOT NULL;
--> statement-breakpoint
CREATE INDEX associate_history_at_idx ON associate_history (at, id);
--> statement-breakpoint
CREATE INDEX associate_history_store_idx ON associate_history (store_id, at, id);
--> statement-breakpoint
CREATE INDEX associate_history_over_quota_idx ON associate_history (over_quota, at, id);
--> statement-breakpoint
CREATE INDEX associates_department_idx ON associates (department, id);
