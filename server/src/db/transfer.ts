import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database, Db, Tx } from './client.ts';
import { journalTags, migrate } from './migrate.ts';
import { jobsSchemaBeside } from '../platform/jobs.ts';

/**
 * Copies the portal's data between two databases of the same migrations, PGlite or PostgreSQL either side, and checks
 * it: the machinery of `db:move` (move.ts) and of the portal's own backup format (backup.ts). Rows travel in COPY text
 * format, a chunk at a time, so a table of millions of rows never sits in memory whole; the target is written in one
 * transaction that also creates its schema, so a failed or refused load leaves nothing behind.
 */

/** A load the target or the source does not allow; nothing was written. */
export class TransferRefused extends Error {}

/** The copy was made but does not match its source; it was rolled back. */
export class TransferMismatch extends Error {}

/** What a table holds, as both sides compute it: its row count and two sums of the rows' md5 (order does not matter). */
export interface Sum {
  rows: number;
  a: string;
  b: string;
}

/** A table of the portal, or of its job queue, and the columns copied (generated ones are computed again). */
export interface Item {
  in: 'portal' | 'jobs';
  name: string;
  columns: string[];
  /** Only these rows (the queue's unfinished jobs). */
  where?: string;
}

export interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

/** A queue of pg-boss as its `queue` table holds it. */
export interface QueueRow {
  name: string;
  policy: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  retention_minutes: number | null;
  dead_letter: string | null;
}

/** What the source holds, known before its rows are read. */
export interface Manifest {
  migrations: string[];
  items: Item[];
  /** The job queue's schema version and queues, when the source has a queue. */
  jobs: { version: number; queues: QueueRow[] } | null;
}

