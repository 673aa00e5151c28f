-- Issue 13 (earning at scale): each instance keeps the consumer-app sessions it resolved for a few seconds
-- (platform/consumer-auth.ts), as 0017 does for staff sessions. What a consumer token resolves to (the session, the
-- consumer's status and name) is announced at commit on the channel `<schema>.consumer-access`, so every instance drops
-- the entry at once: `session:<id>` for a consumer session, `consumer:<id>` for a consumer. A topic of its own, since
-- the staff session cache clears itself whole on a kind it does not know. The function takes the channel's topic as an
-- optional third argument (the staff triggers keep `access`). Consumer rows change on every stamp earned (their
-- stamp_balance): only status and name, the columns resolve reads, are announced.
CREATE OR REPLACE FUNCTION notify_access_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	channel text := tg_table_schema || '.' || CASE WHEN tg_nargs > 2 THEN tg_argv[2] ELSE 'access' END;
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
CREATE TRIGGER consumer_sessions_access_change AFTER UPDATE OR DELETE ON consumer_sessions FOR EACH ROW
	EXECUTE FUNCTION notify_access_change('session', 'id', 'consumer-access');
--> statement-breakpoint
CREATE TRIGGER consumers_access_change AFTER UPDATE ON consumers FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.name IS DISTINCT FROM NEW.name)
	EXECUTE FUNCTION notify_access_change('consumer', 'id', 'consumer-access');
--> statement-breakpoint
CREATE TRIGGER consumers_access_delete AFTER DELETE ON consumers FOR EACH ROW EXECUTE FUNCTION notify_access_change('consumer', 'id', 'consumer-access');
