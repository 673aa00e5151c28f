import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import type { Clock } from './clock.ts';
import type { JobQueue } from './jobs.ts';
import type { DomainModule } from './module.ts';

export const RETENTION_JOB = 'retention.sweep';

const DAY_MS = 86_400_000;
/** The names `ContentImageService` gives kept images. */
const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
/** Tables whose text never makes an image in use: the log, the Download List, the import staging. */
const NOT_REFERENCES = new Set(['audit_log', 'downloads', 'import_batches', 'import_rows', 'schema_migrations', 'personal_data_access']);

export interface RetentionOptions {
  /** Kept export files, staged import rows and unreferenced images older than this many days are deleted. */
  days: number;
  /** `<DATA_DIR>/exports`, where kept exports are written. */
  exportsDir: string;
  /** `<DATA_DIR>/imports`, where uploads wait for validation. */
  importsDir: string;
  /** `<DATA_DIR>/images`, the content images. */
  imagesDir: string;
}

export interface RetentionResult {
  downloads: number;
  importBatches: number;
  images: number;
}

/**
 * Data minimisation (UU PDP art. 16, 43): what the portal keeps only for a while goes after `RETENTION_DAYS` — kept
 * export files with their Download List entries, the staged rows (and any waiting upload) of import batches, and
 * content images no record names any more. A sweep deletes what is older than the clock's time less the period, so it
 * is safe to run twice; it runs when the app starts and then once a day, each run queuing the next (pg-boss, in the
 * database: a restart loses nothing), as scheduled publishing does.
 */
export class RetentionService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly opts: RetentionOptions,
  ) {}

  /** Queues the next sweep a day after `now` (at most one waiting sweep per day). */
  async scheduleNext(now: Date): Promise<void> {
    const at = new Date(now.getTime() + DAY_MS);
    await this.jobs.send(RETENTION_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString().slice(0, 10)}` });
  }

  async sweep(): Promise<RetentionResult> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.opts.days * DAY_MS);
    const downloads = await this.sweepDownloads(cutoff);
    const importBatches = await this.sweepImports(cutoff);
    const images = await this.sweepImages(cutoff);
    if (downloads + importBatches + images > 0) {
      await this.db.transaction((tx) =>
        writeAudit(tx, { actor: null, ip: null, now }, { action: 'retention', entity: 'retention', after: { days: this.opts.days, downloads, import_batches: importBatches, images } }),
      );
    }
    return { downloads, importBatches, images };
  }

  /** Download List entries made before the cutoff go with their files (a stuck in-progress entry too). */
  private async sweepDownloads(cutoff: Date): Promise<number> {
    const gone = await queryRows<{ storage_name: string | null; id: number }>(
      this.db,
      sql`delete from downloads where created_at < ${cutoff} returning id, storage_name`,
    );
    for (const d of gone) {
      if (d.storage_name) await fs.rm(path.join(this.opts.exportsDir, path.basename(d.storage_name)), { force: true });
    }
    // Partial files of runs cut short long ago.
    await this.removeOldFiles(this.opts.exportsDir, cutoff, (name) => name.endsWith('.part'));
    return gone.length;
  }

  /**
   * Staged rows of batches made before the cutoff are deleted; a batch never confirmed is marked failed (its preview
   * is gone), a finished one keeps its counts and result. A batch being committed is left alone.
   */
  private async sweepImports(cutoff: Date): Promise<number> {
    const batches = await this.db.transaction(async (tx) => {
      const old = await queryRows<{ id: number; file_path: string | null }>(
        tx,
        sql`select id, file_path from import_batches where created_at < ${cutoff} and status <> 'PROCESSING'
              and (file_path is not null or status in ('PENDING', 'VALIDATED') or exists (select 1 from import_rows r where r.batch_id = import_batches.id))
            for update skip locked`,
      );
      if (!old.length) return old;
      const ids = sql.join(old.map((b) => sql`${Number(b.id)}`), sql`, `);
      await tx.execute(sql`delete from import_rows where batch_id in (${ids})`);
      await tx.execute(sql`update import_batches set file_path = null, updated_at = now(), version = version + 1,
            status = case when status in ('PENDING', 'VALIDATED') then 'FAILED' else status end,
            error = case when status in ('PENDING', 'VALIDATED') then ${`Not confirmed within ${this.opts.days} days: its rows were removed. Upload the file again.`} else error end
          where id in (${ids})`);
      return old;
    });
    for (const b of batches) if (b.file_path) await fs.rm(path.resolve(this.opts.importsDir, path.basename(b.file_path)), { force: true });
    return batches.length;
  }

  /** Images kept before the cutoff that no record names (a text or json column of any table but the logs). */
  private async sweepImages(cutoff: Date): Promise<number> {
    const candidates: string[] = [];
    for (const name of await fs.readdir(this.opts.imagesDir).catch(() => [] as string[])) {
      if (!IMAGE_NAME.test(name)) continue;
      const stat = await fs.stat(path.join(this.opts.imagesDir, name)).catch(() => null);
      if (stat && stat.mtime < cutoff) candidates.push(name);
    }
    if (!candidates.length) return 0;
    const used = await this.referencedImages();
    let removed = 0;
    for (const name of candidates) {
      if (used.has(name)) continue;
      await fs.rm(path.join(this.opts.imagesDir, name), { force: true });
      removed++;
    }
    return removed;
  }

  /** Every `/images/<name>` named by a record: columns called like an image or a URL, and json documents (snapshots). */
  private async referencedImages(): Promise<Set<string>> {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      this.db,
      sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = current_schema()
            and ((c.data_type = 'text' and (c.column_name like '%image%' or c.column_name like '%url%')) or c.data_type in ('json', 'jsonb'))`,
    );
    const used = new Set<string>();
    for (const { table_name: table, column_name: column } of columns) {
      if (NOT_REFERENCES.has(table)) continue;
      const ident = sql.raw(`"${table.replaceAll('"', '""')}"."${column.replaceAll('"', '""')}"`);
      const from = sql.raw(`"${table.replaceAll('"', '""')}"`);
      const rows = await queryRows<{ name: string }>(
        this.db,
        sql`select distinct m[1] as name from ${from}, regexp_matches(${ident}::text, '/images/([a-f0-9]{32}\\.(?:png|jpg|gif|webp))', 'g') as m
            where ${ident}::text like '%/images/%'`,
      );
      for (const r of rows) used.add(r.name);
    }
    return used;
  }

  private async removeOldFiles(dir: string, cutoff: Date, pick: (name: string) => boolean): Promise<void> {
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (!pick(name)) continue;
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat && stat.mtime < cutoff) await fs.rm(full, { force: true });
    }
  }
}

/** The retention job as a module: a sweep when the app starts (catching up after downtime), then one a day. */
export function retentionModule(retention: RetentionService, clock: Clock): DomainModule {
  return {
    name: 'retention',
    register: () => undefined,
    jobs: [
      {
        name: RETENTION_JOB,
        handler: async () => {
          await retention.sweep();
          await retention.scheduleNext(clock.now());
        },
        sendOnStart: {},
      },
    ],
  };
}
