-- Digital stamp injection (heimdal digital-stamp-inject, issue 13): a confirmed import of stamp corrections is one
-- batch, its rows the movements it wrote to the stamp ledger (code 30 in, 31 out, source 'injection', source_ref the
-- batch id). One batch per import batch (a commit that runs twice finds its batch and writes nothing); the demo seed's
-- batch has no import batch. A batch is reversed as a whole: each row gets its compensating ledger row (source 'reversal').
CREATE TABLE stamp_injections (
	id serial PRIMARY KEY,
	import_batch_id integer REFERENCES import_batches(id),
	reason text NOT NULL,
	file_name text NOT NULL,
	row_count integer NOT NULL CHECK (row_count > 0),
	stamps_in integer NOT NULL DEFAULT 0 CHECK (stamps_in >= 0),
	stamps_out integer NOT NULL DEFAULT 0 CHECK (stamps_out >= 0),
	status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'reversed')),
	created_at timestamptz NOT NULL,
	created_by integer REFERENCES users(id),
	reversed_at timestamptz,
	reversed_by integer REFERENCES users(id),
	updated_at timestamptz NOT NULL,
	version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX stamp_injections_import_uq ON stamp_injections (import_batch_id);
--> statement-breakpoint
CREATE INDEX stamp_injections_created_idx ON stamp_injections (created_at, id);
--> statement-breakpoint
CREATE INDEX stamp_injections_status_idx ON stamp_injections (status, created_at, id);
--> statement-breakpoint
CREATE INDEX stamp_injections_rows_idx ON stamp_injections (row_count, id);
--> statement-breakpoint
CREATE INDEX stamp_injections_creator_idx ON stamp_injections (created_by, created_at);
--> statement-breakpoint
CREATE INDEX stamp_injections_file_idx ON stamp_injections (lower(file_name), id);
--> statement-breakpoint
CREATE TABLE stamp_injection_rows (
	injection_id integer NOT NULL REFERENCES stamp_injections(id) ON DELETE CASCADE,
	row_no integer NOT NULL,
	consumer_id integer NOT NULL REFERENCES consumers(id),
	programme_id integer NOT NULL REFERENCES stamp_programmes(id),
	stamps integer NOT NULL CHECK (stamps <> 0),
	ledger_id bigint,
	reversal_ledger_id bigint,
	PRIMARY KEY (injection_id, row_no)
);
--> statement-breakpoint
CREATE INDEX stamp_injection_rows_consumer_idx ON stamp_injection_rows (consumer_id);
