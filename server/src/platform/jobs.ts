import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../db/client.ts';
import { currentLogContext, runWithLogContext } from './log-context.ts';
import { guardPgBossSettlement } from './pg-boss-settle.ts';

/**
 * Background jobs on a PostgreSQL-backed queue (pg-boss 10), the same on PGlite and PostgreSQL. Jobs live in their own
 * schema, so a queued job survives a restart and is worked by the next process that registers its name.
 *
 * On PGlite pg-boss talks to the one embedded connection through `db.executeSql` (parameterless, possibly
 * multi-statement text goes to `exec`, parameterised text to `query`); on PostgreSQL it gets a small pool of its own.
 * Because PGlite is one connection, never `send` from inside a `db.transaction` without passing that transaction as
 * `opts.tx`: the send would wait for the transaction that waits for it.
 */

export interface JobInfo {
  id: string;
  /** 0 on the first run. */
  retryCount: number;
  retryLimit: number;
  /** No retry follows if this run fails: the handler may record the failure for people to see. */
  lastAttempt: boolean;
  /** The id of the request that queued the job (or of the job's own request chain), when one did. */
  requestId?: string;
}

/**
 * Where a job keeps the id of the request that queued it: a key of its payload, taken off again before the handler sees
 * the payload. The worker's log lines carry it (platform/log-context.ts).
 */
export const JOB_REQUEST_ID_KEY = '__requestId';

/** How many jobs of one queue wait, are scheduled or run, and how long the oldest due one has waited. */
export interface QueueStats {
  queue: string;
  /** Due and not taken yet (created, or waiting for a retry whose time has come). */
  waiting: number;
  /** Not due yet (a later start, a retry's delay). */
  scheduled: number;
  active: number;
  /** Seconds since the oldest waiting job became due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

export interface SendOptions {
  /** At most one job of this name and key waits or runs; sending again meanwhile answers the existing job's id. */
  singletonKey?: string;
  /** Retries after a failure (default 2). A run cut short by a shutdown counts as a failure, so keep it at least 1. */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelaySeconds?: number;
  /** Queue inside this transaction: the job exists only if it commits. */
  tx?: Tx;
  /** Not before this time (scheduled publishing); the job waits in the queue, so it survives restarts. */
  startAfter?: Date;
}

export interface JobQueue {
  /** Registers the handler of a job name; call before start(). The handler must be safe to run twice (restart). */
  register<P extends object>(name: string, handler: JobHandler<P>, opts?: { concurrency?: number }): void;
  /** Queues a job; returns its id. */
  send<P extends object>(name: string, payload: P, opts?: SendOptions): Promise<string>;
  /** Wakes this process's workers of a job name now instead of at their next poll: after the commit of a transaction that sent one. */
  wake(name: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Started and not stopped: its workers are polling (readiness). */
  running?(): boolean;
  /** Each queue's depth and its oldest waiting job's age (metrics), the registered queues included when empty. */
  stats?(): Promise<QueueStats[]>;
}

export interface JobLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

export interface JobQueueOptions {
  /** The schema pg-boss keeps its tables in (created on start). */
  schema: string;
  /** How often an idle worker looks for work (pg-boss allows no less than 0.5 s). Jobs sent by this process wake its workers at once. */
  pollSeconds?: number;
  logger?: JobLogger;
  /** Seconds stop() waits for running jobs before failing them (they are retried on the next start). */
  stopTimeoutSeconds?: number;
  /** Told of every run that ended (metrics). */
  onFinished?: (run: { name: string; seconds: number; ok: boolean }) => void;
}

interface Registration {
  handler: JobHandler<object>;
  concurrency: number;
}

type Executor = PgBoss.Db;

/** pg-boss on the one PGlite connection. */
function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/** pg-boss inside a drizzle transaction: both drivers keep their connection (PGlite Transaction, pg PoolClient) on it. */
function txExecutor(tx: Tx): Executor {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: this transaction exposes no client to queue a job in');
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text: string, values?: unknown[]) => query.call(client, text, values) };
}

