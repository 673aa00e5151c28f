-- Placing an order finds its products by PLU as the app sends it, in any case: an index on the upper-cased PLU, so a
-- line costs an index read instead of a scan of the catalogue.
CREATE INDEX products_plu_upper_idx ON products (upper(plu));
--> statement-breakpoint
-- The planner needs the expression's statistics to choose the index (without them it hashes the whole catalogue).
ANALYZE products;
