import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPgPool, PGLITE_EXTENSIONS, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

// One embedded database per test worker (vitest runs the server project with isolate: false, so this module and its
// instance are shared by the files of a worker); each test file gets a schema of its own.
let shared: Promise<PGlite> | undefined;

export interface TestDatabase {
  database: Database;
  schema: string;
  drop(): Promise<void>;
}

/** A fresh, migrated schema: on PostgreSQL when TEST_DATABASE_URL is set, else in the worker's PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    // Extensions are database-wide: two workers migrating at once would race to create them.
    await admin.query('select pg_advisory_lock(7401)');
    await admin.query('create extension if not exists pg_trgm with schema public');
    await admin.query('select pg_advisory_unlock(7401)');
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
    const database = fromPgPool(pool, `test schema ${schema}`);
    await migrate(database);
    return {
      database,
      schema,
      drop: async () => {
        await pool.query(`drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
        await pool.end();
      },
    };
  }
  shared ??= PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const client = await shared;
  await client.exec(`create schema ${schema}; set search_path to ${schema}`);
  const database = fromPglite(client, `test schema ${schema}`, false);
  await migrate(database);
  // The app's job queue keeps its tables in `<schema>_jobs` (see platform/jobs.ts).
  return { database, schema, drop: () => client.exec(`drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`).then(() => undefined) };
}
