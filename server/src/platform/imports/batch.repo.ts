import { sql } from 'drizzle-orm';
import { importJobStatus, type ImportBatch, type ImportFormat, type ImportStatus } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { iso, isoOrNull } from '../pagination.ts';
import type { ImportParams } from './definition.ts';

/** An `import_batches` row with its uploader's and confirmer's names, as the pipeline reads it. */
export interface BatchRecord {
  id: number;
  key: string;
  file_name: string;
  file_format: ImportFormat;
  file_size: number;
  file_path: string | null;
  params: unknown;
  status: ImportStatus;
  total_rows: number;
  valid_rows: number;
  invalid_rows: number;
  progress: number;
  error: string | null;
  result: Record<string, number> | null;
  created_by: number;
  created_by_name: string | null;
  created_at: unknown;
  updated_at: unknown;
  validated_at: unknown;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  confirmed_at: unknown;
  completed_at: unknown;
  version: number;
}

const BATCH_SELECT = sql`select b.id, b.key, b.file_name, b.file_format, b.file_size, b.file_path, b.params, b.status, b.total_rows, b.valid_rows,
  b.invalid_rows, b.progress, b.error, b.result, b.created_by, cu.name as created_by_name, b.created_at, b.updated_at, b.validated_at,
  b.confirmed_by, fu.name as confirmed_by_name, b.confirmed_at, b.completed_at, b.version
  from import_batches b left join users cu on cu.id = b.created_by left join users fu on fu.id = b.confirmed_by`;

/** A JSON column as PGlite (text) or pg (parsed) returns it. */
export const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The batch as the API shows it. */
export function toBatch(r: BatchRecord): ImportBatch {
  return {
    id: Number(r.id),
    key: r.key,
    file_name: r.file_name,
    file_format: r.file_format,
    file_size: Number(r.file_size),
    params: r.params === null ? null : jsonOf<Record<string, string | number>>(r.params),
    status: r.status,
    job_status: importJobStatus(r.status),
    total_rows: Number(r.total_rows),
    valid_rows: Number(r.valid_rows),
    invalid_rows: Number(r.invalid_rows),
    progress: Number(r.progress),
    error: r.error,
    result: r.result === null ? null : jsonOf<Record<string, number>>(r.result),
    created_by: Number(r.created_by),
    created_by_name: r.created_by_name,
    created_at: iso(r.created_at),
    validated_at: isoOrNull(r.validated_at),
    confirmed_at: isoOrNull(r.confirmed_at),
    completed_at: isoOrNull(r.completed_at),
    version: Number(r.version),
  };
}

export const paramsOf = (batch: BatchRecord): ImportParams => (batch.params === null || batch.params === undefined ? {} : jsonOf<ImportParams>(batch.params));

/** One batch; `forUpdate` locks its row until the transaction ends. */
export async function findBatch(db: Db | Tx, id: number, opts: { forUpdate?: boolean } = {}): Promise<BatchRecord | undefined> {
  const rows = await queryRows<BatchRecord & Record<string, unknown>>(db, sql`${BATCH_SELECT} where b.id = ${id}${opts.forUpdate ? sql` for update of b` : sql``}`);
  return rows[0];
}

/** Marks a batch FAILED with the reason, if it is still in status `from`; its stored file is forgotten. */
export async function failBatch(db: Db, id: number, from: ImportStatus, message: string): Promise<void> {
  await db.execute(
    sql`update import_batches set status = 'FAILED', error = ${message.slice(0, 2000)}, progress = 0, file_path = null, updated_at = now(), version = version + 1
      where id = ${id} and status = ${from}`,
  );
}
