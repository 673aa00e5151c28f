import { PGlite } from '@electric-sql/pglite';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { fromPglite, PGLITE_EXTENSIONS, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadRegions, REGIONS_DIR } from '../src/domains/catalog/regions.loader.ts';
import { createJobQueue, defaultJobsSchema } from '../src/platform/jobs.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_PASSWORD, TEST_CONFIG } from './harness.ts';

/**
 * Databases for the move and backup tests (db/move.int.test.ts, db/backup.int.test.ts): a PGlite of their own with the
 * demo data whatever TEST_DATABASE_URL says (the embedded database is what a site moves from), fresh empty targets, and
 * a comparison of every table and sequence that does not use the checksums under test.
 */

/** The demo at a small catalog scale (1 store, 100 products, 250 consumers, every domain's tables filled) in a few seconds. */
export const TRANSFER_SCALE = 0.05;

/** An in-memory PGlite with the demo data and two jobs waiting in its queue (a scheduled one and a due one). */
export async function seededPglite(): Promise<Database> {
  const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'test source PGlite');
  await migrate(database);
  await loadRegions(database.db, REGIONS_DIR, { provinces: ['31'] });
  await seedDemo(database.db, { scale: TRANSFER_SCALE, appKey: TEST_CONFIG.APP_SECRET });
  const jobs = createJobQueue(database, { schema: await defaultJobsSchema(database) });
  await jobs.start();
  await jobs.send('transfer-test', { n: 1 }, { startAfter: new Date(Date.now() + 86_400_000) });
  await jobs.send('transfer-test', { n: 2 });
  await jobs.stop();
  return database;
}

export const emptyPglite = async (): Promise<Database> => fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'test target PGlite');

/** The rows of a query on either driver. */
export async function rowsOf<T>(database: Database, text: string): Promise<T[]> {
  if (database.raw.kind === 'postgres') return (await database.raw.pool.query(text)).rows as T[];
  return (await database.raw.client.query<T>(text)).rows;
}

/**
 * Every table's rows and every sequence, as text a test compares between two databases: per table its count and the
 * md5 of its rows' text sorted (a different method from the transfer's sums), in UTC. The job queue's unfinished jobs
 * are compared too; finished ones are not moved.
 */
export async function contentsOf(database: Database): Promise<{ tables: Record<string, string>; sequences: Record<string, string> }> {
  const [schemaRow] = await rowsOf<{ schema: string }>(database, 'select current_schema() as schema');
  const schema = schemaRow?.schema ?? 'public';
  const jobs = await defaultJobsSchema(database);
  await rowsOf(database, `set timezone = 'UTC'`);
  const tables = await rowsOf<{ name: string }>(
    database,
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = '${schema}' and c.relkind = 'r' and c.relname <> 'schema_migrations' order by c.relname`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number; h: string | null }>(database, `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${name} t`);
    out[name.replace(`${schema}.`, '')] = `${row?.n}:${row?.h}`;
  }
  const [queued] = await rowsOf<{ n: number; h: string | null }>(
    database,
    `select count(*)::int as n, md5(string_agg(id || name || data::text || state || start_after::text, '|' order by id)) as h from ${jobs}.job where state < 'completed'`,
  );
  out['job queue'] = `${queued?.n}:${queued?.h}`;
  const sequences: Record<string, string> = {};
  const names = await rowsOf<{ name: string }>(database, `select relname as name from pg_class where relkind = 'S' and relnamespace = '${schema}'::regnamespace order by 1`);
  for (const { name } of names) {
    const [s] = await rowsOf<{ v: string; c: boolean }>(database, `select last_value::text as v, is_called as c from ${schema}."${name}"`);
    sequences[name] = `${s?.v}:${s?.c}`;
  }
  await rowsOf(database, 'reset timezone');
  return { tables: out, sequences };
}

/** The portal on `database` answers a sign-in and a list (the consumers, as many as the database holds). */
export async function expectPortalAnswers(database: Database): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, JOBS_POLL_SECONDS: 60 });
  const { app } = await buildApp({ config, database });
  try {
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const list = await app.inject({ method: 'GET', url: '/api/v1/consumers?limit=5', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    const [count] = await rowsOf<{ n: number }>(database, 'select count(*)::int as n from consumers');
    const body = list.json<{ data: { data: unknown[]; meta: { total: number } } }>().data;
    expect(body.data).toHaveLength(5);
    expect(body.meta.total).toBe(count?.n);
  } finally {
    await app.close();
  }
}
