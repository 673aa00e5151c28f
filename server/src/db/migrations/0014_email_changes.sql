-- Issue 11: an e-mail change on an account with a second factor (the Super Admin's code goes to that address) waits for
-- the new address to confirm it; only a hash of the link's token is kept.
CREATE TABLE email_changes (
	id serial PRIMARY KEY,
	user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	new_email text NOT NULL,
	token_hash text NOT NULL UNIQUE,
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	used_at timestamptz,
	requested_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE INDEX email_changes_user_idx ON email_changes (user_id) WHERE used_at IS NULL;
