-- heimdal's guarded writes (issue 17, platform/guarded/guarded-writes.ts): every change an operator tool applied, with
-- its reason, each field before and after, and what an undo needs (null: it cannot be undone), kept beside the audit log.
CREATE TABLE operator_actions (
	id bigserial PRIMARY KEY,
	tool text NOT NULL,
	actor_id integer,
	actor_name text,
	reason text NOT NULL,
	total integer NOT NULL,
	label text NOT NULL,
	changes jsonb NOT NULL,
	undo jsonb,
	-- It asked for typed words (a bulk change): its undo asks for them too.
	confirmed boolean NOT NULL,
	created_at timestamptz NOT NULL,
	undone_at timestamptz,
	undone_by integer,
	undone_by_name text,
	undo_reason text
);
--> statement-breakpoint
CREATE INDEX operator_actions_tool_idx ON operator_actions (tool, created_at DESC, id DESC);
