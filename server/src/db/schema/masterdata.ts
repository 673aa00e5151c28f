import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/*
 * Master data of the cms area (migration 0006_masterdata.sql, hand-written; these definitions mirror it). The services
 * read and write these tables through SQL (platform/crud), so the definitions serve typed queries and documentation.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const audited = {
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

export const customConsumerTags = pgTable(
  'custom_consumer_tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** One of the contract's TAG_COLOR palette. */
    color: text('color').notNull(),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    uniqueIndex('custom_consumer_tags_name_uq').on(sql`lower(${t.name})`),
    index('custom_consumer_tags_name_idx').on(sql`lower(${t.name})`, t.id),
    index('custom_consumer_tags_status_idx').on(t.status, sql`lower(${t.name})`, t.id),
    index('custom_consumer_tags_color_idx').on(t.color, sql`lower(${t.name})`, t.id),
    index('custom_consumer_tags_updated_idx').on(t.updatedAt, t.id),
    index('custom_consumer_tags_created_idx').on(t.createdAt, t.id),
  ],
);

export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    slaHours: integer('sla_hours').notNull(),
    status: smallint('status').notNull().default(1),
    position: integer('position').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('ticket_categories_sla_hours_check', sql`${t.slaHours} between 1 and 720`),
    uniqueIndex('ticket_categories_name_uq').on(sql`lower(${t.name})`),
    index('ticket_categories_position_idx').on(t.position, t.id),
    index('ticket_categories_name_idx').on(sql`lower(${t.name})`, t.id),
    index('ticket_categories_sla_idx').on(t.slaHours, t.id),
    index('ticket_categories_status_idx').on(t.status, t.position, t.id),
    index('ticket_categories_updated_idx').on(t.updatedAt, t.id),
    index('ticket_categories_created_idx').on(t.createdAt, t.id),
  ],
);

export const masterMappingEmails = pgTable(
  'master_mapping_emails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => masterMappingEmails.id),
    ...audited,
  },
  (t) => [
    check('master_mapping_emails_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    uniqueIndex('master_mapping_emails_user_uq').on(t.userId),
    index('master_mapping_emails_parent_idx').on(t.parentId, t.id),
    index('master_mapping_emails_updated_idx').on(t.updatedAt, t.id),
    index('master_mapping_emails_created_idx').on(t.createdAt, t.id),
  ],
);

/** The single general-setting record (id 1, created by the migration). */
export const generalSettings = pgTable(
  'general_settings',
  {
    id: integer('id').primaryKey().default(1),
    csPhone: text('cs_phone'),
    csEmail: text('cs_email'),
    whatsappNumber: text('whatsapp_number'),
    minOrderAmount: bigint('min_order_amount', { mode: 'number' }).notNull().default(0),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    freeDeliveryMinAmount: bigint('free_delivery_min_amount', { mode: 'number' }).notNull().default(0),
    pointConversion: integer('point_conversion').notNull().default(10000),
    maxVouchersPerOrder: integer('max_vouchers_per_order').notNull().default(1),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    maintenanceMessage: text('maintenance_message'),
    ...audited,
  },
  (t) => [check('general_settings_id_check', sql`${t.id} = 1`)],
);

/** One row per platform (ios, android), created by the migration. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    currentVersion: text('current_version').notNull(),
    minimumVersion: text('minimum_version').notNull(),
    forceUpdate: boolean('force_update').notNull().default(false),
    storeUrl: text('store_url').notNull(),
    releaseNotes: text('release_notes'),
    ...audited,
  },
  (t) => [check('app_versions_platform_check', sql`${t.platform} in ('ios', 'android')`), uniqueIndex('app_versions_platform_uq').on(t.platform)],
);
