import path from 'node:path';
import type { Writable } from 'node:stream';
import { can, type ImportBatch, type ImportFormat, type ImportRow, type ImportRowsQuery, type ImportStatus, type ListMeta } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AuditContext } from '../audit.ts';
import type { Clock } from '../clock.ts';
import { forbidden, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs.ts';
import type { Actor } from '../request-context.ts';
import { BatchEvents } from './batch-events.ts';
import { findBatch, toBatch, type BatchRecord } from './batch.repo.ts';
import { COMMIT_JOB, commitBatch, confirmBatch } from './commit.ts';
import type { ImportDefinition, ImportParams } from './definition.ts';
import { templateFile } from './files.ts';
import type { ImportPipeline } from './pipeline.ts';
import { previewRows, writeErrorFile } from './preview.ts';
import { tempUploadPath, uploadBatch } from './upload.ts';
import { ImportValidation, VALIDATE_JOB } from './validation.ts';

export interface ImportServiceOptions {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  /** Uploads wait under DATA_DIR/imports until validated. */
  dataDir: string;
  maxBytes: number;
  definitions: readonly ImportDefinition[];
  log?: { error(obj: object, msg?: string): void };
  /** Told how long each validation and commit took, and the status it left the batch in (metrics). */
  observe?: (e: { kind: string; stage: 'validate' | 'commit'; seconds: number; outcome: string }) => void;
}

/**
 * The import pipeline: upload (checked by content; upload.ts) → validation job (streaming parse, cell rules,
 * duplicates, foreign keys by SQL per chunk, rows staged with their errors; validation.ts, staging.ts) → preview and
 * error file (preview.ts) → confirm → commit job (the valid rows in one transaction with one audit entry; commit.ts)
 * → COMPLETED or FAILED. This class holds the definitions and who may see a batch, and hands each step its part.
 */
export class ImportService {
  readonly definitions: ReadonlyMap<string, ImportDefinition>;
  readonly dir: string;
  private readonly pipeline: ImportPipeline;
  private readonly validation: ImportValidation;

  constructor(private readonly o: ImportServiceOptions) {
    this.definitions = new Map(o.definitions.map((d) => [d.key, d]));
    if (this.definitions.size !== o.definitions.length) throw new Error('imports: two definitions share a key');
    this.dir = path.join(o.dataDir, 'imports');
    const events = new BatchEvents((id) => this.find(id));
    this.pipeline = { db: o.db, jobs: o.jobs, clock: o.clock, definitions: this.definitions, events, log: o.log };
    this.validation = new ImportValidation(this.pipeline);
  }

  get maxBytes(): number {
    return this.o.maxBytes;
  }

  /** Registers the two jobs; call before the queue starts. */
  registerJobs(): void {
    this.o.jobs.register<{ batchId: number }>(VALIDATE_JOB, (p) => this.timed('validate', p.batchId, () => this.validate(p.batchId)));
    this.o.jobs.register<{ batchId: number }>(COMMIT_JOB, (p) => this.timed('commit', p.batchId, () => this.commit(p.batchId)));
  }

  /** Runs one step of a batch's job and tells `observe` its time, its import and the status it left the batch in. */
  private async timed(stage: 'validate' | 'commit', batchId: number, step: () => Promise<void>): Promise<void> {
    const observe = this.o.observe;
    if (!observe) return step();
    const started = performance.now();
    let failed = true;
    try {
      await step();
      failed = false;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const batch = await this.find(batchId).catch(() => undefined);
      observe({ kind: batch?.key ?? 'unknown', stage, seconds, outcome: failed ? 'error' : (batch?.status ?? 'ok') });
    }
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
  tempPath(): Promise<string> {
    return tempUploadPath(this.dir);
  }

  /** Checks the uploaded file by content, records the batch and queues its validation, in one transaction. */
  upload(def: ImportDefinition, file: { path: string; name: string; size: number }, params: ImportParams | null, ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> }): Promise<ImportBatch> {
    return uploadBatch(this.pipeline, this.dir, def, file, params, ctx);
  }

  find(id: number): Promise<BatchRecord | undefined> {
    return findBatch(this.o.db, id);
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
  rows(batch: BatchRecord, q: ImportRowsQuery): Promise<{ data: ImportRow[]; meta: ListMeta }> {
    return previewRows(this.o.db, batch, q);
  }

  /** Streams the error file of a batch into `out`. */
  writeErrorFile(batch: BatchRecord, def: ImportDefinition, format: ImportFormat, out: Writable): Promise<void> {
    return writeErrorFile(this.o.db, batch, def, format, out);
  }

  /** The validation job: safe to run twice (a rerun starts over from the stored file), a no-op once validated. */
  validate(batchId: number): Promise<void> {
    return this.validation.run(batchId);
  }

  /** Confirms a validated batch and queues its commit; a second confirm answers 409. */
  confirm(batch: BatchRecord, version: number, ctx: AuditContext & { actor: Pick<Actor, 'userId' | 'name'> }): Promise<ImportBatch> {
    return confirmBatch(this.pipeline, batch, version, ctx);
  }

  /** The commit job: every valid row, its audit entry and COMPLETED in one transaction, or FAILED with nothing changed. */
  commit(batchId: number): Promise<void> {
    return commitBatch(this.pipeline, batchId);
  }

  /** Resolves when the batch reaches one of `statuses` (tests and callers await the job instead of sleeping). */
  waitFor(batchId: number, statuses: readonly ImportStatus[], timeoutMs = 60_000): Promise<ImportBatch> {
    return this.pipeline.events.waitFor(batchId, statuses, timeoutMs);
  }
}
