-- Issue 12: each instance keeps the sessions it resolved for a few seconds (identity/session-cache.ts). Every change of
-- what a session resolves to (the session, its user, the user's role, the role's permissions) is announced on the
-- channel `<schema>.access` at commit, so every instance drops the entry at once (platform/db-notify.ts). Triggers, not
-- the services, send it: no write path, present or future, can forget. Payload `<kind>:<id>` with kind session, user or
-- role. Only bookkeeping columns that resolve never reads are left out (a session's once-a-minute touch, a user's
-- sign-in counters), so a column added later is announced unless someone decides otherwise here.
CREATE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	channel text := tg_table_schema || '.access';
	old_key text := CASE WHEN tg_op <> 'INSERT' THEN to_jsonb(OLD) ->> tg_argv[1] END;
	new_key text := CASE WHEN tg_op <> 'DELETE' THEN to_jsonb(NEW) ->> tg_argv[1] END;
BEGIN
	IF old_key IS NOT NULL THEN
		PERFORM pg_notify(channel, tg_argv[0] || ':' || old_key);
	END IF;
	IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
		PERFORM pg_notify(channel, tg_argv[0] || ':' || new_key);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new session is in no cache yet: inserts need no announcement.
CREATE TRIGGER sessions_access_change AFTER UPDATE ON sessions FOR EACH ROW
	WHEN (to_jsonb(OLD) - 'last_seen_at' IS DISTINCT FROM to_jsonb(NEW) - 'last_seen_at')
	EXECUTE FUNCTION notify_access_change('session', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_access_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_access_change('session', 'id');
--> statement-breakpoint
CREATE TRIGGER users_access_change AFTER UPDATE ON users FOR EACH ROW
	WHEN (
		to_jsonb(OLD) - ARRAY['failed_attempts', 'locked_until', 'last_sign_in_at', 'second_factor_failures', 'second_factor_window', 'totp_last_step']
		IS DISTINCT FROM to_jsonb(NEW) - ARRAY['failed_attempts', 'locked_until', 'last_sign_in_at', 'second_factor_failures', 'second_factor_window', 'totp_last_step']
	)
	EXECUTE FUNCTION notify_access_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER users_access_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_access_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER roles_access_change AFTER UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION notify_access_change('role', 'id');
--> statement-breakpoint
-- Row by row: PostgreSQL sends one notification per distinct payload of a transaction, so rewriting a role's hundreds
-- of grants announces the role once.
CREATE TRIGGER role_permissions_access_change AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH ROW
	EXECUTE FUNCTION notify_access_change('role', 'role_id');
