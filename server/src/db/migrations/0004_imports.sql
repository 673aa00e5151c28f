-- The import pipeline (platform/imports): one batch per uploaded file, its rows staged with their errors by cell.
CREATE TABLE import_batches (
	id serial PRIMARY KEY,
	key text NOT NULL,
	file_name text NOT NULL,
	file_format text NOT NULL,
	file_size bigint NOT NULL,
	file_path text,
	params jsonb,
	status text NOT NULL DEFAULT 'PENDING',
	total_rows integer NOT NULL DEFAULT 0,
	valid_rows integer NOT NULL DEFAULT 0,
	invalid_rows integer NOT NULL DEFAULT 0,
	progress smallint NOT NULL DEFAULT 0,
	error text,
	result jsonb,
	created_by integer NOT NULL REFERENCES users(id),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	validated_at timestamptz,
	confirmed_by integer REFERENCES users(id),
	confirmed_at timestamptz,
	completed_at timestamptz,
	version integer NOT NULL DEFAULT 1,
	CONSTRAINT import_batches_status_ck CHECK (status IN ('PENDING', 'VALIDATED', 'PROCESSING', 'COMPLETED', 'FAILED')),
	CONSTRAINT import_batches_format_ck CHECK (file_format IN ('xlsx', 'csv')),
	CONSTRAINT import_batches_progress_ck CHECK (progress BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX import_batches_creator_idx ON import_batches (created_by, created_at, id);
--> statement-breakpoint
CREATE INDEX import_batches_key_idx ON import_batches (key, created_at, id);
--> statement-breakpoint
-- Batches a job still has to finish (a restart looks for them).
CREATE INDEX import_batches_open_idx ON import_batches (status, id) WHERE status IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
CREATE TABLE import_rows (
	batch_id integer NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
	row_no integer NOT NULL,
	data jsonb NOT NULL,
	errors jsonb,
	PRIMARY KEY (batch_id, row_no)
);
--> statement-breakpoint
-- The preview's "only errors" filter and the error file read the bad rows of a batch in row order.
CREATE INDEX import_rows_errors_idx ON import_rows (batch_id, row_no) WHERE errors IS NOT NULL;
