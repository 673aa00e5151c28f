-- One index for the order number instead of two: unique, and in text_pattern_ops so that it also serves the order-number
-- filter's prefix (LIKE 'ORD-20261128%') in any collation; equality lookups use it as well. Placing an order keeps one
-- index fewer up to date.
CREATE UNIQUE INDEX orders_order_no_pattern_uq ON orders (order_no text_pattern_ops);
--> statement-breakpoint
DROP INDEX orders_order_no_prefix_idx;
--> statement-breakpoint
DROP INDEX orders_order_no_uq;
--> statement-breakpoint
ALTER INDEX orders_order_no_pattern_uq RENAME TO orders_order_no_uq;
