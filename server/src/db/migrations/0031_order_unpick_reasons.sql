-- The reasons an order's lines were picked short, kept on the order beside has_unpick by the picking writer, so that the
-- list's unpick_reason filter reads the order alone: the planner estimates it from the column's element statistics
-- (an EXISTS over the lines was estimated at a tenth of its rows, so the list counted 10,001 of them exactly at every
-- request), the page walks the unpicked orders newest first, and the GIN index counts a rare reason.
ALTER TABLE orders ADD COLUMN unpick_reasons smallint[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
UPDATE orders o SET unpick_reasons = r.reasons
FROM (SELECT order_id, array_agg(DISTINCT unpick_reason ORDER BY unpick_reason) AS reasons FROM order_items WHERE unpick_reason IS NOT NULL GROUP BY order_id) r
WHERE r.order_id = o.id;
--> statement-breakpoint
CREATE INDEX orders_unpick_reasons_idx ON orders USING gin (unpick_reasons) WHERE has_unpick;
