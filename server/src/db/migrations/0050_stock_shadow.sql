-- heimdal Stock Shadow (issue 17): units of a product held back from online sale at every store that sells it, one
-- entry per PLU (chain-wide). The consumer app's stock and an order's take both subtract it; changed only through the
-- guarded write `stock-shadow` (operator_actions).
CREATE TABLE stock_shadows (
	id serial PRIMARY KEY,
	product_id integer NOT NULL REFERENCES products(id),
	quantity integer NOT NULL CHECK (quantity > 0),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX stock_shadows_product_uq ON stock_shadows (product_id);
--> statement-breakpoint
CREATE INDEX stock_shadows_updated_idx ON stock_shadows (updated_at, id);
--> statement-breakpoint
CREATE INDEX stock_shadows_quantity_idx ON stock_shadows (quantity, id);
