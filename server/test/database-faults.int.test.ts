import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { registerErrorHandler } from '../src/platform/errors.ts';
import { DEMO_PASSWORD, TEST_CONFIG } from './harness.ts';
import { createScratchDatabase, type ScratchDatabase } from './test-db.ts';

const UNAVAILABLE = { error: 'service_unavailable', message: 'The database cannot be reached right now. Please try again in a moment.' };

describe('database faults answer 503, not 500', () => {
  it('maps a refused connection, a pool wait that timed out, a terminated connection and a statement timeout to 503', async () => {
    // A real refusal from the driver: nothing listens on port 1.
    const refused = await new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 }).connect().catch((e: unknown) => e);
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const cases: [string, unknown][] = [
      ['refused', refused],
      ['pool-wait', new Error('timeout exceeded when trying to connect')],
      ['cut', new Error('Connection terminated unexpectedly')],
      // drizzle wraps the driver's error as its cause
      ['wrapped', Object.assign(new Error('Failed query: select 1'), { cause: terminated })],
      ['statement-timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
      ['bug', new Error('a bug')],
    ];
    const app = Fastify();
    registerErrorHandler(app);
    for (const [name, err] of cases) {
      app.get(`/${name}`, async () => {
        throw err;
      });
    }
    const answer = async (name: string) => {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      return { status: res.statusCode, body: res.json<{ error: string; message: string }>(), retry: res.headers['retry-after'] };
    };
    for (const name of ['refused', 'pool-wait', 'cut', 'wrapped']) expect(await answer(name), name).toEqual({ status: 503, body: UNAVAILABLE, retry: '5' });
    expect(await answer('statement-timeout')).toMatchObject({ status: 503, body: { error: 'service_unavailable', message: expect.stringContaining('took too long') } });
    expect((await answer('bug')).status).toBe(500);
    await app.close();
  });
});