/** The source's figures, computed in the snapshot its rows were read in. */
export interface SourceFigures {
  sums: Record<string, Sum>;
  sequences: SequenceValue[];
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

export interface LoadReport {
  checks: TableCheck[];
  rows: number;
  sequences: number;
  jobs: { queues: number; jobs: number } | null;
  seconds: { copy: number; indexes: number; verify: number };
}

/** The queue's jobs that have not finished (pg-boss's states are an ordered enum: created < retry < active < completed). */
export const UNFINISHED_JOBS = `state < 'completed'`;

/** The table of the report: `job queue: job` for the queue's, the plain name for the portal's. */
export const labelOf = (item: Pick<Item, 'in' | 'name' | 'where'>) => (item.in === 'jobs' ? `job queue: ${item.name}${item.where ? ' (unfinished)' : ''}` : item.name);

/** A quoted identifier (node-postgres' escapeIdentifier). */
export const ident = pg.escapeIdentifier;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The portal's schema and its job queue's (platform/jobs.ts: `pgboss` beside `public`). */
export interface Schemas {
  portal: string;
  jobs: string;
}

export const qualified = (schemas: Schemas, item: Pick<Item, 'in' | 'name'>) => `${ident(item.in === 'jobs' ? schemas.jobs : schemas.portal)}.${ident(item.name)}`;

/**
 * Session settings for both sides: the rows' text (COPY and the checksums) must not depend on a server's defaults, and
 * a long copy must not meet the request pool's limits.
 */
const SESSION_SETTINGS = [
  `set local statement_timeout = 0`,
  `set local idle_in_transaction_session_timeout = 0`,
  `set local lock_timeout = 0`,
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 1`,
  `set local bytea_output = 'hex'`,
].join('; ');

/** One transaction on one connection, with COPY both ways. */
export interface Session {
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Parameterless, possibly multi-statement text. */
  exec(text: string): Promise<void>;
  /**
   * Conditions that cut a table into parts read one statement each (PGlite: heap slices, so that no statement holds the
   * process, which PGlite runs in, for long); one empty condition where the whole table is one statement.
   */
  slices(table: string): Promise<string[]>;
  /** `select columns from table [where]` as COPY text, in chunks of whole rows. */
  copyOut(table: string, columns: string[], where?: string): AsyncIterable<Uint8Array>;
  /** COPY text into the table's columns; answers the rows written. */
  copyIn(table: string, columns: string[], chunks: AsyncIterable<Uint8Array>): Promise<number>;
}

/** Heap blocks (8 kB) read by one COPY out of PGlite: it answers a COPY as one blob, so large tables go in slices. */
export const DEFAULT_CHUNK_BLOCKS = 2_048;
/** Bytes handed to PGlite in one COPY FROM. */
const PGLITE_COPY_IN_BYTES = 16 * 1024 * 1024;

function pgSession(client: pg.ClientBase): Session {
  return {
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.query(text);
    },
    slices: async () => [''],
    async *copyOut(table, columns, where) {
      const cols = columns.map(ident).join(', ');
      const stream = client.query(copyTo(where ? `copy (select ${cols} from ${table} where ${where}) to stdout` : `copy ${table} (${cols}) to stdout`));
      for await (const chunk of stream) yield chunk as Buffer;
    },
    async copyIn(table, columns, chunks) {
      const stream = client.query(copyFrom(`copy ${table} (${columns.map(ident).join(', ')}) from stdin`));
      // One chunk read ahead while the server takes the last: the two sides work at once, memory stays at a few chunks.
      await pipeline(Readable.from(chunks, { highWaterMark: 1 }), stream);
      return stream.rowCount;
    },
  };
}

type PgliteLike = Pick<PGlite | Transaction, 'query' | 'exec'>;

function pgliteSession(client: PgliteLike, chunkBlocks: number): Session {
  const query = async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows;
  const blob = async (text: string): Promise<Uint8Array | null> => {
    const result = await client.query(text);
    return result.blob && result.blob.size > 0 ? new Uint8Array(await result.blob.arrayBuffer()) : null;
  };
  // Slices of the heap by tuple id (a TID range scan): each row is in one slice, whatever the table's keys.
  const slices = async (table: string) => {
    const [size] = await query<{ blocks: number }>(`select (pg_relation_size(${literal(table)}::regclass) / current_setting('block_size')::int)::int as blocks`);
    const blocks = Number(size?.blocks ?? 0);
    const out: string[] = [];
    for (let from = 0; from < blocks; from += chunkBlocks) {
      out.push(`ctid >= '(${from},0)'::tid${from + chunkBlocks < blocks ? ` and ctid < '(${from + chunkBlocks},0)'::tid` : ''}`);
    }
    return out;
  };
  return {
    query,
    exec: async (text) => {
      await client.exec(text);
    },
    slices,
    async *copyOut(table, columns, where) {
      const cols = columns.map(ident).join(', ');
      if (where) {
        const whole = await blob(`copy (select ${cols} from ${table} where ${where}) to '/dev/blob'`);
        if (whole) yield whole;
        return;
      }
      for (const slice of await slices(table)) {
        const part = await blob(`copy (select ${cols} from ${table} where ${slice}) to '/dev/blob'`);
        if (part) yield part;
      }
    },
    async copyIn(table, columns, chunks) {
      let rows = 0;
      for await (const batch of wholeLines(chunks, PGLITE_COPY_IN_BYTES)) {
        const result = await client.query(`copy ${table} (${columns.map(ident).join(', ')}) from '/dev/blob'`, [], { blob: new Blob([batch as Uint8Array<ArrayBuffer>]) });
        rows += result.affectedRows ?? 0;
      }
      return rows;
    },
  };
}

/** Chunks regrouped into batches of at least `min` bytes that end at a row's end (COPY text escapes newlines inside values). */
export async function* wholeLines(chunks: AsyncIterable<Uint8Array>, min: number): AsyncIterable<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.length;
    if (size < min) continue;
    const joined = Buffer.concat(parts, size);
    const end = joined.lastIndexOf(0x0a);
    if (end < 0) {
      parts = [joined];
      continue;
    }
    yield joined.subarray(0, end + 1);
    const rest = joined.subarray(end + 1);
    parts = rest.length ? [rest] : [];
    size = rest.length;
  }
  if (size) yield Buffer.concat(parts, size);
}

/** The connection a drizzle transaction runs on (jobs.ts reaches it the same way to queue a job inside one). */
function clientOf(tx: Tx): unknown {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('transfer: this transaction exposes no client');
  return client;
}

/** A session on the connection of a drizzle transaction of `database`. */
export function sessionOf(database: Database, tx: Tx): Session {
  const client = clientOf(tx);
  return database.raw.kind === 'postgres' ? pgSession(client as pg.PoolClient) : pgliteSession(client as Transaction, DEFAULT_CHUNK_BLOCKS);
}

/**
 * A read-only transaction on the source in which everything it answers is read: one snapshot for the rows, the
 * checksums and the sequences. PGlite is one connection, so nothing else may use it until `end`.
 */
export async function openSourceSession(database: Database, chunkBlocks = DEFAULT_CHUNK_BLOCKS): Promise<{ session: Session; end(): Promise<void> }> {
  if (database.raw.kind === 'postgres') {
    const client = await database.raw.pool.connect();
    try {
      await client.query(`begin isolation level repeatable read read only; ${SESSION_SETTINGS}`);
    } catch (err) {
      client.release(err instanceof Error ? err : true);
      throw err;
    }
    return {
      session: pgSession(client),
      end: async () => {
        try {
          await client.query('rollback');
          client.release();
        } catch (err) {
          client.release(err instanceof Error ? err : true);
        }
      },
    };
  }
  const pglite = database.raw.client;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let opened!: (tx: Transaction) => void;
  let failed!: (err: unknown) => void;
  const open = new Promise<Transaction>((resolve, reject) => ((opened = resolve), (failed = reject)));
  const running = pglite
    .transaction(async (tx) => {
      await tx.exec(`set transaction read only; ${SESSION_SETTINGS}`);
      opened(tx);
      await finished;
    })
    .catch((err: unknown) => failed(err));
  const tx = await open;
  return {
    session: pgliteSession(tx, chunkBlocks),
    end: async () => {
      finish();
      await running;
    },
  };
}

export async function schemasOf(session: Pick<Session, 'query'>): Promise<Schemas> {
  const [row] = await session.query<{ schema: string }>('select current_schema() as schema');
  const portal = row?.schema ?? 'public';
  return { portal, jobs: jobsSchemaBeside(portal) };
}

/** The plain tables of a schema (partitions included, extensions' left out) with their copied columns. */
async function tablesOf(session: Session, schema: string, except: string[] = []): Promise<{ name: string; columns: string[] }[]> {
  const rows = await session.query<{ name: string; columns: string[] | null }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind = 'r' and not (c.relname = any($2::text[]))
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      group by c.relname order by c.relname`,
    [schema, except],
  );
  return rows.map((r) => ({ name: r.name, columns: r.columns ?? [] }));
}

