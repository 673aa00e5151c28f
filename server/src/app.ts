import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { completeOpenApi } from './platform/openapi.ts';
import { registerBuiltAssets } from './platform/built-assets.ts';
import { servedOverHttps, sessionCookieOf, type Config } from './config.ts';
import { onPoolError, openSidePool, type Database } from './db/client.ts';
import type { CatalogServices } from './domains/catalog/catalog.deps.ts';
import { catalogModule } from './domains/catalog/catalog.module.ts';
import { consumersModule } from './domains/consumers/consumers.module.ts';
import { contentModule } from './domains/content/content.module.ts';
import { helpdeskModule } from './domains/helpdesk/helpdesk.module.ts';
import type { IdentityServices } from './domains/identity/identity.deps.ts';
import { identityModule } from './domains/identity/identity.module.ts';
import { registerOverviewRoutes } from './domains/operations/overview.routes.ts';
import { heimdalLogsModule } from './domains/operations/heimdal-logs.module.ts';
import { couponsModule } from './domains/loyalty/coupons.module.ts';
import { masterdataModule } from './domains/masterdata/masterdata.module.ts';
import { promotionModule } from './domains/promotion/promotion.module.ts';
import { stampsModule } from './domains/loyalty/stamps.module.ts';
import { rafflesModule } from './domains/loyalty/raffles.module.ts';
import { ordersModule, type OrderServices } from './domains/orders/orders.module.ts';
import { topUpModule } from './domains/orders/top-up.module.ts';
import { orderReportsModule } from './domains/orders/order-reports.module.ts';
import { preOrdersModule } from './domains/orders/pre-orders.module.ts';
import { vouchersModule } from './domains/vouchers/vouchers.module.ts';
import { analyticsModule } from './domains/analytics/analytics.module.ts';
import { tillModule } from './domains/analytics/till.module.ts';
import { registerAccessGuard, type RegisteredRoute } from './platform/access-guard.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { openDbNotifications, type DbNotifications } from './platform/db-notify.ts';
import { ConsumerAuthService } from './platform/consumer-auth.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { ExportService, registerDownloadRoutes } from './platform/exports/index.ts';
import { registerImports, type ImportDefinition, type ImportService } from './platform/imports/index.ts';
import { createJobQueue, defaultJobsSchema, type JobQueue } from './platform/jobs.ts';
import { loggerOptions } from './platform/logger.ts';
import { registerLogContext, requestIdOf } from './platform/log-context.ts';
import { AppMetrics, registerMetricsRoute } from './platform/metrics.ts';
import { registerHealthRoutes, type Health } from './platform/health.ts';
import { closeConnectionsWhenIdle } from './platform/lifecycle.ts';
import type { DestinationStream } from 'pino';
import { createMailer, smtpTransport, type MailTransport } from './platform/mail.ts';
import { registerModule, type DomainModule, type ModuleContext } from './platform/module.ts';
import { retentionModule, RetentionService } from './platform/retention.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /**
   * Where report and dashboard reads go (REPORTS_DATABASE_URL's replica); `database` when not given. Whoever opened it
   * closes it; the app closes only the export readers' pool it opens on it.
   */
  reports?: Database;
  clock?: Clock;
  /** Where mail goes instead of SMTP_URL's server (tests pass a recording or failing transport). */
  mailTransport?: MailTransport;
  /** The background job queue; created on the database otherwise. Started when the app is ready, stopped on close. */
  jobs?: JobQueue;
  /** Extra route registrations (tests use this to prove an unguarded route is refused). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Where log lines go instead of standard output (a test reading them). */
  logStream?: DestinationStream;
  /** Further import definitions (tests add one over a table of their own). */
  imports?: readonly ImportDefinition[];
}

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  services: IdentityServices;
  catalog: CatalogServices;
  /** The consumer app's tokens (sign-in, the guard of `/api/v1/app/...`). */
  consumerAuth: ConsumerAuthService;
  /** Orders: placing them, their workflow, the payment gateway's callbacks. */
  orders: OrderServices;
  /** Register job handlers before `app.ready()`; the queue starts on ready and stops on close. */
  jobs: JobQueue;
  /** The export pipeline; `registerExportRoute(app, exports, ...)` before `app.ready()` adds an export to a list. */
  exports: ExportService;
  /** The import pipeline (upload, validate, preview, confirm, commit). */
  imports: ImportService;
  /** Deletes kept exports, staged imports and unused images after RETENTION_DAYS (a daily job). */
  retention: RetentionService;
  /** The database's LISTEN/NOTIFY (its one listening connection on PostgreSQL). */
  notifications: DbNotifications;
  /** This app's Prometheus metrics (`GET /metrics`). */
  metrics: AppMetrics;
  /** Readiness (`GET /readyz`) and the start of a shutdown. */
  health: Health;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A well-formed x-request-id from the proxy or the client is the request's id; it is answered in the same header.
    genReqId: requestIdOf,
    requestIdHeader: false,
  });
  // First, so every later hook, the handler and the jobs it queues run in the request's log context.
  registerLogContext(app);
  // A shutdown finishes the requests in progress, then ends each connection as it becomes idle (platform/lifecycle.ts).
  closeConnectionsWhenIdle(app);
  const metrics = new AppMetrics();
  metrics.registerHttpHooks(app);
  /** A pool's counts in the metrics, and its lost idle connections in the log (a PostgreSQL pool emits them as errors). */
  const watchPool = (name: string, what: string, pool: Database) => {
    metrics.trackPool(name, pool);
    onPoolError(pool, (err) => app.log.warn({ err }, `an idle ${what} connection was lost`));
  };
  watchPool('requests', 'database', database);
  app.addHook('onClose', async () => metrics.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.CHECK_RESPONSES }));
  registerErrorHandler(app);
  const reports = deps.reports ?? database;
  if (reports !== database) watchPool('reports', 'reports database', reports);

  await app.register(cookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
    // HSTS only where the portal is reached over HTTPS: sent over plain HTTP it would lock a local portal out.
    hsts: servedOverHttps(config),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Loyalty Portal API', version: '1.0.0', description: 'Back-office portal API. Generated from the zod contract.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: sessionCookieOf(config) } } },
      security: [{ bearer: [] }, { cookie: [] }],
      servers: [{ url: '/', description: 'This portal' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (d) => completeOpenApi(jsonSchemaTransformObject(d)),
  });
  // The API reference maps the whole attack surface: served where the portal is built and tried, not in production.
  if (config.APP_ENV !== 'production') await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const jobs =
    deps.jobs ??
    createJobQueue(database, {
      schema: config.JOBS_SCHEMA ?? (await defaultJobsSchema(database)),
      pollSeconds: config.JOBS_POLL_SECONDS,
      logger: app.log,
      // Running jobs get half the shutdown's deadline to finish; then they are failed and retried after the restart.
      stopTimeoutSeconds: Math.max(1, Math.floor(config.SHUTDOWN_TIMEOUT_SECONDS / 2)),
      onFinished: (run) => metrics.jobFinished(run),
    });
  metrics.trackJobs(jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  // Export readers hold a connection while they read: a pool of their own (PostgreSQL), never the requests'.
  const exportPool = {
    max: config.EXPORT_DB_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    applicationName: 'portal-exports',
  };
  const exportReaders = openSidePool(database, exportPool, 'export readers');
  if (exportReaders !== database) {
    watchPool('exports', 'export', exportReaders);
    app.addHook('onClose', () => exportReaders.close());
  }
  // Reports' exports read the reports database, through a pool of the same limits there.
  const reportReaders = reports === database ? exportReaders : openSidePool(reports, { ...exportPool, applicationName: 'portal-report-exports' }, 'report export readers');
  if (reportReaders !== exportReaders && reportReaders !== reports) {
    watchPool('report-exports', 'report export', reportReaders);
    app.addHook('onClose', () => reportReaders.close());
  }
  const exportService = new ExportService(database, jobs, clock, {
    dir: path.join(config.DATA_DIR, 'exports'),
    asyncRows: config.EXPORT_ASYNC_ROWS,
    logger: app.log,
    readers: exportReaders,
    reportReaders,
    observe: (e) => metrics.exportWritten(e),
    maxRunning: config.EXPORT_MAX_RUNNING,
    maxPerUser: config.EXPORT_MAX_PER_USER,
    maxQueuedPerUser: config.EXPORT_MAX_QUEUED_PER_USER,
    stallSeconds: config.EXPORT_STALL_SECONDS,
  });

  const transport = deps.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined);
  const mailer = createMailer(db, { jobs, retrySeconds: config.MAIL_RETRY_SECONDS, ...(transport ? { transport } : {}) });
  const notifications = await openDbNotifications(database, app.log);
  app.addHook('onClose', () => notifications.close());
  const ctx: ModuleContext = {
    config,
    database,
    db,
    reports,
    clock,
    mailer,
    jobs,
    exports: exportService,
    notifications,
    metrics,
    consumerAuth: new ConsumerAuthService(db, clock, { notifications, seconds: config.SESSION_CACHE_SECONDS, entries: config.SESSION_CACHE_ENTRIES }),
  };
  let stopConsumerKeeping: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopConsumerKeeping = await ctx.consumerAuth.listen();
  });
  app.addHook('onClose', async () => {
    await stopConsumerKeeping?.();
  });

  // Each domain builds its services once; identity's sessions resolve the actor of every request.
  const identity = identityModule(ctx);
  const catalog = catalogModule(ctx);
  const stamps = stampsModule(ctx);
  const promotion = promotionModule(ctx);
  const consumers = consumersModule(ctx);
  // A till's receipt carries promos, free gifts and staff purchases, checked by promotion's and consumers' rules.
  const till = { offers: promotion.services.tillOffers, staff: consumers.services.staffPurchases };
  const analytics = analyticsModule(ctx, { till });
  // A delivered order earns stamps as an online sale, and counts in the sales analytics as one.
  const orders = ordersModule(ctx, { earning: stamps.services.app, sales: analytics.services.sales });
  const masterdata = masterdataModule(ctx, { users: identity.services.users });
  const modules: DomainModule[] = [
    identity,
    catalog,
    promotion,
    masterdata,
    contentModule(ctx),
    consumers,
    helpdeskModule(ctx, { sessions: identity.services.sessions, logger: app.log }),
    stamps,
    couponsModule(ctx),
    rafflesModule(ctx),
    orders,
    orderReportsModule(ctx),
    preOrdersModule(ctx),
    topUpModule(ctx),
    vouchersModule(ctx, { users: identity.services.users, documents: masterdata.services.documentIssuer }),
    analytics,
    tillModule(ctx, { till }),
    heimdalLogsModule(ctx),
  ];
  const retention = new RetentionService(db, jobs, clock, {
    days: config.RETENTION_DAYS,
    exportsDir: path.join(config.DATA_DIR, 'exports'),
    importsDir: path.join(config.DATA_DIR, 'imports'),
    imagesDir: path.join(config.DATA_DIR, 'images'),
  });
  if (config.RETENTION_DAYS > 0) modules.push(retentionModule(retention, clock));

  const routes: RegisteredRoute[] = [];
  registerAccessGuard(app, identity.services.sessions, routes, { env: config.APP_ENV, cookieName: sessionCookieOf(config) });
  // After the guard, so its start-up check and the route list (the API-is-the-contract test) see them.
  registerDownloadRoutes(app, exportService);
  for (const module of modules) registerModule(app, ctx, module);
  const imports = await registerImports(app, {
    db,
    jobs,
    clock,
    config,
    definitions: [...modules.flatMap((m) => m.imports ?? []), ...(deps.imports ?? [])],
    observe: (e) => metrics.importStep(e),
  });
  registerOverviewRoutes(app, { db, clock, imports: imports.definitions });
  deps.extraRoutes?.(app);

  // Outside /api: for balancers, orchestrators and scrapers, not people (platform/health.ts, platform/metrics.ts).
  const health = registerHealthRoutes(app, { database, jobs, timeoutMs: config.READY_TIMEOUT_MS });
  registerMetricsRoute(app, metrics, { token: config.METRICS_TOKEN });

  registerSpa(app, config.webDist);
  return { app, routes, services: identity.services, catalog: catalog.services, consumerAuth: ctx.consumerAuth, orders: orders.services, jobs, exports: exportService, imports, retention, notifications, metrics, health };
}

/** A hop count trusts that many proxies nearest the server; a list trusts those addresses. */
function trustProxyOf(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Serves the built web app; unknown non-API paths get index.html so the client router decides. */
function registerSpa(app: FastifyInstance, webDist: string): void {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  registerBuiltAssets(app, path.join(webDist, 'assets'));
  // The build's other files (beside index.html); its hashed assets are served from memory above.
  void app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    globIgnore: ['assets/**'],
    preCompressed: true,
    setHeaders: (res) => {
      res.header('cache-control', 'no-cache');
    },
  });
  const html = fs.readFileSync(index);
  app.get('/*', async (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  app.get('/', async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html));
}
