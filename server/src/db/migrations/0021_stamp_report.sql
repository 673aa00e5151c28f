-- The stamp report, stamp expiry (issue 13). stamp_daily_rollup holds the stamps and movements of each Asia/Jakarta
-- day, programme, store (0: a movement at no store: injections, redemptions, expiries) and movement code. The stamp
-- ledger's writer keeps it in the same transaction as each ledger row (an upsert adding to the day's row), so the
-- report reads a few rows per day and never scans the ledger. The back-fill below derives it from the ledger as it is.
CREATE TABLE stamp_daily_rollup (
	day date NOT NULL,
	programme_id integer NOT NULL REFERENCES stamp_programmes(id),
	store_id integer NOT NULL DEFAULT 0,
	code smallint NOT NULL CHECK (code IN (10, 20, 21, 30, 31)),
	stamps bigint NOT NULL CHECK (stamps >= 0),
	movements integer NOT NULL CHECK (movements >= 0),
	PRIMARY KEY (day, programme_id, store_id, code)
);
--> statement-breakpoint
CREATE INDEX stamp_daily_rollup_programme_idx ON stamp_daily_rollup (programme_id, day);
--> statement-breakpoint
CREATE INDEX stamp_daily_rollup_store_idx ON stamp_daily_rollup (store_id, day);
--> statement-breakpoint
INSERT INTO stamp_daily_rollup (day, programme_id, store_id, code, stamps, movements)
SELECT (at AT TIME ZONE 'Asia/Jakarta')::date, programme_id, coalesce(store_id, 0), code, sum(quantity), count(*)
FROM stamp_ledger GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- How many days earned stamps stay valid (null: they never expire); the daily expiry job writes code 21 for what is
-- past it, first earned first spent.
ALTER TABLE stamp_programmes ADD COLUMN stamp_validity_days integer CHECK (stamp_validity_days > 0);
--> statement-breakpoint
-- The stamp coupons' list (coupons a reward's redemption issued): newest first, by status.
CREATE INDEX consumer_coupons_stamp_claimed_idx ON consumer_coupons (claimed_at, id) WHERE reward_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX consumer_coupons_stamp_status_idx ON consumer_coupons (status, claimed_at) WHERE reward_id IS NOT NULL;
