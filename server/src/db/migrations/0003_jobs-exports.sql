-- The Download List: exports too large to stream back at once are written by a job into DATA_DIR/exports.
CREATE TABLE downloads (
	id serial PRIMARY KEY,
	user_id integer NOT NULL REFERENCES users(id),
	export_name text NOT NULL,
	entries text[] NOT NULL,
	format text NOT NULL,
	filters jsonb NOT NULL DEFAULT '{}'::jsonb,
	file_name text NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	row_count integer,
	size_bytes bigint,
	storage_name text,
	error text,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	finished_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX downloads_user_file_uq ON downloads (user_id, file_name);
--> statement-breakpoint
CREATE INDEX downloads_user_created_idx ON downloads (user_id, created_at, id);
--> statement-breakpoint
CREATE INDEX downloads_user_status_idx ON downloads (user_id, status, created_at, id);
