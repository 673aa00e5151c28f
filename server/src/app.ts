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
import { registerDevMailboxPage } from './domains/identity/dev-mailbox.page.ts';
import type { IdentityServices } from './domains/identity/identity.deps.ts';
import { LogHistoryService } from './domains/identity/log-history.service.ts';
import { registerLogHistoryRoutes } from './domains/identity/log-history.routes.ts';
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
import { SlidingWindowLimiter } from './platform/rate-limiter.ts';
import { loggerOptions } from './platform/logger.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Extra route registrations (tests use this to prove an unguarded route is refused). */
  extraRoutes?: (app: FastifyInstance) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
  services: IdentityServices;
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
  registerPublicRoutes(app, services, db);
  registerRegionRoutes(app, db);
  if (devMailboxEnabled(config)) registerDevMailboxPage(app, mailer);
  deps.extraRoutes?.(app);

  registerSpa(app, config.webDist);
  return { app, routes, services };
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
