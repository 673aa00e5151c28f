import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  envelope,
  forgotPasswordBody,
  idleBody,
  idleData,
  okEnvelope,
  profileData,
  profileUpdateBody,
  resetPasswordBody,
  signInBody,
  signInData,
  signInVerificationBody,
} from '@portal/contract';
import { SESSION_COOKIE, actorOf } from '../../platform/access-guard.ts';
import type { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import type { IdentityServices } from './identity.deps.ts';

const FORGOT_ANSWER = 'If an account matches, a password reset link has been sent to its e-mail address.';

export const callerOf = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/**
 * Counts every request to a limited route before its body is parsed or validated, so once the budget is spent every
 * attempt answers 429, whatever its body (extra fields, bad shapes) carries.
 */
const limit = (limiter: SlidingWindowLimiter) => async (req: FastifyRequest) => limiter.hit(req.ip);

export function registerAuthRoutes(app: FastifyInstance, s: IdentityServices, limiter: { signIn: SlidingWindowLimiter; forgot: SlidingWindowLimiter }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = s.config.APP_ENV !== 'development';

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie, maxAge: s.config.SESSION_TTL_HOURS * 3600 });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });

  r.post('/api/v1/auth/sign-in', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Sign in with username or e-mail and password', body: signInBody, response: { 200: envelope(signInData) } },
    onRequest: limit(limiter.signIn),
    handler: async (req, reply) => {
      const { data, message } = await s.auth.signIn(req.body.username, req.body.password, callerOf(req));
      if (data.token) setSessionCookie(reply, data.token);
      return { message, data };
    },
  });

  r.post('/api/v1/auth/sign-in-verification', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Second step for a Super Admin: the e-mailed 6-digit code', body: signInVerificationBody, response: { 200: envelope(signInData) } },
    onRequest: limit(limiter.signIn),
    handler: async (req, reply) => {
      const data = await s.auth.verify(req.body.username, req.body.password, req.body.otp, callerOf(req));
      setSessionCookie(reply, data.token);
      return { message: 'Login Success', data };
    },
  });

  r.post('/api/v1/auth/forgot-password', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'E-mail a one-time reset link (same answer whether or not the account exists)', body: forgotPasswordBody, response: { 200: okEnvelope } },
    onRequest: limit(limiter.forgot),
    handler: async (req) => {
      await s.auth.forgotPassword(req.body.identifier);
      return { message: FORGOT_ANSWER, data: null };
    },
  });

  r.post('/api/v1/user/reset-password', {
    config: { permission: 'public' },
    schema: { tags: ['auth'], summary: 'Set a new password with the e-mailed token', body: resetPasswordBody, response: { 200: okEnvelope } },
    onRequest: limit(limiter.forgot),
    handler: async (req) => {
      await s.auth.resetPassword(req.body.token, req.body.password, callerOf(req));
      return { message: 'Your password has been changed. Sign in with the new password.', data: null };
    },
  });

  r.delete('/api/v1/auth/sign-out', {
    config: { permission: 'authenticated' },
    schema: { tags: ['auth'], summary: 'End this session', response: { 200: okEnvelope } },
    handler: async (req, reply) => {
      await s.auth.signOut(actorOf(req), callerOf(req));
      clearSessionCookie(reply);
      return { message: 'Logout Success', data: null };
    },
  });

  r.post('/api/v1/auth/idle', {
    config: { permission: 'authenticated', allowIdle: true },
    schema: { tags: ['auth'], summary: 'Whether this session has been idle too long (the check is not activity)', body: idleBody, response: { 200: envelope(idleData) } },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const isIdle = await s.sessions.idleState(actor.sessionId);
      if (isIdle) {
        await s.sessions.revoke(actor.sessionId);
        clearSessionCookie(reply);
      }
      return { message: 'Success', data: { is_idle: isIdle, idle_timeout_seconds: s.config.SESSION_IDLE_SECONDS } };
    },
  });

  r.get('/api/v1/user/profile', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], summary: 'The signed-in user with role and permissions', response: { 200: envelope(profileData) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.profile(actorOf(req)) }),
  });

  r.put('/api/v1/user/profile', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], summary: 'Update own name and phone', body: profileUpdateBody, response: { 200: envelope(profileData) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.users.updateProfile(actorOf(req), req.body, req.ip) }),
  });

  r.put('/api/v1/user/change-password', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], summary: 'Change own password; ends every session of the user', body: changePasswordBody, response: { 200: okEnvelope } },
    handler: async (req, reply) => {
      await s.auth.changePassword(actorOf(req), req.body.old_password, req.body.password, callerOf(req));
      clearSessionCookie(reply);
      return { message: 'Password changed. Sign in again with the new password.', data: null };
    },
  });

  r.get('/api/v1/role-permission/profile', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['profile'],
      summary: "The signed-in user's permissions",
      response: { 200: envelope(z.object({ is_super: z.boolean(), permissions: z.array(z.string()) })) },
    },
    handler: async (req) => {
      const actor = actorOf(req);
      return { message: 'Success', data: { is_super: actor.perms.superAdmin, permissions: [...actor.perms.grants] } };
    },
  });
}