export function createJobQueue(database: Database, opts: JobQueueOptions): JobQueue {
  guardPgBossSettlement();
  const registrations = new Map<string, Registration>();
  const queues = new Set<string>();
  const workerIds = new Map<string, string[]>();
  let starting: Promise<void> | undefined;
  let running = false;
  let stopped = false;

  const pollingIntervalSeconds = Math.max(0.5, opts.pollSeconds ?? 2);
  const common = {
    schema: opts.schema,
    // Cron scheduling is not offered through this interface; maintenance (expiry of stuck jobs, archiving) is.
    schedule: false,
    supervise: true,
    pollingIntervalSeconds,
  };
  let boss: PgBoss;
  if (database.raw.kind === 'pglite') {
    boss = new PgBoss({ ...common, db: pgliteExecutor(database.raw.client) });
  } else {
    const connectionString = database.raw.pool.options.connectionString;
    boss = connectionString
      ? new PgBoss({ ...common, connectionString, max: 4, application_name: 'portal-jobs' })
      : new PgBoss({ ...common, db: { executeSql: (text: string, values?: unknown[]) => (database.raw as { pool: import('pg').Pool }).pool.query(text, values) } });
  }
  boss.on('error', (err: unknown) => opts.logger?.error({ err }, 'job queue error'));

  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    if (!(await boss.getQueue(name))) {
      try {
        await boss.createQueue(name);
      } catch (err) {
        // Another process created it in between.
        if (!(await boss.getQueue(name))) throw err;
      }
    }
    queues.add(name);
  };

  const startWorkers = async (name: string, reg: Registration) => {
    await ensureQueue(name);
    const ids: string[] = [];
    for (let i = 0; i < reg.concurrency; i++) {
      const id = await boss.work<object>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          const { payload, requestId } = unwrapPayload(job.data);
          const info: JobInfo = {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            lastAttempt: job.retryCount >= job.retryLimit,
            ...(requestId ? { requestId } : {}),
          };
          // The handler's log lines (and the jobs it queues) carry the id of the request that asked for this one.
          await runWithLogContext({ ...(requestId ? { reqId: requestId } : {}), job: name, jobId: job.id }, async () => {
            const started = performance.now();
            try {
              await reg.handler(payload, info);
            } catch (err) {
              opts.onFinished?.({ name, seconds: (performance.now() - started) / 1000, ok: false });
              opts.logger?.warn({ err, job: name, id: job.id, retryCount: job.retryCount }, 'job failed');
              throw err;
            }
            const ms = performance.now() - started;
            opts.onFinished?.({ name, seconds: ms / 1000, ok: true });
            opts.logger?.info?.({ ms: Math.round(ms) }, 'job done');
          });
        }
      });
      ids.push(id);
    }
    workerIds.set(name, ids);
  };

  const wake = (name: string) => {
    for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  };

  const findUnfinished = async (executor: Executor, name: string, key: string): Promise<string | undefined> => {
    const { rows } = await executor.executeSql(
      `select id from ${opts.schema}.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on desc limit 1`,
      [name, key],
    );
    return (rows[0] as { id: string } | undefined)?.id;
  };

  const keyLocks = new Map<string, Promise<unknown>>();
  const serialised = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const previous = keyLocks.get(key) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    keyLocks.set(key, next.catch(() => undefined));
    return next;
  };

  return {
    register(name, handler, registerOpts = {}) {
      if (running || starting) throw new Error(`jobs: register "${name}" before start()`);
      if (registrations.has(name)) throw new Error(`jobs: "${name}" is already registered`);
      registrations.set(name, { handler: handler as JobHandler<object>, concurrency: Math.max(1, registerOpts.concurrency ?? 1) });
    },

    wake,

    async send(name, payload, sendOpts = {}) {
      if (!running) {
        if (!starting) throw new Error('jobs: send() before start()');
        await starting;
      }
      await ensureQueue(name);
      const executor = sendOpts.tx ? txExecutor(sendOpts.tx) : boss.getDb();
      const options: PgBoss.SendOptions = {
        ...(sendOpts.retryLimit !== undefined ? { retryLimit: sendOpts.retryLimit } : {}),
        ...(sendOpts.retryDelaySeconds !== undefined ? { retryDelay: sendOpts.retryDelaySeconds } : {}),
        ...(sendOpts.tx ? { db: executor } : {}),
        ...(sendOpts.startAfter ? { startAfter: sendOpts.startAfter } : {}),
      };
      const insert = async () => {
        if (sendOpts.singletonKey !== undefined) {
          const existing = await findUnfinished(executor, name, sendOpts.singletonKey);
          if (existing) return existing;
        }
        const id = await boss.send(name, withRequestId(payload), { ...options, ...(sendOpts.singletonKey !== undefined ? { singletonKey: sendOpts.singletonKey } : {}) });
        if (!id) throw new Error(`jobs: "${name}" was not queued`);
        return id;
      };
      const id = sendOpts.singletonKey !== undefined ? await serialised(`${name}\u0000${sendOpts.singletonKey}`, insert) : await insert();
      // Wake this process's workers of that name rather than waiting for their next poll (after commit, for a tx).
      if (!sendOpts.tx) wake(name);
      return id;
    },

    async start() {
      if (running) return;
      if (stopped) throw new Error('jobs: a stopped queue cannot start again');
      starting ??= (async () => {
        await boss.start();
        for (const [name, reg] of registrations) await startWorkers(name, reg);
        running = true;
      })();
      await starting;
    },

    running: () => running && !stopped,

    async stats() {
      const { rows } = await boss.getDb().executeSql(
        `select name as queue,
            count(*) filter (where state < 'active' and start_after <= now())::int as waiting,
            count(*) filter (where state < 'active' and start_after > now())::int as scheduled,
            count(*) filter (where state = 'active')::int as active,
            coalesce(extract(epoch from now() - min(start_after) filter (where state < 'active' and start_after <= now())), 0)::float8 as oldest
          from ${opts.schema}.job where state <= 'active' group by name`,
        [],
      );
      const found = new Map((rows as { queue: string; waiting: number; scheduled: number; active: number; oldest: number }[]).map((r) => [r.queue, r]));
      const names = new Set([...registrations.keys(), ...found.keys()]);
      return [...names].sort().map((queue) => {
        const r = found.get(queue);
        return { queue, waiting: r?.waiting ?? 0, scheduled: r?.scheduled ?? 0, active: r?.active ?? 0, oldestWaitingSeconds: Math.max(0, Number(r?.oldest ?? 0)) };
      });
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (starting) await starting.catch(() => undefined);
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: (opts.stopTimeoutSeconds ?? 10) * 1000 });
    },
  };
}

