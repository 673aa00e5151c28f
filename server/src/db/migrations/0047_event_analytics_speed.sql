-- Planogram analytics at 30,000,000 app events and 10,000,000 sales lines (issue 16, `npm run bench -- analytics-events`).
-- A planogram's sales are its products' (planogram-analytics.service.ts): the widgets read the sales by PLU for the
-- planograms' few thousand PLUs, not every PLU sold in the period (a 30-day window at the chain level is 440,000 daily
-- rows). These indexes give each PLU's rows of a period at the chain and province levels (store 0) in one index range,
-- with the figures the widgets sum, so the reads never visit the table (index-only once vacuumed). Store rows are few
-- a store and are read through the primary key.
CREATE INDEX sales_plu_day_plu_idx ON sales_plu_day (province_code, plu, wib_key) INCLUDE (local_key, channel, sales) WHERE store_id = 0;
--> statement-breakpoint
CREATE INDEX sales_plu_month_plu_idx ON sales_plu_month (province_code, plu, wib_key) INCLUDE (local_key, channel, sales) WHERE store_id = 0;
--> statement-breakpoint
-- The events arrive in time order (at most 30 days late), so a block range index on their time is a few hundred
-- kilobytes and bounds a rebuild of a month's rollups (rollup-engine.ts, rebuild) to that month's blocks instead of
-- every event.
CREATE INDEX app_events_at_brin ON app_events USING brin (at);
