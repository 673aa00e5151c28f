-- Digital stamps (issue 13): stamp programmes with their earning rule, and the stamp ledger reshaped into the one
-- append-only truth. Every ledger row names its programme, its source (transaction, injection batch, redemption,
-- expiry, reversal, with a reference unique per source, consumer and programme, so a source that repeats cannot write
-- twice) and its actor. Balances are kept beside it in the same transaction as each row, per consumer and programme
-- (stamp_balances) and in total (consumers.stamp_balance); neither may go below zero. A row keeps both after it:
-- balance_after is the consumer's total (as the consumer's stamp history has always shown it), programme_balance_after
-- the programme's.
CREATE TABLE stamp_programmes (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	start_date date NOT NULL,
	end_date date NOT NULL CHECK (end_date >= start_date),
	seasonality text NOT NULL DEFAULT 'regular' CHECK (seasonality IN ('regular', 'seasonal')),
	reward_type smallint NOT NULL CHECK (reward_type IN (1, 2, 3)),
	min_transaction bigint CHECK (min_transaction > 0),
	stamps_per_multiple integer CHECK (stamps_per_multiple > 0),
	sponsor_plus text[] NOT NULL DEFAULT '{}',
	stamps_per_unit integer CHECK (stamps_per_unit > 0),
	extra_stamp smallint NOT NULL DEFAULT 0 CHECK (extra_stamp IN (0, 1, 2)),
	extra_stamp_amount integer NOT NULL DEFAULT 0 CHECK (extra_stamp_amount >= 0),
	multiplier smallint NOT NULL DEFAULT 0 CHECK (multiplier IN (0, 1, 2)),
	multiplier_value integer NOT NULL DEFAULT 0 CHECK (multiplier_value >= 0),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE INDEX stamp_programmes_updated_idx ON stamp_programmes (updated_at, id);
--> statement-breakpoint
CREATE INDEX stamp_programmes_created_idx ON stamp_programmes (created_at, id);
--> statement-breakpoint
CREATE INDEX stamp_programmes_start_idx ON stamp_programmes (start_date, id);
--> statement-breakpoint
CREATE INDEX stamp_programmes_name_idx ON stamp_programmes (lower(name), id);
--> statement-breakpoint
CREATE INDEX stamp_programmes_filter_idx ON stamp_programmes (status, reward_type, seasonality, end_date);
--> statement-breakpoint
CREATE TABLE stamp_programme_stores (
	programme_id integer NOT NULL REFERENCES stamp_programmes(id) ON DELETE CASCADE,
	store_id integer NOT NULL REFERENCES stores(id),
	PRIMARY KEY (programme_id, store_id)
);
--> statement-breakpoint
-- Stamps written before programmes existed (a database seeded by an earlier version) go to one programme of their own.
INSERT INTO stamp_programmes (name, description, start_date, end_date, reward_type, min_transaction, stamps_per_multiple, status)
SELECT 'Stempel sebelum program', 'Stempel yang tercatat sebelum program stempel ada', min(at)::date, max(at)::date, 1, 50000, 1, 2
FROM stamp_ledger HAVING count(*) > 0;
--> statement-breakpoint
ALTER TABLE stamp_ledger
	ADD COLUMN programme_id integer REFERENCES stamp_programmes(id),
	ADD COLUMN programme_balance_after integer,
	ADD COLUMN source_kind text,
	ADD COLUMN source_ref text,
	ADD COLUMN actor_kind text NOT NULL DEFAULT 'system' CHECK (actor_kind IN ('staff', 'consumer', 'system')),
	ADD COLUMN actor_id integer;
--> statement-breakpoint
UPDATE stamp_ledger SET programme_id = (SELECT min(id) FROM stamp_programmes),
	source_kind = CASE code WHEN 10 THEN 'transaction' WHEN 30 THEN 'injection' WHEN 20 THEN 'redemption' WHEN 21 THEN 'expiry' ELSE 'reversal' END,
	source_ref = 'legacy-' || id, programme_balance_after = balance_after;
--> statement-breakpoint
ALTER TABLE stamp_ledger
	ALTER COLUMN programme_id SET NOT NULL,
	ALTER COLUMN source_kind SET NOT NULL,
	ALTER COLUMN source_ref SET NOT NULL,
	ALTER COLUMN programme_balance_after SET NOT NULL,
	ADD CONSTRAINT stamp_ledger_source_kind_check CHECK (source_kind IN ('transaction', 'injection', 'redemption', 'expiry', 'reversal')),
	ADD CONSTRAINT stamp_ledger_balance_after_check CHECK (balance_after >= 0 AND programme_balance_after >= 0);
--> statement-breakpoint
CREATE UNIQUE INDEX stamp_ledger_source_uq ON stamp_ledger (source_kind, source_ref, consumer_id, programme_id);
--> statement-breakpoint
CREATE INDEX stamp_ledger_programme_idx ON stamp_ledger (programme_id, at, id);
--> statement-breakpoint
CREATE TABLE stamp_balances (
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	programme_id integer NOT NULL REFERENCES stamp_programmes(id),
	balance integer NOT NULL CHECK (balance >= 0),
	PRIMARY KEY (consumer_id, programme_id)
);
--> statement-breakpoint
CREATE INDEX stamp_balances_programme_idx ON stamp_balances (programme_id, consumer_id);
--> statement-breakpoint
INSERT INTO stamp_balances (consumer_id, programme_id, balance)
SELECT consumer_id, programme_id, sum(CASE WHEN code IN (10, 30) THEN quantity ELSE -quantity END) FROM stamp_ledger GROUP BY consumer_id, programme_id;
--> statement-breakpoint
ALTER TABLE consumers ADD CONSTRAINT consumers_stamp_balance_check CHECK (stamp_balance >= 0);
--> statement-breakpoint
-- What a consumer redeems a programme's stamps for; stock never goes below zero (a redemption takes one atomically).
CREATE TABLE stamp_rewards (
	id serial PRIMARY KEY,
	programme_id integer NOT NULL REFERENCES stamp_programmes(id),
	name text NOT NULL,
	description text,
	stamps_required integer NOT NULL CHECK (stamps_required > 0),
	stock integer NOT NULL CHECK (stock >= 0),
	start_date date NOT NULL,
	end_date date NOT NULL CHECK (end_date >= start_date),
	image_url text,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	created_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE INDEX stamp_rewards_updated_idx ON stamp_rewards (updated_at, id);
--> statement-breakpoint
CREATE INDEX stamp_rewards_created_idx ON stamp_rewards (created_at, id);
--> statement-breakpoint
CREATE INDEX stamp_rewards_name_idx ON stamp_rewards (lower(name), id);
--> statement-breakpoint
CREATE INDEX stamp_rewards_stamps_idx ON stamp_rewards (stamps_required, id);
--> statement-breakpoint
CREATE INDEX stamp_rewards_start_idx ON stamp_rewards (start_date, id);
--> statement-breakpoint
CREATE INDEX stamp_rewards_programme_idx ON stamp_rewards (programme_id, status, end_date);
--> statement-breakpoint
ALTER TABLE consumer_coupons ADD COLUMN reward_id integer REFERENCES stamp_rewards(id);
--> statement-breakpoint
CREATE INDEX consumer_coupons_reward_idx ON consumer_coupons (reward_id, claimed_at) WHERE reward_id IS NOT NULL;
--> statement-breakpoint
-- Transaction events from the consumer app, one row per transaction id: a repeated event finds its row and answers the
-- stamps it earned the first time.
CREATE TABLE stamp_transactions (
	transaction_id text PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	store_id integer REFERENCES stores(id),
	channel smallint NOT NULL CHECK (channel IN (1, 2)),
	total bigint NOT NULL CHECK (total >= 0),
	bank_promotion boolean NOT NULL DEFAULT false,
	at timestamptz NOT NULL,
	result jsonb,
	received_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX stamp_transactions_consumer_idx ON stamp_transactions (consumer_id, at);
