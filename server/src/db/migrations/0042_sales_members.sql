-- Customer analytics (issue 16): each member's transactions, lines, quantity and sales by day and month, at the store,
-- province and chain levels as the other sales rollups, so a period's customers are counted once each (distinct
-- members) and per-customer averages are exact.
CREATE TABLE sales_member_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	consumer_id integer NOT NULL,
	transactions integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, consumer_id)
);
--> statement-breakpoint
CREATE TABLE sales_member_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	channel smallint NOT NULL,
	consumer_id integer NOT NULL,
	transactions integer NOT NULL,
	lines integer NOT NULL,
	quantity bigint NOT NULL,
	sales bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, channel, consumer_id)
);
--> statement-breakpoint
-- Lines per transaction for everyone, members or not (items per transaction).
ALTER TABLE sales_rollup_day ADD COLUMN lines bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE sales_rollup_month ADD COLUMN lines bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The sales rollups are counted again from the first transaction by the next catch-up, the new ones with them.
DELETE FROM sales_rollup_day;
--> statement-breakpoint
DELETE FROM sales_rollup_month;
--> statement-breakpoint
DELETE FROM sales_category_day;
--> statement-breakpoint
DELETE FROM sales_category_month;
--> statement-breakpoint
DELETE FROM sales_plu_day;
--> statement-breakpoint
DELETE FROM sales_plu_month;
--> statement-breakpoint
UPDATE rollup_watermarks SET last_id = 0 WHERE name = 'sales';
