import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { pgliteDirOf } from './pglite-dir.ts';

/** Extensions the migrations create (pg_trgm for name searches); PostgreSQL ships them in contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The database as drizzle wraps it: the `sql` tag, `execute` and transactions. Tables are described once, by the SQL
 * migrations (migrations/); there is no drizzle table mirror, so queries are SQL and rows are read through the
 * contract's schemas (platform/sql/row-reader.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the startup log. */
  describe: string;
  /** Runs parameterless, possibly multi-statement SQL (migrations). */
  exec(sqlText: string): Promise<void>;
  /** The driver underneath, for what drizzle does not cover (the job queue's own connection, COPY). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

export function fromPglite(client: PGlite, describe: string, ownsClient = true): Database {
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    describe,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    raw: { kind: 'pglite', client },
    close: async () => {
      if (ownsClient) await client.close();
    },
  };
}

export function fromPgPool(pool: pg.Pool, describe: string): Database {
  survivePoolErrors(pool);
  return {
    db: drizzlePg(releasingPool(pool)) as unknown as Db,
    kind: 'postgres',
    describe,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    raw: { kind: 'postgres', pool },
    close: () => pool.end(),
  };
}

/**
 * A connection PostgreSQL drops (a restart, `pg_terminate_backend`, a network cut) makes its client emit `error`; with
 * no listener Node ends the process. An idle client's error reaches the pool, which discards the client and emits it
 * again; a checked-out client's error surfaces in the caller's next query, which fails and releases it as broken. Both
 * are answered here so a lost connection costs the requests using it, never the process; `onPoolError` adds a logger.
 */
function survivePoolErrors(pool: pg.Pool): void {
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
}

/**
 * The pool as drizzle sees it. drizzle's `transaction` checks a client out and sends `begin` before its try/finally,
 * so when `begin` fails (the connection died while idle in the pool, e.g. terminated an instant before) the client is
 * never released and the pool is one connection smaller for good; after `max` such failures every request waits for a
 * connection that never comes. Here a checked-out client whose first statement fails releases itself, as broken, and a
 * later release of it does nothing. The other callers of the pool (the export readers, COPY) release their own.
 */
function releasingPool(pool: pg.Pool): pg.Pool {
  const forDrizzle = Object.create(pool) as pg.Pool;
  forDrizzle.query = pool.query.bind(pool) as pg.Pool['query'];
  forDrizzle.connect = (async () => {
    const client = await pool.connect();
    const query = client.query;
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.query = query;
      release.call(client, err);
    };
    client.query = ((...args: Parameters<pg.PoolClient['query']>) => {
      client.query = query;
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (result instanceof Promise) result.catch((err: unknown) => client.release(err instanceof Error ? err : true));
      return result;
    }) as pg.PoolClient['query'];
    return client;
  }) as pg.Pool['connect'];
  return forDrizzle;
}

/** Reports errors of idle pooled connections (the process survives them either way). */
export function onPoolError(database: Database, listener: (err: Error) => void): void {
  if (database.raw.kind === 'postgres') database.raw.pool.on('error', listener);
}

/** Limits of a PostgreSQL pool: without them an outage hangs every request instead of answering. */
export interface PoolSettings {
  max: number;
  /** Waiting for a connection, new or free, longer than this fails (node-postgres' connectionTimeoutMillis). */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for every statement on these connections. */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left waiting this long is ended. */
  idleInTransactionTimeoutMs: number;
  applicationName?: string;
}

/** The request pool's defaults (config.ts has the same); a partial `pool` given to openDatabase completes from these. */
export const DEFAULT_POOL: PoolSettings = { max: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 };
/** Command-line tools (seed at scale, create-admin) run long statements on purpose: without settings, no statement limits. */
const TOOL_POOL: PoolSettings = { ...DEFAULT_POOL, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 };

/** The request pool's settings, from the configuration. */
export const requestPool = (c: Pick<Config, 'DB_POOL_MAX' | 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'>): PoolSettings => ({
  max: c.DB_POOL_MAX,
  connectTimeoutMs: c.DB_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: c.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});

function poolConfig(settings: PoolSettings): pg.PoolConfig {
  return {
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    // A peer that vanished without closing (a cut network) is noticed by TCP keep-alive instead of never.
    keepAlive: true,
    ...(settings.applicationName ? { application_name: settings.applicationName } : {}),
  };
}

/**
 * A second pool on the same database and schema with limits of its own (the export readers': a few connections, long
 * statements), so work that holds a connection for long cannot take the request pool's. PGlite is one connection:
 * the same database is answered.
 */
export function openSidePool(database: Database, settings: PoolSettings, describe: string): Database {
  if (database.raw.kind !== 'postgres') return database;
  const { connectionString, options, ssl, host, port, user, password, database: name } = database.raw.pool.options;
  return fromPgPool(new pg.Pool({ connectionString, options, ssl, host, port, user, password, database: name, ...poolConfig(settings) }), describe);
}

/** PostgreSQL when a URL is given, else embedded PGlite keeping its files under dataDir. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; searchPath?: string; pool?: Partial<PoolSettings> }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      ...poolConfig(opts.pool ? { ...DEFAULT_POOL, ...opts.pool } : TOOL_POOL),
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    const url = new URL(opts.databaseUrl);
    const database = fromPgPool(pool, `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`);
    await pool.query('select 1');
    return database;
  }
  const dir = pgliteDirOf(opts.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  return fromPglite(client, `embedded PGlite in ${dir}`);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Session = { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
const statementDialect = new PgDialect();
/** Each prepared text's name (a handful of hot statements; hashing the text at every call cost more than the lookup). */
const statementNames = new Map<string, string>();

/**
 * queryRows as a named prepared statement (on PostgreSQL: parsed and planned once per connection, then a generic plan;
 * PGlite runs it as any statement), for the few hot statements whose planning costs more than their execution (placing
 * an order: 1.6 of its 1.8 ms). The name carries a hash of the text, so two texts never share one.
 */
export async function queryPrepared<T extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const built = statementDialect.sqlToQuery(query);
  let statement = statementNames.get(built.sql);
  if (!statement) statementNames.set(built.sql, (statement = `${name}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 12)}`));
  const session = (db as unknown as { session: Session }).session;
  const result = (await session.prepareQuery(built, undefined, statement, false).execute()) as { rows: T[] };
  return result.rows;
}