/** The payload with the id of the request queuing it, when a request (or a job a request queued) is running. */
function withRequestId<P extends object>(payload: P): P {
  const reqId = currentLogContext()?.reqId;
  if (!reqId || Array.isArray(payload) || JOB_REQUEST_ID_KEY in payload) return payload;
  return { ...payload, [JOB_REQUEST_ID_KEY]: reqId };
}

/** A job's payload as its handler takes it, and the id of the request that queued it. */
function unwrapPayload(data: object): { payload: object; requestId?: string } {
  if (!data || Array.isArray(data) || !(JOB_REQUEST_ID_KEY in data)) return { payload: data };
  const { [JOB_REQUEST_ID_KEY]: requestId, ...payload } = data as Record<string, unknown>;
  return typeof requestId === 'string' ? { payload, requestId } : { payload };
}

/** The schema of the queue: `pgboss` beside the public schema, `<schema>_jobs` beside any other (a test file's schema). */
export async function defaultJobsSchema(database: Database): Promise<string> {
  const rows = await queryRows<{ schema: string }>(database.db, sql`select current_schema() as schema`);
  return jobsSchemaBeside(rows[0]?.schema ?? 'public');
}

/** The queue's schema beside a portal's schema (defaultJobsSchema; the database move and backups find it so too). */
export const jobsSchemaBeside = (schema: string): string => (schema === 'public' ? 'pgboss' : `${schema}_jobs`);
