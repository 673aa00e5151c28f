import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPgPool, openDatabase, PGLITE_EXTENSIONS, queryRows, type Database, type Db } from '../src/db/client.ts';
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
export async function createTestDatabase(schema = `t_${crypto.randomBytes(6).toString('hex')}`): Promise<TestDatabase> {
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
 * Seeded schemas this worker copies from, by what was seeded in them. Seeding the demo data through the services took
 * about six of the eight seconds each test file spent getting its database; a copy of the rows takes well under one.
 * A template is made again once it is TEMPLATE_MAX_AGE_MS old, so that data the seed places relative to its own time
 * (an order minutes old, a raffle ending soon) stays within minutes of the test that reads it.
 */
const templates = new Map<string, { made: number; database: Promise<TestDatabase> }>();
const TEMPLATE_MAX_AGE_MS = 5 * 60_000;

/**
 * A fresh, migrated schema holding what `seed` writes: a copy of this worker's template for `key`, made (migrated and
 * seeded) the first time. `key` must name everything that makes one seed differ from another.
 */
export async function createSeededTestDatabase(key: string, seed: (db: Db) => Promise<void>): Promise<TestDatabase> {
  let template = templates.get(key);
  if (!template || Date.now() - template.made > TEMPLATE_MAX_AGE_MS) {
    // Files of a worker run one at a time: nothing is copying from the template this replaces.
    const stale = template?.database;
    if (stale) void stale.then((t) => t.drop()).catch(() => undefined);
    template = {
      made: Date.now(),
      database: dropTemplatesOfEarlierRuns().then(() => createTestDatabase(`${TEMPLATE_PREFIX}${process.env.TEST_RUN_ID ?? 'solo'}_${Date.now()}_${crypto.randomBytes(4).toString('hex')}`)).then(async (t) => {
        await seed(t.database.db);
        return t;
      }),
    };
    templates.set(key, template);
  }
  const from = await template.database.catch((err: unknown) => {
    templates.delete(key);
    throw err;
  });
  const fresh = await createTestDatabase();
  await copyRows(fresh.database.db, from.schema, fresh.schema);
  return fresh;
}

/**
 * Templates are named by their run (the run drops its own when it ends, global-setup.ts) and their time, so that a
 * later run can drop those a killed run left on the server.
 */
const TEMPLATE_PREFIX = 'tpl_';
const TEMPLATE_LEFT_AFTER_MS = 3_600_000;

/** Drops the seeded templates on the PostgreSQL server that `which` picks by their run and the time they were made. */
export async function dropTemplates(which: (template: { run: string; made: number }) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like '${TEMPLATE_PREFIX}%'`);
    for (const { name } of rows) {
      const [run = '', made] = name.slice(TEMPLATE_PREFIX.length).split('_');
      if (which({ run, made: Number(made) })) await admin.query(`drop schema if exists "${name}" cascade`);
    }
  } finally {
    await admin.end();
  }
}

const dropTemplatesOfEarlierRuns = () => dropTemplates(({ made }) => Date.now() - made > TEMPLATE_LEFT_AFTER_MS);

/**
 * Every row of every table and every sequence's position from one schema into another of the same migrations, in one
 * transaction. The target's own rows (reference data its migrations wrote) are replaced. As a replica would apply them:
 * no trigger fires and no foreign key is checked, since the rows were consistent where they came from.
 */
async function copyRows(db: Db, from: string, to: string): Promise<void> {
  const tables = await queryRows<{ name: string; columns: string[] }>(
    db,
    sql`select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = ${from} and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> 'schema_migrations'
      group by c.relname order by c.relname`,
  );
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${from} and c.relkind = 'S'`,
  );
  const table = (schema: string, name: string) => sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    if (tables.length) await tx.execute(sql`truncate ${sql.join(tables.map((t) => table(to, t.name)), sql`, `)}`);
    for (const t of tables) {
      const columns = sql.join(t.columns.map((c) => sql.identifier(c)), sql`, `);
      await tx.execute(sql`insert into ${table(to, t.name)} (${columns}) overriding system value select ${columns} from ${table(from, t.name)}`);
    }
    for (const s of sequences) {
      await tx.execute(sql`select setval(format('%I.%I', ${to}::text, ${s.name}::text)::regclass, last_value, is_called) from ${table(from, s.name)}`);
    }
  });
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

/** An empty PostgreSQL database of its own on TEST_DATABASE_URL's server, with a data folder; `drop` removes both. */
export async function emptyScratchDatabase(prefix: string, poolMax?: number): Promise<ScratchDatabase> {
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
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir, ...(poolMax ? { pool: { max: poolMax } } : {}) });
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

/** A scratch database migrated, with the demo data. */
export async function createScratchDatabase(prefix: string, poolMax: number): Promise<ScratchDatabase> {
  const scratch = await emptyScratchDatabase(prefix, poolMax);
  await scratch.database.exec('create extension if not exists pg_trgm');
  await migrate(scratch.database);
  await seedDemo(scratch.database.db, { scale: 0 });
  return scratch;
}
