-- The consumer app's events (issue 16): impressions, clicks and add-to-cart on planograms, products and content, sent
-- in batches to `POST app/events`, each once by the app's own event id. Append-only, counted into the rollups below
-- from a watermark as the sales are (rollup-engine.ts).
CREATE TABLE app_events (
	id bigserial PRIMARY KEY,
	event_id uuid NOT NULL,
	consumer_id integer NOT NULL,
	type smallint NOT NULL CHECK (type IN (1, 2, 3)),
	planogram_id integer,
	product_id integer,
	content_id integer,
	store_id integer,
	at timestamptz NOT NULL,
	received_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX app_events_event_uq ON app_events (event_id);
--> statement-breakpoint
-- Who opened an offer in a period (the offer top average).
CREATE INDEX app_events_content_clicks_idx ON app_events (content_id, at, consumer_id) WHERE content_id IS NOT NULL AND type = 2;
--> statement-breakpoint
INSERT INTO rollup_watermarks (name, last_id) VALUES ('events', 0);
--> statement-breakpoint
-- Impressions (type 1), clicks (2) and add-to-cart (3) by day and month at the store, province and chain levels, as the
-- sales rollups are: per planogram, per product (with the planogram it was seen in, 0 for none) and per content.
CREATE TABLE event_planogram_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	planogram_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, planogram_id)
);
--> statement-breakpoint
CREATE TABLE event_planogram_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	planogram_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, planogram_id)
);
--> statement-breakpoint
CREATE TABLE event_product_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	product_id integer NOT NULL,
	planogram_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, product_id, planogram_id)
);
--> statement-breakpoint
CREATE TABLE event_product_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	product_id integer NOT NULL,
	planogram_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, product_id, planogram_id)
);
--> statement-breakpoint
CREATE TABLE event_content_day (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	content_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, content_id)
);
--> statement-breakpoint
CREATE TABLE event_content_month (
	store_id integer NOT NULL,
	province_code text NOT NULL,
	wib_key date NOT NULL,
	local_key date NOT NULL,
	content_id integer NOT NULL,
	impressions bigint NOT NULL,
	clicks bigint NOT NULL,
	carts bigint NOT NULL,
	PRIMARY KEY (store_id, province_code, wib_key, local_key, content_id)
);
