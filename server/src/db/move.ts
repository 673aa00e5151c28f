import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { KEY_FILE } from '../platform/secret-box.ts';
import {
  DEFAULT_CHUNK_BLOCKS,
  ident,
  loadTarget,
  openSourceSession,
  readManifest,
  schemasOf,
  sequencesOf,
  sourceData,
  sumsOf,
  UNFINISHED_JOBS,
  type LoadReport,
} from './transfer.ts';

export interface MoveOptions {
  log?: (line: string) => void;
  /** Heap blocks per COPY out of PGlite (tests make it small to cut tables into several chunks). */
  chunkBlocks?: number;
}

export interface MoveReport extends LoadReport {
  /** Jobs of the queue not moved: finished ones and the archive, history the portal does not read. */
  jobsLeftBehind: number;
  totalSeconds: number;
}

/**
 * `npm run db:move`: the whole portal from `source` (the embedded PGlite a site started with) into `target` (a
 * PostgreSQL database, or any database of the same migrations): schema, every table's rows, sequences, and the job
 * queue's queues and unfinished jobs, checked table by table (row count and checksum on both sides) before the target's
 * transaction commits. Refuses, writing nothing, when the target already holds the portal or the source is not at this
 * build's schema. The source is only read; files stay in DATA_DIR (see filesIn).
 */
export async function moveDatabase(source: Database, target: Database, opts: MoveOptions = {}): Promise<MoveReport> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const { session, end } = await openSourceSession(source, opts.chunkBlocks ?? DEFAULT_CHUNK_BLOCKS);
  try {
    const schemas = await schemasOf(session);
    const manifest = await readManifest(session, schemas);
    let jobsLeftBehind = 0;
    if (manifest.jobs) {
      const q = ident(schemas.jobs);
      const [left] = await session.query<{ n: string }>(`select ((select count(*) from ${q}.job where not (${UNFINISHED_JOBS})) + (select count(*) from ${q}.archive))::text as n`);
      jobsLeftBehind = Number(left?.n ?? 0);
    }
    log(
      `From ${source.describe} to ${target.describe}: ${manifest.items.filter((i) => i.in === 'portal').length} tables, ` +
        (manifest.jobs ? `the job queue (${manifest.jobs.queues.length} queues) and its unfinished jobs` : 'no job queue yet'),
    );
    const load = await loadTarget(target, {
      manifest,
      data: sourceData(session, schemas, manifest.items),
      expected: async () => ({ sums: await sumsOf(session, schemas, manifest.items), sequences: await sequencesOf(session, schemas.portal) }),
      log,
    });
    return { ...load, jobsLeftBehind, totalSeconds: (performance.now() - started) / 1000 };
  } finally {
    await end();
  }
}

export interface FolderSummary {
  folder: string;
  files: number;
  bytes: number;
}

/** The folders of DATA_DIR the portal keeps files in, with what they hold (the files a move leaves where they are). */
export const FILE_FOLDERS = ['exports', 'imports', 'images'] as const;

export function filesIn(dataDir: string): { folders: FolderSummary[]; appKey: boolean } {
  const folders = FILE_FOLDERS.map((folder) => {
    let files = 0;
    let bytes = 0;
    const walk = (dir: string) => {
      let entries: fs.Dirent[] = [];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.isFile()) {
          files += 1;
          bytes += fs.statSync(full).size;
        }
      }
    };
    walk(path.join(dataDir, folder));
    return { folder, files, bytes };
  });
  return { folders, appKey: fs.existsSync(path.join(dataDir, KEY_FILE)) };
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
