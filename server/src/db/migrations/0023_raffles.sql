CREATE TABLE raffles (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	prizes jsonb NOT NULL,
	winners_count integer NOT NULL CHECK (winners_count >= 1),
	entry_start timestamptz NOT NULL,
	entry_end timestamptz NOT NULL,
	draw_at timestamptz NOT NULL,
	spend_per_entry bigint CHECK (spend_per_entry IS NULL OR spend_per_entry >= 1),
	app_entry boolean NOT NULL DEFAULT false,
	max_entries_per_consumer integer NOT NULL CHECK (max_entries_per_consumer >= 1),
	allow_repeat_wins boolean NOT NULL DEFAULT false,
	targeting smallint NOT NULL DEFAULT 2 CHECK (targeting IN (1, 2)),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	consumer_tag_ids integer[] NOT NULL DEFAULT '{}',
	province_codes text[] NOT NULL DEFAULT '{}',
	-- The secret seed (32 bytes) sealed with the app key (AES-256-GCM, bound to the commitment): only the draw opens it,
	-- and writes it in clear (hex) to seed, which stays null until then. The commitment is SHA-256 of the seed, hex.
	seed_sealed text NOT NULL,
	seed text,
	commitment text NOT NULL UNIQUE,
	drawn_at timestamptz,
	drawn_by integer,
	draw_steps integer,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CONSTRAINT raffles_period_check CHECK (entry_end > entry_start AND draw_at > entry_end),
	CONSTRAINT raffles_earning_check CHECK (spend_per_entry IS NOT NULL OR app_entry),
	CONSTRAINT raffles_reveal_check CHECK ((seed IS NULL) = (drawn_at IS NULL))
);
--> statement-breakpoint
CREATE INDEX raffles_name_idx ON raffles (lower(name), id);
--> statement-breakpoint
CREATE INDEX raffles_entry_start_idx ON raffles (entry_start, id);
--> statement-breakpoint
CREATE INDEX raffles_entry_end_idx ON raffles (entry_end, id);
--> statement-breakpoint
CREATE INDEX raffles_draw_at_idx ON raffles (draw_at, id);
--> statement-breakpoint
CREATE INDEX raffles_created_idx ON raffles (created_at, id);
--> statement-breakpoint
CREATE INDEX raffles_updated_idx ON raffles (updated_at, id);
--> statement-breakpoint
CREATE INDEX raffles_undrawn_idx ON raffles (entry_end, entry_start) WHERE drawn_at IS NULL;
--> statement-breakpoint
CREATE TABLE raffle_consumer_entries (
	raffle_id integer NOT NULL REFERENCES raffles(id) ON DELETE CASCADE,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	entries integer NOT NULL CHECK (entries >= 1),
	-- What the last grant added (the upsert answers it, so a grant under the maximum is one statement).
	last_granted integer NOT NULL,
	PRIMARY KEY (raffle_id, consumer_id)
);
--> statement-breakpoint
CREATE TABLE raffle_coupons (
	id bigserial PRIMARY KEY,
	raffle_id integer NOT NULL REFERENCES raffles(id),
	consumer_id integer NOT NULL REFERENCES consumers(id),
	code text NOT NULL UNIQUE,
	source smallint NOT NULL CHECK (source IN (1, 2)),
	-- The transaction id, or the consumer's app entry number; with seq (the coupon's number within it) unique per raffle.
	source_ref text NOT NULL,
	seq integer NOT NULL,
	earned_at timestamptz NOT NULL,
	CONSTRAINT raffle_coupons_source_key UNIQUE (raffle_id, source, source_ref, seq)
);
--> statement-breakpoint
CREATE INDEX raffle_coupons_raffle_idx ON raffle_coupons (raffle_id, id);
--> statement-breakpoint
CREATE INDEX raffle_coupons_consumer_idx ON raffle_coupons (consumer_id, raffle_id);
--> statement-breakpoint
CREATE TABLE raffle_winners (
	raffle_id integer NOT NULL REFERENCES raffles(id),
	step integer NOT NULL,
	prize_index integer NOT NULL,
	prize_name text NOT NULL,
	raffle_coupon_id bigint NOT NULL REFERENCES raffle_coupons(id),
	consumer_id integer NOT NULL REFERENCES consumers(id),
	PRIMARY KEY (raffle_id, step),
	CONSTRAINT raffle_winners_coupon_key UNIQUE (raffle_coupon_id)
);
