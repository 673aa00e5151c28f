import { types as pgliteTypes, type PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { TIME_ZONE } from '@portal/contract';
import type { Database } from '../../db/client.ts';
import { whereOf } from '../pagination.ts';

/**
 * The rows of an export: a base query (the list's select, from and filters) and an ordering key that is unique and
 * NOT NULL taken together (e.g. `a.at` then `a.id`). Read in keyset batches, so memory stays flat and every batch is a
 * few index reads whatever the row count, on PGlite and PostgreSQL alike.
 */
export interface ExportSource {
  /** `select a.x, b.y` without from; the export's columns name these output columns. */
  select: SQL;
  /** `from t a join ...`. */
  from: SQL;
  /** The list's filter conditions; undefined entries are skipped. */
  where: readonly (SQL | undefined)[];
  /** SQL expressions of the ordering key, most significant first; together unique and NOT NULL. */
  keys: readonly string[];
  /**
   * The select's output columns that hold the keys' values, one per key, when it selects them anyway (`at`, `id`): the
   * next batch seeks from them instead of from extra text copies of the keys.
   */
  keyColumns?: readonly string[];
  dir: 'asc' | 'desc';
}

/**
 * A batch of rows as PostgreSQL's text output, one array per row in the order of `fields`. Timestamps read in the
 * session time zone Asia/Jakarta with ISO date style (`2026-01-02 10:04:05+07`), so no value is parsed into an object
 * only to be printed again: a million rows cost a million small arrays, not a million Dates and objects.
 */
export interface RawBatch {
  fields: readonly string[];
  rows: readonly (string | null)[][];
}

export const EXPORT_BATCH = 5000;

const dialect = new PgDialect();
/** Every column as its text, whatever its type. */
const PG_TEXT: pg.CustomTypesConfig = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;
const PGLITE_TEXT = Object.fromEntries(Object.keys(pgliteTypes.parsers).map((oid) => [oid, (value: string) => value]));
/** An export's session: Asia/Jakarta time, ISO dates; and back to the connection's own settings. */
export const EXPORT_SESSION = `set timezone to '${TIME_ZONE}'; set datestyle to 'ISO, YMD'`;
export const EXPORT_SESSION_RESET = 'reset timezone; reset datestyle';
const SESSION_LOCAL = `set local timezone to '${TIME_ZONE}'; set local datestyle to 'ISO, YMD'`;

interface Runner {
  run(query: SQL): Promise<RawBatch>;
  close(failed: boolean): Promise<void>;
}

/** PostgreSQL: one connection of the pool for the whole export, its session set to Jakarta time. */
async function pgRunner(pool: pg.Pool): Promise<Runner> {
  const client = await pool.connect();
  try {
    await client.query(EXPORT_SESSION);
  } catch (err) {
    client.release(true);
    throw err;
  }
  return {
    async run(query) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const r = await client.query<(string | null)[]>({ text, values: params, rowMode: 'array', types: PG_TEXT });
      return { fields: r.fields.map((f) => f.name), rows: r.rows };
    },
    async close(failed) {
      if (failed) return client.release(true);
      try {
        await client.query(EXPORT_SESSION_RESET);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}

/** PGlite: one connection shared with everything else, so each batch is a short transaction of its own. */
function pgliteRunner(client: PGlite): Runner {
  return {
    run(query) {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return client.transaction(async (tx) => {
        await tx.exec(SESSION_LOCAL);
        const r = await tx.query<(string | null)[]>(text, params, { rowMode: 'array', parsers: PGLITE_TEXT });
        return { fields: r.fields.map((f) => f.name), rows: r.rows };
      });
    },
    close: async () => undefined,
  };
}

/**
 * Yields the source's rows in batches of `batchSize`, each batch seeking past the last row of the previous one. Unless
 * the source names `keyColumns`, text copies of the keys (`__k0`, ...) follow the select's own columns.
 */
export async function* readBatches(database: Database, src: ExportSource, batchSize = EXPORT_BATCH): AsyncGenerator<RawBatch> {
  if (!src.keys.length) throw new Error('export source: no ordering key');
  const dir = sql.raw(src.dir === 'asc' ? 'asc' : 'desc');
  const op = sql.raw(src.dir === 'asc' ? '>' : '<');
  const keyExprs = src.keys.map((k) => sql.raw(k));
  if (src.keyColumns && src.keyColumns.length !== src.keys.length) throw new Error('export source: one key column per key');
  // Key values travel back as text and are compared as a row, so timestamps keep their microseconds.
  const keyCols = src.keyColumns
    ? sql``
    : sql`, ${sql.join(
        keyExprs.map((k, i) => sql`(${k})::text as ${sql.raw(`__k${i}`)}`),
        sql`, `,
      )}`;
  const orderBy = sql.join(
    keyExprs.map((k) => sql`${k} ${dir}`),
    sql`, `,
  );
  const batchAfter = (after: readonly (string | null)[] | null) => {
    const seek = after ? sql`(${sql.join(keyExprs, sql`, `)}) ${op} (${sql.join(after.map((v) => sql`${v}`), sql`, `)})` : undefined;
    return sql`${src.select}${keyCols} ${src.from} ${whereOf([...src.where, seek])} order by ${orderBy} limit ${batchSize}`;
  };
  const runner = database.raw.kind === 'postgres' ? await pgRunner(database.raw.pool) : pgliteRunner(database.raw.client);
  let failed = true;
  let keyAt: number[] | null = null;
  try {
    let next: Promise<RawBatch> | null = runner.run(batchAfter(null));
    while (next) {
      const batch: RawBatch = await next;
      next = null;
      keyAt ??= (src.keyColumns ?? src.keys.map((_, i) => `__k${i}`)).map((name) => {
        const at = batch.fields.indexOf(name);
        if (at < 0) throw new Error(`export source: no column ${name}`);
        return at;
      });
      const last = batch.rows[batch.rows.length - 1];
      // Ask for the next batch before the caller writes this one: PostgreSQL works on it meanwhile.
      if (last && batch.rows.length === batchSize) {
        next = runner.run(batchAfter(keyAt.map((i) => last[i] ?? null)));
        next.catch(() => undefined);
      }
      if (batch.rows.length) yield batch;
    }
    failed = false;
  } finally {
    await runner.close(failed);
  }
}
