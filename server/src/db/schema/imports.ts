import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/*
 * The import pipeline (migration 0004_imports.sql, hand-written; these definitions mirror it). platform/imports reads
 * and writes them through SQL; the definitions serve typed queries and documentation.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One uploaded file of one bulk operation (`key` names its import definition). */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    fileName: text('file_name').notNull(),
    /** 'xlsx' or 'csv', from the file's content. */
    fileFormat: text('file_format').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The upload under DATA_DIR/imports until validation has staged its rows; null afterwards. */
    filePath: text('file_path'),
    /** The definition's upload parameters (e.g. which free gift the stores go to). */
    params: jsonb('params'),
    /** PENDING → VALIDATED → PROCESSING → COMPLETED, or FAILED (contract IMPORT_STATUS). */
    status: text('status').notNull().default('PENDING'),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    result: jsonb('result'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    validatedAt: ts('validated_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    confirmedAt: ts('confirmed_at'),
    completedAt: ts('completed_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('import_batches_creator_idx').on(t.createdBy, t.createdAt, t.id),
    index('import_batches_key_idx').on(t.key, t.createdAt, t.id),
    index('import_batches_open_idx').on(t.status, t.id).where(sql`status IN ('PENDING', 'PROCESSING')`),
  ],
);

/** A row of an uploaded file: its values (normalised when valid) and its errors by cell (null when valid). */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the header is row 1). */
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').notNull(),
    errors: jsonb('errors'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNo] }), index('import_rows_errors_idx').on(t.batchId, t.rowNo).where(sql`errors IS NOT NULL`)],
);
