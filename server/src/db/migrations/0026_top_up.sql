-- Issue 14, point 5: top-up and bills. Digital products (pulsa and data packages by operator), the consumers' top-ups
-- with their timeline (every move of contract/workflows/top-up.ts, with who made it and why), the payment gateway's
-- and the biller's callbacks (each once by its event id), and the one call to action of the app's top-up page.
CREATE TABLE digital_products (
	id serial PRIMARY KEY,
	product_type smallint NOT NULL CHECK (product_type IN (1, 2)),
	operator smallint NOT NULL CHECK (operator BETWEEN 1 AND 8),
	name text NOT NULL,
	denomination bigint NOT NULL CHECK (denomination > 0),
	price bigint NOT NULL CHECK (price > 0),
	biller_code text NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer,
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX digital_products_biller_code_uq ON digital_products (lower(biller_code));
--> statement-breakpoint
CREATE INDEX digital_products_type_operator_idx ON digital_products (product_type, operator, price);
--> statement-breakpoint
CREATE INDEX digital_products_updated_idx ON digital_products (updated_at, id);
--> statement-breakpoint
CREATE SEQUENCE top_up_no_seq;
--> statement-breakpoint
CREATE TABLE top_ups (
	id bigserial PRIMARY KEY,
	transaction_no text NOT NULL,
	consumer_id integer NOT NULL REFERENCES consumers(id),
	product_id integer NOT NULL REFERENCES digital_products(id),
	-- The product as bought (its name, type, operator, denomination, price and biller code may change later).
	product_type smallint NOT NULL,
	operator smallint NOT NULL,
	product_name text NOT NULL,
	denomination bigint NOT NULL,
	biller_code text NOT NULL,
	amount bigint NOT NULL CHECK (amount >= 0),
	phone_number text NOT NULL,
	status smallint NOT NULL DEFAULT 100,
	payment_status text NOT NULL DEFAULT 'WAITING FOR PAYMENT',
	payment_ref text,
	payment_expires_at timestamptz NOT NULL,
	paid_at timestamptz,
	-- The biller's reference of the current attempt; a callback naming another is stale.
	biller_ref text,
	-- The references of earlier attempts: their late callbacks are refused.
	previous_biller_refs text[] NOT NULL DEFAULT '{}',
	serial_number text,
	biller_message text,
	-- Times it was sent to the biller (the first send, then each retry).
	attempts integer NOT NULL DEFAULT 0,
	cancel_reason text,
	client_ref text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer,
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX top_ups_transaction_no_uq ON top_ups (transaction_no);
--> statement-breakpoint
CREATE UNIQUE INDEX top_ups_client_ref_uq ON top_ups (consumer_id, client_ref) WHERE client_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX top_ups_created_idx ON top_ups (created_at, id);
--> statement-breakpoint
CREATE INDEX top_ups_amount_idx ON top_ups (amount, id);
--> statement-breakpoint
CREATE INDEX top_ups_status_created_idx ON top_ups (status, created_at, id);
--> statement-breakpoint
CREATE INDEX top_ups_type_created_idx ON top_ups (product_type, created_at, id);
--> statement-breakpoint
CREATE INDEX top_ups_operator_created_idx ON top_ups (operator, created_at, id);
--> statement-breakpoint
CREATE INDEX top_ups_consumer_created_idx ON top_ups (consumer_id, created_at, id);
--> statement-breakpoint
CREATE INDEX top_ups_phone_idx ON top_ups (phone_number, created_at);
--> statement-breakpoint
CREATE INDEX top_ups_product_idx ON top_ups (product_id);
--> statement-breakpoint
-- The expiry job's sweep: unpaid top-ups by their deadline.
CREATE INDEX top_ups_unpaid_idx ON top_ups (payment_expires_at) WHERE status = 100;
--> statement-breakpoint
CREATE TABLE top_up_events (
	id bigserial PRIMARY KEY,
	top_up_id bigint NOT NULL REFERENCES top_ups(id),
	action text NOT NULL,
	from_status smallint,
	to_status smallint NOT NULL,
	actor_kind text NOT NULL CHECK (actor_kind IN ('consumer', 'staff', 'system')),
	actor_id integer,
	note text,
	at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX top_up_events_top_up_idx ON top_up_events (top_up_id, at, id);
--> statement-breakpoint
CREATE TABLE top_up_payment_events (
	event_id text PRIMARY KEY,
	top_up_id bigint NOT NULL REFERENCES top_ups(id),
	status text NOT NULL,
	amount bigint NOT NULL,
	payment_ref text NOT NULL,
	received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX top_up_payment_events_top_up_idx ON top_up_payment_events (top_up_id);
--> statement-breakpoint
CREATE TABLE biller_events (
	event_id text PRIMARY KEY,
	top_up_id bigint NOT NULL REFERENCES top_ups(id),
	biller_ref text NOT NULL,
	status text NOT NULL,
	serial_number text,
	message text,
	received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX biller_events_top_up_idx ON biller_events (top_up_id);
--> statement-breakpoint
CREATE TABLE top_up_cta (
	id integer PRIMARY KEY CHECK (id = 1),
	title text NOT NULL,
	subtitle text,
	button_text text NOT NULL,
	deep_link text NOT NULL,
	is_active boolean NOT NULL DEFAULT true,
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer,
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO top_up_cta (id, title, subtitle, button_text, deep_link, is_active)
	VALUES (1, 'Isi pulsa & paket data', 'Semua operator, langsung masuk dalam hitungan detik', 'Beli Sekarang', 'superapp://top-up', true);
