-- The e-voucher reports (issue 15, point 6). The Voucher Redeem Report lists the vouchers used in a period, filtered by
-- partner or store: each filter with the use time beside it, only over used vouchers (partial, as vouchers_used_idx).
CREATE INDEX vouchers_partner_used_idx ON vouchers (partner_id, used_at, id) WHERE used_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX vouchers_store_used_idx ON vouchers (used_store_id, used_at, id) WHERE used_at IS NOT NULL;
--> statement-breakpoint
-- The Voucher Selling Report lists the released orders (status done) by the time their vouchers were released, filtered
-- by partner or payment method.
CREATE INDEX voucher_orders_released_idx ON voucher_orders (released_at, id) WHERE status = 'done' AND released_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX voucher_orders_partner_released_idx ON voucher_orders (partner_id, released_at, id) WHERE status = 'done' AND released_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX voucher_orders_method_released_idx ON voucher_orders (payment_method, released_at, id) WHERE status = 'done' AND released_at IS NOT NULL;
