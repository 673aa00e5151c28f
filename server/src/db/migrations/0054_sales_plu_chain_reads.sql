-- Issue 16: the chain's PLU ranking (sales analytics' top PLUs, its export) sums every chain-level PLU row of the
-- period: a 30-day window is about 430,000 daily rows at benchmark scale, which the primary key found and the heap gave
-- one page at a time (a bitmap heap scan: 0.35 of the query's 0.75 s). These indexes hold those rows in period order
-- with every figure the ranking sums, so it reads them from the index alone, in one range (0.07 s); the figures are
-- final once a day has passed, so the pages stay all-visible. Chain-level rows are about a quarter of the rows the
-- sales catch-up writes to these tables (5.4 of 23 million daily rows at benchmark scale).
CREATE INDEX sales_plu_day_chain_idx ON sales_plu_day (wib_key) INCLUDE (local_key, channel, plu, quantity, sales, lines) WHERE store_id = 0 AND province_code = '';
--> statement-breakpoint
CREATE INDEX sales_plu_month_chain_idx ON sales_plu_month (wib_key) INCLUDE (local_key, channel, plu, quantity, sales, lines) WHERE store_id = 0 AND province_code = '';
