import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const audited = {
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    isSuper: boolean('is_super').notNull().default(false),
    status: smallint('status').notNull().default(1),
    deletedAt: ts('deleted_at'),
    ...audited,
  },
  (t) => [uniqueIndex('roles_name_uq').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`), index('roles_created_idx').on(t.createdAt)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    entry: text('entry').notNull(),
    action: text('action').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.entry, t.action] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: smallint('status').notNull().default(1),
    passwordHash: text('password_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastSignInAt: ts('last_sign_in_at'),
    passwordChangedAt: ts('password_changed_at'),
    deletedAt: ts('deleted_at'),
    ...audited,
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.roleId),
    index('users_created_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** A pending second-factor code of a Super Admin sign-in. One live challenge per user: a new code voids the old one. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: ts('at').notNull(),
  },
  // Ascending columns on purpose: a backward scan serves `order by at desc, id desc` (NULLS FIRST), which drizzle's
  // `.desc()` (DESC NULLS LAST) does not match, so the list would sort every matching row.
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_entity_idx').on(t.entity, t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
  ],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Rich-text documents (terms, privacy, how-to-redeem, setting-app) per variant and language: one draft each (published_at null) and the published versions. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    variant: text('variant').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    publishedAt: ts('published_at'),
    ...audited,
  },
  (t) => [
    index('legal_documents_lookup_idx').on(t.kind, t.variant, t.language, t.publishedAt),
    // One draft (unpublished row) per document; added by 0006_masterdata.
    uniqueIndex('legal_documents_draft_uq').on(t.kind, t.variant, t.language).where(sql`${t.publishedAt} is null`),
  ],
);
