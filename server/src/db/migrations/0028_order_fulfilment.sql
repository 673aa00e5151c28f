-- Issue 14: the store's side of an order. What it hands over after unpicking (`picked_total`, kept with every item
-- edit, so a list shows the refund due without reading the items), whether any line was picked short (`has_unpick`,
-- the list's unpick tab, by a partial index), unpick reasons from the contract's list (a code, not free text), and
-- when the driver was assigned.
ALTER TABLE orders ADD COLUMN picked_total bigint;
--> statement-breakpoint
UPDATE orders o SET picked_total = coalesce((select sum(i.price * i.picked_quantity) from order_items i where i.order_id = o.id), 0);
--> statement-breakpoint
ALTER TABLE orders ALTER COLUMN picked_total SET NOT NULL;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_picked_total_check CHECK (picked_total >= 0 AND picked_total <= items_total);
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN has_unpick boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN driver_assigned_at timestamptz;
--> statement-breakpoint
ALTER TABLE order_items ALTER COLUMN unpick_reason TYPE smallint USING NULL;
--> statement-breakpoint
CREATE INDEX orders_unpick_created_idx ON orders (created_at, id) WHERE has_unpick;
--> statement-breakpoint
CREATE INDEX order_items_unpick_reason_idx ON order_items (unpick_reason, order_id) WHERE unpick_reason IS NOT NULL;
--> statement-breakpoint
-- The order-number filter matches the number or its start as typed.
CREATE INDEX orders_order_no_prefix_idx ON orders (order_no text_pattern_ops);
