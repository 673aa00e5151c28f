import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  can,
  importJobStatus,
  type ImportBatch,
  type ImportCellError,
  type ImportFormat,
  type ImportRow,
  type ImportRowsQuery,
  type ImportStatus,
  type ListMeta,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import type { Clock } from '../clock.ts';
import { staleVersion } from '../concurrency.ts';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../errors.ts';
import type { JobQueue } from '../jobs.ts';
import type { Actor } from '../request-context.ts';
import { countRows, iso, isoOrNull } from '../pagination.ts';
import { convertCell, headerName, stagedRelation, type CellValue, type ImportColumn, type ImportDefinition, type ImportParams } from './definition.ts';
import { openErrorFile, templateFile, type BadRow } from './files.ts';
import { FileProblem, openRows } from './reader.ts';
import { sniffUpload, verifyZipInflation } from './sniff.ts';

export const VALIDATE_JOB = 'imports.validate';
export const COMMIT_JOB = 'imports.commit';

/** Rows validated, reference-checked and staged together (one query per reference and one insert per chunk). */
export const CHUNK_ROWS = 5000;
/** More data rows than this in one file fail the batch (split the file). */
export const MAX_ROWS = 200_000;

export interface ImportServiceOptions {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  /** Uploads wait under DATA_DIR/imports until validated. */
  dataDir: string;
  maxBytes: number;
  definitions: readonly ImportDefinition[];
  log?: { error(obj: object, msg?: string): void };
}

