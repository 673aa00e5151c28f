import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPgPool, PGLITE_EXTENSIONS, type Database } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';

/** A fresh migrated schema on PostgreSQL (BENCH_DATABASE_URL) or an in-memory PGlite; `keep` names a schema kept unless BENCH_SCHEMA names another. */
export async function benchDatabase(keep?: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const database = fromPglite(client, 'in-memory PGlite');
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  // BENCH_SCHEMA keeps the data between runs (seeding 5 million rows takes minutes): reused when present, never dropped.
  const kept = process.env.BENCH_SCHEMA ?? keep;
  const schema = kept ?? `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  const database = fromPgPool(pool, `PostgreSQL schema ${schema}`);
  await migrate(database);
  return {
    database,
    drop: async () => {
      // The app's job queue keeps its tables in `<schema>_jobs` (server/src/platform/jobs.ts).
      if (!kept) await pool.query(`drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
      await pool.end();
    },
  };
}

/** Runs fn n times after a warm-up (`warm` runs, at most 5 by default) and returns the p50 and p95 in milliseconds. */
export async function timeIt(n: number, fn: () => Promise<unknown>, warm = Math.min(5, n)): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** One printed line: the figure, its baseline, and their ratio. */
export function report(name: string, measured: { p95: number; p50: number }, baseline: { p95: number; p50: number }): void {
  console.log(
    `${name.padEnd(44)} p50 ${fmt(measured.p50).padStart(10)}  p95 ${fmt(measured.p95).padStart(10)}   raw SQL p95 ${fmt(baseline.p95).padStart(10)}   ratio ${(measured.p95 / Math.max(baseline.p95, 0.001)).toFixed(2)}x`,
  );
}
