import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

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
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    describe,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    raw: { kind: 'postgres', pool },
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, else embedded PGlite keeping its files under dataDir. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; searchPath?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    await pool.query('select 1');
    const url = new URL(opts.databaseUrl);
    return fromPgPool(pool, `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`);
  }
  const dir = path.resolve(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  return fromPglite(client, `embedded PGlite in ${dir}`);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown> = Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
