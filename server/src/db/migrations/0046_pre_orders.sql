-- Issue 16: pre-order events (decisions.md, "Pre-order events"). A seasonal campaign the consumer app takes orders for
-- during its order window, collected at (or delivered from) a participating store on a day of its collection window.
-- Each product has a quota for the whole event: `ordered` is what live pre-orders hold of it, taken in SQL when one is
-- placed (never past the quota) and given back when it ends unpaid or cancelled. A pre-order is an ordinary order
-- marked with its event and collection day, so the order workflow carries it.
CREATE TABLE pre_order_events (
	id serial PRIMARY KEY,
	code text NOT NULL,
	name text NOT NULL,
	description text,
	order_start timestamptz NOT NULL,
	order_end timestamptz NOT NULL,
	collection_start date NOT NULL,
	collection_end date NOT NULL,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	created_by integer REFERENCES users(id),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	version integer NOT NULL DEFAULT 1,
	CONSTRAINT pre_order_events_order_window CHECK (order_end > order_start),
	CONSTRAINT pre_order_events_collection_window CHECK (collection_end >= collection_start)
);
--> statement-breakpoint
CREATE UNIQUE INDEX pre_order_events_code_uq ON pre_order_events (lower(code));
--> statement-breakpoint
-- The list's sorts; the ordering_on filter reads the order window by its start.
CREATE INDEX pre_order_events_order_start_idx ON pre_order_events (order_start, id);
--> statement-breakpoint
CREATE INDEX pre_order_events_collection_start_idx ON pre_order_events (collection_start, id);
--> statement-breakpoint
CREATE INDEX pre_order_events_name_idx ON pre_order_events (lower(name), id);
--> statement-breakpoint
CREATE INDEX pre_order_events_updated_idx ON pre_order_events (updated_at, id);
--> statement-breakpoint
CREATE INDEX pre_order_events_status_idx ON pre_order_events (status, order_start, id);
--> statement-breakpoint
CREATE TABLE pre_order_event_stores (
	event_id integer NOT NULL REFERENCES pre_order_events(id) ON DELETE CASCADE,
	store_id integer NOT NULL REFERENCES stores(id),
	PRIMARY KEY (event_id, store_id)
);
--> statement-breakpoint
CREATE INDEX pre_order_event_stores_store_idx ON pre_order_event_stores (store_id, event_id);
--> statement-breakpoint
CREATE TABLE pre_order_event_products (
	event_id integer NOT NULL REFERENCES pre_order_events(id) ON DELETE CASCADE,
	product_id integer NOT NULL REFERENCES products(id),
	quota integer NOT NULL CHECK (quota > 0),
	ordered integer NOT NULL DEFAULT 0,
	PRIMARY KEY (event_id, product_id),
	CONSTRAINT pre_order_event_products_ordered_check CHECK (ordered >= 0 AND ordered <= quota)
);
--> statement-breakpoint
CREATE INDEX pre_order_event_products_product_idx ON pre_order_event_products (product_id, event_id);
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN pre_order_event_id integer;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN collection_day date;
--> statement-breakpoint
-- Every existing order is no pre-order: the constraints need not read the orders table to hold (NOT VALID), they
-- hold for every order written from now on.
ALTER TABLE orders ADD CONSTRAINT orders_pre_order_event_fk FOREIGN KEY (pre_order_event_id) REFERENCES pre_order_events(id) NOT VALID;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_pre_order_check CHECK ((pre_order_event_id IS NULL) = (collection_day IS NULL)) NOT VALID;
--> statement-breakpoint
-- The pre-order reports: an event's orders by collection day, a store's, a status's, and all of them by day or by when
-- they were placed; partial, so the shop's other orders cost these indexes nothing.
CREATE INDEX orders_pre_order_event_idx ON orders (pre_order_event_id, collection_day, id) WHERE pre_order_event_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_pre_order_store_idx ON orders (store_id, collection_day, id) WHERE pre_order_event_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_pre_order_status_idx ON orders (status, collection_day, id) WHERE pre_order_event_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_pre_order_day_idx ON orders (collection_day, id) WHERE pre_order_event_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_pre_order_created_idx ON orders (created_at, id) WHERE pre_order_event_id IS NOT NULL;