/*
 * On PostgreSQL: every connection of the app's database is terminated (pg_terminate_backend) while requests run. The
 * answers are 2xx or 503, the process lives on, the next request succeeds, and nothing is half-written. The app runs on
 * a database of its own, so terminating "every connection of this database" touches no other test file.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('terminating every database connection under load (PostgreSQL)', () => {
  let scratch: ScratchDatabase | undefined;
  let dataDir = '';
  let dbUrl = '';
  let database: Database;
  let built: BuiltApp;
  let base = '';
  let token = '';
  let killer: pg.Client;
  /** Resolved by the slow write once its first rows are in (and its transaction still open). */
  let entered: () => void = () => undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('faults', 5);
    ({ url: dbUrl, dataDir, database } = scratch);
    await database.exec('create table fault_probe (batch text not null, n int not null)');
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, DATA_DIR: dataDir, EXPORT_MAX_PER_USER: 10 });
    built = await buildApp({
      config,
      database,
      // A two-part write in one transaction that waits between its parts: killed in the middle it must leave nothing.
      extraRoutes: (app) =>
        app.post<{ Body: { batch: string } }>('/api/v1/test-faults/slow-write', { config: { permission: 'authenticated' } }, async (req) => {
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into fault_probe (batch, n) select ${req.body.batch}, g from generate_series(1, 100) g`);
            entered();
            await tx.execute(sql`select pg_sleep(0.5)`);
            await tx.execute(sql`insert into fault_probe (batch, n) select ${req.body.batch}, g from generate_series(101, 200) g`);
          });
          return { message: 'Success', data: null };
        }),
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const signIn = await fetch(`${base}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin.cms', password: DEMO_PASSWORD }) });
    token = ((await signIn.json()) as { data: { token: string } }).data.token;
    killer = new pg.Client({ connectionString: dbUrl });
    await killer.connect();
  });

  afterAll(async () => {
    await killer?.end();
    await built?.app.close();
    await scratch?.drop();
  });

  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.text()) || '{}' };
  };
  /**
   * Repeats a request while it answers 503, for at most 5 s: pg_terminate_backend only signals the backends, so one may
   * still take a query an instant before it exits; recovery means the next requests succeed within seconds.
   */
  const recovered = async (method: string, p: string, body?: unknown) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const res = await call(method, p, body);
      if (res.status !== 503 || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Ends every other connection of this database (the app's pools, the job queue's), as the issue asks. */
  const terminateAll = async () =>
    (await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rowCount ?? 0;

  it('uses the configured limits on every connection', async () => {
    const [row] = await queryRows<{ statement_timeout: string; idle: string }>(
      database.db,
      sql`select current_setting('statement_timeout') as statement_timeout, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(row).toEqual({ statement_timeout: '30s', idle: '1min' });
  });

  it('rolls back a two-part write whose connection is terminated in the middle, answering 503; the same write then succeeds', async () => {
    const halfway = new Promise<void>((resolve) => (entered = resolve));
    const cut = call('POST', '/api/v1/test-faults/slow-write', { batch: 'cut' });
    await halfway;
    expect(await terminateAll()).toBeGreaterThan(0);
    const res = await cut;
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual(UNAVAILABLE);
    const whole = await recovered('POST', '/api/v1/test-faults/slow-write', { batch: 'whole' });
    expect(whole.status).toBe(200);
    const counts = await queryRows<{ batch: string; n: number }>(database.db, sql`select batch, count(*)::int as n from fault_probe group by batch order by batch`);
    expect(counts).toEqual([{ batch: 'whole', n: 200 }]);
  });

  it('answers only 2xx or 503 under load while every connection is terminated three times, then recovers at once', async () => {
    const faqs = (JSON.parse((await call('GET', '/api/v1/faqs?limit=100&sort_by=position&sort_dir=asc')).body) as { data: { data: { id: number }[] } }).data.data.map((f) => f.id);
    expect(faqs.length).toBeGreaterThan(2);
    const rotate = (k: number) => [...faqs.slice(k % faqs.length), ...faqs.slice(0, k % faqs.length)];
    const requests: ((i: number) => Promise<{ status: number; body: string }>)[] = [
      () => call('GET', '/api/v1/user/list?limit=5'),
      () => call('GET', '/api/v1/faqs?limit=20'),
      (i) => call('PUT', '/api/v1/faqs/positions', { ids: rotate(i) }),
      () => call('GET', '/api/v1/log-history?limit=5'),
      () => call('GET', '/api/v1/log-history/export?format=csv&entity=faq'),
    ];
    const answers: { kind: number; status: number; body: string }[] = [];
    const KILL_AFTER = [30, 70, 110];
    const kills: Promise<number>[] = [];
    let next = 0;
    // Four workers, 150 requests; every connection is terminated after the 30th, 70th and 110th answer.
    const worker = async () => {
      for (let i = next++; i < 150; i = next++) {
        const kind = i % requests.length;
        const res = await requests[kind]!(i);
        answers.push({ kind, ...res });
        if (KILL_AFTER.includes(answers.length)) kills.push(terminateAll());
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const killed = await Promise.all(kills);
    expect(killed.every((n) => n > 0)).toBe(true);

    const unexpected = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
    expect(unexpected).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) expect(JSON.parse(a.body)).toMatchObject({ error: 'service_unavailable' });
    console.info(`database faults: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} answered 503, connections terminated ${killed.join(' + ')}`);

    // Recovery within seconds, by itself.
    const started = Date.now();
    expect((await recovered('GET', '/api/v1/faqs?limit=5')).status).toBe(200);
    expect((await recovered('GET', '/api/v1/user/list?limit=5')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    // No connection was lost to the pool for good: once the requests are answered none is still checked out.
    const pool = database.raw.kind === 'postgres' ? database.raw.pool : undefined;
    await vi.waitFor(() => expect(pool!.totalCount - pool!.idleCount).toBe(0), { timeout: 2000, interval: 20 });

    // Nothing half-written: the stored order is the one the last reorder's audit entry names, and every reorder
    // answered 2xx has its audit entry (a 503 may or may not have committed: the connection died around it).
    const saved = answers.filter((a) => a.kind === 2 && a.status === 200).length;
    const audits = await queryRows<{ after: { order: number[] } }>(database.db, sql`select after from audit_log where action = 'reorder' and entity = 'faq' order by id`);
    expect(audits.length).toBeGreaterThanOrEqual(saved);
    expect(audits.length).toBeLessThanOrEqual(answers.filter((a) => a.kind === 2).length);
    const stored = await queryRows<{ id: number }>(database.db, sql`select id from faqs order by position, id`);
    expect(stored.map((r) => Number(r.id))).toEqual(audits.at(-1)!.after.order);
  });
});
