-- The reasons for which an order's lines are picked short, kept on the order by the picking writer, so that the list's
-- unpick_reason filter reads the order alone: the planner estimates it from the column's element statistics (an
-- EXISTS over the lines was estimated at a tenth of its rows, so the list counted 10,001 of them at every request), the
-- page walks the orders newest first, and the GIN index finds a rare reason's orders. Non-empty only where has_unpick
-- is true, so the filter needs no second condition (two correlated conditions would be estimated as independent).
ALTER TABLE orders ADD COLUMN unpick_reasons smallint[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
UPDATE orders o SET unpick_reasons = r.reasons
FROM (SELECT order_id, array_agg(DISTINCT unpick_reason ORDER BY unpick_reason) AS reasons FROM order_items
  WHERE unpick_reason IS NOT NULL AND picked_quantity < quantity GROUP BY order_id) r
WHERE r.order_id = o.id;
--> statement-breakpoint
CREATE INDEX orders_unpick_reasons_idx ON orders USING gin (unpick_reasons);
--> statement-breakpoint
ANALYZE orders;
