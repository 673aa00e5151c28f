import { sql } from 'drizzle-orm';
import type { ImportCellError, ImportFormat } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { convertCell, headerName, type CellValue, type ImportColumn, type ImportDefinition, type ImportParams } from './definition.ts';
import { FileProblem, openRows } from './reader.ts';

/** Rows validated, reference-checked and staged together (one query per reference and one insert per chunk). */
export const CHUNK_ROWS = 5000;
/** More data rows than this in one file fail the batch (split the file). */
export const MAX_ROWS = 200_000;

interface StagedRow {
  rowNo: number;
  data: Record<string, CellValue>;
  errors: ImportCellError[];
}

/** Where each column sits in the file, from the header row. */
type HeaderMap = Map<string, number>;

const isEmptyRow = (cells: readonly unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

function mapHeader(def: ImportDefinition, cells: readonly unknown[]): HeaderMap {
  const byName = new Map<string, ImportColumn>();
  for (const c of def.columns) for (const n of [c.key, c.label, ...(c.aliases ?? [])]) byName.set(headerName(n), c);
  const map: HeaderMap = new Map();
  cells.forEach((cell, index) => {
    if (typeof cell !== 'string' && typeof cell !== 'number') return;
    const column = byName.get(headerName(String(cell)));
    if (!column) return;
    if (map.has(column.key)) throw new FileProblem(`The column "${column.label}" appears twice in the header row.`);
    map.set(column.key, index);
  });
  const missing = def.columns.filter((c) => c.required && !map.has(c.key)).map((c) => c.label);
  if (missing.length) {
    throw new FileProblem(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The first row must hold the template's headers.`);
  }
  if (map.size === 0) throw new FileProblem('The first row holds none of the template\'s headers.');
  return map;
}

function checkRow(def: ImportDefinition, header: HeaderMap, rowNo: number, cells: readonly unknown[], seen: Map<string, number>): StagedRow {
  const data: Record<string, CellValue> = {};
  const errors: ImportCellError[] = [];
  for (const column of def.columns) {
    const index = header.get(column.key);
    if (index === undefined) {
      data[column.key] = null;
      continue;
    }
    const result = convertCell(column, cells[index]);
    if (result.ok) data[column.key] = result.value;
    else {
      data[column.key] = result.raw;
      errors.push({ column: column.key, message: result.message });
    }
  }
  if (!errors.length && def.rowCheck) errors.push(...def.rowCheck(data));
  const keyColumns = def.keyColumns;
  if (keyColumns.length && keyColumns.every((k) => data[k] !== null && !errors.some((e) => e.column === k))) {
    const key = keyColumns.map((k) => String(data[k]).toLowerCase()).join('\u0000');
    const first = seen.get(key);
    if (first === undefined) seen.set(key, rowNo);
    else {
      const labels = keyColumns.map((k) => def.columns.find((c) => c.key === k)?.label ?? k).join(' + ');
      errors.push({ column: keyColumns[0]!, message: `Duplicate ${labels} in the file: the same as row ${first}` });
    }
  }
  return { rowNo, data, errors };
}

/** Checks a chunk's foreign keys (one query per reference) and stages the chunk with one insert. Answers its bad rows. */
async function flush(db: Db, def: ImportDefinition, batchId: number, chunk: StagedRow[], params: ImportParams): Promise<number> {
  for (const ref of def.references ?? []) {
    const candidates = chunk.filter((r) => r.data[ref.column] !== null && !r.errors.some((e) => e.column === ref.column));
    const values = [...new Set(candidates.map((r) => String(r.data[ref.column])))];
    if (!values.length) continue;
    const label = ref.label ?? def.columns.find((c) => c.key === ref.column)?.label ?? ref.column;
    const found = ref.check ? await ref.check(db, values, params) : undefined;
    const problems = ref.problems ? await ref.problems(db, values, params) : undefined;
    for (const r of candidates) {
      const value = String(r.data[ref.column]);
      const problem = problems?.get(value) ?? (found && !found.has(value) ? (ref.message ? ref.message(value) : `Unknown ${label}: ${value}`) : undefined);
      if (problem) r.errors.push({ column: ref.column, message: problem });
    }
  }
  if (def.rowsCheck) {
    const clean = chunk.filter((r) => !r.errors.length);
    const found = clean.length ? await def.rowsCheck(db, clean.map((r) => r.data), params) : new Map<number, ImportCellError[]>();
    for (const [index, errors] of found) clean[index]?.errors.push(...errors);
  }
  const payload = JSON.stringify(chunk.map((r) => (r.errors.length ? { r: r.rowNo, d: r.data, e: r.errors } : { r: r.rowNo, d: r.data })));
  await db.execute(
    sql`insert into import_rows (batch_id, row_no, data, errors)
      select ${batchId}, (e->>'r')::int, e->'d', e->'e' from jsonb_array_elements(${payload}::jsonb) as e`,
  );
  return chunk.filter((r) => r.errors.length).length;
}

/**
 * Streams the file's rows into `import_rows`: the header mapped to the definition's columns, each cell converted and
 * checked, duplicate keys in the file and foreign keys (by SQL per chunk) found, every row staged with its errors.
 * Answers the counts; a file that cannot be read as the template throws {@link FileProblem}.
 */
export async function stageFile(
  db: Db,
  def: ImportDefinition,
  batchId: number,
  file: { path: string; format: ImportFormat },
  params: ImportParams,
  onProgress: (fraction: number) => Promise<void>,
): Promise<{ total: number; invalid: number }> {
  const source = await openRows(file.path, file.format, def.sheet);
  let header: HeaderMap | undefined;
  const seen = new Map<string, number>();
  let chunk: StagedRow[] = [];
  let total = 0;
  let invalid = 0;
  for await (const row of source.rows) {
    if (isEmptyRow(row.cells)) continue;
    if (!header) {
      header = mapHeader(def, row.cells);
      continue;
    }
    if (++total > MAX_ROWS) throw new FileProblem(`The file has more than ${MAX_ROWS.toLocaleString('en')} rows: split it into smaller files.`);
    chunk.push(checkRow(def, header, row.rowNo, row.cells, seen));
    if (chunk.length >= CHUNK_ROWS) {
      invalid += await flush(db, def, batchId, chunk, params);
      chunk = [];
      await onProgress(source.progress());
    }
  }
  if (!header) throw new FileProblem(file.format === 'xlsx' ? `The sheet "${def.sheet}" is empty.` : 'The file is empty.');
  if (chunk.length) invalid += await flush(db, def, batchId, chunk, params);
  if (total === 0) throw new FileProblem('The file has a header row but no data rows.');
  return { total, invalid };
}