interface BatchRecord {
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

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function toBatch(r: BatchRecord): ImportBatch {
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

interface StagedRow {
  rowNo: number;
  data: Record<string, CellValue>;
  errors: ImportCellError[];
}

/** Where each column sits in the file, from the header row. */
type HeaderMap = Map<string, number>;

const paramsOf = (batch: BatchRecord): ImportParams => (batch.params === null || batch.params === undefined ? {} : jsonOf<ImportParams>(batch.params));

const isEmptyRow = (cells: readonly unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

/**
 * The import pipeline: upload (checked by content) → validation job (streaming parse, cell rules, duplicates, foreign
 * keys by SQL per chunk, rows staged with their errors) → preview and error file → confirm → commit job (the valid
 * rows in one transaction with one audit entry) → COMPLETED or FAILED.
 */
export class ImportService {
  readonly definitions: ReadonlyMap<string, ImportDefinition>;
  private readonly events = new EventEmitter();
  /** Batches this process is validating right now (a duplicate job waits its turn instead of racing). */
  private readonly validating = new Set<number>();
  readonly dir: string;

  constructor(private readonly o: ImportServiceOptions) {
    this.definitions = new Map(o.definitions.map((d) => [d.key, d]));
    if (this.definitions.size !== o.definitions.length) throw new Error('imports: two definitions share a key');
    this.dir = path.join(o.dataDir, 'imports');
    this.events.setMaxListeners(0);
  }

  get maxBytes(): number {
    return this.o.maxBytes;
  }

  /** Registers the two jobs; call before the queue starts. */
  registerJobs(): void {
    this.o.jobs.register<{ batchId: number }>(VALIDATE_JOB, (p) => this.validate(p.batchId));
    this.o.jobs.register<{ batchId: number }>(COMMIT_JOB, (p) => this.commit(p.batchId));
  }

  definition(key: string): ImportDefinition {
    const def = this.definitions.get(key);
    if (!def) throw notFound('Import');
    return def;
  }

  template(def: ImportDefinition, format: ImportFormat): Promise<Buffer> {
    return templateFile(def, format);
  }

  /** A place for an upload in progress. */
  async tempPath(): Promise<string> {
    await fsp.mkdir(this.dir, { recursive: true });
    return path.join(this.dir, `upload-${crypto.randomUUID()}.part`);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Upload

  /** Checks the uploaded file by content, records the batch and queues its validation, in one transaction. */
  async upload(
    def: ImportDefinition,
    file: { path: string; name: string; size: number },
    params: ImportParams | null,
    ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> },
  ): Promise<ImportBatch> {
    if (params && def.checkParams) await def.checkParams(this.o.db, params);
    const format = await sniffUpload(file.path, file.name);
    const stored = path.join(this.dir, `${crypto.randomUUID()}.${format}`);
    await fsp.rename(file.path, stored);
    try {
      const id = await this.o.db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into import_batches (key, file_name, file_format, file_size, file_path, params, created_by, created_at, updated_at)
            values (${def.key}, ${file.name}, ${format}, ${file.size}, ${stored}, ${params ? JSON.stringify(params) : null}::jsonb, ${ctx.actor.userId}, ${ctx.now}, now()) returning id`,
        );
        const batchId = Number(row!.id);
        await writeAudit(tx, ctx, { action: 'upload', entity: 'import-batch', entityId: batchId, after: { key: def.key, file_name: file.name, file_format: format, file_size: file.size, params } });
        await this.o.jobs.send(VALIDATE_JOB, { batchId }, { tx, singletonKey: `validate-${batchId}`, retryLimit: 2 });
        return batchId;
      });
      return toBatch((await this.find(id))!);
    } catch (err) {
      await fsp.rm(stored, { force: true });
      throw err;
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reading batches

  async find(id: number): Promise<BatchRecord | undefined> {
    const rows = await queryRows<BatchRecord & Record<string, unknown>>(this.o.db, sql`${BATCH_SELECT} where b.id = ${id}`);
    return rows[0];
  }

  /**
   * The batch as the actor may see it: only its uploader or a Super Admin (404 for anyone else, so ids reveal
   * nothing), and only with the permission its definition demands (403).
   */
  async visible(id: number, actor: Actor): Promise<{ batch: BatchRecord; def: ImportDefinition }> {
    const batch = await this.find(id);
    if (!batch || (batch.created_by !== actor.userId && !actor.perms.superAdmin)) throw notFound('Import');
    const def = this.definitions.get(batch.key);
    if (!def) throw notFound('Import');
    if (!def.entries.some((e) => can(actor.perms, e, def.action))) throw forbidden();
    return { batch, def };
  }

  toBatch(batch: BatchRecord): ImportBatch {
    return toBatch(batch);
  }

  /** A page of the preview: every row (or only the bad ones) with its values and its errors by cell. */
  async rows(batch: BatchRecord, q: ImportRowsQuery): Promise<{ data: ImportRow[]; meta: ListMeta }> {
    const where = q.only_errors ? sql`where batch_id = ${batch.id} and errors is not null` : sql`where batch_id = ${batch.id}`;
    const offset = (q.page - 1) * q.limit;
    const rows = await queryRows<{ row_no: number; data: unknown; errors: unknown }>(
      this.o.db,
      sql`select row_no, data, errors from import_rows ${where} order by row_no limit ${q.limit} offset ${offset}`,
    );
    // Once validated the batch knows its counts exactly; while validating, count what is staged so far.
    const total =
      batch.status === 'PENDING'
        ? await countRows(this.o.db, sql`from import_rows`, where)
        : { total: q.only_errors ? Number(batch.invalid_rows) : Number(batch.total_rows), total_kind: 'exact' as const };
    return {
      data: rows.map((r) => ({ row_no: Number(r.row_no), values: jsonOf<Record<string, CellValue>>(r.data), errors: r.errors === null ? [] : jsonOf<ImportCellError[]>(r.errors) })),
      meta: { page: q.page, limit: q.limit, ...total },
    };
  }

  /** Streams the error file of a batch into `out`, reading the bad rows by keyset in chunks. */
  async writeErrorFile(batch: BatchRecord, def: ImportDefinition, format: ImportFormat, out: Writable): Promise<void> {
    const writer = openErrorFile(def, format, out);
    let after = 0;
    for (;;) {
      const rows = await queryRows<{ row_no: number; data: unknown; errors: unknown }>(
        this.o.db,
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

  // -------------------------------------------------------------------------------------------------------------
  // Validation job

  private async setProgress(id: number, progress: number): Promise<void> {
    await this.o.db.execute(sql`update import_batches set progress = ${Math.max(0, Math.min(99, Math.round(progress)))}, updated_at = now() where id = ${id} and status = 'PENDING'`);
    this.events.emit('batch', id);
  }

  private async fail(id: number, from: ImportStatus, message: string): Promise<void> {
    await this.o.db.execute(
      sql`update import_batches set status = 'FAILED', error = ${message.slice(0, 2000)}, progress = 0, file_path = null, updated_at = now(), version = version + 1
        where id = ${id} and status = ${from}`,
    );
  }

  /** The validation job: safe to run twice (a rerun starts over from the stored file), a no-op once validated. */
  async validate(batchId: number): Promise<void> {
    if (this.validating.has(batchId)) return;
    this.validating.add(batchId);
    try {
      const batch = await this.find(batchId);
      if (!batch || batch.status !== 'PENDING') return;
      const def = this.definitions.get(batch.key);
      const filePath = batch.file_path;
      if (!def) return await this.fail(batchId, 'PENDING', `The import "${batch.key}" no longer exists.`);
      if (!filePath || !fs.existsSync(filePath)) return await this.fail(batchId, 'PENDING', 'The uploaded file is no longer available: upload it again.');
      await this.o.db.execute(sql`delete from import_rows where batch_id = ${batchId}`);
      try {
        if (batch.file_format === 'xlsx') await verifyZipInflation(filePath);
        const counts = await this.stage(def, batchId, filePath, batch.file_format, paramsOf(batch));
        await this.o.db.execute(
          sql`update import_batches set status = 'VALIDATED', total_rows = ${counts.total}, valid_rows = ${counts.total - counts.invalid},
            invalid_rows = ${counts.invalid}, progress = 100, validated_at = ${this.o.clock.now()}, file_path = null, updated_at = now(), version = version + 1
            where id = ${batchId} and status = 'PENDING'`,
        );
      } catch (err) {
        if (err instanceof FileProblem || err instanceof AppError) await this.fail(batchId, 'PENDING', err.message);
        else {
          this.o.log?.error({ err, batchId }, 'import validation failed');
          await this.fail(batchId, 'PENDING', `The file could not be validated: ${(err as Error).message}`);
        }
      }
      await fsp.rm(filePath, { force: true });
    } finally {
      this.validating.delete(batchId);
      this.events.emit('batch', batchId);
    }
  }

  private mapHeader(def: ImportDefinition, cells: readonly unknown[]): HeaderMap {
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

  private checkRow(def: ImportDefinition, header: HeaderMap, rowNo: number, cells: readonly unknown[], seen: Map<string, number>): StagedRow {
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
  private async flush(def: ImportDefinition, batchId: number, chunk: StagedRow[], params: ImportParams): Promise<number> {
    for (const ref of def.references ?? []) {
      const candidates = chunk.filter((r) => r.data[ref.column] !== null && !r.errors.some((e) => e.column === ref.column));
      const values = [...new Set(candidates.map((r) => String(r.data[ref.column])))];
      if (!values.length) continue;
      const label = ref.label ?? def.columns.find((c) => c.key === ref.column)?.label ?? ref.column;
      const found = ref.check ? await ref.check(this.o.db, values, params) : undefined;
      const problems = ref.problems ? await ref.problems(this.o.db, values, params) : undefined;
      for (const r of candidates) {
        const value = String(r.data[ref.column]);
        const problem = problems?.get(value) ?? (found && !found.has(value) ? (ref.message ? ref.message(value) : `Unknown ${label}: ${value}`) : undefined);
        if (problem) r.errors.push({ column: ref.column, message: problem });
      }
    }
    const payload = JSON.stringify(chunk.map((r) => (r.errors.length ? { r: r.rowNo, d: r.data, e: r.errors } : { r: r.rowNo, d: r.data })));
    await this.o.db.execute(
      sql`insert into import_rows (batch_id, row_no, data, errors)
        select ${batchId}, (e->>'r')::int, e->'d', e->'e' from jsonb_array_elements(${payload}::jsonb) as e`,
    );
    return chunk.filter((r) => r.errors.length).length;
  }

  private async stage(def: ImportDefinition, batchId: number, filePath: string, format: ImportFormat, params: ImportParams): Promise<{ total: number; invalid: number }> {
    const source = await openRows(filePath, format, def.sheet);
    let header: HeaderMap | undefined;
    const seen = new Map<string, number>();
    let chunk: StagedRow[] = [];
    let total = 0;
    let invalid = 0;
    for await (const row of source.rows) {
      if (isEmptyRow(row.cells)) continue;
      if (!header) {
        header = this.mapHeader(def, row.cells);
        continue;
      }
      if (++total > MAX_ROWS) throw new FileProblem(`The file has more than ${MAX_ROWS.toLocaleString('en')} rows: split it into smaller files.`);
      chunk.push(this.checkRow(def, header, row.rowNo, row.cells, seen));
      if (chunk.length >= CHUNK_ROWS) {
        invalid += await this.flush(def, batchId, chunk, params);
        chunk = [];
        await this.setProgress(batchId, source.progress() * 100);
      }
    }
    if (!header) throw new FileProblem(format === 'xlsx' ? `The sheet "${def.sheet}" is empty.` : 'The file is empty.');
    if (chunk.length) invalid += await this.flush(def, batchId, chunk, params);
    if (total === 0) throw new FileProblem('The file has a header row but no data rows.');
    return { total, invalid };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Confirm and commit

  /**
   * Confirms a validated batch: a conditional update (status VALIDATED and the caller's version) and the commit job,
   * queued in the same transaction. A second confirm finds the batch PROCESSING or COMPLETED and answers 409.
   */
  async confirm(batch: BatchRecord, version: number, ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> }): Promise<ImportBatch> {
    await this.o.db.transaction(async (tx) => {
      const updated = await queryRows<{ id: number }>(
        tx,
        sql`update import_batches set status = 'PROCESSING', progress = 0, confirmed_by = ${ctx.actor.userId}, confirmed_at = ${ctx.now},
          updated_at = now(), version = version + 1
          where id = ${batch.id} and status = 'VALIDATED' and version = ${version} and valid_rows > 0 returning id`,
      );
      if (!updated.length) {
        const current = (await queryRows<BatchRecord & Record<string, unknown>>(tx, sql`${BATCH_SELECT} where b.id = ${batch.id}`))[0];
        if (!current) throw notFound('Import');
        if (current.status === 'PROCESSING' || current.status === 'COMPLETED') throw conflict('This import was already confirmed.');
        if (current.status === 'PENDING') throw conflict('This file is still being validated.');
        if (current.status === 'FAILED') throw conflict('This import failed and cannot be confirmed: upload the file again.');
        if (Number(current.version) !== version) throw staleVersion('import', current.confirmed_by_name, current.updated_at as Date);
        throw unprocessable('The file has no valid rows to import.');
      }
      await writeAudit(tx, ctx, {
        action: 'confirm',
        entity: 'import-batch',
        entityId: batch.id,
        before: { status: 'VALIDATED' },
        after: { status: 'PROCESSING', key: batch.key, valid_rows: Number(batch.valid_rows) },
      });
      await this.o.jobs.send(COMMIT_JOB, { batchId: batch.id }, { tx, singletonKey: `commit-${batch.id}`, retryLimit: 2 });
    });
    return toBatch((await this.find(batch.id))!);
  }

  /**
   * The commit job: the definition's set-based SQL over the valid staged rows, its audit entry and the batch's
   * COMPLETED status in one transaction, so a crash leaves all of it or none (a rerun finds COMPLETED and stops).
   * A failure rolls everything back and marks the batch FAILED with the reason.
   */
  async commit(batchId: number): Promise<void> {
    try {
      await this.o.db.transaction(async (tx) => {
        const [batch] = await queryRows<BatchRecord & Record<string, unknown>>(tx, sql`${BATCH_SELECT} where b.id = ${batchId} for update of b`);
        if (!batch || batch.status !== 'PROCESSING') return;
        const def = this.definitions.get(batch.key);
        if (!def) throw new AppError(409, 'conflict', `The import "${batch.key}" no longer exists.`);
        const now = this.o.clock.now();
        const actor = { userId: Number(batch.confirmed_by ?? batch.created_by), name: batch.confirmed_by_name ?? batch.created_by_name ?? '' };
        const counts = (await def.commit(tx, { batchId, params: paramsOf(batch), actor, now, staged: stagedRelation(def, batchId) })) ?? {};
        const result = { rows: Number(batch.valid_rows), ...counts };
        await writeAudit(tx, { actor, ip: null, now }, { action: 'import', entity: def.key, entityId: batchId, after: { file_name: batch.file_name, ...result } });
        await tx.execute(
          sql`update import_batches set status = 'COMPLETED', progress = 100, result = ${JSON.stringify(result)}::jsonb, completed_at = ${now},
            updated_at = now(), version = version + 1 where id = ${batchId}`,
        );
      });
    } catch (err) {
      if (!(err instanceof AppError)) this.o.log?.error({ err, batchId }, 'import commit failed');
      const reason = err instanceof AppError ? err.message : (err as Error).message;
      await this.fail(batchId, 'PROCESSING', `The import was rolled back, no rows were changed: ${reason}`);
    } finally {
      this.events.emit('batch', batchId);
    }
  }

  /** Resolves when the batch reaches one of `statuses` (tests and callers await the job instead of sleeping). */
  waitFor(batchId: number, statuses: readonly ImportStatus[], timeoutMs = 60_000): Promise<ImportBatch> {
    return new Promise((resolve, reject) => {
      let done = false;
      const finish = (fn: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.events.off('batch', onEvent);
        fn();
      };
      const check = async () => {
        const b = await this.find(batchId);
        if (b && statuses.includes(b.status)) finish(() => resolve(toBatch(b)));
      };
      const onEvent = (id: number) => {
        if (id === batchId) check().catch((err: unknown) => finish(() => reject(err)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`import batch ${batchId} did not reach ${statuses.join('/')} in ${timeoutMs} ms`))), timeoutMs);
      this.events.on('batch', onEvent);
      check().catch((err: unknown) => finish(() => reject(err)));
    });
  }
}
