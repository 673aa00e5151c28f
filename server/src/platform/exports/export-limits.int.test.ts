import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportEndpoint, listQuery } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { defineExport, registerExportRoute } from './index.ts';

/*
 * Exports cannot starve the API: a direct export is written whole into a spool file before the answer starts, so a
 * browser that reads slowly (here: not at all) holds a file, not a database connection; the places for direct exports
 * are capped per user and overall, and kept exports per user, each answering 429 with what to do.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-limits-'));
const spoolDir = path.join(dataDir, 'exports', 'spool');

/** About 12 MB of CSV: more than a socket's buffers hold, so a reader that reads nothing really stalls the sender. */
const ROWS = 3000;
const wideQuery = listQuery(['id'] as const, {});
const wideExport = defineExport({
  name: 'export_wide_probe',
  sheetName: 'Wide',
  entries: ['cms.log-history'],
  listQuery: wideQuery,
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'pad', label: 'Pad' },
  ],
  source: () => ({ select: sql`select g as id, repeat('x', 4000) as pad`, from: sql`from generate_series(1, ${ROWS}) g`, where: [], keys: ['g'], dir: 'asc' }),
});
const wideEndpoint = exportEndpoint({ id: 'export-wide-probe.list', path: 'export-wide-probe', tag: 'tests', query: wideQuery }, ['cms.log-history'], 'the wide probe');

/** Stalled downloads of one person in the test; the process-wide cap is two more. */
const PER_USER = 6;

const EXPORT_GRANTS = [
  { entry: 'cms.log-history', action: 'view' },
  { entry: 'cms.log-history', action: 'export' },
] as const;

