import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { journalTags } from '../db/migrate.ts';
import { databaseFault } from './errors.ts';
import type { JobQueue } from './jobs.ts';

/**
 * `GET /healthz` and `GET /readyz`, for a load balancer, an orchestrator or a container's health check. Both are outside
 * /api (no session, no permission of the registry, not in the OpenAPI document), public, cheap, and answer nothing
 * personal: only which check passed.
 *
 * - `/healthz`: the process is alive and its event loop answers. It never touches the database, so a database outage
 *   does not get healthy instances restarted.
 * - `/readyz`: this instance can serve: the database answers within READY_TIMEOUT_MS, every migration of this build is
 *   applied, the job workers run, and no shutdown has begun. 503 otherwise, naming the checks that failed.
 */

export interface HealthOptions {
  database: Database;
  jobs: JobQueue;
  /** How long the database may take to answer the readiness probe (READY_TIMEOUT_MS). */
  timeoutMs: number;
  /** The migrations this build needs applied; the journal's by default. */
  expectedMigrations?: readonly string[];
}

export interface Check {
  ok: boolean;
  /** Why it failed (`unreachable`, `timeout`, `pending`, `stopped`, `not_checked`, `closing`). */
  reason?: string;
  /** The database probe's time in milliseconds. */
  ms?: number;
  /** Migrations of this build not applied yet. */
  pending?: number;
  /** Migrations applied that this build does not know (a newer instance migrated first; this one still serves). */
  ahead?: number;
}

export interface Readiness {
  status: 'ready' | 'not_ready' | 'shutting_down';
  /** The names of the checks that failed. */
  failed: string[];
  checks: Record<string, Check>;
}

const NO_STORE = 'no-store';

export interface Health {
  readiness(): Promise<Readiness>;
  /** A shutdown began: readiness answers 503 from now on (before the listener closes: the balancer's notice). */
  beginShutdown(): void;
}

export function registerHealthRoutes(app: FastifyInstance, opts: HealthOptions): Health {
  const expected = opts.expectedMigrations ?? journalTags();
  let closing = false;
  let startedHere = false;
  let wasReady: boolean | undefined;
  // One probe at a time: readiness asked again while the database is slow waits for the same answer instead of queueing more.
  let probing: Promise<{ database: Check; migrations: Check }> | undefined;

  app.addHook('onReady', async () => {
    startedHere = true;
  });
  // A load balancer stops sending here as soon as a shutdown begins, while the requests already sent still finish.
  app.addHook('preClose', async () => {
    closing = true;
  });

  const probe = async (): Promise<{ database: Check; migrations: Check }> => {
    const started = performance.now();
    let applied: string[];
    try {
      await withTimeout(queryRows(opts.database.db, sql`select 1 as ok`), opts.timeoutMs);
    } catch (err) {
      const reason = err instanceof ProbeTimeout ? 'timeout' : (databaseFault(err) ?? 'unreachable');
      app.log.warn({ err }, 'readiness: the database did not answer');
      return { database: { ok: false, reason }, migrations: { ok: false, reason: 'not_checked' } };
    }
    const database: Check = { ok: true, ms: Math.round(performance.now() - started) };
    try {
      applied = (await withTimeout(queryRows<{ tag: string }>(opts.database.db, sql`select tag from schema_migrations`), opts.timeoutMs)).map((r) => r.tag);
    } catch (err) {
      app.log.warn({ err }, 'readiness: the applied migrations could not be read');
      return { database, migrations: { ok: false, reason: err instanceof ProbeTimeout ? 'timeout' : 'unreadable' } };
    }
    const done = new Set(applied);
    const known = new Set(expected);
    const pending = expected.filter((t) => !done.has(t)).length;
    const ahead = applied.filter((t) => !known.has(t)).length;
    const migrations: Check = pending ? { ok: false, reason: 'pending', pending } : { ok: true };
    if (ahead) migrations.ahead = ahead;
    return { database, migrations };
  };

  const readiness = async (): Promise<Readiness> => {
    if (closing) return { status: 'shutting_down', failed: ['shutdown'], checks: { shutdown: { ok: false, reason: 'closing' } } };
    probing ??= probe().finally(() => {
      probing = undefined;
    });
    const { database, migrations } = await probing;
    const running = opts.jobs.running ? opts.jobs.running() : startedHere;
    const checks: Record<string, Check> = { database, migrations, jobs: running ? { ok: true } : { ok: false, reason: 'stopped' } };
    const failed = Object.entries(checks)
      .filter(([, c]) => !c.ok)
      .map(([name]) => name);
    const ready = failed.length === 0;
    if (!ready && wasReady !== false) app.log.warn({ failed }, 'readiness: not ready');
    if (ready && wasReady === false) app.log.info('readiness: ready again');
    wasReady = ready;
    return { status: ready ? 'ready' : 'not_ready', failed, checks };
  };

  const answer = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).header('cache-control', NO_STORE).send(body);

  // Probed every few seconds by balancers and orchestrators: only their failures are worth a log line.
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => answer(reply, 200, { status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_req, reply) => {
    const r = await readiness();
    return answer(reply, r.status === 'ready' ? 200 : 503, r);
  });
  return {
    readiness,
    beginShutdown: () => {
      closing = true;
    },
  };
}

class ProbeTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer in ${ms} ms`)), ms);
  });
  // The query goes on after a timeout; its late failure must not be an unhandled rejection.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
