-- cms Consumer group, help desk and live chat: tickets with their conversation, FAQ, message templates, ratings, the
-- consumers' live chats, and the consumer app's credentials and sessions (tokens stored as SHA-256, like staff sessions).
-- Every list filter and sort has its index; lists read newest first from ascending (x, id) indexes (backward scan).
CREATE TABLE tickets (
	id serial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	category_id integer REFERENCES ticket_categories(id),
	store_id integer REFERENCES stores(id),
	subject text NOT NULL,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
	assign_to_user_id integer REFERENCES users(id),
	source text NOT NULL DEFAULT 'app' CHECK (source IN ('app', 'portal', 'upload')),
	-- The reference of a ticket that arrived by bulk upload (a call-centre log's number): one ticket per reference.
	external_ref text,
	last_message_at timestamptz NOT NULL DEFAULT now(),
	solved_at timestamptz,
	solved_by integer REFERENCES users(id),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX tickets_external_ref_uq ON tickets (lower(external_ref)) WHERE external_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX tickets_created_idx ON tickets (created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_last_message_idx ON tickets (last_message_at, id);
--> statement-breakpoint
CREATE INDEX tickets_updated_idx ON tickets (updated_at, id);
--> statement-breakpoint
CREATE INDEX tickets_status_idx ON tickets (status, created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_category_idx ON tickets (category_id, created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_assignee_idx ON tickets (assign_to_user_id, created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_store_idx ON tickets (store_id, created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_consumer_idx ON tickets (consumer_id, created_at, id);
--> statement-breakpoint
CREATE INDEX tickets_subject_trgm_idx ON tickets USING gin (lower(subject) public.gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE ticket_messages (
	id serial PRIMARY KEY,
	ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
	sender smallint NOT NULL CHECK (sender IN (1, 2)),
	user_id integer REFERENCES users(id),
	body text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, id);
--> statement-breakpoint
CREATE TABLE faqs (
	id serial PRIMARY KEY,
	question text NOT NULL,
	answer text NOT NULL,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	position integer NOT NULL,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE INDEX faqs_position_idx ON faqs (position, id);
--> statement-breakpoint
CREATE INDEX faqs_question_idx ON faqs (lower(question), id);
--> statement-breakpoint
CREATE INDEX faqs_updated_idx ON faqs (updated_at, id);
--> statement-breakpoint
CREATE INDEX faqs_created_idx ON faqs (created_at, id);
--> statement-breakpoint
CREATE INDEX faqs_status_idx ON faqs (status, position, id);
--> statement-breakpoint
CREATE TABLE message_templates (
	id serial PRIMARY KEY,
	title text NOT NULL,
	body text NOT NULL,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE INDEX message_templates_title_idx ON message_templates (lower(title), id);
--> statement-breakpoint
CREATE INDEX message_templates_updated_idx ON message_templates (updated_at, id);
--> statement-breakpoint
CREATE INDEX message_templates_created_idx ON message_templates (created_at, id);
--> statement-breakpoint
CREATE INDEX message_templates_status_idx ON message_templates (status, id);
--> statement-breakpoint
CREATE TABLE chats (
	id serial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
	last_message text,
	last_sender smallint,
	last_message_at timestamptz NOT NULL DEFAULT now(),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX chats_consumer_uq ON chats (consumer_id);
--> statement-breakpoint
CREATE INDEX chats_last_message_idx ON chats (last_message_at, id);
--> statement-breakpoint
CREATE INDEX chats_created_idx ON chats (created_at, id);
--> statement-breakpoint
CREATE INDEX chats_status_idx ON chats (status, last_message_at, id);
--> statement-breakpoint
CREATE TABLE chat_messages (
	id serial PRIMARY KEY,
	chat_id integer NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
	sender smallint NOT NULL CHECK (sender IN (1, 2)),
	user_id integer REFERENCES users(id),
	template_id integer REFERENCES message_templates(id),
	body text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX chat_messages_chat_idx ON chat_messages (chat_id, id);
--> statement-breakpoint
CREATE TABLE ratings (
	id serial PRIMARY KEY,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	ticket_id integer REFERENCES tickets(id) ON DELETE SET NULL,
	chat_id integer REFERENCES chats(id) ON DELETE SET NULL,
	score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
	comment text,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	updated_by integer REFERENCES users(id)
);
--> statement-breakpoint
CREATE INDEX ratings_created_idx ON ratings (created_at, id);
--> statement-breakpoint
CREATE INDEX ratings_score_idx ON ratings (score, created_at, id);
--> statement-breakpoint
CREATE INDEX ratings_consumer_idx ON ratings (consumer_id, created_at, id);
--> statement-breakpoint
CREATE TABLE consumer_credentials (
	consumer_id integer PRIMARY KEY REFERENCES consumers(id) ON DELETE CASCADE,
	password_hash text NOT NULL,
	updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE consumer_sessions (
	id serial PRIMARY KEY,
	token_hash text NOT NULL,
	consumer_id integer NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	revoked_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX consumer_sessions_token_uq ON consumer_sessions (token_hash);
--> statement-breakpoint
CREATE INDEX consumer_sessions_consumer_idx ON consumer_sessions (consumer_id);
