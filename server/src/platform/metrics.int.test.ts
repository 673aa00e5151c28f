import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importApi, type DownloadRow, type ImportBatch } from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';
import { csv, multipart } from '../../test/import-files.ts';
import { registerErrorHandler } from './errors.ts';
import { defineImport } from './imports/index.ts';
import { AppMetrics, registerMetricsRoute } from './metrics.ts';

/*
 * GET /metrics scraped after real traffic: requests by route pattern and status class, latency histograms, the
 * database pool, the job queue's depth and age, export and import durations, open event streams, the process's own
 * metrics; and who may scrape (a token, or this machine alone).
 */

/** An import of the test's own table, to time its validation and commit. */
const probeImport = defineImport(importApi('obs-probe', { title: 'Metrics probe import', entries: ['cms.product'], action: 'create' }), {
  sheet: 'Probe',
  templateName: 'template_obs_probe',
  keyColumns: ['code'],
  columns: [
    { key: 'code', label: 'Code', required: true, max: 10, example: 'A1' },
    { key: 'qty', label: 'Qty', type: 'integer', required: true, example: '5' },
  ],
  commit: async (tx, { staged }) => {
    const rows = await queryRows(tx, sql`insert into obs_probe (code, qty) select code, qty from ${staged} s order by row_no returning 1`);
    return { inserted: rows.length };
  },
});

