import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  can,
  DOWNLOAD_FAILED,
  DOWNLOAD_IN_PROGRESS,
  DOWNLOAD_READY,
  downloadRow,
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  uniqueFileName,
  type DownloadListQuery,
  type DownloadRow,
  type ExportFormat,
  type ListMeta,
  type PermissionSet,
} from '@portal/contract';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import { AppError, conflict, forbidden, notFound, tooMany } from '../errors.ts';
import type { JobInfo, JobLogger, JobQueue } from '../jobs.ts';
import type { Clock } from '../clock.ts';
import { countRows, likePattern, pagedList, whereOf } from '../pagination.ts';
import { rowReader } from '../sql/row-reader.ts';
import { cellRows, fileNameOf, type ExportDef, type ExportViewer } from './export-def.ts';
import { readBatches } from './source.ts';
import { copyCsv } from './copy-csv.ts';
import { trackProgress, type ProgressReport } from './export-progress.ts';
import type { ExportSource } from './source.ts';
import { csvHead, openTableWriter } from './writers.ts';
import { ExportSlots } from './export-slots.ts';
import { spool, sweepSpool } from './spool.ts';

export const EXPORT_JOB = 'export.file';

/** Raw query-string values of a list query (what the export was asked with), kept to re-read the rows in the job. */
export type RawQuery = Record<string, string | string[]>;

export interface ExportServiceOptions {
  /** Where kept exports are written (`<DATA_DIR>/exports`). */
  dir: string;
  /** Exports of more rows than this become jobs into the Download List. */
  asyncRows: number;
  logger?: JobLogger;
  /**
   * Where rows are read from: on PostgreSQL a small pool of its own (`openSidePool`), so exports never take the
   * request pool's connections; the app's database when not given.
   */
  readers?: Database;
  /**
   * Where the rows of reports' exports (`database: 'reports'`) are read from: a pool of the same limits on the reports
   * database (REPORTS_DATABASE_URL); `readers` when not given.
   */
  reportReaders?: Database;
  /** Direct exports at once in the process, and per user (429 beyond). */
  maxRunning?: number;
  maxPerUser?: number;
  /** Kept exports waiting or running per user (429 beyond). */
  maxQueuedPerUser?: number;
  /** A direct download whose reader takes nothing for this long is ended (its place is given back). */
  stallSeconds?: number;
  /** A kept export writes its progress into its entry at most this often (export-progress.ts). */
  progressEveryMs?: number;
  /** Told how long each file took to write (metrics). */
  observe?: (e: { kind: string; format: ExportFormat; mode: 'direct' | 'kept'; seconds: number; ok: boolean }) => void;
}

export type ExportAnswer =
  | { kind: 'file'; fileName: string; contentType: string; size: number; body: Readable }
  | { kind: 'job'; download: DownloadRow };

interface Requester {
  userId: number;
  audit: AuditContext;
}

const DOWNLOAD_SELECT = sql`select d.id, d.export_name, d.file_name, d.format, d.status, d.row_count, d.rows_done, d.rows_expected, d.size_bytes, d.error, d.created_at, d.finished_at`;

const toDownloadRow = rowReader(downloadRow);

/** What the job and the file route need of an entry. */
const readEntry = rowReader(
  z.object({
    id: z.number().int(),
    userId: z.number().int(),
    exportName: z.string(),
    entries: z.array(z.string()),
    format: z.enum(EXPORT_FORMATS),
    filters: z.unknown(),
    fileName: z.string(),
    status: z.number().int(),
    storageName: z.string().nullable(),
  }),
);
const ENTRY_SELECT = sql`select id, user_id as "userId", export_name as "exportName", entries, format, filters, file_name as "fileName", status,
  storage_name as "storageName" from downloads`;

/** What a failure says to the person who asked for the export (never a stack). */
const failureText = (err: unknown) => (err instanceof AppError ? err.message : 'The export could not be written. Please try again.');

/**
 * The one export pipeline: a list's rows, read in keyset batches, written as CSV, TXT or XLSX. Up to `asyncRows` rows
 * stream straight back; more become a Download List entry written by a job.
 */
export class ExportService {
  private readonly defs = new Map<string, ExportDef>();
  private readonly events = new EventEmitter();

  private readonly db: Db;
  private readonly readers: Database;
  private readonly reportReaders: Database;
  private readonly slots: ExportSlots;
  private readonly spoolDir: string;

