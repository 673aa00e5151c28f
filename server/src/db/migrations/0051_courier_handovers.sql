-- Issue 17: the hand-over of 3PL delivery orders to the courier (domains/orders/courier-handover.ts). Every attempt is a
-- row: asked for when the order reaches Ready to Delivery (by the system, `requested_by` null) or by an operator's Grab
-- Retry (its kept action), then booked (the courier's booking reference; its driver is put on the order) or failed (the
-- courier's error). `latest` marks each order's newest attempt. The order's number and store are copied (they never
-- change), so the Grab Retry list's filters and sorts are answered by partial indexes on this table alone.
CREATE TABLE courier_handovers (
	id bigserial PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES orders(id),
	order_no text NOT NULL,
	store_id integer NOT NULL REFERENCES stores(id),
	attempt integer NOT NULL CHECK (attempt > 0),
	status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'booked', 'failed')),
	-- The adapter that answered (`simulated`, a real courier's name); null while pending.
	courier text,
	booking_ref text,
	error text,
	requested_by integer,
	requested_by_name text,
	-- Written in the same transaction as the action, before its row: checked at commit.
	operator_action_id bigint REFERENCES operator_actions(id) DEFERRABLE INITIALLY DEFERRED,
	requested_at timestamptz NOT NULL,
	finished_at timestamptz,
	latest boolean NOT NULL DEFAULT true,
	CONSTRAINT courier_handovers_attempt_uq UNIQUE (order_id, attempt),
	CONSTRAINT courier_handovers_booked_check CHECK ((status = 'booked') = (booking_ref IS NOT NULL)),
	CONSTRAINT courier_handovers_failed_check CHECK ((status = 'failed') = (error IS NOT NULL)),
	CONSTRAINT courier_handovers_finished_check CHECK ((status = 'pending') = (finished_at IS NULL))
);
--> statement-breakpoint
-- One latest attempt per order, and at most one waiting for the courier.
CREATE UNIQUE INDEX courier_handovers_latest_uq ON courier_handovers (order_id) WHERE latest;
--> statement-breakpoint
CREATE UNIQUE INDEX courier_handovers_pending_uq ON courier_handovers (order_id) WHERE status = 'pending';
--> statement-breakpoint
-- The Grab Retry list: orders whose latest attempt failed, or was asked again after a failure and waits for the courier.
-- Newest attempt first (a backward scan), by store, by attempts; the order number's start; words of the error.
CREATE INDEX courier_handovers_retry_idx ON courier_handovers (requested_at, id)
	WHERE latest AND (status = 'failed' OR (status = 'pending' AND attempt > 1));
--> statement-breakpoint
CREATE INDEX courier_handovers_retry_store_idx ON courier_handovers (store_id, requested_at, id)
	WHERE latest AND (status = 'failed' OR (status = 'pending' AND attempt > 1));
--> statement-breakpoint
CREATE INDEX courier_handovers_retry_attempt_idx ON courier_handovers (attempt, requested_at, id)
	WHERE latest AND (status = 'failed' OR (status = 'pending' AND attempt > 1));
--> statement-breakpoint
CREATE INDEX courier_handovers_retry_order_no_idx ON courier_handovers (order_no text_pattern_ops)
	WHERE latest AND (status = 'failed' OR (status = 'pending' AND attempt > 1));
--> statement-breakpoint
CREATE INDEX courier_handovers_retry_error_trgm_idx ON courier_handovers USING gin (lower(error) public.gin_trgm_ops)
	WHERE latest AND status = 'failed';
