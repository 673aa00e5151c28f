import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { queryRows } from '../../server/src/db/client.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { benchDatabase } from '../support.ts';

/**
 * The export pipeline at scale: a kept log-history export of every audit row (HTTP request → 202 → job → file ready),
 * CSV and XLSX, with the process's peak memory; beside `COPY (same query) TO STDOUT` through psql on PostgreSQL.
 */
export async function run(scale: number): Promise<void> {
  const rows = scale > 0 ? scale : 1_000_000;
  const xlsxRows = Math.min(rows, 200_000);
  const { database, drop } = await benchDatabase();
  const db = database.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
  try {
    await seedDemo(db, { scale: 0 });
    let t = Date.now();
    await database.exec(`
      insert into audit_log (actor_id, actor_name, action, entity, entity_id, before, after, ip, at)
      select 1 + (i % 5), 'User ' || (1 + (i % 5)),
             (array['create','update','delete','sign-in'])[1 + (i % 4)],
             (array['user','role','session','profile'])[1 + ((i / 4) % 4)],
             (i % 5000)::text, null, jsonb_build_object('n', i), '10.0.0.' || (i % 250),
             timestamptz '2026-01-01' + (i * interval '20 seconds')
      from generate_series(1, ${rows}) as g(i);
      analyze audit_log;`);
    console.log(`exports: ${rows.toLocaleString('en')} audit rows on ${database.describe} (generated in ${Date.now() - t} ms)`);

    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent', DATA_DIR: dataDir, JOBS_POLL_SECONDS: 0.5 });
    const built = await buildApp({ config, database });
    await built.app.ready();
    const signIn = await built.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: 'Demo@12345' } });
    const headers = { authorization: `Bearer ${signIn.json<{ data: { token: string } }>().data.token}` };

    const exportOnce = async (format: string, query: string) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      const heapBefore = process.memoryUsage().heapUsed;
      let peak = before;
      let heap = 0;
      let external = 0;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heap = Math.max(heap, m.heapUsed);
        external = Math.max(external, m.external);
      }, 20);
      const start = performance.now();
      const settled = new Promise<number>((resolve) => {
        const off = built.exports.onSettled((e) => {
          off();
          resolve(e.status);
        });
      });
      const res = await built.app.inject({ method: 'GET', url: `/api/v1/log-history/export?format=${format}&${query}`, headers });
      if (res.statusCode !== 202) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
      const status = await settled;
      const ms = performance.now() - start;
      clearInterval(sampler);
      if (process.env.BENCH_VERBOSE) console.log(`  heap used ${(heapBefore / 2 ** 20).toFixed(0)} MB before, peak ${(heap / 2 ** 20).toFixed(0)} MB; peak external ${(external / 2 ** 20).toFixed(0)} MB`);
      const id = res.json<{ data: { id: number } }>().data.id;
      const file = path.join(dataDir, 'exports', `${id}.${format}`);
      return { ms, status, peakMb: peak / 2 ** 20, beforeMb: before / 2 ** 20, sizeMb: fs.statSync(file).size / 2 ** 20 };
    };

    const csv = await exportOnce('csv', '');
    console.log(`export ${rows.toLocaleString('en')} rows CSV (request → ready)  ${(csv.ms / 1000).toFixed(2)} s, ${Math.round(rows / (csv.ms / 1000)).toLocaleString('en')} rows/s, file ${csv.sizeMb.toFixed(1)} MB, peak RSS ${csv.peakMb.toFixed(0)} MB (${csv.beforeMb.toFixed(0)} MB before)`);

    const url = process.env.BENCH_DATABASE_URL;
    if (url) {
      const cur = (await queryRows<{ s: string }>(db, sql`select current_schema() as s`))[0]!.s;
      const out = path.join(dataDir, 'copy.csv');
      t = performance.now();
      execFileSync('psql', [url, '-qAt', '-c', `\\copy (select a.id, a.at, a.actor_name, a.action, a.entity, a.entity_id, a.ip from audit_log a order by a.at desc, a.id desc) to '${out}' with (format csv, header)`], { env: { ...process.env, PGOPTIONS: `-c search_path=${cur}` } });
      const copyMs = performance.now() - t;
      console.log(`baseline COPY (same rows and order) TO STDOUT via psql      ${(copyMs / 1000).toFixed(2)} s   ratio ${(csv.ms / copyMs).toFixed(2)}x`);
    }

    // XLSX on a slice of the table (a date range holding about xlsxRows rows).
    const to = new Date(Date.parse('2026-01-01T00:00:00Z') + xlsxRows * 20_000).toISOString().slice(0, 10);
    const xlsx = await exportOnce('xlsx', `date_from=2025-12-31&date_to=${to}`);
    const xlsxCount = (await built.app.inject({ method: 'GET', url: `/api/v1/downloads?limit=1`, headers })).json<{ data: { data: { row_count: number }[] } }>().data.data[0]!.row_count;
    console.log(`export ${xlsxCount.toLocaleString('en')} rows XLSX (request → ready)  ${(xlsx.ms / 1000).toFixed(2)} s, ${Math.round(xlsxCount / (xlsx.ms / 1000)).toLocaleString('en')} rows/s (target ≥ 40,000), file ${xlsx.sizeMb.toFixed(1)} MB, peak RSS ${xlsx.peakMb.toFixed(0)} MB (${xlsx.beforeMb.toFixed(0)} MB before)`);
    await built.app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}
