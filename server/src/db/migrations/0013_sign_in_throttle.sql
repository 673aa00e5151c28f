-- Issue 11: failed sign-ins counted per account and client address (an unknown name has its own row too, so a locked
-- account and an unknown one answer alike), reserved atomically before the password is checked.
CREATE TABLE sign_in_throttle (
	key_hash text PRIMARY KEY,
	user_id integer REFERENCES users(id) ON DELETE CASCADE,
	failures integer NOT NULL DEFAULT 0,
	locked_until timestamptz,
	updated_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX sign_in_throttle_user_idx ON sign_in_throttle (user_id) WHERE user_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX sign_in_throttle_updated_idx ON sign_in_throttle (updated_at);
