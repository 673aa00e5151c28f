import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadRow } from '@portal/contract';
import { DEMO_PASSWORD, useHarness } from '../../test/harness.ts';
import { JOB_REQUEST_ID_KEY } from './jobs.ts';

/*
 * Structured logs: every line of a request carries its id (a well-formed x-request-id is taken and answered), lines a
 * service writes through the app's logger too, and a job queued by the request carries the id into its worker's lines.
 * No secret, code or personal data is written.
 */

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  job?: string;
  jobId?: string;
  [key: string]: unknown;
}

describe('request ids in logs and jobs', () => {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw.push(chunk.toString());
      done();
    },
  });
  const lines = (): Line[] => raw.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
  const echoed: { payload: unknown; requestId?: string }[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-logs-'));
  const h = useHarness(
    { LOG_LEVEL: 'info', DATA_DIR: dataDir, EXPORT_ASYNC_ROWS: 50 },
    {
      scale: 0.05,
      logStream: sink,
      beforeReady: (b) => {
        b.jobs.register<{ n: number }>('obs.echo', async (payload, info) => {
          echoed.push({ payload, ...(info.requestId ? { requestId: info.requestId } : {}) });
          b.app.log.info('echo job ran');
        });
        // Outside /api: a service writing through the app's logger (not the request's), after the body was read.
        b.app.post<{ Body: { n: number } }>('/test/service-log', async (req) => {
          b.app.log.info({ n: req.body.n }, 'a service line');
          await b.jobs.send('obs.echo', { n: req.body.n });
          return { ok: true };
        });
      },
    },
  );
  let root = '';
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
  });

  const waitFor = async (find: () => Line | undefined): Promise<Line> => {
    for (let i = 0; i < 200; i++) {
      const found = find();
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the log line never came');
  };

  it('takes a well-formed x-request-id, answers it, and puts it on every line of the request', async () => {
    const res = await h.call('GET', '/api/v1/user/profile', { token: root, headers: { 'x-request-id': 'obs-trace-0001' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('obs-trace-0001');
    const mine = lines().filter((l) => l.reqId === 'obs-trace-0001');
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Without one, or with one that is not a plain token, the request gets an id of its own.
    for (const given of [undefined, 'has spaces in it', 'x'.repeat(200), '"quoted"']) {
      const other = await h.call('GET', '/healthz', { headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = other.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(id).not.toBe(given);
    }
  });

  it('carries the id into the lines a service writes through the app logger, and into the job the request queued', async () => {
    const res = await h.call('POST', '/test/service-log', { body: { n: 7 }, headers: { 'x-request-id': 'obs-trace-0002' } });
    expect(res.statusCode, res.body).toBe(200);
    const service = lines().find((l) => l.msg === 'a service line');
    expect(service).toMatchObject({ reqId: 'obs-trace-0002', n: 7 });
    const ran = await waitFor(() => lines().find((l) => l.msg === 'echo job ran'));
    expect(ran).toMatchObject({ reqId: 'obs-trace-0002', job: 'obs.echo', jobId: expect.any(String) });
    const done = await waitFor(() => lines().find((l) => l.msg === 'job done' && l.job === 'obs.echo'));
    expect(done).toMatchObject({ reqId: 'obs-trace-0002', jobId: ran.jobId, ms: expect.any(Number) });
    // The handler gets its payload as it was sent; the id travels beside it.
    expect(echoed).toEqual([{ payload: { n: 7 }, requestId: 'obs-trace-0002' }]);
    expect(JSON.stringify(echoed[0]!.payload)).not.toContain(JOB_REQUEST_ID_KEY);
    // A line is written once with its id, never with two.
    expect(raw.join('').split('\n').filter((l) => l.includes('"a service line"'))[0]!.match(/"reqId"/g)).toHaveLength(1);
  });

  it('shows the id of the request that asked for a kept export in its job lines', async () => {
    const settled = new Promise<number>((resolve) => h.exports.onSettled((e) => resolve(e.status)));
    const res = await h.call('GET', '/api/v1/products/export?format=csv', { token: root, headers: { 'x-request-id': 'obs-export-7' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<{ data: DownloadRow }>().data.file_name).toMatch(/\.csv$/);
    await settled;
    const done = await waitFor(() => lines().find((l) => l.msg === 'job done' && l.job === 'export.file'));
    expect(done.reqId).toBe('obs-export-7');
  });

  it('writes no password, session token, code or searched phone number into any line', async () => {
    const phone = '081299887766';
    expect((await h.call('GET', `/api/v1/consumers?search=${phone}&limit=5`, { token: root })).statusCode).toBeLessThan(500);
    expect((await h.call('GET', `/api/v1/user/list?search=someone%40example.com&limit=5`, { token: root })).statusCode).toBe(200);
    const text = raw.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('search=***');
    for (const secret of [DEMO_PASSWORD, root, phone, 'someone%40example.com']) expect(text).not.toContain(secret);
    // The sign-in of the harness went through the logger too, and left no code.
    const signIns = lines().filter((l) => typeof l.req === 'object' && String((l.req as { url?: string }).url).includes('sign-in'));
    expect(signIns.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/"otp":"\d{6}"/);
  });
});