async function hasTable(session: Session, schema: string, table: string): Promise<boolean> {
  const [row] = await session.query<{ found: boolean }>('select to_regclass($1) is not null as found', [`${ident(schema)}.${ident(table)}`]);
  return row?.found === true;
}

/** What the source holds: its migrations, its tables and its job queue's queues. */
export async function readManifest(session: Session, schemas: Schemas): Promise<Manifest> {
  if (!(await hasTable(session, schemas.portal, 'schema_migrations'))) throw new TransferRefused(`the source holds no portal (no schema_migrations in schema ${schemas.portal})`);
  const migrations = (await session.query<{ tag: string }>(`select tag from ${ident(schemas.portal)}.schema_migrations order by tag`)).map((r) => r.tag);
  const items: Item[] = (await tablesOf(session, schemas.portal, ['schema_migrations'])).map((t) => ({ in: 'portal', ...t }));
  let jobs: Manifest['jobs'] = null;
  if ((await hasTable(session, schemas.jobs, 'job')) && (await hasTable(session, schemas.jobs, 'version'))) {
    const q = ident(schemas.jobs);
    const [version] = await session.query<{ version: number }>(`select version from ${q}.version`);
    const queues = await session.query<QueueRow & Record<string, unknown>>(
      `select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes, dead_letter from ${q}.queue order by name`,
    );
    jobs = { version: Number(version?.version), queues };
    const tables = new Map((await tablesOf(session, schemas.jobs)).map((t) => [t.name, t.columns]));
    // Scheduled and queued work moves; finished jobs and the archive are history the portal never reads.
    for (const name of ['schedule', 'subscription']) items.push({ in: 'jobs', name, columns: tables.get(name) ?? [] });
    const jobColumns = await session.query<{ name: string }>(
      `select attname::text as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped order by attnum`,
      [`${q}.job`],
    );
    items.push({ in: 'jobs', name: 'job', columns: jobColumns.map((c) => c.name), where: UNFINISHED_JOBS });
  }
  return { migrations, items, jobs };
}

/**
 * A table's row count and checksum: the sum over its rows of their md5 (of the row's text, the copied columns in
 * order), in two 64-bit halves summed as numeric. Computed in SQL on either side in one pass with no sort and no
 * growing string, so it scales with the table; the sum does not depend on the rows' order, and differs when a row does.
 */
