import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/*
 * cms Campaign content (migration 0009_content.sql, hand-written; this definition mirrors it). Offers, banners,
 * campaigns and push messages share one table: one lifecycle (content status set B in `status`) and one approval queue.
 * The services read and write it through SQL (platform/crud and the content workflow service).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    priority: smallint('priority').notNull().default(5),
    targeting: smallint('targeting').notNull().default(2),
    memberScope: smallint('member_scope').notNull().default(0),
    consumerTagIds: integer('consumer_tag_ids').array().notNull().default(sql`'{}'`),
    provinceCodes: text('province_codes').array().notNull().default(sql`'{}'`),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    /** Stored state of CONTENT_STATUS (set B); the displayed one follows the period for approved items. */
    status: smallint('status').notNull().default(0),
    campaignId: integer('campaign_id').references((): AnyPgColumn => contentItems.id),
    contentType: smallint('content_type'),
    displayLocation: smallint('display_location'),
    placementPage: text('placement_page'),
    bannerType: smallint('banner_type'),
    digitalProductType: smallint('digital_product_type'),
    position: integer('position'),
    messageKind: smallint('message_kind'),
    message: text('message'),
    recurrence: text('recurrence'),
    sendTime: text('send_time'),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: ts('submitted_at'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    rejectReason: text('reject_reason'),
    publishedSnapshot: jsonb('published_snapshot'),
    publishedAt: ts('published_at'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    check('content_items_period_check', sql`${t.endAt} > ${t.startAt}`),
    index('content_items_updated_idx').on(t.kind, t.updatedAt, t.id),
    index('content_items_start_idx').on(t.kind, t.startAt, t.id),
    index('content_items_end_idx').on(t.kind, t.endAt, t.id),
    index('content_items_status_start_idx').on(t.kind, t.status, t.startAt),
    index('content_items_status_end_idx').on(t.kind, t.status, t.endAt),
  ],
);

/** The notification announcing an offer (migration 0012_content_notifications.sql): one per offer, keyed by its id. */
export const offerNotifications = pgTable(
  'offer_notifications',
  {
    id: integer('id')
      .primaryKey()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    title: text('title'),
    message: text('message'),
    /** NOTIFICATION_SEND_MODE: 1 at go-live, 2 at `send_at`. */
    sendMode: smallint('send_mode').notNull().default(1),
    sendAt: ts('send_at'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    check('offer_notifications_send_at_check', sql`${t.sendMode} = 2 or ${t.sendAt} is null`),
    check('offer_notifications_enabled_check', sql`not ${t.enabled} or (${t.title} is not null and ${t.message} is not null)`),
  ],
);
