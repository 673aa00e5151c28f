-- Issue 11, second factor: a role may require one (the Super Admin role always does); a staff member may enrol an
-- authenticator app (TOTP). The Super Admin role requires one whatever its flag says (the code reads is_super or the flag).
-- The secret is kept encrypted (AES-256-GCM under APP_SECRET), recovery codes as hashes only.
ALTER TABLE roles ADD COLUMN require_second_factor boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- totp_secret: the enabled secret (sealed); totp_pending_secret: one set up but not yet confirmed with a code.
-- totp_last_step: the last time step a code was accepted for, so a code is never accepted twice.
-- second_factor_failures / second_factor_window: wrong authenticator or recovery codes in the current 10-minute window,
-- reserved before each check so parallel guesses are counted.
ALTER TABLE users ADD COLUMN totp_secret text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN totp_pending_secret text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN totp_last_step bigint;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN second_factor_failures integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN second_factor_window timestamptz;
--> statement-breakpoint
CREATE TABLE recovery_codes (
	id serial PRIMARY KEY,
	user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	code_hash text NOT NULL,
	created_at timestamptz NOT NULL,
	used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id) WHERE used_at IS NULL;
--> statement-breakpoint
-- When this session last passed a second factor (sign-in or step-up); sensitive changes ask again after 15 minutes.
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;