async function sumOf(session: Session, table: string, columns: string[], where?: string): Promise<Sum> {
  let rows = 0;
  let a = 0n;
  let b = 0n;
  // On PGlite by heap slices, added up here: the target's statements (index builds) go on between them.
  for (const slice of where ? [''] : await session.slices(table)) {
    const condition = [slice, where].filter(Boolean).join(' and ');
    const [row] = await session.query<{ n: string; a: string; b: string }>(
      `select count(*)::text as n,
          coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric), 0)::text as a,
          coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric), 0)::text as b
        from (select md5(row(${columns.map(ident).join(', ')})::text) as h from ${table} t${condition ? ` where ${condition}` : ''}) s`,
    );
    rows += Number(row?.n ?? 0);
    a += BigInt(row?.a ?? '0');
    b += BigInt(row?.b ?? '0');
  }
  return { rows, a: a.toString(), b: b.toString() };
}

export async function sumsOf(session: Session, schemas: Schemas, items: Item[]): Promise<Record<string, Sum>> {
  const sums: Record<string, Sum> = {};
  for (const item of items) sums[labelOf(item)] = await sumOf(session, qualified(schemas, item), item.columns, item.where);
  return sums;
}

/** The short form of a sum for people: 12 hex digits of the md5 of its parts. */
export const checksumText = (sum: Sum) => crypto.createHash('md5').update(`${sum.rows}:${sum.a}:${sum.b}`).digest('hex').slice(0, 12);

export async function sequencesOf(session: Session, schema: string): Promise<SequenceValue[]> {
  const names = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [schema],
  );
  if (!names.length) return [];
  const rows = await session.query<{ name: string; value: string; called: boolean }>(
    names.map((s) => `select ${literal(s.name)}::text as name, last_value::text as value, is_called as called from ${ident(schema)}.${ident(s.name)}`).join(' union all '),
  );
  return rows.map((r) => ({ name: r.name, value: String(r.value), called: r.called === true }));
}

/** The source's rows, item by item, read in its session. */
export async function* sourceData(session: Session, schemas: Schemas, items: Item[]): AsyncIterable<{ item: Item; chunks: AsyncIterable<Uint8Array> }> {
  for (const item of items) yield { item, chunks: session.copyOut(qualified(schemas, item), item.columns, item.where) };
}

export interface LoadInput {
  manifest: Manifest;
  /** The rows of each item of the manifest, in any order; each chunk is consumed before the next is asked for. */
  data: AsyncIterable<{ item: Item; chunks: AsyncIterable<Uint8Array> }>;
  /** Asked for once every row was read: the source's sums and sequences. */
  expected(): Promise<SourceFigures>;
  /** Drop whatever of the portal the target holds (its schema's objects and the job queue's schema) first. */
  replace?: boolean;
  log?: (line: string) => void;
}

/**
 * Writes a source's data into `target` in one transaction: refuses when the target already holds the portal (unless
 * `replace`), creates the schema with the migrations, loads every table with the target's triggers off, foreign keys
 * and secondary indexes dropped and made again after (checked in one pass each, faster than row by row), recreates the
 * job queue's schema, queues and unfinished jobs, sets the sequences, and compares every table's count and checksum
 * and every sequence with the source's before it commits. A mismatch or an error rolls it all back.
 */