  constructor(
    database: Database,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly opts: ExportServiceOptions,
  ) {
    this.db = database.db;
    this.readers = opts.readers ?? database;
    this.reportReaders = opts.reportReaders ?? this.readers;
    this.slots = new ExportSlots(opts.maxRunning ?? 4, opts.maxPerUser ?? 2);
    this.spoolDir = path.join(opts.dir, 'spool');
    void sweepSpool(this.spoolDir);
    jobs.register<{ downloadId: number }>(EXPORT_JOB, (payload, job) => this.runJob(payload.downloadId, job), { concurrency: 2 });
  }

  /** Calls `listener` whenever a kept export becomes ready or fails (tests await it; a live channel may forward it). */
  onSettled(listener: (e: { id: number; userId: number; status: number }) => void): () => void {
    this.events.on('settled', listener);
    return () => this.events.off('settled', listener);
  }

  /** Direct exports being written or sent now. */
  get running(): number {
    return this.slots.active;
  }

  /** Seconds a direct download may take no data before it is ended. */
  get stallSeconds(): number {
    return this.opts.stallSeconds ?? 60;
  }

  /** Every registered export. */
  definitions(): ExportDef[] {
    return [...this.defs.values()];
  }

  add(def: ExportDef): void {
    if (this.defs.has(def.name)) throw new Error(`export ${def.name} is declared twice`);
    this.defs.set(def.name, def);
  }

  /** Where an export's rows are read: a report's from the reports database (its export readers), others from the export readers. */
  private readersOf(def: ExportDef): Database {
    return def.database === 'reports' ? this.reportReaders : this.readers;
  }

  /** Where an export's rows are counted (the Download List's threshold, a kept export's progress): beside where they are read. */
  private counterOf(def: ExportDef): Db {
    return def.database === 'reports' ? this.reportReaders.db : this.db;
  }

  /** Writes every row of the export to `out` and ends it; answers the number of rows. */
  async write(declared: ExportDef, q: Record<string, unknown>, asker: ExportViewer, format: ExportFormat, out: Writable, progress?: (src: ExportSource) => Promise<ProgressReport>): Promise<number> {
    const def = declared.forQuery ? { ...declared, ...(await declared.forQuery(this.db, q)) } : declared;
    const viewer = (await def.prepare?.(this.db, q, asker)) ?? asker;
    let rows = format === 'csv' ? await copyCsv(this.readersOf(def), def, def.source(q, viewer), csvHead(def.columns.map((c) => c.label)), out) : null;
    // A kept export's progress: the batched writer reports it; COPY (CSV on PostgreSQL, seconds for a million rows) does not.
    rows ??= await this.writeBatched(def, q, viewer, format, out, await progress?.(def.source(q, viewer)));
    // Both callers hand the file over only once this returns (spooled, or renamed into the Download List).
    await viewer.recorded;
    return rows;
  }

  /** The batched writer alone, for a prepared viewer: every format, on both databases (CSV on PostgreSQL goes through COPY). */
  async writeBatched(def: ExportDef, q: Record<string, unknown>, viewer: ExportViewer, format: ExportFormat, out: Writable, report?: ProgressReport): Promise<number> {
    // An XLSX file holds the lead sheets first (a summary), then the main one; the rows answered are the main sheet's.
    const sheets = [...(format === 'xlsx' ? (def.leadSheets ?? []) : []), def];
    const tableOf = (sheet: (typeof sheets)[number]) => ({ header: sheet.columns.map((c) => c.label), sheetName: sheet.sheetName });
    const writer = openTableWriter(format, out, tableOf(sheets[0]!));
    let rows = 0;
    for (const [n, sheet] of sheets.entries()) {
      if (n > 0) writer.nextSheet?.(tableOf(sheet));
      const columns = { ...def, columns: sheet.columns };
      for await (const batch of readBatches(this.readersOf(def), sheet.source(q, viewer))) {
        await writer.write(cellRows(columns, batch));
        if (sheet === def) {
          rows += batch.rows.length;
          report?.(rows);
        }
      }
    }
    await writer.end();
    return rows;
  }

