import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPgPool, openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/demo.ts';

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

/**
 * Another connection to a test database's schema, as a second instance of the app would hold: its own pool on
 * PostgreSQL; on PGlite (one connection per process) the same one, left open when this one is closed.
 */
export function secondConnection(testDb: TestDatabase): Database {
  const raw = testDb.database.raw;
  if (raw.kind === 'pglite') return fromPglite(raw.client, `test schema ${testDb.schema}, second instance`, false);
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 5, options: `-c search_path=${testDb.schema}` });
  return fromPgPool(pool, `test schema ${testDb.schema}, second instance`);
}

/** A whole PostgreSQL database of its own (for tests that kill connections or processes), migrated with the demo data. */
export interface ScratchDatabase {
  database: Database;
  /** Its connection URL, for a killer connection or a child process. */
  url: string;
  /** Where its files (exports, images) go. */
  dataDir: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string, poolMax: number): Promise<ScratchDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('a scratch database needs TEST_DATABASE_URL');
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir, pool: { max: poolMax } });
  await database.exec('create extension if not exists pg_trgm');
  await migrate(database);
  await seedDemo(database.db, { scale: 0 });
  return {
    database,
    url: u.toString(),
    dataDir,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