export async function loadTarget(target: Database, input: LoadInput): Promise<LoadReport> {
  const log = input.log ?? (() => undefined);
  const { manifest } = input;
  const journal = journalTags();
  const unknown = manifest.migrations.filter((t) => !journal.includes(t));
  if (unknown.length) throw new TransferRefused(`the source has migrations this build does not know (${unknown.join(', ')}): use the portal version that made it`);
  const made = new Set(manifest.migrations);
  if (!manifest.migrations.length || !journal.slice(0, made.size).every((t) => made.has(t))) {
    throw new TransferRefused(`the source's migrations are not the first ${made.size} of this build's: use the portal version that made it`);
  }
  // A source made before this build's last migrations (an older backup): its schema is built, loaded and checked, then the rest applied.
  const until = made.size < journal.length ? journal[made.size - 1] : undefined;

  const { report, schemas } = await target.db.transaction(async (tx) => {
    const session = sessionOf(target, tx);
    await session.exec(SESSION_SETTINGS);
    const schemas = await schemasOf(session);
    const portalItems = manifest.items.filter((i) => i.in === 'portal');

    const present = await portalObjects(session, schemas, portalItems.map((i) => i.name));
    if (present.length && !input.replace) {
      throw new TransferRefused(
        `the target already holds the portal (${present.slice(0, 5).join(', ')}${present.length > 5 ? `, and ${present.length - 5} more` : ''}): nothing was written`,
      );
    }
    if (present.length) {
      const dropped = await dropPortal(session, schemas);
      log(`Replacing what the target held: dropped ${dropped} objects of schema ${schemas.portal} and the job queue's schema ${schemas.jobs}.`);
    }

    const inTx: Database = { ...target, db: tx as unknown as Db, exec: async (text) => void (await tx.execute(sql.raw(text))) };
    const started = performance.now();
    await migrate(inTx, until ? { until } : {});
    log(`Schema created: ${made.size} migrations in ${seconds(started)} s.`);

    const tables = new Map((await tablesOf(session, schemas.portal, ['schema_migrations'])).map((t) => [t.name, t.columns]));
    const problems: string[] = [];
    for (const item of portalItems) {
      const columns = tables.get(item.name);
      if (!columns) problems.push(`${item.name}: not in the target`);
      else if (columns.join(',') !== item.columns.join(',')) problems.push(`${item.name}: columns differ`);
    }
    for (const name of tables.keys()) if (!portalItems.some((i) => i.name === name)) problems.push(`${name}: not in the source`);
    if (problems.length) throw new TransferRefused(`the source's tables differ from this build's schema: ${problems.slice(0, 5).join('; ')}`);

    const prepared = await prepareLoad(session, schemas.portal, [...tables.keys()]);
    const jobs = manifest.jobs ? await createQueueSchema(session, schemas.jobs, manifest.jobs) : null;

    const copyStarted = performance.now();
    let rows = 0;
    const loaded: Record<string, number> = {};
    for await (const { item, chunks } of input.data) {
      const t = performance.now();
      const n = await session.copyIn(qualified(schemas, item), item.columns, chunks);
      loaded[labelOf(item)] = n;
      rows += n;
      const s = (performance.now() - t) / 1000;
      if (n >= 10_000 || s >= 1) log(`  ${labelOf(item)}: ${n.toLocaleString('en')} rows in ${s.toFixed(1)} s (${Math.round(n / Math.max(s, 0.001)).toLocaleString('en')} rows/s)`);
    }
    const copySeconds = (performance.now() - copyStarted) / 1000;
    log(`Copied ${rows.toLocaleString('en')} rows of ${Object.keys(loaded).length} tables in ${copySeconds.toFixed(1)} s.`);

    // The source's figures are computed while the target builds its indexes (on PostgreSQL, in another process).
    const expecting = input.expected();
    expecting.catch(() => undefined);
    const indexStarted = performance.now();
    await finishLoad(session, prepared);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    log(`Indexes and foreign keys made again (${prepared.indexes.length} indexes, ${prepared.foreignKeys.length} foreign keys, checked) in ${indexSeconds.toFixed(1)} s.`);

    const verifyStarted = performance.now();
    log('Verifying: row counts and checksums of every table on both sides …');
    const items = manifest.items;
    const [expected, actual] = await Promise.all([expecting, sumsOf(session, schemas, items)]);
    await setSequences(session, schemas.portal, expected.sequences);
    const sequences = await sequencesOf(session, schemas.portal);
    const checks = items.map((item): TableCheck => {
      const label = labelOf(item);
      const want = expected.sums[label];
      const got = actual[label];
      const ok = !!want && !!got && want.rows === got.rows && want.a === got.a && want.b === got.b && (loaded[label] ?? -1) === want.rows;
      return { table: label, sourceRows: want?.rows ?? -1, targetRows: got?.rows ?? -1, sourceChecksum: want ? checksumText(want) : '-', targetChecksum: got ? checksumText(got) : '-', ok };
    });
    const badSequences = expected.sequences.filter((s) => {
      const got = sequences.find((g) => g.name === s.name);
      return !got || got.value !== s.value || got.called !== s.called;
    });
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    const bad = checks.filter((c) => !c.ok);
    if (bad.length || badSequences.length) {
      const lines = [...bad.map((c) => `${c.table}: source ${c.sourceRows} rows ${c.sourceChecksum}, target ${c.targetRows} rows ${c.targetChecksum}`), ...badSequences.map((s) => `sequence ${s.name}`)];
      throw new TransferMismatch(`the copy does not match its source, rolled back:\n${formatChecks(checks)}\n${lines.join('\n')}`);
    }
    log(`Verified ${checks.length} tables and ${sequences.length} sequences in ${verifySeconds.toFixed(1)} s.`);
    if (until) {
      const later = await migrate(inTx);
      log(`Then brought to this build's schema: ${later.length} later migrations (${later.join(', ')}).`);
    }
    const report: LoadReport = {
      checks,
      rows,
      sequences: sequences.length,
      jobs: jobs ? { queues: jobs.queues, jobs: loaded[labelOf({ in: 'jobs', name: 'job', where: UNFINISHED_JOBS })] ?? 0 } : null,
      seconds: { copy: copySeconds, indexes: indexSeconds, verify: verifySeconds },
    };
    return { report, schemas };
  });
  // Fresh statistics, as autovacuum would gather them after a bulk load, so the first queries plan well.
  const analyzed = performance.now();
  const names = manifest.items.filter((i) => i.in === 'portal').map((i) => qualified(schemas, i));
  if (names.length) await target.exec(`analyze ${names.join(', ')}`);
  log(`Statistics gathered in ${seconds(analyzed)} s.`);
  return report;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The portal's objects a target already holds: its tables in the schema, and the job queue's table. */
async function portalObjects(session: Session, schemas: Schemas, tables: string[]): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and c.relname = any($2::text[]) order by c.relname`,
    [schemas.portal, [...tables, 'schema_migrations']],
  );
  const found = rows.map((r) => r.name);
  if (await hasTable(session, schemas.jobs, 'job')) found.push(`${schemas.jobs}.job`);
  return found;
}

/**
 * Drops every object of the portal's schema that no extension owns (tables, views, sequences, types, functions) and the
 * job queue's schema: what `--replace` clears before a restore. Answers how many objects of the schema it dropped.
 */
export async function dropPortal(session: Pick<Session, 'query' | 'exec'>, schemas: Schemas): Promise<number> {
  await session.exec(`drop schema if exists ${ident(schemas.jobs)} cascade`);
  const notExtension = (classid: string, oid: string) => `not exists (select 1 from pg_depend d where d.classid = '${classid}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  const statements = await session.query<{ statement: string }>(
    `select format('drop %s if exists %I.%I cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname) as statement
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and not c.relispartition and ${notExtension('pg_class', 'c.oid')}
      union all
      select format('drop type if exists %I.%I cascade', n.nspname, t.typname)
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = $1 and t.typtype in ('e', 'd', 'r', 'm') and ${notExtension('pg_type', 't.oid')}
      union all
      select format('drop routine if exists %s cascade', p.oid::regprocedure)
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1 and p.prokind in ('f', 'p') and ${notExtension('pg_proc', 'p.oid')}`,
    [schemas.portal],
  );
  for (const { statement } of statements) await session.exec(statement);
  return statements.length;
}