describe('exports cannot starve the API', () => {
  const h = useHarness(
    { DATA_DIR: dataDir, EXPORT_MAX_RUNNING: PER_USER + 2, EXPORT_MAX_PER_USER: PER_USER, EXPORT_MAX_QUEUED_PER_USER: 2, EXPORT_ASYNC_ROWS: 5000 },
    { regions: false, beforeReady: (b) => registerExportRoute(b.app, b.exports, b.services.clock, wideExport, wideEndpoint) },
  );
  const readers: http.ClientRequest[] = [];
  let base = '';

  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    await createStaff(h.testDb.database.db, 'exporter.a', EXPORT_GRANTS);
    await createStaff(h.testDb.database.db, 'exporter.b', EXPORT_GRANTS);
  });
  afterAll(() => {
    for (const r of readers) r.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts a download and never reads its body (the response stays paused): answers its status and the request. */
  const slowReader = (token: string) =>
    new Promise<{ status: number; body: http.IncomingMessage; req: http.ClientRequest }>((resolve, reject) => {
      const req = http.get(`${base}/api/v1/export-wide-probe/export?format=csv`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, body: res, req });
      });
      req.on('error', reject);
      readers.push(req);
    });
  const bodyOf = (res: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve(text)).resume();
    });

  it('readers that read nothing hold no database connection: the API answers at once, and the caps answer 429', async () => {
    const admin = await h.tokenOf('admin.cms');
    // More stalled downloads than the request pool has connections (5 in tests, 10 by default).
    const slow = await Promise.all(Array.from({ length: PER_USER }, () => slowReader(admin)));
    expect(slow.map((s) => s.status)).toEqual(Array(PER_USER).fill(200));
    expect(slow.every((s) => Number(s.body.headers['content-length']) > 12_000_000)).toBe(true);

    const raw = h.testDb.database.raw;
    if (raw.kind === 'postgres') expect(raw.pool.waitingCount).toBe(0);
    const started = Date.now();
    const users = await h.call('GET', '/api/v1/user/list?limit=5', { token: admin });
    expect(users.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // ...while every one of those downloads is still under way, stalled by its reader.
    expect(h.exports.running).toBe(PER_USER);

    // The same person's next download at once is refused, saying to wait.
    const mine = await h.call('GET', '/api/v1/export-wide-probe/export?format=csv', { token: admin });
    expect(mine.statusCode).toBe(429);
    expect(mine.json()).toEqual({ error: 'too_many_requests', message: `You already have ${PER_USER} exports downloading. Wait until one has finished, then try again.` });

    // Others may still export until the process-wide cap, then everyone waits.
    const a = await slowReader(await h.tokenOf('exporter.a'));
    const b = await slowReader(await h.tokenOf('exporter.b'));
    expect([a.status, b.status]).toEqual([200, 200]);
    const full = await h.call('GET', '/api/v1/export-wide-probe/export?format=csv', { token: await h.tokenOf('exporter.b') });
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many exports are downloading right now. Please wait a minute and try again; large exports go to the Download List.',
    });

    // A reader going away gives its place back, and its spool file is deleted.
    for (const s of [...slow, a, b]) s.req.destroy();
    await vi.waitFor(() => expect(h.exports.running).toBe(0), { timeout: 5000, interval: 20 });
    await vi.waitFor(() => expect(fs.readdirSync(spoolDir)).toEqual([]), { timeout: 5000, interval: 20 });
    const again = await slowReader(admin);
    expect(again.status).toBe(200);
    expect((await bodyOf(again.body)).split('\r\n').length).toBe(ROWS + 2);
    await vi.waitFor(() => expect(h.exports.running).toBe(0), { timeout: 5000, interval: 20 });
  });

  it('refuses a third kept export while two of the same person are still in progress', async () => {
    const token = await h.tokenOf('exporter.a');
    const db = h.testDb.database.db;
    const [user] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'exporter.a'`);
    const userId = user!.id;
    // Two kept exports waiting in the queue (inserted as a job would find them).
    for (const n of [1, 2]) {
      await db.execute(sql`insert into downloads (user_id, export_name, entries, format, filters, file_name, status, created_at, updated_at)
        values (${userId}, 'export_log', '{cms.log-history}', 'csv', '{}'::jsonb, ${`queued_${n}.csv`}, 1, now(), now())`);
    }
    // The log export of more rows than EXPORT_ASYNC_ROWS would be kept: seed enough audit rows to pass the threshold.
    await db.execute(sql`insert into audit_log (actor_name, action, entity, at) select 'Probe', 'probe', 'probe', now() from generate_series(1, 5001)`);
    const res = await h.call('GET', '/api/v1/log-history/export?format=csv', { token });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json<{ message: string }>().message).toBe('You have 2 exports in progress in the Download List. Wait until one is ready, then try again.');
    await db.execute(sql`update downloads set status = 3 where user_id = ${userId}`);
    expect((await h.call('GET', '/api/v1/log-history/export?format=csv', { token })).statusCode).toBe(202);
  });
});

describe('a stalled download', () => {
  const stallDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-stall-'));
  const h = useHarness(
    { DATA_DIR: stallDir, EXPORT_STALL_SECONDS: 1 },
    { regions: false, beforeReady: (b) => registerExportRoute(b.app, b.exports, b.services.clock, wideExport, wideEndpoint) },
  );
  afterAll(() => fs.rmSync(stallDir, { recursive: true, force: true }));

  it('is cut once its reader has taken nothing for EXPORT_STALL_SECONDS, giving its place back', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const token = await h.tokenOf('admin.cms');
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${base}/api/v1/export-wide-probe/export?format=csv`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (r) => resolve(r.pause())).on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    expect(h.exports.running).toBe(1);
    // Once the socket's buffers are full nothing moves; a second later the server cuts the connection.
    await vi.waitFor(() => expect(h.exports.running).toBe(0), { timeout: 5000, interval: 50 });
    // The client, reading again, finds the download cut short.
    res.on('error', () => undefined).resume();
    await new Promise<void>((resolve) => res.once('close', resolve));
    expect(res.complete).toBe(false);
  });
});
