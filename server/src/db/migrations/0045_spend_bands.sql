-- Issue 16, pandora's reports: the Spend Band Report's rollups, an export job's progress, and the order reports at the
-- chain's scale (each part below says why).
--
-- The Spend Band Report: how the transactions spread over basket-value bands. The bands are fixed
-- (docs/decisions.md, "Spend bands"): each from its lower bound, inclusive, to the next one, in whole Rupiah. The
-- contract's SPEND_BAND_FLOORS holds the same bounds; a test holds the two together.
CREATE FUNCTION spend_band_from(total bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN total < 50000 THEN 0
		WHEN total < 100000 THEN 50000
		WHEN total < 200000 THEN 100000
		WHEN total < 500000 THEN 200000
		WHEN total < 1000000 THEN 500000
		ELSE 1000000
	END::bigint
$$;
--> statement-breakpoint
-- A rollup family of the sales (sales-rollup.ts): per day or month, level (store, province with store 0, chain with
-- store 0 and province ''), both day keys, channel and band, the transactions and sales, and the members' part of them.
CREATE TABLE sales_band_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	band_from bigint NOT NULL,
	transactions integer NOT NULL,
	member_transactions integer NOT NULL,
	sales bigint NOT NULL,
	member_sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, band_from)
);
--> statement-breakpoint
CREATE TABLE sales_band_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	band_from bigint NOT NULL,
	transactions integer NOT NULL,
	member_transactions integer NOT NULL,
	sales bigint NOT NULL,
	member_sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, band_from)
);
--> statement-breakpoint
-- The transactions the other sales rollups hold already (up to the watermark) are counted into the new family here,
-- as the rollup engine counts them (rollup-engine.ts, addTo), so the other families are not recounted; the watermark's
-- row is held meanwhile, so a catch-up waits and then adds only what came after.
SELECT last_id FROM rollup_watermarks WHERE name = 'sales' FOR UPDATE;
--> statement-breakpoint
INSERT INTO sales_band_day (store_id, province_code, wib_key, local_key, channel, band_from, transactions, member_transactions, sales, member_sales)
SELECT coalesce(t.store_id, 0), coalesce(t.province_code, ''), t.wib_key, t.local_key, t.channel, t.band_from,
	count(*), count(t.consumer_id), sum(t.total), coalesce(sum(t.total) FILTER (WHERE t.consumer_id IS NOT NULL), 0)
FROM (
	SELECT t0.store_id, s.province_code, t0.channel, t0.consumer_id, t0.total, spend_band_from(t0.total) AS band_from,
		(t0.at AT TIME ZONE 'Asia/Jakarta')::date AS wib_key,
		(t0.at AT TIME ZONE store_time_zone(coalesce(s.province_code, '31')))::date AS local_key
	FROM sales_transactions t0 LEFT JOIN stores s ON s.id = t0.store_id
	WHERE t0.id <= (SELECT last_id FROM rollup_watermarks WHERE name = 'sales')
) t
GROUP BY GROUPING SETS ((t.store_id, t.province_code, t.wib_key, t.local_key, t.channel, t.band_from), (t.province_code, t.wib_key, t.local_key, t.channel, t.band_from), (t.wib_key, t.local_key, t.channel, t.band_from))
HAVING (grouping(t.store_id) = 1 OR t.store_id IS NOT NULL) AND (grouping(t.province_code) = 1 OR t.province_code IS NOT NULL);
--> statement-breakpoint
INSERT INTO sales_band_month (store_id, province_code, wib_key, local_key, channel, band_from, transactions, member_transactions, sales, member_sales)
SELECT store_id, province_code, date_trunc('month', wib_key)::date, date_trunc('month', local_key)::date, channel, band_from,
	sum(transactions), sum(member_transactions), sum(sales), sum(member_sales)
FROM sales_band_day
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
-- An export job's progress in the Download List (issue 16: the year's All Transactions as a job with progress): the
-- rows its filters hold, counted when the job starts, and the rows written so far.
ALTER TABLE downloads ADD COLUMN rows_expected integer;
--> statement-breakpoint
ALTER TABLE downloads ADD COLUMN rows_done integer;
--> statement-breakpoint
-- The order reports at the chain's scale (issue 16; bench/benchmarks/reports.ts). The Monthly Recap read a year of the
-- hourly counters per store (about 1.3 million rows for 2 million orders, seconds); it reads these monthly ones, kept
-- beside the hourly by the same statement (order-rollup.ts, orderRollupMove): a store's orders and their `total` by
-- Jakarta month and current status.
CREATE TABLE order_rollup_monthly (
	store_id integer NOT NULL,
	month date NOT NULL,
	status smallint NOT NULL,
	orders integer NOT NULL,
	amount bigint NOT NULL,
	PRIMARY KEY (store_id, month, status)
);
--> statement-breakpoint
CREATE INDEX order_rollup_monthly_month_idx ON order_rollup_monthly (month, store_id);
--> statement-breakpoint
INSERT INTO order_rollup_monthly (store_id, month, status, orders, amount)
	SELECT store_id, date_trunc('month', created_at AT TIME ZONE 'Asia/Jakarta')::date, status, count(*), sum(total) FROM orders GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The recap's orders picked short by month and store, from the index alone.
CREATE INDEX orders_unpick_store_month_idx ON orders (created_at) INCLUDE (store_id, items_total, picked_total) WHERE has_unpick;
--> statement-breakpoint
-- The Unpick report's lines picked short (a few in a hundred), joined to their orders from this index alone; the
-- planner read every line of the year for them.
CREATE INDEX order_items_short_idx ON order_items (order_id) INCLUDE (unpick_reason, quantity, picked_quantity, price, product_id) WHERE picked_quantity < quantity;
