-- Issue 18: live chat across instances. Every new message and every change of how many chats are unread is announced
-- on the channel `<schema>.chat` at commit (platform/db-notify.ts); each instance re-emits it to its own open event
-- streams (helpdesk/chat-events.ts). Triggers, not the service, send it: a message written by any instance or process
-- (the consumer API answered by another instance, a seed) reaches every agent. Payloads: `message:<id>` and `unread`.
-- A statement inserting more than 100 messages (a seed, a bulk load) announces `unread` once instead of each message.
CREATE FUNCTION notify_chat_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	channel text := tg_table_schema || '.chat';
	inserted integer;
	message record;
BEGIN
	SELECT count(*) INTO inserted FROM new_messages;
	IF inserted > 100 THEN
		PERFORM pg_notify(channel, 'unread');
	ELSE
		FOR message IN SELECT id FROM new_messages ORDER BY id LOOP
			PERFORM pg_notify(channel, 'message:' || message.id);
		END LOOP;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_notify AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_messages
	FOR EACH STATEMENT EXECUTE FUNCTION notify_chat_messages();
--> statement-breakpoint
-- Identical payloads within one transaction are delivered once, so a bulk change announces `unread` once.
CREATE FUNCTION notify_chat_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify(tg_table_schema || '.chat', 'unread');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chats_unread_insert AFTER INSERT ON chats FOR EACH ROW WHEN (NEW.status = 1) EXECUTE FUNCTION notify_chat_unread();
--> statement-breakpoint
CREATE TRIGGER chats_unread_update AFTER UPDATE OF status ON chats FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
	EXECUTE FUNCTION notify_chat_unread();
--> statement-breakpoint
CREATE TRIGGER chats_unread_delete AFTER DELETE ON chats FOR EACH ROW WHEN (OLD.status = 1) EXECUTE FUNCTION notify_chat_unread();