  /** Answers the file itself, or, above the threshold, a Download List entry whose file a job writes. */
  async request(def: ExportDef, raw: RawQuery, q: Record<string, unknown>, format: ExportFormat, who: Requester): Promise<ExportAnswer> {
    const viewer = { userId: who.userId };
    const src = def.source(q, viewer);
    const { total } = await countRows(this.counterOf(def), src.from, whereOf([...src.where]), this.opts.asyncRows);
    const now = who.audit.now;
    if (total <= this.opts.asyncRows) {
      const release = this.slots.take(who.userId);
      try {
        await this.db.transaction((tx) =>
          writeAudit(tx, who.audit, { action: 'export', entity: 'download', after: { export: def.name, format, filters: raw, rows: total } }),
        );
        // The whole file first, then the answer: the reading connection is back in its pool before the first byte goes out.
        const file = await this.timed(def.name, format, 'direct', () => spool(this.spoolDir, (out) => this.write(def, q, viewer, format, out)));
        // Given back once the file has been read into the answer ('end'), or the reader left first ('close').
        file.body.once('end', release).once('close', release);
        return { kind: 'file', fileName: fileNameOf(def, format, now), contentType: EXPORT_CONTENT_TYPES[format], size: file.size, body: file.body };
      } catch (err) {
        release();
        throw err;
      }
    }
    const download = await this.db.transaction(async (tx) => {
      // One owner's names are unique: a second export in the same second is "... duplicate 1.csv" (spec section 5).
      await tx.execute(sql`select pg_advisory_xact_lock(7031, ${who.userId})`);
      const maxQueued = this.opts.maxQueuedPerUser ?? 5;
      const [queued] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from downloads where user_id = ${who.userId} and status = ${DOWNLOAD_IN_PROGRESS}`);
      if (Number(queued?.n ?? 0) >= maxQueued) {
        throw tooMany(`You have ${maxQueued} exports in progress in the Download List. Wait until one is ready, then try again.`);
      }
      const wanted = fileNameOf(def, format, now);
      const dot = wanted.lastIndexOf('.');
      const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
      const taken = await queryRows<{ file_name: string }>(
        tx,
        sql`select file_name from downloads where user_id = ${who.userId} and left(file_name, ${stem.length}) = ${stem}`,
      );
      const fileName = uniqueFileName(wanted, new Set(taken.map((t) => t.file_name)));
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into downloads (user_id, export_name, entries, format, filters, file_name, status, created_at, updated_at)
            values (${who.userId}, ${def.name}, array(select json_array_elements_text(${JSON.stringify(def.entries)}::json)), ${format}, ${JSON.stringify(raw)}::jsonb,
                    ${fileName}, ${DOWNLOAD_IN_PROGRESS}, ${now}, ${now})
            returning id`,
      );
      if (!row) throw new Error('download insert returned no row');
      const inserted = { id: Number(row.id) };
      await writeAudit(tx, who.audit, { action: 'export', entity: 'download', entityId: inserted.id, after: { export: def.name, format, filters: raw, file_name: fileName } });
      await this.jobs.send(EXPORT_JOB, { downloadId: inserted.id }, { tx, retryLimit: 2, retryDelaySeconds: 5, singletonKey: `download:${inserted.id}` });
      const created = (await queryRows(tx, sql`${DOWNLOAD_SELECT} from downloads d where d.id = ${inserted.id}`))[0];
      if (!created) throw new Error('download vanished');
      return toDownloadRow(created);
    });
    // Committed: the export starts now, not at the workers' next poll.
    this.jobs.wake(EXPORT_JOB);
    return { kind: 'job', download };
  }

  /** Runs the writing of one file, telling `observe` how long it took and whether it was written. */
  private async timed<T>(kind: string, format: ExportFormat, mode: 'direct' | 'kept', write: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const tell = (ok: boolean) => this.opts.observe?.({ kind, format, mode, seconds: (performance.now() - started) / 1000, ok });
    try {
      const result = await write();
      tell(true);
      return result;
    } catch (err) {
      tell(false);
      throw err;
    }
  }

  /** The job: writes the file beside a temporary name, then marks the entry ready. Safe to run twice. */
  private async runJob(downloadId: number, job: JobInfo): Promise<void> {
    const found = (await queryRows(this.db, sql`${ENTRY_SELECT} where id = ${downloadId}`))[0];
    const entry = found && readEntry(found);
    if (!entry || entry.status !== DOWNLOAD_IN_PROGRESS) return;
    const format = entry.format;
    const storageName = `${entry.id}.${format}`;
    const partial = path.join(this.opts.dir, `${storageName}.${process.pid}.part`);
    let file: fs.WriteStream | undefined;
    try {
      const def = this.defs.get(entry.exportName);
      if (!def) throw new AppError(422, 'unprocessable', `The export ${entry.exportName} no longer exists`);
      const parsed = def.listQuery.safeParse(entry.filters);
      if (!parsed.success) throw new AppError(422, 'unprocessable', 'The filters of this export are no longer valid');
      await fs.promises.mkdir(this.opts.dir, { recursive: true });
      // Leftovers of a run cut short (a killed process) go before this run writes its own.
      for (const name of await fs.promises.readdir(this.opts.dir)) {
        if (name.startsWith(`${storageName}.`) && name.endsWith('.part')) await fs.promises.rm(path.join(this.opts.dir, name), { force: true });
      }
      file = fs.createWriteStream(partial);
      // A write failing (disk full) ends the export through the writer and `finished`; never as an unhandled event.
      file.on('error', (err) => this.opts.logger?.warn({ err, downloadId }, 'export file write failed'));
      const progress = (src: ExportSource) => trackProgress(this.db, downloadId, src, this.opts.progressEveryMs, this.counterOf(def));
      const out = file;
      const rows = await this.timed(def.name, format, 'kept', () => this.write(def, parsed.data as Record<string, unknown>, { userId: entry.userId }, format, out, progress));
      await finished(file);
      await fs.promises.rename(partial, path.join(this.opts.dir, storageName));
      const { size } = await fs.promises.stat(path.join(this.opts.dir, storageName));
      await this.db.execute(
        sql`update downloads set status = ${DOWNLOAD_READY}, row_count = ${rows}, rows_done = ${rows}, size_bytes = ${size}, storage_name = ${storageName}, finished_at = ${this.clock.now()},
              updated_at = ${this.clock.now()}, version = version + 1
            where id = ${downloadId} and status = ${DOWNLOAD_IN_PROGRESS}`,
      );
      this.events.emit('settled', { id: downloadId, userId: entry.userId, status: DOWNLOAD_READY });
    } catch (err) {
      if (file) {
        // A failure before the file was even opened: its open completes after destroy, so wait for the close before removing it.
        file.destroy();
        await finished(file).catch(() => undefined);
      }
      await fs.promises.rm(partial, { force: true });
      this.opts.logger?.error({ err, downloadId, retryCount: job.retryCount }, 'export job failed');
      // Permanent problems and the last try show as failed in the Download List; others are retried.
      if (job.lastAttempt || err instanceof AppError) {
        await this.db.execute(
          sql`update downloads set status = ${DOWNLOAD_FAILED}, error = ${failureText(err)}, finished_at = ${this.clock.now()}, updated_at = ${this.clock.now()},
                version = version + 1
              where id = ${downloadId} and status = ${DOWNLOAD_IN_PROGRESS}`,
        );
        this.events.emit('settled', { id: downloadId, userId: entry.userId, status: DOWNLOAD_FAILED });
        return;
      }
      throw err;
    }
  }

  /** The signed-in user's own downloads, newest first by default. */
  async list(userId: number, q: DownloadListQuery): Promise<{ data: DownloadRow[]; meta: ListMeta }> {
    const where = whereOf([sql`d.user_id = ${userId}`, q.status ? sql`d.status = ${q.status}` : undefined, q.search ? sql`d.file_name ilike ${likePattern(q.search)}` : undefined]);
    const dir = sql.raw(q.sort_dir === 'asc' ? 'asc' : 'desc');
    const column = sql.raw({ created_at: 'd.created_at', file_name: 'd.file_name', status: 'd.status' }[q.sort_by]);
    const page = await pagedList(this.db, { select: DOWNLOAD_SELECT, from: sql`from downloads d`, where, orderBy: sql`${column} ${dir}, d.id ${dir}`, page: q });
    return { data: page.data.map(toDownloadRow), meta: page.meta };
  }

  /**
   * A ready file of the user's own, while the user still holds the export right it was made under (a revoked right
   * closes the files too). Someone else's download is "not found", not "forbidden": its existence is not revealed.
   */
  async file(userId: number, perms: PermissionSet, id: number): Promise<{ fileName: string; contentType: string; size: number; body: Readable }> {
    const found = (await queryRows(this.db, sql`${ENTRY_SELECT} where id = ${id} and user_id = ${userId}`))[0];
    if (!found) throw notFound('Download');
    const entry = readEntry(found);
    if (!entry.entries.some((e) => can(perms, e, 'export'))) throw forbidden('You no longer hold the export permission this file was made under.');
    if (entry.status === DOWNLOAD_IN_PROGRESS) throw conflict('The export is still in progress');
    if (entry.status !== DOWNLOAD_READY || !entry.storageName) throw conflict('The export failed; there is no file to download');
    const full = path.join(this.opts.dir, path.basename(entry.storageName));
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat) throw notFound('Export file');
    return { fileName: entry.fileName, contentType: EXPORT_CONTENT_TYPES[entry.format], size: stat.size, body: fs.createReadStream(full) };
  }
}
