import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { devMailboxEnabled, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AuthService } from './domains/identity/auth.service.ts';
import { registerAuthRoutes } from './domains/identity/auth.routes.ts';
import { registerRegionRoutes } from './domains/catalog/region.routes.ts';
import { catalogServices, registerCatalogRoutes, type CatalogServices } from './domains/catalog/catalog.routes.ts';
import { masterdataServices, registerMasterdataRoutes } from './domains/masterdata/masterdata.routes.ts';
import { ecommerceServices, registerEcommerceRoutes } from './domains/catalog/ecommerce.routes.ts';
import { promotionServices, registerPromotionRoutes } from './domains/promotion/promotion.routes.ts';
import { contentServices, registerContentRoutes } from './domains/content/content.routes.ts';
import { contentExports } from './domains/content/content.exports.ts';
import { registerConsumerRoutes } from './domains/consumers/consumers.routes.ts';
import { CONSUMER_IMPORTS } from './domains/consumers/associate.imports.ts';
import { helpdeskServices, registerHelpdeskRoutes } from './domains/helpdesk/helpdesk.routes.ts';
import { registerDevMailboxPage } from './domains/identity/dev-mailbox.page.ts';
import { registerOverviewRoutes } from './domains/operations/overview.routes.ts';
import type { IdentityServices } from './domains/identity/identity.deps.ts';
import { LogHistoryService } from './domains/identity/log-history.service.ts';
import { registerLogHistoryRoutes } from './domains/identity/log-history.routes.ts';
import { logHistoryExport } from './domains/identity/log-history.export.ts';
import { CATALOG_EXPORTS } from './domains/catalog/catalog.exports.ts';
import { PROMOTION_EXPORTS } from './domains/promotion/promotion.exports.ts';
import { HELPDESK_EXPORTS } from './domains/helpdesk/helpdesk.exports.ts';
import { HELPDESK_IMPORTS } from './domains/helpdesk/helpdesk.imports.ts';
import { ExportService, registerDownloadRoutes, registerExportRoute } from './platform/exports/index.ts';
import { registerPublicRoutes } from './domains/identity/public.routes.ts';
import { RoleService } from './domains/identity/role.service.ts';
import { registerRoleRoutes } from './domains/identity/role.routes.ts';
import { SessionService } from './domains/identity/session.service.ts';
import { UserService } from './domains/identity/user.service.ts';
import { registerUserRoutes } from './domains/identity/user.routes.ts';
import { registerAccessGuard, type RegisteredRoute } from './platform/access-guard.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { createJobQueue, defaultJobsSchema, type JobQueue } from './platform/jobs.ts';
import { registerImports, type ImportDefinition, type ImportService } from './platform/imports/index.ts';
import { CATALOG_IMPORTS } from './domains/catalog/catalog.imports.ts';
import { promotionImports } from './domains/promotion/promotion.imports.ts';
import { SlidingWindowLimiter } from './platform/rate-limiter.ts';
import { loggerOptions } from './platform/logger.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** The background job queue; created on the database otherwise. Started when the app is ready, stopped on close. */
  jobs?: JobQueue;
  /** Extra route registrations (tests use this to prove an unguarded route is refused). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** Further import definitions (tests add one over a table of their own). */
  imports?: readonly ImportDefinition[];
}

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  services: IdentityServices;
  catalog: CatalogServices;
  /** Register job handlers before `app.ready()`; the queue starts on ready and stops on close. */
  jobs: JobQueue;
  /** The export pipeline; `registerExportRoute(app, exports, ...)` before `app.ready()` adds an export to a list. */
  exports: ExportService;
  /** The import pipeline (upload, validate, preview, confirm, commit). */
  imports: ImportService;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
      },
    },
    hsts: config.APP_ENV !== 'development',
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Loyalty Portal API', version: '1.0.0', description: 'Back-office portal API. Generated from the zod contract.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' } } },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const jobs =
    deps.jobs ??
    createJobQueue(database, {
      schema: config.JOBS_SCHEMA ?? (await defaultJobsSchema(database)),
      pollSeconds: config.JOBS_POLL_SECONDS,
      logger: app.log,
    });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const exportService = new ExportService(database, jobs, clock, { dir: path.join(config.DATA_DIR, 'exports'), asyncRows: config.EXPORT_ASYNC_ROWS, logger: app.log });
  registerDownloadRoutes(app, exportService);

  const mailer = deps.mailer ?? createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const sessions = new SessionService(db, clock, { idleSeconds: config.SESSION_IDLE_SECONDS, ttlHours: config.SESSION_TTL_HOURS });
  const auth = new AuthService(db, clock, mailer, sessions, {
    otpTtlSeconds: config.OTP_TTL_SECONDS,
    otpResendSeconds: config.OTP_RESEND_SECONDS,
    maxFailures: config.LOGIN_MAX_FAILURES,
    lockoutMinutes: config.LOCKOUT_MINUTES,
    resetTokenMinutes: config.RESET_TOKEN_MINUTES,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  const services: IdentityServices = {
    config,
    clock,
    mailer,
    sessions,
    auth,
    users: new UserService(db, clock, sessions, auth),
    roles: new RoleService(db, clock),
    logHistory: new LogHistoryService(db),
  };

  const routes: RegisteredRoute[] = [];
  registerAccessGuard(app, sessions, routes);
  const windowMs = config.AUTH_RATE_WINDOW_SECONDS * 1000;
  registerAuthRoutes(app, services, {
    signIn: new SlidingWindowLimiter(config.AUTH_RATE_LIMIT, windowMs, clock),
    forgot: new SlidingWindowLimiter(Math.max(3, Math.floor(config.AUTH_RATE_LIMIT / 3)), windowMs, clock),
  });
  registerUserRoutes(app, services);
  registerRoleRoutes(app, services);
  registerLogHistoryRoutes(app, services);
  registerExportRoute(app, exportService, clock, logHistoryExport, '/api/v1/log-history', ['log-history']);
  for (const [def, path] of [...CATALOG_EXPORTS, ...PROMOTION_EXPORTS, ...HELPDESK_EXPORTS, ...contentExports(clock)]) registerExportRoute(app, exportService, clock, def, path, ['exports']);
  registerPublicRoutes(app, services, db);
  registerRegionRoutes(app, db);
  const catalog = catalogServices(db);
  registerCatalogRoutes(app, catalog, db, clock);
  registerEcommerceRoutes(app, ecommerceServices(db), catalog, db, clock);
  registerPromotionRoutes(app, promotionServices(db), clock);
  registerMasterdataRoutes(app, masterdataServices(db, clock), services.users, clock);
  registerContentRoutes(app, contentServices(db, jobs, clock, { imagesDir: path.join(config.DATA_DIR, 'images'), mailer }), clock);
  registerConsumerRoutes(app, { db, clock, mailer, config, exports: exportService });
  registerHelpdeskRoutes(app, helpdeskServices(db, clock), { clock, mailer, appSignInLimiter: new SlidingWindowLimiter(config.AUTH_RATE_LIMIT, windowMs, clock) });
  const imports = await registerImports(app, { db, jobs, clock, config, definitions: [...CATALOG_IMPORTS, ...promotionImports(promotionServices(db)), ...CONSUMER_IMPORTS, ...HELPDESK_IMPORTS, ...(deps.imports ?? [])] });
  registerOverviewRoutes(app, { db, clock, imports: imports.definitions });
  if (devMailboxEnabled(config)) registerDevMailboxPage(app, mailer);
  deps.extraRoutes?.(app);

  registerSpa(app, config.webDist);
  return { app, routes, services, catalog, jobs, exports: exportService, imports };
}

/** Serves the built web app; unknown non-API paths get index.html so the client router decides. */
function registerSpa(app: FastifyInstance, webDist: string): void {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  const html = fs.readFileSync(index);
  app.get('/*', async (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  app.get('/', async (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html));
}