interface Prepared {
  tables: string[];
  foreignKeys: { table: string; name: string; def: string }[];
  indexes: { name: string; def: string }[];
  triggered: string[];
}

/**
 * Clears the target's tables for the load (the migrations wrote reference rows the source's replace), its foreign keys
 * and secondary indexes dropped (kept to make again) and its triggers off: a copied row is not a new event (no
 * notification, no rollup counted twice), and rows arrive in whatever order the tables come.
 */
async function prepareLoad(session: Session, schema: string, tableNames: string[]): Promise<Prepared> {
  const foreignKeys = await session.query<{ table: string; name: string; def: string }>(
    `select format('%I.%I', n.nspname, c.relname) as table, k.conname as name, pg_get_constraintdef(k.oid) as def
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and k.contype = 'f' order by 1, 2`,
    [schema],
  );
  for (const k of foreignKeys) await session.exec(`alter table ${k.table} drop constraint ${ident(k.name)}`);
  const indexes = await session.query<{ name: string; def: string }>(
    `select format('%I.%I', n.nspname, i.relname) as name, pg_get_indexdef(x.indexrelid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = $1 and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.contype in ('p', 'u', 'x'))
      order by 1`,
    [schema],
  );
  for (const i of indexes) await session.exec(`drop index ${i.name}`);
  const triggered = (
    await session.query<{ table: string }>(
      `select distinct format('%I.%I', n.nspname, c.relname) as table from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and not g.tgisinternal order by 1`,
      [schema],
    )
  ).map((r) => r.table);
  for (const t of triggered) await session.exec(`alter table ${t} disable trigger user`);
  const tables = tableNames.map((t) => `${ident(schema)}.${ident(t)}`);
  if (tables.length) await session.exec(`truncate ${tables.join(', ')}`);
  return { tables, foreignKeys, indexes, triggered };
}

