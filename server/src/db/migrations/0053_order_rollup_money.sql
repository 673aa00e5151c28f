-- Issue 16: the Disbursement report's totals from the order counters (migration 0027, 0045) instead of every delivered
-- order of the period (a year is 1.7 million orders). Each counter row of the delivered status (400) also sums its
-- orders' items, picked and delivery money and what is owed back for lines picked short (paid orders); the other
-- statuses keep 0 there, since an order's picked money changes while it is picked and only a delivered order's is final
-- (domains/orders/order-rollup.ts).
ALTER TABLE order_rollup_hourly ADD COLUMN items_total bigint NOT NULL DEFAULT 0, ADD COLUMN picked_total bigint NOT NULL DEFAULT 0,
	ADD COLUMN delivery_fee bigint NOT NULL DEFAULT 0, ADD COLUMN refund_due bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE order_rollup_hourly_all ADD COLUMN items_total bigint NOT NULL DEFAULT 0, ADD COLUMN picked_total bigint NOT NULL DEFAULT 0,
	ADD COLUMN delivery_fee bigint NOT NULL DEFAULT 0, ADD COLUMN refund_due bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE order_rollup_monthly ADD COLUMN items_total bigint NOT NULL DEFAULT 0, ADD COLUMN picked_total bigint NOT NULL DEFAULT 0,
	ADD COLUMN delivery_fee bigint NOT NULL DEFAULT 0, ADD COLUMN refund_due bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE order_rollup_hourly r SET items_total = o.items_total, picked_total = o.picked_total, delivery_fee = o.delivery_fee, refund_due = o.refund_due
	FROM (SELECT store_id, date_trunc('hour', created_at, 'Asia/Jakarta') AS hour, sum(items_total) AS items_total, sum(picked_total) AS picked_total,
			sum(delivery_fee) AS delivery_fee, sum(CASE WHEN paid_at IS NULL THEN 0 ELSE items_total - picked_total END) AS refund_due
		FROM orders WHERE status = 400 GROUP BY 1, 2) o
	WHERE r.store_id = o.store_id AND r.hour = o.hour AND r.status = 400;
--> statement-breakpoint
UPDATE order_rollup_hourly_all r SET items_total = o.items_total, picked_total = o.picked_total, delivery_fee = o.delivery_fee, refund_due = o.refund_due
	FROM (SELECT date_trunc('hour', created_at, 'Asia/Jakarta') AS hour, id % 8 AS shard, sum(items_total) AS items_total, sum(picked_total) AS picked_total,
			sum(delivery_fee) AS delivery_fee, sum(CASE WHEN paid_at IS NULL THEN 0 ELSE items_total - picked_total END) AS refund_due
		FROM orders WHERE status = 400 GROUP BY 1, 2) o
	WHERE r.hour = o.hour AND r.shard = o.shard AND r.status = 400;
--> statement-breakpoint
UPDATE order_rollup_monthly r SET items_total = o.items_total, picked_total = o.picked_total, delivery_fee = o.delivery_fee, refund_due = o.refund_due
	FROM (SELECT store_id, date_trunc('month', created_at AT TIME ZONE 'Asia/Jakarta')::date AS month, sum(items_total) AS items_total, sum(picked_total) AS picked_total,
			sum(delivery_fee) AS delivery_fee, sum(CASE WHEN paid_at IS NULL THEN 0 ELSE items_total - picked_total END) AS refund_due
		FROM orders WHERE status = 400 GROUP BY 1, 2) o
	WHERE r.store_id = o.store_id AND r.month = o.month AND r.status = 400;
