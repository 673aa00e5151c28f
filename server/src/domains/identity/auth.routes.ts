import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authApi, profileApi } from '@portal/contract';
import { servedOverHttps, sessionCookieOf } from '../../config.ts';
import { actorOf } from '../../platform/access-guard.ts';
import { addressKey, type SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { serve } from '../../platform/serve.ts';
import type { IdentityServices } from './identity.deps.ts';

const FORGOT_ANSWER = 'If an account matches, a password reset link has been sent to its e-mail address.';

export const callerOf = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/**
 * Counts every request to a limited route before its body is parsed or validated, so once the budget is spent every
 * attempt answers 429, whatever its body (extra fields, bad shapes) carries.
 */
export const limit = (limiter: SlidingWindowLimiter) => async (req: FastifyRequest) => limiter.hit(addressKey(req.ip));

export function registerAuthRoutes(app: FastifyInstance, s: IdentityServices, limiter: { signIn: SlidingWindowLimiter; forgot: SlidingWindowLimiter }): void {
  const secureCookie = servedOverHttps(s.config);
  const cookieName = sessionCookieOf(s.config);

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie, maxAge: s.config.SESSION_TTL_HOURS * 3600 });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });

  serve(
    app,
    authApi.signIn,
    async (req, reply) => {
      const { data, message } = await s.auth.signIn(req.body.username, req.body.password, { ...callerOf(req), previousToken: req.cookies[cookieName] }, req.body.second_factor);
      if (data.token) setSessionCookie(reply, data.token);
      return { message, data };
    },
    { onRequest: limit(limiter.signIn) },
  );

  serve(
    app,
    authApi.signInVerification,
    async (req, reply) => {
      const data = await s.auth.verify(req.body.username, req.body.password, req.body.otp, { ...callerOf(req), previousToken: req.cookies[cookieName] });
      setSessionCookie(reply, data.token);
      return { message: 'Login Success', data };
    },
    { onRequest: limit(limiter.signIn) },
  );

  serve(
    app,
    authApi.forgotPassword,
    async (req) => {
      await s.auth.forgotPassword(req.body.identifier);
      return { message: FORGOT_ANSWER, data: null };
    },
    { onRequest: limit(limiter.forgot) },
  );

  serve(
    app,
    authApi.resetPassword,
    async (req) => {
      await s.auth.resetPassword(req.body.token, req.body.password, callerOf(req));
      return { message: 'Your password has been changed. Sign in with the new password.', data: null };
    },
    { onRequest: limit(limiter.forgot) },
  );

  serve(
    app,
    authApi.confirmEmail,
    async (req) => {
      await s.auth.confirmEmailChange(req.body.token, callerOf(req));
      return { message: 'Your new e-mail address is confirmed. Sign-in codes go to it from now on.', data: null };
    },
    { onRequest: limit(limiter.forgot) },
  );

  serve(app, authApi.signOut, async (req, reply) => {
    await s.auth.signOut(actorOf(req), callerOf(req));
    clearSessionCookie(reply);
    return { message: 'Logout Success', data: null };
  });

  serve(
    app,
    authApi.idle,
    async (req, reply) => {
      const actor = actorOf(req);
      const isIdle = await s.sessions.idleState(actor.sessionId);
      if (isIdle) {
        await s.sessions.revoke(actor.sessionId);
        clearSessionCookie(reply);
      }
      return { message: 'Success', data: { is_idle: isIdle, idle_timeout_seconds: s.config.SESSION_IDLE_SECONDS } };
    },
    { config: { allowIdle: true } },
  );

  serve(app, profileApi.get, async (req) => ({ message: 'Success', data: await s.users.profile(actorOf(req)) }));

  serve(app, profileApi.update, async (req) => ({ message: 'Edit Data Successful', data: await s.users.updateProfile(actorOf(req), req.body, req.ip) }));

  serve(app, profileApi.changePassword, async (req, reply) => {
    await s.auth.changePassword(actorOf(req), req.body.old_password, req.body.password, callerOf(req));
    clearSessionCookie(reply);
    return { message: 'Password changed. Sign in again with the new password.', data: null };
  });

  serve(app, profileApi.permissions, async (req) => {
    const actor = actorOf(req);
    return { message: 'Success', data: { is_super: actor.perms.superAdmin, permissions: [...actor.perms.grants] } };
  });
}
