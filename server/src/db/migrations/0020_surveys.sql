-- Polling and survey (issue 13, point 7): forms with their questions as rows (so the report has one column per
-- question), consumers' responses (one per consumer and form, held by a unique index) and their answers.
CREATE TABLE forms (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
	targeting smallint NOT NULL DEFAULT 2 CHECK (targeting IN (1, 2)),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	consumer_tag_ids integer[] NOT NULL DEFAULT '{}',
	province_codes text[] NOT NULL DEFAULT '{}',
	start_at timestamptz NOT NULL,
	end_at timestamptz NOT NULL,
	response_count integer NOT NULL DEFAULT 0 CHECK (response_count >= 0),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id),
	CHECK (end_at > start_at)
);
--> statement-breakpoint
CREATE INDEX forms_updated_idx ON forms (updated_at, id);
--> statement-breakpoint
CREATE INDEX forms_created_idx ON forms (created_at, id);
--> statement-breakpoint
CREATE INDEX forms_name_idx ON forms (lower(name), id);
--> statement-breakpoint
CREATE INDEX forms_name_trgm_idx ON forms USING gin (lower(name) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX forms_start_idx ON forms (start_at, id);
--> statement-breakpoint
CREATE INDEX forms_end_idx ON forms (end_at, id);
--> statement-breakpoint
CREATE INDEX forms_status_idx ON forms (status, updated_at, id);
--> statement-breakpoint
CREATE INDEX forms_offered_idx ON forms (start_at, end_at) WHERE status = 2;
--> statement-breakpoint
CREATE TABLE form_questions (
	id serial PRIMARY KEY,
	form_id integer NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
	position integer NOT NULL CHECK (position >= 1),
	text text NOT NULL,
	type smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
	required boolean NOT NULL DEFAULT false,
	options text[] NOT NULL DEFAULT '{}',
	scale_min smallint,
	scale_max smallint,
	min_label text,
	max_label text,
	UNIQUE (form_id, position),
	CHECK (type <> 3 OR (scale_min IS NOT NULL AND scale_max IS NOT NULL AND scale_min < scale_max))
);
--> statement-breakpoint
CREATE TABLE form_responses (
	id serial PRIMARY KEY,
	form_id integer NOT NULL REFERENCES forms(id),
	consumer_id integer NOT NULL REFERENCES consumers(id),
	submitted_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (form_id, consumer_id)
);
--> statement-breakpoint
CREATE INDEX form_responses_submitted_idx ON form_responses (submitted_at, id);
--> statement-breakpoint
CREATE INDEX form_responses_form_idx ON form_responses (form_id, submitted_at, id);
--> statement-breakpoint
CREATE INDEX form_responses_consumer_idx ON form_responses (consumer_id);
--> statement-breakpoint
CREATE TABLE form_answers (
	response_id integer NOT NULL REFERENCES form_responses(id) ON DELETE CASCADE,
	question_id integer NOT NULL REFERENCES form_questions(id),
	choices integer[],
	scale smallint,
	answer_text text,
	PRIMARY KEY (response_id, question_id)
);
--> statement-breakpoint
CREATE INDEX form_answers_question_idx ON form_answers (question_id);
