-- E-vouchers (issue 15), second part: the business clients (partners) with their cooperation periods and credit limit,
-- and their orders of vouchers moving through the voucher order workflow (contract/workflows/voucher-order.ts).
CREATE TABLE partners (
	id serial PRIMARY KEY,
	partner_code text NOT NULL,
	name text NOT NULL,
	npwp text,
	address text NOT NULL,
	email text NOT NULL,
	phone text NOT NULL,
	contact_name text NOT NULL,
	contact_email text NOT NULL,
	contact_phone text NOT NULL,
	pic_user_id integer REFERENCES users(id),
	credit_limit bigint NOT NULL DEFAULT 0 CHECK (credit_limit >= 0),
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX partners_code_uq ON partners (lower(partner_code));
--> statement-breakpoint
CREATE INDEX partners_updated_idx ON partners (updated_at, id);
--> statement-breakpoint
CREATE INDEX partners_name_idx ON partners (lower(name), id);
--> statement-breakpoint
CREATE INDEX partners_status_idx ON partners (status, updated_at, id);
--> statement-breakpoint
CREATE INDEX partners_pic_idx ON partners (pic_user_id, updated_at, id);
--> statement-breakpoint
CREATE TABLE partner_periods (
	id serial PRIMARY KEY,
	partner_id integer NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
	agreement_no text NOT NULL,
	starts_on date NOT NULL,
	ends_on date NOT NULL,
	note text,
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	CHECK (ends_on >= starts_on)
);
--> statement-breakpoint
CREATE INDEX partner_periods_partner_idx ON partner_periods (partner_id, starts_on);
--> statement-breakpoint
CREATE SEQUENCE voucher_order_no_seq;
--> statement-breakpoint
CREATE SEQUENCE voucher_quotation_no_seq;
--> statement-breakpoint
CREATE SEQUENCE voucher_receipt_no_seq;
--> statement-breakpoint
CREATE TABLE voucher_orders (
	id serial PRIMARY KEY,
	order_number text NOT NULL UNIQUE,
	partner_id integer NOT NULL REFERENCES partners(id),
	status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pic_processing', 'pic_rejected', 'waiting_for_payment', 'on_payment_verification', 'on_release_process', 'done', 'payment_rejected')),
	payment_method text NOT NULL CHECK (payment_method IN ('transfer', 'credit')),
	total_amount bigint NOT NULL CHECK (total_amount > 0),
	voucher_count bigint NOT NULL CHECK (voucher_count > 0),
	note text,
	payment_ref text,
	payment_amount bigint,
	payment_date date,
	reason text,
	quotation_no text UNIQUE,
	receipt_no text UNIQUE,
	released_count bigint NOT NULL DEFAULT 0,
	released_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE INDEX voucher_orders_created_idx ON voucher_orders (created_at, id);
--> statement-breakpoint
CREATE INDEX voucher_orders_status_idx ON voucher_orders (status, created_at, id);
--> statement-breakpoint
CREATE INDEX voucher_orders_partner_idx ON voucher_orders (partner_id, created_at, id);
--> statement-breakpoint
CREATE INDEX voucher_orders_amount_idx ON voucher_orders (total_amount, id);
--> statement-breakpoint
CREATE TABLE voucher_order_items (
	order_id integer NOT NULL REFERENCES voucher_orders(id) ON DELETE CASCADE,
	voucher_product_id integer NOT NULL REFERENCES voucher_products(id),
	quantity integer NOT NULL CHECK (quantity > 0),
	denomination bigint NOT NULL CHECK (denomination > 0),
	release_amount integer NOT NULL CHECK (release_amount >= 0 AND release_amount <= quantity),
	PRIMARY KEY (order_id, voucher_product_id)
);
--> statement-breakpoint
CREATE INDEX voucher_order_items_product_idx ON voucher_order_items (voucher_product_id, order_id);
--> statement-breakpoint
CREATE TABLE voucher_order_events (
	id bigserial PRIMARY KEY,
	order_id integer NOT NULL REFERENCES voucher_orders(id) ON DELETE CASCADE,
	action text NOT NULL,
	from_status text,
	to_status text NOT NULL,
	actor_id integer REFERENCES users(id),
	note text,
	at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX voucher_order_events_order_idx ON voucher_order_events (order_id, at, id);
