-- Issue 14: online orders. An order of a consumer at one store, delivered or picked up, with its items (each a
-- snapshot of the product's name and price when ordered, and how many of it the store picked), and its timeline
-- (every move of the workflow in contract/workflows/order.ts, with who made it and why). Stock is taken from
-- store_products when the order is placed and given back when it ends unpaid or cancelled (decisions.md).
CREATE TABLE cancel_reasons (
	id serial PRIMARY KEY,
	name text NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	sort_order integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE UNIQUE INDEX cancel_reasons_name_uq ON cancel_reasons (lower(name));
--> statement-breakpoint
INSERT INTO cancel_reasons (name, sort_order) VALUES
	('Stok tidak tersedia', 1),
	('Permintaan pelanggan', 2),
	('Alamat pengiriman tidak terjangkau', 3),
	('Pesanan tidak diambil', 4),
	('Pembayaran bermasalah', 5),
	('Lainnya', 6);
--> statement-breakpoint
CREATE TABLE orders (
	id bigserial PRIMARY KEY,
	order_no text NOT NULL,
	consumer_id integer NOT NULL REFERENCES consumers(id),
	store_id integer NOT NULL REFERENCES stores(id),
	status smallint NOT NULL DEFAULT 100,
	fulfilment smallint NOT NULL CHECK (fulfilment IN (1, 2)),
	delivery_mode smallint CHECK (delivery_mode IN (1, 2)),
	delivery_address text,
	driver_name text,
	driver_phone text,
	items_total bigint NOT NULL CHECK (items_total >= 0),
	delivery_fee bigint NOT NULL DEFAULT 0 CHECK (delivery_fee >= 0),
	total bigint NOT NULL CHECK (total >= 0),
	payment_status text NOT NULL DEFAULT 'WAITING FOR PAYMENT',
	payment_ref text,
	payment_expires_at timestamptz NOT NULL,
	paid_at timestamptz,
	cancel_reason_id integer REFERENCES cancel_reasons(id),
	cancel_note text,
	client_ref text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer,
	version integer NOT NULL DEFAULT 1,
	CONSTRAINT orders_delivery_check CHECK (fulfilment = 2 OR delivery_mode IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX orders_order_no_uq ON orders (order_no);
--> statement-breakpoint
-- An app retrying its order request places it once.
CREATE UNIQUE INDEX orders_client_ref_uq ON orders (consumer_id, client_ref) WHERE client_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX orders_created_idx ON orders (created_at, id);
--> statement-breakpoint
CREATE INDEX orders_store_created_idx ON orders (store_id, created_at, id);
--> statement-breakpoint
CREATE INDEX orders_status_created_idx ON orders (status, created_at, id);
--> statement-breakpoint
CREATE INDEX orders_consumer_created_idx ON orders (consumer_id, created_at, id);
--> statement-breakpoint
-- The expiry job's sweep: unpaid orders by their deadline.
CREATE INDEX orders_unpaid_idx ON orders (payment_expires_at) WHERE status = 100;
--> statement-breakpoint
CREATE TABLE order_items (
	id bigserial PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES orders(id),
	product_id integer NOT NULL REFERENCES products(id),
	plu text NOT NULL,
	name text NOT NULL,
	price bigint NOT NULL CHECK (price >= 0),
	quantity integer NOT NULL CHECK (quantity > 0),
	-- What the store will hand over: the quantity, lowered or unpicked (0) while it checks the order.
	picked_quantity integer NOT NULL CHECK (picked_quantity >= 0),
	unpick_reason text,
	CONSTRAINT order_items_picked_check CHECK (picked_quantity <= quantity)
);
--> statement-breakpoint
CREATE INDEX order_items_order_idx ON order_items (order_id, id);
--> statement-breakpoint
CREATE INDEX order_items_product_idx ON order_items (product_id, order_id);
--> statement-breakpoint
CREATE TABLE order_events (
	id bigserial PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES orders(id),
	action text NOT NULL,
	from_status smallint,
	to_status smallint NOT NULL,
	actor_kind text NOT NULL CHECK (actor_kind IN ('consumer', 'staff', 'system')),
	actor_id integer,
	note text,
	at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX order_events_order_idx ON order_events (order_id, at, id);
--> statement-breakpoint
-- The payment gateway's callbacks, each once by its event id: a replay finds its row and changes nothing.
CREATE TABLE payment_events (
	event_id text PRIMARY KEY,
	order_id bigint NOT NULL REFERENCES orders(id),
	status text NOT NULL,
	amount bigint NOT NULL,
	payment_ref text NOT NULL,
	received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX payment_events_order_idx ON payment_events (order_id);
