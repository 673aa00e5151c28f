import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_PASSWORD, TEST_CONFIG, useHarness } from '../../test/harness.ts';
import { createScratchDatabase } from '../../test/test-db.ts';
import { eventually } from '../../test/eventually.ts';
import type { Readiness } from './health.ts';
import { gracefulShutdown } from './lifecycle.ts';

/*
 * /healthz and /readyz: public, outside /api, cheap, nothing personal; readiness fails with the check that failed
 * (database gone, a migration missing, the job workers stopped, a shutdown begun). And the shutdown itself: readiness
 * first, then open event streams end, requests in progress finish, workers stop, and only then the database.
 */

const testConfig = () => loadConfig({ ...process.env, DATABASE_URL: undefined }, TEST_CONFIG);

describe('health and readiness', () => {
  const h = useHarness({}, { regions: false, scale: 0.05 });

  it('answers /healthz without a session, touching nothing, and keeps it out of the API and its document', async () => {
    const res = await h.call('GET', '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    // Not an /api route: no permission entry, not among the contract's routes, not in the OpenAPI document.
    expect(h.routes.some((r) => r.url === '/healthz' || r.url === '/readyz' || r.url === '/metrics')).toBe(false);
    const doc = (await h.call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/healthz');
    expect(Object.keys(doc.paths)).not.toContain('/readyz');
    // A session token changes nothing (no session is even looked up).
    expect((await h.call('GET', '/healthz', { token: 'x'.repeat(43) })).statusCode).toBe(200);
  });

  it('answers /readyz 200 with every check passed', async () => {
    const res = await h.call('GET', '/readyz');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Readiness>();
    expect(body).toMatchObject({ status: 'ready', failed: [], checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } });
    expect(body.checks.database?.ms).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the migrations while one of this build is not applied, and 200 again once it is', async () => {
    const db = h.testDb.database.db;
    const [last] = await db.execute(sql`select tag from schema_migrations order by tag desc limit 1`).then((r) => (r as unknown as { rows: { tag: string }[] }).rows);
    expect(last?.tag).toMatch(/^\d{4}_/);
    await db.execute(sql`delete from schema_migrations where tag = ${last!.tag}`);
    try {
      const res = await h.call('GET', '/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>()).toMatchObject({ status: 'not_ready', failed: ['migrations'], checks: { database: { ok: true }, migrations: { ok: false, reason: 'pending', pending: 1 } } });
      // Nothing of the migration itself (its name) is told to an anonymous caller.
      expect(res.body).not.toContain(last!.tag);
    } finally {
      await db.execute(sql`insert into schema_migrations (tag) values (${last!.tag})`);
    }
    // A migration this build does not know (a newer instance migrated first) does not take this one out of service.
    await db.execute(sql`insert into schema_migrations (tag) values ('9999_from_a_newer_build')`);
    try {
      const res = await h.call('GET', '/readyz');
      expect(res.statusCode).toBe(200);
      expect(res.json<Readiness>().checks.migrations).toEqual({ ok: true, ahead: 1 });
    } finally {
      await db.execute(sql`delete from schema_migrations where tag = '9999_from_a_newer_build'`);
    }
    expect((await h.call('GET', '/readyz')).statusCode).toBe(200);
  });

  it('answers 503 naming the jobs once the workers are stopped', async () => {
    const built = await buildApp({ config: testConfig(), database: h.testDb.database, clock: h.clock });
    try {
      await built.app.ready();
      expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await built.jobs.stop();
      const res = await built.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>()).toMatchObject({ status: 'not_ready', failed: ['jobs'], checks: { jobs: { ok: false, reason: 'stopped' } } });
    } finally {
      await built.app.close();
    }
  });

  it('shuts down in order: readiness 503, streams closed, requests in progress finished, workers stopped, then the database', async () => {
    let entered: () => void = () => undefined;
    const slowEntered = new Promise<void>((r) => (entered = r));
    const built = await buildApp({
      config: testConfig(),
      database: h.testDb.database,
      clock: h.clock,
      // A request that is still being answered when the shutdown begins.
      extraRoutes: (app) =>
        app.get('/test/slow', async () => {
          entered();
          await new Promise((r) => setTimeout(r, 600));
          return { finished: true };
        }),
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const signIn = await fetch(`${base}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin.cms', password: DEMO_PASSWORD }) });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;

    // An agent's open chat stream.
    const stream = await fetch(`${base}/api/v1/chats/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    while (!received.includes('event: unread')) received += decoder.decode((await reader.read()).value);
    const streamEnded = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();

    const slow = fetch(`${base}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await slowEntered;

    const order: string[] = [];
    const exits: number[] = [];
    let databaseClosed: () => void = () => undefined;
    const closed = new Promise<void>((r) => (databaseClosed = r));
    const shutdown = gracefulShutdown(built.app, {
      timeoutSeconds: 10,
      drainSeconds: 0.3,
      beginShutdown: () => {
        order.push('not ready');
        built.health.beginShutdown();
      },
      closeDatabase: async () => {
        // The shared test database stays open; what matters is what had happened by now.
        order.push(built.jobs.running?.() ? 'database closed with workers running' : 'database closed after the workers');
        databaseClosed();
      },
      exit: (code) => exits.push(code),
    });
    const done = shutdown('SIGTERM');

    // During the drain the listener still answers, and readiness says it is going away.
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as Readiness).status).toBe('shutting_down');

    expect(await streamEnded).toBe(true);
    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    await done;
    await closed;
    expect(order).toEqual(['not ready', 'database closed after the workers']);
    expect(exits).toEqual([0]);
    // The listener is closed: no new connection is taken.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it('exits with 1 when the shutdown outlasts its deadline, and at once on a second signal', async () => {
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((r) => (release = r));
    let entered: () => void = () => undefined;
    const started = new Promise<void>((r) => (entered = r));
    const built: BuiltApp = await buildApp({
      config: testConfig(),
      database: h.testDb.database,
      clock: h.clock,
      extraRoutes: (app) =>
        app.get('/test/hanging', async () => {
          entered();
          await hanging;
          return { finished: true };
        }),
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const request = fetch(`${base}/test/hanging`).then((r) => r.status);
    await started;
    const exits: { code: number; at: number }[] = [];
    const t0 = Date.now();
    const shutdown = gracefulShutdown(built.app, { timeoutSeconds: 1, drainSeconds: 0, closeDatabase: async () => undefined, exit: (code) => exits.push({ code, at: Date.now() - t0 }) });
    const done = shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 1300));
    expect(exits.map((e) => e.code)).toEqual([1]);
    expect(exits[0]!.at).toBeGreaterThanOrEqual(950);
    await shutdown('SIGINT');
    expect(exits.map((e) => e.code)).toEqual([1, 1]);
    // The request was never cut: released, it finishes and the close completes.
    release();
    expect(await request).toBe(200);
    await done;
  });
});

describe('readiness when the database is gone', () => {
  const url = process.env.TEST_DATABASE_URL;

  it.skipIf(Boolean(url))('answers 503 naming the database once the embedded database is closed', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const database = fromPglite(client, 'readiness probe');
    await migrate(database);
    const built = await buildApp({ config: testConfig(), database });
    try {
      await built.app.ready();
      expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await client.close();
      const res = await built.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<Readiness>()).toMatchObject({ status: 'not_ready', checks: { database: { ok: false }, migrations: { ok: false, reason: 'not_checked' } } });
      expect(res.json<Readiness>().failed).toContain('database');
      // Liveness is not readiness: the process itself is fine.
      expect((await built.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await built.app.close().catch(() => undefined);
    }
  }, 60_000);

  it.skipIf(!url)('answers 503 naming the database while PostgreSQL refuses every connection, and 200 again once it takes them', async () => {
    const scratch = await createScratchDatabase('readyz', 3);
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, DATA_DIR: scratch.dataDir, READY_TIMEOUT_MS: 3000 });
    const built = await buildApp({ config, database: scratch.database });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = new URL(scratch.url).pathname.slice(1);
    try {
      await built.app.ready();
      expect((await built.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // The database goes away: no new connection is taken and every open one is ended.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const res = await built.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json<Readiness>()).toMatchObject({ status: 'not_ready', checks: { database: { ok: false }, migrations: { ok: false, reason: 'not_checked' } } });
      expect(res.json<Readiness>().failed).toContain('database');
      expect((await built.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      await admin.query(`alter database ${name} allow_connections true`);
      const readyz = async () => {
        const res = await built.app.inject({ method: 'GET', url: '/readyz' });
        return { status: res.statusCode, body: res.body };
      };
      expect((await eventually(readyz, (r) => r.status === 200, 'readiness', 5_000)).status).toBe(200);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.end();
      await built.app.close().catch(() => undefined);
      await scratch.drop();
    }
  }, 60_000);
});
