import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { ConsumerAuthService } from './consumer-auth.ts';
import type { DbNotifications } from './db-notify.ts';
import type { AnyEndpoint } from '@portal/contract';
import { registerExportRoute, type ExportDef, type ExportService } from './exports/index.ts';
import type { ImportDefinition } from './imports/index.ts';
import type { JobHandler, JobQueue } from './jobs.ts';
import type { Mailer } from './mail.ts';
import type { AppMetrics } from './metrics.ts';

/** The platform every domain module is built on: created once by `buildApp` and shared by all modules. */
export interface ModuleContext {
  config: Config;
  database: Database;
  /** `database.db`. */
  db: Db;
  /**
   * Where report and dashboard reads go: REPORTS_DATABASE_URL's replica, or `database` when unset. A replica trails the
   * primary by a moment, so it serves only screens that read what others wrote: never a write, a session or permission
   * check, or a screen that shows what its user has just changed. Each module picks it for its report services in one
   * place, and marks its reports' exports with {@link reportExports}.
   */
  reports: Database;
  clock: Clock;
  mailer: Mailer;
  /** The background job queue; a module's handlers are registered before it starts. */
  jobs: JobQueue;
  /** The export pipeline; a module's exports are added to it with their routes. */
  exports: ExportService;
  /** The database's LISTEN/NOTIFY, one listening connection for the whole app. */
  notifications: DbNotifications;
  /** The consumer app's tokens: every domain's `/api/v1/app/...` routes take its guard and read `appConsumer(req)`. */
  consumerAuth: ConsumerAuthService;
  /** The app's Prometheus metrics: a module adds what only it can count (its event streams). */
  metrics: AppMetrics;
}

/** An export a module offers: its definition and the contract endpoint that serves it (`productsApi.export`). */
export interface ModuleExport {
  def: ExportDef;
  endpoint: AnyEndpoint;
}

/** A background job a module works. */
export interface ModuleJob {
  name: string;
  handler: JobHandler<Record<string, unknown>>;
  concurrency?: number;
  /** Queued with this payload each time the app starts (a catch-up run after downtime). */
  sendOnStart?: Record<string, unknown>;
}

/**
 * A business domain as `buildApp` sees it. Each `domains/<domain>/<domain>.module.ts` exports one function that builds
 * its module from the shared {@link ModuleContext} (and, where it needs another domain's service, a narrow interface of
 * it declared in its `<domain>.deps.ts`): the domain's services are built there, once, and the module carries them.
 */
export interface DomainModule {
  readonly name: string;
  /** Registers the module's routes (and any hooks they need), with the services the module was built with. */
  register(app: FastifyInstance): void;
  readonly exports?: readonly ModuleExport[];
  /** Import definitions; the platform's import pipeline registers their routes and jobs. */
  readonly imports?: readonly ImportDefinition[];
  readonly jobs?: readonly ModuleJob[];
}


/** Exports of reports: their rows are read from the reports database (ModuleContext.reports), as their screens are. */
export const reportExports = (exports: readonly ModuleExport[]): ModuleExport[] => exports.map((e) => ({ ...e, def: { ...e.def, database: 'reports' } }));

/** Registers a module on the app: its job handlers, its routes, then its export routes. Call before `app.ready()`. */
export function registerModule(app: FastifyInstance, ctx: Pick<ModuleContext, 'jobs' | 'exports' | 'clock'>, module: DomainModule): void {
  for (const job of module.jobs ?? []) {
    ctx.jobs.register(job.name, job.handler, job.concurrency === undefined ? {} : { concurrency: job.concurrency });
    const payload = job.sendOnStart;
    if (payload) {
      app.addHook('onReady', async () => {
        await ctx.jobs.send(job.name, payload);
      });
    }
  }
  module.register(app);
  for (const e of module.exports ?? []) registerExportRoute(app, ctx.exports, ctx.clock, e.def, e.endpoint);
}
