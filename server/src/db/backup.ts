import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PGLITE_EXTENSIONS, type Database } from './client.ts';
import { pgliteDirState, pgliteInUse } from './pglite-dir.ts';
import {
  dropPortal,
  ident,
  labelOf,
  loadTarget,
  openSourceSession,
  qualified,
  readManifest,
  schemasOf,
  sequencesOf,
  sessionOf,
  sumsOf,
  TransferMismatch,
  TransferRefused,
  type Item,
  type Manifest,
  type Schemas,
  type SourceFigures,
  type TableCheck,
} from './transfer.ts';

/**
 * `npm run backup` and `npm run restore`. Two formats, one file each:
 * - `pg_dump`: PostgreSQL's own custom-format archive of the portal's schema and its job queue's, made and restored by
 *   pg_dump and pg_restore from PATH (PostgreSQL only);
 * - `portal`: the portal's own logical dump, for the embedded database (and for PostgreSQL when pg_dump is missing):
 *   gzip of a header (migrations, tables, queues), every table's rows as COPY text and a trailer with each table's
 *   row count and checksum and the sequences, read in one snapshot. It restores into PGlite or PostgreSQL alike and is
 *   checked table by table against the trailer before the restore commits.
 */

export type BackupFormat = 'pg_dump' | 'portal';

/** The first line of a portal backup, after gunzip. */
const MAGIC = 'PORTAL-BACKUP 1';
/** gzip level of portal backups: on the benchmark's rows level 1 wrote 2.8 times faster than the default 6, for a file a quarter larger. */
const GZIP_LEVEL = 1;

export interface BackupResult {
  file: string;
  format: BackupFormat;
  bytes: number;
  seconds: number;
  /** Portal format: the rows and tables written. */
  rows?: number;
  tables?: number;
}

export interface RestoreResult {
  format: BackupFormat;
  checks: TableCheck[];
  rows: number;
  seconds: number;
}

/** The default file of a backup: DATA_DIR/backups/portal-YYYYMMDD-HHMMSS.(pgdump|portal.gz), in UTC. */
export function defaultBackupFile(dataDir: string, format: BackupFormat, at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join(dataDir, 'backups', `portal-${stamp}.${format === 'pg_dump' ? 'pgdump' : 'portal.gz'}`);
}

/** An executable of that name on PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** The format a backup of this database is made in when none is asked for, and why. */
export function chooseFormat(database: Database, asked?: BackupFormat): { format: BackupFormat; note?: string } {
  if (database.kind === 'pglite') {
    if (asked === 'pg_dump') throw new TransferRefused('pg_dump backs up PostgreSQL only; the embedded database is backed up in the portal format');
    return { format: 'portal' };
  }
  if (asked) return { format: asked };
  if (findOnPath('pg_dump')) return { format: 'pg_dump' };
  return { format: 'portal', note: 'pg_dump was not found on PATH: writing the portal format instead (npm run restore reads it; install the PostgreSQL client tools for pg_dump archives)' };
}

export interface BackupOptions {
  file: string;
  format?: BackupFormat;
  log?: (line: string) => void;
}

