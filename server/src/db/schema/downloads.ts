import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Exports kept for their owner in the Download List (migration 0003_jobs-exports). */
export const downloads = pgTable(
  'downloads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The export definition (`export_log`, ...). */
    exportName: text('export_name').notNull(),
    /** Menu entries whose export right the owner must still hold to download the file. */
    entries: text('entries').array().notNull(),
    format: text('format').notNull(),
    /** The list query the export was asked with (raw query-string values). */
    filters: jsonb('filters').notNull().default({}),
    fileName: text('file_name').notNull(),
    /** 1 in progress, 2 ready to download, 3 failed. */
    status: smallint('status').notNull().default(1),
    rowCount: integer('row_count'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** The file's name under DATA_DIR/exports. */
    storageName: text('storage_name'),
    error: text('error'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('downloads_user_file_uq').on(t.userId, t.fileName),
    index('downloads_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('downloads_user_status_idx').on(t.userId, t.status, t.createdAt, t.id),
  ],
);