async function finishLoad(session: Session, prepared: Prepared): Promise<void> {
  for (const i of prepared.indexes) await session.exec(i.def);
  for (const k of prepared.foreignKeys) await session.exec(`alter table ${k.table} add constraint ${ident(k.name)} ${k.def}`);
  for (const t of prepared.triggered) await session.exec(`alter table ${t} enable trigger user`);
}

/**
 * The job queue's schema as pg-boss makes it (its own construction plan, in this transaction rather than its own), then
 * the source's queues, each with its partition, through pg-boss's create_queue; dead-letter queues first.
 */
async function createQueueSchema(session: Session, schema: string, jobs: NonNullable<Manifest['jobs']>): Promise<{ queues: number }> {
  const plan = PgBoss.getConstructionPlans(schema).trim();
  const body = plan.replace(/^BEGIN;/, '').replace(/COMMIT;$/, '');
  if (body === plan || !plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;')) throw new Error('transfer: pg-boss construction plan is not one BEGIN … COMMIT block');
  // The plan sets its own lock and idle limits for the transaction: the load that follows must not meet them.
  await session.exec(`${body}; set local lock_timeout = 0; set local idle_in_transaction_session_timeout = 0`);
  const [made] = await session.query<{ version: number }>(`select version from ${ident(schema)}.version`);
  if (Number(made?.version) !== jobs.version) {
    throw new TransferRefused(`the source's job queue is at pg-boss schema version ${jobs.version}, this build's at ${made?.version}: start the portal on the source once (it migrates the queue), then try again`);
  }
  const pending = [...jobs.queues];
  const created = new Set<string>();
  while (pending.length) {
    const next = pending.findIndex((q) => !q.dead_letter || created.has(q.dead_letter) || !jobs.queues.some((o) => o.name === q.dead_letter));
    const [queue] = pending.splice(next < 0 ? 0 : next, 1);
    if (!queue) break;
    const options = {
      policy: queue.policy,
      retryLimit: queue.retry_limit,
      retryDelay: queue.retry_delay,
      retryBackoff: queue.retry_backoff,
      expireInSeconds: queue.expire_seconds,
      retentionMinutes: queue.retention_minutes,
      deadLetter: queue.dead_letter,
    };
    await session.query(`select ${ident(schema)}.create_queue($1, $2::json)`, [queue.name, JSON.stringify(options)]);
    created.add(queue.name);
  }
  return { queues: created.size };
}

async function setSequences(session: Session, schema: string, sequences: SequenceValue[]): Promise<void> {
  if (!sequences.length) return;
  const calls = sequences.map((s) => `setval(${literal(`${ident(schema)}.${ident(s.name)}`)}::regclass, ${BigInt(s.value).toString()}, ${s.called ? 'true' : 'false'})`);
  await session.query(`select ${calls.join(', ')}`);
}

/** The verification as a table for people: non-empty tables one a line, the empty ones summed up, every mismatch shown. */
export function formatChecks(checks: TableCheck[]): string {
  const shown = checks.filter((c) => !c.ok || c.sourceRows > 0 || c.targetRows > 0);
  const width = Math.max(5, ...shown.map((c) => c.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'source rows'.padStart(12)}  ${'target rows'.padStart(12)}  ${'source checksum'.padEnd(15)}  ${'target checksum'.padEnd(15)}  check`];
  for (const c of shown) {
    lines.push(
      `${c.table.padEnd(width)}  ${c.sourceRows.toLocaleString('en').padStart(12)}  ${c.targetRows.toLocaleString('en').padStart(12)}  ${c.sourceChecksum.padEnd(15)}  ${c.targetChecksum.padEnd(15)}  ${c.ok ? 'ok' : 'MISMATCH'}`,
    );
  }
  const empty = checks.length - shown.length;
  if (empty) lines.push(`(and ${empty} tables empty on both sides)`);
  return lines.join('\n');
}
