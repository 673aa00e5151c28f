-- The record of unmasked reads of consumers' personal data (UU PDP, Law 27/2022, art. 31-32; docs/decisions.md,
-- "Personal data access log"). One entry per request (a list page, a detail, an export file) and one subject row per
-- consumer it showed, written together in one statement. The subjects carry no foreign keys: a read stays on record
-- whatever happens to the consumer, the entry and its subjects are written by one statement and never deleted, and an
-- export of a million consumers does not pay a million key checks.
CREATE TABLE personal_data_access (
	id bigserial PRIMARY KEY,
	at timestamptz NOT NULL DEFAULT now(),
	user_id integer NOT NULL REFERENCES users(id),
	screen text NOT NULL,
	route text NOT NULL,
	subject_count integer NOT NULL
);
--> statement-breakpoint
-- The whole log by time, and one staff member's reads by time.
CREATE INDEX personal_data_access_at_idx ON personal_data_access (at, id);
--> statement-breakpoint
CREATE INDEX personal_data_access_user_idx ON personal_data_access (user_id, at, id);
--> statement-breakpoint
-- One consumer's reads, newest first (entry ids grow with time).
CREATE TABLE personal_data_access_subjects (
	consumer_id integer NOT NULL,
	access_id bigint NOT NULL,
	PRIMARY KEY (consumer_id, access_id)
);
