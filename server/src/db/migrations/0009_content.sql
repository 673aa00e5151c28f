-- cms Campaign: offers, banners, campaigns and push messages (and the top-up banners of Top-up & Bills) in one table (one lifecycle, one approval queue), each
-- kind with the columns of its own form (null for the others). `status` is the stored state of content status set B;
-- an approved item's displayed status (upcoming, live, expired) follows its period, and the scheduled-publishing job
-- keeps the stored value in step. `published_snapshot` keeps the fields as last approved, for the approver's compare.
CREATE TABLE content_items (
	id serial PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('offer', 'banner', 'campaign', 'push-message', 'banner-digital-product')),
	title text NOT NULL,
	description text,
	image_url text,
	link_url text,
	priority smallint NOT NULL DEFAULT 5 CHECK (priority BETWEEN 1 AND 10),
	targeting smallint NOT NULL DEFAULT 2 CHECK (targeting IN (1, 2)),
	member_scope smallint NOT NULL DEFAULT 0 CHECK (member_scope IN (0, 1)),
	consumer_tag_ids integer[] NOT NULL DEFAULT '{}',
	province_codes text[] NOT NULL DEFAULT '{}',
	start_at timestamptz NOT NULL,
	end_at timestamptz NOT NULL,
	status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 6),
	campaign_id integer REFERENCES content_items(id),
	content_type smallint CHECK (content_type BETWEEN 0 AND 7),
	display_location smallint CHECK (display_location IN (0, 1, 2)),
	placement_page text,
	banner_type smallint CHECK (banner_type IN (1, 6, 7, 8, 9, 10)),
	digital_product_type smallint CHECK (digital_product_type IN (1, 2)),
	position integer,
	message_kind smallint CHECK (message_kind IN (0, 1)),
	message text,
	recurrence text CHECK (recurrence IN ('daily', 'weekly', 'monthly')),
	send_time text,
	submitted_by integer REFERENCES users(id),
	submitted_at timestamptz,
	reviewed_by integer REFERENCES users(id),
	reviewed_at timestamptz,
	reject_reason text,
	published_snapshot jsonb,
	published_at timestamptz,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer REFERENCES users(id),
	updated_by integer REFERENCES users(id),
	CHECK (end_at > start_at)
);
--> statement-breakpoint
CREATE INDEX content_items_updated_idx ON content_items (kind, updated_at, id);
--> statement-breakpoint
CREATE INDEX content_items_created_idx ON content_items (kind, created_at, id);
--> statement-breakpoint
CREATE INDEX content_items_title_idx ON content_items (kind, lower(title), id);
--> statement-breakpoint
CREATE INDEX content_items_title_trgm_idx ON content_items USING gin (lower(title) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX content_items_priority_idx ON content_items (kind, priority, id);
--> statement-breakpoint
CREATE INDEX content_items_start_idx ON content_items (kind, start_at, id);
--> statement-breakpoint
CREATE INDEX content_items_end_idx ON content_items (kind, end_at, id);
--> statement-breakpoint
-- Status filters: a stored state, or a published state narrowed by the period.
CREATE INDEX content_items_status_start_idx ON content_items (kind, status, start_at);
--> statement-breakpoint
CREATE INDEX content_items_status_end_idx ON content_items (kind, status, end_at);
--> statement-breakpoint
CREATE INDEX content_items_campaign_idx ON content_items (campaign_id) WHERE campaign_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX content_items_type_idx ON content_items (kind, content_type, updated_at, id);
--> statement-breakpoint
CREATE INDEX content_items_banner_idx ON content_items (kind, placement_page, position, id);
--> statement-breakpoint
CREATE INDEX content_items_banner_type_idx ON content_items (kind, banner_type, updated_at, id);
--> statement-breakpoint
CREATE INDEX content_items_digital_type_idx ON content_items (kind, digital_product_type, updated_at, id);
--> statement-breakpoint
CREATE INDEX content_items_message_kind_idx ON content_items (kind, message_kind, updated_at, id);
--> statement-breakpoint
-- The approval queue (every kind) and the scheduler's sweep of due items.
CREATE INDEX content_items_pending_idx ON content_items (submitted_at, id) WHERE status = 1;
--> statement-breakpoint
CREATE INDEX content_items_due_start_idx ON content_items (start_at) WHERE status = 2;
--> statement-breakpoint
CREATE INDEX content_items_due_end_idx ON content_items (end_at) WHERE status IN (2, 3);