export async function backupDatabase(database: Database, opts: BackupOptions): Promise<BackupResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const { format, note } = chooseFormat(database, opts.format);
  if (note) log(note);
  fs.mkdirSync(path.dirname(opts.file), { recursive: true });
  // Written under another name and renamed when complete: a file with the backup's name is a whole backup.
  const partial = `${opts.file}.partial`;
  try {
    const counted = format === 'pg_dump' ? await pgDump(database, partial, log) : await writePortalBackup(database, partial, log);
    fs.renameSync(partial, opts.file);
    return { file: opts.file, format, bytes: fs.statSync(opts.file).size, seconds: (performance.now() - started) / 1000, ...counted };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

async function writePortalBackup(database: Database, file: string, log: (line: string) => void): Promise<{ rows: number; tables: number }> {
  const { session, end } = await openSourceSession(database);
  const gzip = zlib.createGzip({ level: GZIP_LEVEL });
  const written = pipeline(gzip, fs.createWriteStream(file));
  const write = async (data: string | Uint8Array) => {
    if (!gzip.write(data)) await once(gzip, 'drain');
  };
  try {
    const schemas = await schemasOf(session);
    const manifest = await readManifest(session, schemas);
    await write(`${MAGIC}\n${JSON.stringify({ created_at: new Date().toISOString(), source: database.describe, manifest })}\n`);
    let rows = 0;
    for (const item of manifest.items) {
      const t = performance.now();
      let bytes = 0;
      await write(`T ${JSON.stringify({ in: item.in, name: item.name })}\n`);
      for await (const chunk of session.copyOut(qualified(schemas, item), item.columns, item.where)) {
        await write(`D ${chunk.length}\n`);
        await write(chunk);
        bytes += chunk.length;
      }
      await write('E\n');
      const s = (performance.now() - t) / 1000;
      if (s >= 1) log(`  ${labelOf(item)}: ${(bytes / 1024 / 1024).toFixed(1)} MB of rows in ${s.toFixed(1)} s`);
    }
    log('Computing each table’s row count and checksum …');
    const sums = await sumsOf(session, schemas, manifest.items);
    const figures: SourceFigures = { sums, sequences: await sequencesOf(session, schemas.portal) };
    for (const sum of Object.values(sums)) rows += sum.rows;
    await write(`Z ${JSON.stringify(figures)}\n`);
    gzip.end();
    await written;
    return { rows, tables: manifest.items.length };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    throw err;
  } finally {
    await end();
  }
}

/** A portal backup read front to back: lines, and runs of bytes of a given length (joined once, not chunk by chunk). */
class BackupReader {
  private parts: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(stream: NodeJS.ReadableStream) {
    this.source = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  private async more(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.parts.push(next.value);
    this.length += next.value.length;
    return true;
  }

  private take(n: number): Buffer {
    const all = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts, this.length);
    const rest = all.subarray(n);
    this.parts = rest.length ? [rest] : [];
    this.length = rest.length;
    return all.subarray(0, n);
  }

  async line(): Promise<string | null> {
    let searched = 0;
    for (;;) {
      let offset = 0;
      for (const part of this.parts) {
        if (offset + part.length > searched) {
          const at = part.indexOf(0x0a, Math.max(0, searched - offset));
          if (at >= 0) return this.take(offset + at + 1).subarray(0, offset + at).toString('utf8');
        }
        offset += part.length;
      }
      searched = offset;
      if (!(await this.more())) return null;
    }
  }

  async bytes(n: number): Promise<Buffer> {
    while (this.length < n) if (!(await this.more())) throw new TransferRefused('the backup ends in the middle of a table: the file is incomplete');
    return this.take(n);
  }

  async close(): Promise<void> {
    await this.source.return?.();
  }
}

interface PortalHeader {
  created_at: string;
  source: string;
  manifest: Manifest;
}

async function openPortalBackup(file: string): Promise<{ header: PortalHeader; reader: BackupReader }> {
  const reader = new BackupReader(fs.createReadStream(file).pipe(zlib.createGunzip()));
  const magic = await reader.line().catch(() => null);
  if (magic !== MAGIC) throw new TransferRefused(`${file} is not a portal backup`);
  const header = JSON.parse((await reader.line()) ?? '{}') as PortalHeader;
  if (!header.manifest?.items) throw new TransferRefused(`${file}: the backup's header is damaged`);
  return { header, reader };
}

/** What a backup file is, from its first bytes: a pg_dump custom archive (PGDMP) or a gzip (the portal format). */
export function formatOf(file: string): BackupFormat | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'portal';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

export interface RestoreOptions {
  /** Drop what the target holds of the portal first (its schema's objects and the job queue's schema). */
  replace?: boolean;
  log?: (line: string) => void;
}

/** Restores a backup file into `target`, refusing a target that holds the portal unless `replace`, and verifies it. */
export async function restoreDatabase(target: Database, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new TransferRefused(`${file} does not exist`);
  const format = formatOf(file);
  if (!format) throw new TransferRefused(`${file} is neither a pg_dump archive nor a portal backup`);
  return format === 'pg_dump' ? pgRestore(target, file, opts) : restorePortalBackup(target, file, opts);
}

/**
 * Restores a portal backup into the embedded database of a DATA_DIR: into a folder of its own, which takes
 * DATA_DIR/pglite's place only once verified. An existing database is refused unless `replace`; the one replaced is
 * kept beside it (pglite.before-restore-<time>), to be removed by hand.
 */
export async function restoreIntoDataDir(dataDir: string, file: string, opts: RestoreOptions = {}): Promise<RestoreResult & { kept?: string }> {
  if (!fs.existsSync(file)) throw new TransferRefused(`${file} does not exist`);
  if (formatOf(file) !== 'portal') throw new TransferRefused(`${file} is not a portal backup: the embedded database restores only those (a pg_dump archive restores into PostgreSQL, with DATABASE_URL)`);
  const state = pgliteDirState(dataDir);
  const inUse = pgliteInUse(state);
  if (inUse) throw new TransferRefused(inUse);
  if (state.exists && !opts.replace) {
    throw new TransferRefused(`${state.dir} already holds an embedded database: nothing was written. --replace restores in its place (the folder replaced is kept beside it)`);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const restoring = `${state.dir}.restoring-${stamp}`;
  let database: Database | undefined;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    database = fromPglite(await PGlite.create(restoring, { extensions: PGLITE_EXTENSIONS }), `embedded PGlite in ${state.dir}`);
    const result = await restorePortalBackup(database, file, { log: opts.log });
    await database.close();
    database = undefined;
    let kept: string | undefined;
    if (fs.existsSync(state.dir)) {
      kept = `${state.dir}.before-restore-${stamp}`;
      fs.renameSync(state.dir, kept);
    }
    fs.renameSync(restoring, state.dir);
    return { ...result, ...(kept ? { kept } : {}) };
  } finally {
    await database?.close();
    fs.rmSync(restoring, { recursive: true, force: true });
  }
}

async function restorePortalBackup(target: Database, file: string, opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const { header, reader } = await openPortalBackup(file);
  log(`Portal backup of ${header.source}, made ${header.created_at}: ${header.manifest.items.length} tables.`);
  let figures: SourceFigures | null = null;
  async function* tableChunks(): AsyncIterable<Uint8Array> {
    for (;;) {
      const line = await reader.line();
      if (line === 'E') return;
      if (!line?.startsWith('D ')) throw new TransferRefused('the backup is damaged (a table’s rows are cut short)');
      yield await reader.bytes(Number(line.slice(2)));
    }
  }
  async function* data(): AsyncIterable<{ item: Item; chunks: AsyncIterable<Uint8Array> }> {
    for (;;) {
      const line = await reader.line();
      if (line === null) throw new TransferRefused('the backup ends before its trailer: the file is incomplete');
      if (line.startsWith('Z ')) {
        figures = JSON.parse(line.slice(2)) as SourceFigures;
        return;
      }
      if (!line.startsWith('T ')) throw new TransferRefused('the backup is damaged (no table where one should begin)');
      const ref = JSON.parse(line.slice(2)) as Pick<Item, 'in' | 'name'>;
      const item = header.manifest.items.find((i) => i.in === ref.in && i.name === ref.name);
      if (!item) throw new TransferRefused(`the backup holds rows of ${ref.name}, which its header does not list`);
      yield { item, chunks: tableChunks() };
    }
  }
  try {
    const report = await loadTarget(target, {
      manifest: header.manifest,
      data: data(),
      expected: async () => {
        if (!figures) throw new TransferRefused('the backup ends before its trailer: the file is incomplete');
        return figures;
      },
      replace: opts.replace,
      log,
    });
    return { format: 'portal', checks: report.checks, rows: report.rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    await reader.close();
  }
}

/** pg_dump and pg_restore reach the database as the pool does; the password travels in the environment, not the command line. */
function toolConnection(database: Database): { dbname: string; env: NodeJS.ProcessEnv } {
  if (database.raw.kind !== 'postgres') throw new TransferRefused('pg_dump and pg_restore work on PostgreSQL only');
  const cs = database.raw.pool.options.connectionString;
  if (!cs) throw new TransferRefused('pg_dump needs the database as a URL (DATABASE_URL)');
  const url = new URL(cs);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const options = database.raw.pool.options.options;
  if (options) env.PGOPTIONS = options;
  return { dbname: url.toString(), env };
}

/** Runs a PostgreSQL client tool; its standard error becomes the error's message. */
async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv, onStdout?: (stream: NodeJS.ReadableStream) => Promise<void>): Promise<void> {
  const bin = findOnPath(tool);
  if (!bin) throw new TransferRefused(`${tool} was not found on PATH: install the PostgreSQL client tools (the same major version as the server, or newer)`);
  const child = spawn(bin, args, { env, stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const reading = onStdout && child.stdout ? onStdout(child.stdout) : Promise.resolve();
  const [code] = await Promise.all([exited, reading]);
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
}

async function pgDump(database: Database, file: string, log: (line: string) => void): Promise<Record<string, never>> {
  const schemas = await schemasOfDatabase(database);
  const { dbname, env } = toolConnection(database);
  log(`pg_dump of schemas ${schemas.portal} and ${schemas.jobs} …`);
  await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--schema=${schemas.portal}`, `--schema=${schemas.jobs}`, `--dbname=${dbname}`], env);
  return {};
}

async function schemasOfDatabase(database: Database): Promise<Schemas> {
  if (database.raw.kind !== 'postgres') throw new TransferRefused('pg_dump and pg_restore work on PostgreSQL only');
  const pool = database.raw.pool;
  return schemasOf({ query: async <T extends Record<string, unknown>>(text: string) => (await pool.query<T>(text)).rows });
}

/** Rows per table in a pg_dump archive, read from pg_restore's script of its data (before anything is written). */
async function archiveCounts(file: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await runTool('pg_restore', ['--data-only', '--file=-', file], process.env, async (stdout) => {
    let table: string | null = null;
    let n = 0;
    for await (const line of readline.createInterface({ input: stdout, crlfDelay: Infinity })) {
      if (table === null) {
        const copy = /^COPY (\S+) \(.*\) FROM stdin;$/.exec(line);
        if (copy) {
          table = copy[1] ?? null;
          n = 0;
        }
      } else if (line === '\\.') {
        counts.set(table, n);
        table = null;
      } else n += 1;
    }
  });
  return counts;
}

/** The TOC of an archive without the schemas the target already has (pg_restore would fail creating them). */
async function restoreList(file: string, existing: Set<string>): Promise<string> {
  let toc = '';
  await runTool('pg_restore', ['--list', file], process.env, async (stdout) => {
    for await (const chunk of stdout) toc += chunk.toString();
  });
  const kept = toc.split('\n').filter((line) => {
    const m = /^\d+; \d+ \d+ (SCHEMA|COMMENT) - (?:SCHEMA )?(\S+) /.exec(line);
    return !(m && existing.has(m[2] ?? ''));
  });
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-')), 'toc.list');
  fs.writeFileSync(list, kept.join('\n'));
  return list;
}

async function pgRestore(target: Database, file: string, opts: RestoreOptions): Promise<RestoreResult> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  if (target.raw.kind !== 'postgres') throw new TransferRefused('a pg_dump archive restores into PostgreSQL only (set DATABASE_URL); back the database up with --format portal for the embedded one');
  const pool = target.raw.pool;
  if (!findOnPath('pg_restore')) throw new TransferRefused('pg_restore was not found on PATH: install the PostgreSQL client tools to restore a pg_dump archive');
  log('Reading the archive (every table’s rows are counted before anything is written) …');
  const expected = await archiveCounts(file);
  const schemas = await schemasOfDatabase(target);
  const dumped = [...expected.keys()].map((t) => t.split('.')[0]?.replaceAll('"', ''));
  if (expected.size && !dumped.includes(schemas.portal)) {
    throw new TransferRefused(`the archive holds schema ${[...new Set(dumped)].join(', ')}, the target's schema is ${schemas.portal}: pg_restore restores into the schema it dumped`);
  }
  const { rows: held } = await pool.query<{ found: boolean }>(`select to_regclass($1) is not null as found`, [`${ident(schemas.portal)}.schema_migrations`]);
  if (held[0]?.found) {
    if (!opts.replace) throw new TransferRefused(`the target already holds the portal (schema_migrations in schema ${schemas.portal}): nothing was written; --replace drops it first`);
    const dropped = await target.db.transaction((tx) => dropPortal(sessionOf(target, tx), schemas));
    log(`Replacing what the target held: dropped ${dropped} objects of schema ${schemas.portal} and the job queue's schema ${schemas.jobs}.`);
  }
  // The migrations create pg_trgm in public (a schema dump holds no extension).
  await pool.query('create extension if not exists pg_trgm with schema public');
  const { rows: existing } = await pool.query<{ name: string }>('select nspname as name from pg_namespace');
  const list = await restoreList(file, new Set(existing.map((r) => r.name)));
  const { dbname, env } = toolConnection(target);
  log('pg_restore …');
  try {
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${list}`, `--dbname=${dbname}`, file], env);
  } finally {
    fs.rmSync(path.dirname(list), { recursive: true, force: true });
  }
  const checks: TableCheck[] = [];
  let rows = 0;
  for (const [table, want] of expected) {
    const { rows: got } = await pool.query<{ n: string }>(`select count(*)::text as n from ${table}`);
    const n = Number(got[0]?.n ?? -1);
    rows += n;
    checks.push({ table: table.replace(/^"?public"?\./, ''), sourceRows: want, targetRows: n, sourceChecksum: '-', targetChecksum: '-', ok: n === want });
  }
  const bad = checks.filter((c) => !c.ok);
  if (bad.length) throw new TransferMismatch(`the restored tables do not hold the archive's rows: ${bad.map((c) => `${c.table} ${c.targetRows} of ${c.sourceRows}`).join(', ')}`);
  await pool.query(`analyze ${[...expected.keys()].join(', ')}`);
  return { format: 'pg_dump', checks, rows, seconds: (performance.now() - started) / 1000 };
}
