import { createHash, timingSafeEqual } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { JobQueue } from './jobs.ts';
import { loopbackOnly } from './loopback.ts';

/**
 * Prometheus metrics of one app (prom-client), served at `GET /metrics`. Each app has a registry of its own (tests build
 * many apps in one process); the process's own metrics (CPU, memory, event loop, GC: prom-client's defaults) are the
 * process's, kept once in a registry of their own and written before the app's. Every name is listed in the README.
 */

/** Seconds: from a cached answer to a slow report. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a small file to a year's export or a large import. */
const WORK_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
/** Seconds waited for a database connection (the pool's limit is DB_CONNECT_TIMEOUT_MS). */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long a scrape waits for the job queue's counts before leaving them as they were. */
const JOB_STATS_TIMEOUT_MS = 2_000;

let processRegistry: Registry | undefined;
/** The process's metrics, registered once per process whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ExportObservation {
  /** The export's name (`export_log`, …). */
  kind: string;
  format: string;
  /** `direct`: written while the browser waits; `kept`: a Download List job. */
  mode: 'direct' | 'kept';
  seconds: number;
  ok: boolean;
}

export interface ImportObservation {
  /** The import definition's key. */
  kind: string;
  stage: 'validate' | 'commit';
  seconds: number;
  /** The batch's status after the step (VALIDATED, COMPLETED, FAILED), or `error` when the step threw (it is retried). */
  outcome: string;
}

type PoolWaitListener = (seconds: number, ok: boolean) => void;
const poolWaitListeners = new WeakMap<pg.Pool, Set<PoolWaitListener>>();

/**
 * Times every wait for a connection of a pool (node-postgres has no event for it): the pool's `connect` is wrapped
 * once, whatever the number of apps that watch it, and tells each app's listener. pg's own `query` and drizzle's
 * transactions both take their connection through it.
 */
function watchPoolWaits(pool: pg.Pool, listener: PoolWaitListener): () => void {
  let listeners = poolWaitListeners.get(pool);
  if (!listeners) {
    const set = new Set<PoolWaitListener>();
    listeners = set;
    poolWaitListeners.set(pool, set);
    const original = pool.connect;
    const tell = (started: number, ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const l of set) l(seconds, ok);
    };
    pool.connect = function connect(this: pg.Pool, callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
      const started = performance.now();
      if (typeof callback === 'function') {
        return (original as (cb: typeof callback) => void).call(this, (err, client, done) => {
          tell(started, !err);
          callback(err, client, done);
        });
      }
      return (original as () => Promise<pg.PoolClient>).call(this).then(
        (client) => {
          tell(started, true);
          return client;
        },
        (err: unknown) => {
          tell(started, false);
          throw err;
        },
      );
    } as pg.Pool['connect'];
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls on the one PGlite connection not yet answered (the running one and those queued behind it), per client. */
const pgliteInFlight = new WeakMap<PGlite, { n: number }>();

/** Counts PGlite's calls in flight (query, exec, transaction): wrapped once per client. */
function watchPglite(client: PGlite): { n: number } {
  let counter = pgliteInFlight.get(client);
  if (counter) return counter;
  const c = { n: 0 };
  counter = c;
  pgliteInFlight.set(client, c);
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = target[method];
    target[method] = async function counted(this: unknown, ...args: unknown[]) {
      c.n++;
      try {
        return await original.apply(this, args);
      } finally {
        c.n--;
      }
    };
  }
  return counter;
}

interface WatchedPool {
  name: string;
  read(): { size: number; idle: number; waiting: number; max: number };
  stop(): void;
}

