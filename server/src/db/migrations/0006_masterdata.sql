-- Master data of the cms area: custom consumer tags, ticket categories, the e-mail escalation mapping, the general
-- setting and app version records, and drafts for the rich-text documents kept in legal_documents.
CREATE TABLE custom_consumer_tags (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	color text NOT NULL,
	status smallint NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX custom_consumer_tags_name_uq ON custom_consumer_tags (lower(name));
--> statement-breakpoint
CREATE INDEX custom_consumer_tags_name_idx ON custom_consumer_tags (lower(name), id);
--> statement-breakpoint
CREATE INDEX custom_consumer_tags_status_idx ON custom_consumer_tags (status, lower(name), id);
--> statement-breakpoint
CREATE INDEX custom_consumer_tags_color_idx ON custom_consumer_tags (color, lower(name), id);
--> statement-breakpoint
CREATE INDEX custom_consumer_tags_updated_idx ON custom_consumer_tags (updated_at, id);
--> statement-breakpoint
CREATE INDEX custom_consumer_tags_created_idx ON custom_consumer_tags (created_at, id);
--> statement-breakpoint
CREATE TABLE ticket_categories (
	id serial PRIMARY KEY,
	name text NOT NULL,
	description text,
	sla_hours integer NOT NULL CHECK (sla_hours BETWEEN 1 AND 720),
	status smallint NOT NULL DEFAULT 1,
	position integer NOT NULL DEFAULT 1,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX ticket_categories_name_uq ON ticket_categories (lower(name));
--> statement-breakpoint
CREATE INDEX ticket_categories_position_idx ON ticket_categories (position, id);
--> statement-breakpoint
CREATE INDEX ticket_categories_name_idx ON ticket_categories (lower(name), id);
--> statement-breakpoint
CREATE INDEX ticket_categories_sla_idx ON ticket_categories (sla_hours, id);
--> statement-breakpoint
CREATE INDEX ticket_categories_status_idx ON ticket_categories (status, position, id);
--> statement-breakpoint
CREATE INDEX ticket_categories_updated_idx ON ticket_categories (updated_at, id);
--> statement-breakpoint
CREATE INDEX ticket_categories_created_idx ON ticket_categories (created_at, id);
--> statement-breakpoint
CREATE TABLE master_mapping_emails (
	id serial PRIMARY KEY,
	user_id integer NOT NULL REFERENCES users(id),
	parent_id integer REFERENCES master_mapping_emails(id),
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer,
	CHECK (parent_id IS NULL OR parent_id <> id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX master_mapping_emails_user_uq ON master_mapping_emails (user_id);
--> statement-breakpoint
CREATE INDEX master_mapping_emails_parent_idx ON master_mapping_emails (parent_id, id);
--> statement-breakpoint
CREATE INDEX master_mapping_emails_updated_idx ON master_mapping_emails (updated_at, id);
--> statement-breakpoint
CREATE INDEX master_mapping_emails_created_idx ON master_mapping_emails (created_at, id);
--> statement-breakpoint
CREATE TABLE general_settings (
	id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
	cs_phone text,
	cs_email text,
	whatsapp_number text,
	min_order_amount bigint NOT NULL DEFAULT 0,
	delivery_fee bigint NOT NULL DEFAULT 0,
	free_delivery_min_amount bigint NOT NULL DEFAULT 0,
	point_conversion integer NOT NULL DEFAULT 10000,
	max_vouchers_per_order integer NOT NULL DEFAULT 1,
	maintenance_mode boolean NOT NULL DEFAULT false,
	maintenance_message text,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
INSERT INTO general_settings (id) VALUES (1);
--> statement-breakpoint
CREATE TABLE app_versions (
	id serial PRIMARY KEY,
	platform text NOT NULL CHECK (platform IN ('ios', 'android')),
	current_version text NOT NULL,
	minimum_version text NOT NULL,
	force_update boolean NOT NULL DEFAULT false,
	store_url text NOT NULL,
	release_notes text,
	version integer NOT NULL DEFAULT 1,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	created_by integer,
	updated_by integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX app_versions_platform_uq ON app_versions (platform);
--> statement-breakpoint
INSERT INTO app_versions (platform, current_version, minimum_version, store_url) VALUES
	('android', '1.0.0', '1.0.0', 'https://play.google.com/store/apps'),
	('ios', '1.0.0', '1.0.0', 'https://apps.apple.com/');
--> statement-breakpoint
-- One draft (published_at null) per document; published rows are the history, read through legal_documents_lookup_idx.
CREATE UNIQUE INDEX legal_documents_draft_uq ON legal_documents (kind, variant, language) WHERE published_at IS NULL;
