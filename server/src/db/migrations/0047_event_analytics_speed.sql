-- Planogram analytics at 30,000,000 app events and 10,000,000 sales lines (issue 16, `npm run bench -- analytics-events`).
-- A planogram's sales are its products' (planogram-analytics.service.ts): the widgets read the sales by PLU for the
-- planograms' few thousand PLUs, not every PLU sold in the period (a 30-day window at the chain level is 440,000 daily
-- rows). These indexes give each PLU's chain-level rows of a period in one index range, with the figures the widgets
-- sum, so the reads never visit the table (index-only once vacuumed). A province's or a store's rows are far fewer and
-- are read through the primary key; leaving them out keeps the index to about one PLU row in fourteen of those the
-- sales catch-up writes (with the provinces' rows too it cost that catch-up about a third more).
CREATE INDEX sales_plu_day_plu_idx ON sales_plu_day (plu, wib_key) INCLUDE (local_key, channel, sales) WHERE store_id = 0 AND province_code = '';
--> statement-breakpoint
CREATE INDEX sales_plu_month_plu_idx ON sales_plu_month (plu, wib_key) INCLUDE (local_key, channel, sales) WHERE store_id = 0 AND province_code = '';
--> statement-breakpoint
-- One planogram's products (its drill-down): the chain's product rows of that planogram, instead of every product row
-- of the period checked for it (a year at the chain level is 430,000 index entries).
CREATE INDEX event_product_day_planogram_idx ON event_product_day (planogram_id, wib_key) WHERE store_id = 0 AND province_code = '';
--> statement-breakpoint
CREATE INDEX event_product_month_planogram_idx ON event_product_month (planogram_id, wib_key) WHERE store_id = 0 AND province_code = '';
--> statement-breakpoint
-- The events arrive in time order (at most 30 days late), so a block range index on their time is a few hundred
-- kilobytes and bounds a rebuild of a month's rollups (rollup-engine.ts, rebuild) to that month's blocks instead of
-- every event.
CREATE INDEX app_events_at_brin ON app_events USING brin (at);