/** The value of one series of a scrape: the line of that name whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = new Map([...(m[3] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found.get(k) === v)) return Number(m[4]);
  }
  return undefined;
}

describe('metrics', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-metrics-'));
  const h = useHarness({ DATA_DIR: dataDir, EXPORT_ASYNC_ROWS: 50 }, { scale: 0.05, imports: [probeImport] });
  let root = '';
  let cms = '';
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
    cms = await h.tokenOf('admin.cms');
    await h.testDb.database.exec('create table obs_probe (code text primary key, qty int not null)');
  });

  const scrape = async () => {
    const res = await h.call('GET', '/metrics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };

  it('counts requests by route pattern and status class, with a latency histogram, never a raw URL', async () => {
    const users = (await h.call('GET', '/api/v1/user/list?limit=2', { token: root })).json<{ data: { data: { id: number }[] } }>().data.data;
    const id = users[0]!.id;
    for (let i = 0; i < 3; i++) expect((await h.call('GET', `/api/v1/user/detail/${id}`, { token: root })).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v1/user/detail/${id}`)).statusCode).toBe(401);
    expect((await h.call('GET', '/no/such/page/0812345678')).statusCode).toBe(404);
    const text = await scrape();
    const route = '/api/v1/user/detail/:id';
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status_class: '2xx' })).toBe(3);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'portal_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_http_request_duration_seconds_count', { method: 'GET', route })).toBe(4);
    const sum = sample(text, 'portal_http_request_duration_seconds_sum', { method: 'GET', route })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);
    // Buckets are cumulative: the +Inf one holds every request.
    expect(sample(text, 'portal_http_request_duration_seconds_bucket', { method: 'GET', route, le: '+Inf' })).toBe(4);
    // No id, query or unknown path in any label.
    expect(text).not.toContain(`/api/v1/user/detail/${id}"`);
    expect(text).not.toContain('0812345678');
    expect(text).not.toContain('limit=2');
  });

  it('shows the database pool: its size, idle and waiting connections (and the waits on PostgreSQL)', async () => {
    const text = await scrape();
    const max = sample(text, 'portal_db_pool_max', { pool: 'requests' })!;
    expect(max).toBeGreaterThanOrEqual(1);
    const size = sample(text, 'portal_db_pool_connections', { pool: 'requests' })!;
    expect(size).toBeGreaterThanOrEqual(0);
    expect(size).toBeLessThanOrEqual(max);
    expect(sample(text, 'portal_db_pool_idle', { pool: 'requests' })).toBeLessThanOrEqual(size);
    expect(sample(text, 'portal_db_pool_waiting', { pool: 'requests' })).toBe(0);
    if (h.testDb.database.kind === 'postgres') {
      expect(sample(text, 'portal_db_pool_wait_seconds_count', { pool: 'requests', outcome: 'ok' })).toBeGreaterThan(0);
      expect(sample(text, 'portal_db_pool_max', { pool: 'exports' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(max).toBe(1);
    }
  });

  it('shows each queue with its waiting jobs and the age of the oldest', async () => {
    // A queue no worker takes: its job waits, and its age grows.
    await h.jobs.send('obs.unworked', { n: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    const text = await scrape();
    expect(sample(text, 'portal_jobs_waiting', { queue: 'obs.unworked' })).toBe(1);
    const oldest = sample(text, 'portal_jobs_oldest_waiting_seconds', { queue: 'obs.unworked' })!;
    expect(oldest).toBeGreaterThanOrEqual(1);
    expect(oldest).toBeLessThan(120);
    // Registered queues are listed even when empty.
    expect(sample(text, 'portal_jobs_waiting', { queue: 'export.file' })).toBe(0);
    expect(sample(text, 'portal_jobs_oldest_waiting_seconds', { queue: 'export.file' })).toBe(0);
    expect(sample(text, 'portal_jobs_active', { queue: 'export.file' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_jobs_scheduled', { queue: 'obs.unworked' })).toBe(0);
  });

  it('times exports (direct and kept, by export and format) and the jobs that ran them', async () => {
    const direct = await h.call('GET', '/api/v1/products/export?format=csv&search=no-such-product-zzz', { token: root });
    expect(direct.statusCode, direct.body.slice(0, 200)).toBe(200);
    const settled = new Promise<number>((resolve) => h.exports.onSettled((e) => resolve(e.status)));
    const kept = await h.call('GET', '/api/v1/products/export?format=xlsx', { token: root });
    expect(kept.statusCode, kept.body).toBe(202);
    const download = kept.json<{ data: DownloadRow }>().data;
    await settled;
    const text = await scrape();
    const kind = download.export_name;
    expect(sample(text, 'portal_export_duration_seconds_count', { kind, format: 'csv', mode: 'direct', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'portal_export_duration_seconds_count', { kind, format: 'xlsx', mode: 'kept', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'portal_export_duration_seconds_sum', { kind, format: 'xlsx', mode: 'kept', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'portal_job_duration_seconds_count', { queue: 'export.file', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('times the steps of an import by import and the status each left', async () => {
    const body = multipart('probe.csv', csv([['Code', 'Qty'], ['A1', 5], ['A2', 7]]));
    const res = await h.call('POST', '/api/v1/imports/obs-probe', { token: root, body: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    const validated = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    expect(validated.status).toBe('VALIDATED');
    const confirmed = await h.call('POST', `/api/v1/imports/batches/${validated.id}/confirm`, { token: root, body: { version: validated.version } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await h.imports.waitFor(validated.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    // The commit job tells its time once it has returned: a moment after the batch shows COMPLETED.
    let text = await scrape();
    for (let i = 0; i < 20 && sample(text, 'portal_import_duration_seconds_count', { kind: 'obs-probe', stage: 'commit' }) === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      text = await scrape();
    }
    expect(sample(text, 'portal_import_duration_seconds_count', { kind: 'obs-probe', stage: 'validate', outcome: 'VALIDATED' })).toBe(1);
    expect(sample(text, 'portal_import_duration_seconds_count', { kind: 'obs-probe', stage: 'commit', outcome: 'COMPLETED' })).toBe(1);
    expect(sample(text, 'portal_import_duration_seconds_sum', { kind: 'obs-probe', stage: 'commit', outcome: 'COMPLETED' })).toBeGreaterThan(0);
  });

  it('counts open event streams, and the process metrics are there', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    expect(sample(await scrape(), 'portal_sse_connections', { stream: 'chat' })).toBe(0);
    const stream = await fetch(`${base}/api/v1/chats/events`, { headers: { authorization: `Bearer ${cms}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    expect(sample(await scrape(), 'portal_sse_connections', { stream: 'chat' })).toBe(1);
    await reader.cancel();
    let open = 1;
    for (let i = 0; i < 40 && open !== 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      open = sample(await scrape(), 'portal_sse_connections', { stream: 'chat' })!;
    }
    expect(open).toBe(0);
    const text = await scrape();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_start_time_seconds')).toBeGreaterThan(0);
  });

  it('lets only this machine scrape when no token is set, never through a proxy', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    // A staff session is no way in either: metrics are not a permission of the registry.
    expect((await h.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${root}` } })).statusCode).toBe(404);
  });
});

describe('metrics without a database', () => {
  it('keeps one registry per app, so many apps in one process never collide', async () => {
    const a = new AppMetrics();
    const b = new AppMetrics();
    expect(a.registry).not.toBe(b.registry);
    a.exportWritten({ kind: 'x', format: 'csv', mode: 'direct', seconds: 0.2, ok: true });
    expect(sample(await a.scrape(), 'portal_export_duration_seconds_count', { kind: 'x' })).toBe(1);
    expect(sample(await b.scrape(), 'portal_export_duration_seconds_count', { kind: 'x' })).toBeUndefined();
  });

  it('asks for METRICS_TOKEN as a Bearer token when one is set, from anywhere', async () => {
    const token = 'm'.repeat(40);
    const app = Fastify();
    registerErrorHandler(app);
    registerMetricsRoute(app, new AppMetrics(), { token });
    try {
      const none = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: token } })).statusCode).toBe(401);
      const ok = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
      expect(ok.statusCode).toBe(200);
      expect(sample(ok.body, 'process_start_time_seconds')).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
