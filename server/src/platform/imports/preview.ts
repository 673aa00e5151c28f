import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ImportCellError, ImportFormat, ImportRow, ImportRowsQuery, ListMeta } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { countRows, pageOffset } from '../pagination.ts';
import { jsonOf, type BatchRecord } from './batch.repo.ts';
import type { CellValue, ImportDefinition } from './definition.ts';
import { openErrorFile, type BadRow } from './files.ts';

/** A page of the preview: every row (or only the bad ones) with its values and its errors by cell. */
export async function previewRows(db: Db, batch: BatchRecord, q: ImportRowsQuery): Promise<{ data: ImportRow[]; meta: ListMeta }> {
  const where = q.only_errors ? sql`where batch_id = ${batch.id} and errors is not null` : sql`where batch_id = ${batch.id}`;
  const offset = pageOffset(q);
  const rows = await queryRows<{ row_no: number; data: unknown; errors: unknown }>(db, sql`select row_no, data, errors from import_rows ${where} order by row_no limit ${q.limit} offset ${offset}`);
  // Once validated the batch knows its counts exactly; while validating, count what is staged so far.
  const total =
    batch.status === 'PENDING'
      ? await countRows(db, sql`from import_rows`, where)
      : { total: q.only_errors ? Number(batch.invalid_rows) : Number(batch.total_rows), total_kind: 'exact' as const };
  return {
    data: rows.map((r) => ({ row_no: Number(r.row_no), values: jsonOf<Record<string, CellValue>>(r.data), errors: r.errors === null ? [] : jsonOf<ImportCellError[]>(r.errors) })),
    meta: { page: q.page, limit: q.limit, ...total },
  };
}

/** Streams the error file of a batch into `out`, reading the bad rows by keyset in chunks. */
export async function writeErrorFile(db: Db, batch: BatchRecord, def: ImportDefinition, format: ImportFormat, out: Writable): Promise<void> {
  const writer = openErrorFile(def, format, out);
  let after = 0;
  for (;;) {
    const rows = await queryRows<{ row_no: number; data: unknown; errors: unknown }>(
      db,
      sql`select row_no, data, errors from import_rows where batch_id = ${batch.id} and errors is not null and row_no > ${after} order by row_no limit 2000`,
    );
    if (!rows.length) break;
    const bad: BadRow[] = rows.map((r) => ({ row_no: Number(r.row_no), data: jsonOf<Record<string, CellValue>>(r.data), errors: jsonOf<ImportCellError[]>(r.errors) }));
    await writer.write(bad);
    after = Number(rows[rows.length - 1]!.row_no);
    if (rows.length < 2000) break;
  }
  await writer.end();
}
