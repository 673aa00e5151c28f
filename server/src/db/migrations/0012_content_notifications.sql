-- Notification Offer (issue 5): the notification announcing an offer, one per offer, keyed by the offer's id. A row
-- exists once the notification is first saved; an offer without one reads as "off, at go-live, version 1".
CREATE TABLE offer_notifications (
	id integer PRIMARY KEY REFERENCES content_items(id) ON DELETE CASCADE,
	enabled boolean NOT NULL DEFAULT false,
	title text,
	message text,
	send_mode smallint NOT NULL DEFAULT 1 CHECK (send_mode IN (1, 2)),
	send_at timestamptz,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id),
	CHECK (send_mode = 2 OR send_at IS NULL),
	CHECK (NOT enabled OR (title IS NOT NULL AND message IS NOT NULL))
);
