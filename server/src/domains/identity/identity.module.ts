import { logHistoryApi } from '@portal/contract';
import { devMailboxEnabled, publicUrlOf } from '../../config.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { EmailCodes } from './email-code.ts';
import { SecondFactorService } from './second-factor.service.ts';
import { appKeyOf, SecretBox } from '../../platform/secret-box.ts';
import { registerDevMailboxPage } from './dev-mailbox.page.ts';
import type { IdentityServices } from './identity.deps.ts';
import { logHistoryExport } from './log-history.export.ts';
import { registerLogHistoryRoutes } from './log-history.routes.ts';
import { LogHistoryService } from './log-history.service.ts';
import { registerPublicRoutes } from './public.routes.ts';
import { registerRoleRoutes } from './role.routes.ts';
import { registerSecondFactorRoutes } from './second-factor.routes.ts';
import { RoleService } from './role.service.ts';
import { SessionService } from './session.service.ts';
import { UserService } from './user.service.ts';
import { registerUserRoutes } from './user.routes.ts';

export interface IdentityModule extends DomainModule {
  /** The sessions resolve every request's actor (the access guard); the users serve other domains' user pickers. */
  readonly services: IdentityServices;
}

/** ssosis: sign-in and sessions, users, roles and permissions, the log history, public facts; the dev mailbox page. */
export function identityModule(ctx: ModuleContext): IdentityModule {
  const { config, db, clock, mailer } = ctx;
  const sessions = new SessionService(
    db,
    clock,
    {
      idleSeconds: config.SESSION_IDLE_SECONDS,
      ttlHours: config.SESSION_TTL_HOURS,
      cacheSeconds: config.SESSION_CACHE_SECONDS,
      cacheEntries: config.SESSION_CACHE_ENTRIES,
    },
    ctx.notifications,
  );
  const emailCodes = new EmailCodes(db, clock, mailer, { otpTtlSeconds: config.OTP_TTL_SECONDS, otpResendSeconds: config.OTP_RESEND_SECONDS });
  const secondFactor = new SecondFactorService(db, clock, new SecretBox(appKeyOf(config)), emailCodes, sessions);
  const auth = new AuthService(db, clock, mailer, sessions, emailCodes, secondFactor, {
    otpTtlSeconds: config.OTP_TTL_SECONDS,
    otpResendSeconds: config.OTP_RESEND_SECONDS,
    maxFailures: config.LOGIN_MAX_FAILURES,
    lockoutMinutes: config.LOCKOUT_MINUTES,
    resetTokenMinutes: config.RESET_TOKEN_MINUTES,
    publicUrl: publicUrlOf(config),
    accountAttempts: config.AUTH_ACCOUNT_RATE_LIMIT,
    accountWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
  });
  const services: IdentityServices = {
    config,
    clock,
    mailer,
    sessions,
    auth,
    secondFactor,
    users: new UserService(db, clock, sessions, auth),
    roles: new RoleService(db, clock),
    logHistory: new LogHistoryService(db),
  };
  return {
    name: 'identity',
    services,
    register(app) {
      let stopListening: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stopListening = await sessions.listen();
      });
      app.addHook('onClose', async () => {
        await stopListening?.();
      });
      const windowMs = config.AUTH_RATE_WINDOW_SECONDS * 1000;
      const signInLimiter = new SlidingWindowLimiter(config.AUTH_RATE_LIMIT, windowMs, clock);
      registerAuthRoutes(app, services, {
        signIn: signInLimiter,
        forgot: new SlidingWindowLimiter(Math.max(3, Math.floor(config.AUTH_RATE_LIMIT / 3)), windowMs, clock),
      });
      registerSecondFactorRoutes(app, services, signInLimiter);
      registerUserRoutes(app, services);
      registerRoleRoutes(app, services);
      registerLogHistoryRoutes(app, services);
      registerPublicRoutes(app, services, db);
      if (devMailboxEnabled(config)) registerDevMailboxPage(app, mailer);
    },
    exports: [{ def: logHistoryExport, endpoint: logHistoryApi.export }],
  };
}
