-- The consumer list at a million consumers (`npm run bench -- consumers`; docs/decisions.md, "Consumer benchmark").
-- The province, regency and status indexes carry the other low-cardinality filters (gender, status, domicile) as
-- included columns, so the capped total of combined filters (province + gender + status, locked in a regency) is an
-- index-only count instead of up to 10,001 heap visits. The regency statistics keep every regency (about 514) in the
-- most-common-values list: with the default 100 a small regency was over-estimated five times, and a name-sorted page
-- walked the whole name index looking for its rows (1 s instead of 2 ms).
DROP INDEX consumers_province_idx;--> statement-breakpoint
CREATE INDEX consumers_province_idx ON consumers (province_code, created_at, id) INCLUDE (gender, status);--> statement-breakpoint
DROP INDEX consumers_regency_idx;--> statement-breakpoint
CREATE INDEX consumers_regency_idx ON consumers (regency_code, created_at, id) INCLUDE (gender, status);--> statement-breakpoint
DROP INDEX consumers_status_idx;--> statement-breakpoint
CREATE INDEX consumers_status_idx ON consumers (status, created_at, id) INCLUDE (gender, province_code, regency_code);--> statement-breakpoint
ALTER TABLE consumers ALTER COLUMN regency_code SET STATISTICS 1000;