export class AppMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class (2xx, 3xx, 4xx, 5xx).',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly poolSize = new Gauge({ name: 'portal_db_pool_connections', help: 'Open database connections of a pool (PGlite: its one connection).', labelNames: ['pool'] as const, registers: [this.registry] });
  private readonly poolIdle = new Gauge({ name: 'portal_db_pool_idle', help: 'Open database connections of a pool that are idle.', labelNames: ['pool'] as const, registers: [this.registry] });
  private readonly poolWaiting = new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Callers waiting for a connection of a pool (PGlite: calls queued behind the one that runs).',
    labelNames: ['pool'] as const,
    registers: [this.registry],
  });
  private readonly poolMax = new Gauge({ name: 'portal_db_pool_max', help: 'The most connections a pool opens.', labelNames: ['pool'] as const, registers: [this.registry] });
  private readonly poolWait = new Histogram({
    name: 'portal_db_pool_wait_seconds',
    help: 'Time waited for a connection of a PostgreSQL pool (a new one, or a free one), by pool and outcome.',
    labelNames: ['pool', 'outcome'] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobsWaiting = new Gauge({ name: 'portal_jobs_waiting', help: 'Background jobs due and not yet taken, by queue.', labelNames: ['queue'] as const, registers: [this.registry] });
  private readonly jobsScheduled = new Gauge({ name: 'portal_jobs_scheduled', help: 'Background jobs queued for a later time (a delayed start or retry), by queue.', labelNames: ['queue'] as const, registers: [this.registry] });
  private readonly jobsActive = new Gauge({ name: 'portal_jobs_active', help: 'Background jobs running now on any instance, by queue.', labelNames: ['queue'] as const, registers: [this.registry] });
  private readonly jobsOldest = new Gauge({
    name: 'portal_jobs_oldest_waiting_seconds',
    help: 'How long the oldest due job of a queue has waited to be taken (0: none waits).',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Time a background job of this instance ran, by queue and outcome (ok, failed).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });
  private readonly exportDuration = new Histogram({
    name: 'portal_export_duration_seconds',
    help: 'Time an export took to write its file, by export, format, mode (direct, kept) and outcome (ok, failed).',
    labelNames: ['kind', 'format', 'mode', 'outcome'] as const,
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });
  private readonly importDuration = new Histogram({
    name: 'portal_import_duration_seconds',
    help: 'Time a step of an import took (validate, commit), by import and the status it left the batch in.',
    labelNames: ['kind', 'stage', 'outcome'] as const,
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });
  private readonly sseConnections = new Gauge({ name: 'portal_sse_connections', help: 'Server-sent event streams open now, by stream.', labelNames: ['stream'] as const, registers: [this.registry] });
  private readonly collectErrors = new Counter({
    name: 'portal_metrics_collect_errors_total',
    help: 'Scrapes whose figures of a source (jobs) could not be read; its gauges keep their last values.',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private readonly pools: WatchedPool[] = [];
  private readonly streams = new Map<string, () => number>();
  private jobs: JobQueue | undefined;

  /** Watches a database's connections: a PostgreSQL pool's counts and waits, or PGlite's queue. */
  trackPool(name: string, database: Database): void {
    const raw = database.raw;
    if (raw.kind === 'postgres') {
      const pool = raw.pool;
      const stop = watchPoolWaits(pool, (seconds, ok) => this.poolWait.observe({ pool: name, outcome: ok ? 'ok' : 'failed' }, seconds));
      this.pools.push({ name, read: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }), stop });
    } else {
      const counter = watchPglite(raw.client);
      this.pools.push({ name, read: () => ({ size: 1, idle: counter.n === 0 ? 1 : 0, waiting: Math.max(0, counter.n - 1), max: 1 }), stop: () => undefined });
    }
  }

  /** The job queue whose depth and age each scrape reads. */
  trackJobs(jobs: JobQueue): void {
    this.jobs = jobs;
  }

  /** A kind of event stream whose open count each scrape reads. */
  trackStreams(stream: string, count: () => number): void {
    this.streams.set(stream, count);
  }

  /** A job run ended (platform/jobs.ts `onFinished`). */
  jobFinished(run: { name: string; seconds: number; ok: boolean }): void {
    this.jobDuration.observe({ queue: run.name, outcome: run.ok ? 'ok' : 'failed' }, run.seconds);
  }

  exportWritten(e: ExportObservation): void {
    this.exportDuration.observe({ kind: e.kind, format: e.format, mode: e.mode, outcome: e.ok ? 'ok' : 'failed' }, e.seconds);
  }

  importStep(e: ImportObservation): void {
    this.importDuration.observe({ kind: e.kind, stage: e.stage, outcome: e.outcome }, e.seconds);
  }

  /** Counts and times every answer by its route's pattern (never the raw URL: ids and queries stay out of the labels). */
  registerHttpHooks(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      const route = routeOf(req);
      this.httpRequests.inc({ method: req.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` });
      this.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The text a scrape answers: the process's metrics, then the app's with the gauges read now. */
  async scrape(log?: { warn(obj: object, msg?: string): void }): Promise<string> {
    for (const p of this.pools) {
      const now = p.read();
      this.poolSize.set({ pool: p.name }, now.size);
      this.poolIdle.set({ pool: p.name }, now.idle);
      this.poolWaiting.set({ pool: p.name }, now.waiting);
      this.poolMax.set({ pool: p.name }, now.max);
    }
    for (const [stream, count] of this.streams) this.sseConnections.set({ stream }, count());
    if (this.jobs?.stats) {
      try {
        const stats = await withTimeout(this.jobs.stats(), JOB_STATS_TIMEOUT_MS);
        for (const gauge of [this.jobsWaiting, this.jobsScheduled, this.jobsActive, this.jobsOldest]) gauge.reset();
        for (const s of stats) {
          this.jobsWaiting.set({ queue: s.queue }, s.waiting);
          this.jobsScheduled.set({ queue: s.queue }, s.scheduled);
          this.jobsActive.set({ queue: s.queue }, s.active);
          this.jobsOldest.set({ queue: s.queue }, s.oldestWaitingSeconds);
        }
      } catch (err) {
        this.collectErrors.inc({ source: 'jobs' });
        log?.warn({ err }, 'metrics: the job queue could not be read');
      }
    }
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Stops timing the pools' waits for this app (the app is closing; the pools may live on). */
  close(): void {
    for (const p of this.pools.splice(0)) p.stop();
  }
}

/** The label of a request's route: its pattern, `unmatched` when no route took it. */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may scrape: with METRICS_TOKEN set, a caller sending it as a Bearer token (401 otherwise, wherever it calls from);
 * without it, only this machine over a direct connection (404 otherwise, as for the development pages), so a portal
 * behind a proxy never shows its metrics to the internet by default.
 */
export async function metricsAccess(req: FastifyRequest, token: string | undefined): Promise<void> {
  if (!token) return loopbackOnly(req);
  const header = req.headers.authorization;
  const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!given || !timingSafeEqual(digest(given), digest(token))) throw new AppError(401, 'unauthorized', 'A valid metrics token is required');
}

/** `GET /metrics`, outside /api: no session, no permission of the registry; its own access rule above. */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, opts: { token?: string }): void {
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      // Scraped every few seconds: its request lines would bury the others.
      logLevel: 'warn',
      onRequest: async (req, reply) => {
        try {
          await metricsAccess(req, opts.token);
        } catch (err) {
          if (err instanceof AppError && err.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw err;
        }
      },
    },
    async (req, reply) => {
      const text = await metrics.scrape(req.log);
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    },
  );
}
