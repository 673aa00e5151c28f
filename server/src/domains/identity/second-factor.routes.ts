import type { FastifyInstance } from 'fastify';
import { authApi, profileApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { serve } from '../../platform/serve.ts';
import { limit } from './auth.routes.ts';
import type { IdentityServices } from './identity.deps.ts';

/** The signed-in user's own authenticator app and recovery codes, and the step-up; codes share sign-in's address budget. */
export function registerSecondFactorRoutes(app: FastifyInstance, s: IdentityServices, signInLimiter: SlidingWindowLimiter): void {
  const limited = { onRequest: limit(signInLimiter) };

  serve(app, profileApi.secondFactor, async (req) => ({ message: 'Success', data: await s.secondFactor.status(actorOf(req)) }));

  serve(app, profileApi.secondFactorSetup, async (req) => ({
    message: 'Scan the QR code with your authenticator app, then enter the code it shows',
    data: await s.secondFactor.setup(actorOf(req)),
  }));

  serve(
    app,
    profileApi.secondFactorEnable,
    async (req) => ({
      message: 'The authenticator app is set up. Keep the recovery codes somewhere safe: they are shown only now.',
      data: { recovery_codes: await s.secondFactor.enable(actorOf(req), req.body.code, req.ip) },
    }),
    limited,
  );

  serve(
    app,
    profileApi.secondFactorRecoveryCodes,
    async (req) => ({
      message: 'New recovery codes are ready; the earlier ones no longer work.',
      data: { recovery_codes: await s.secondFactor.regenerateRecoveryCodes(actorOf(req), req.body.code, req.ip) },
    }),
    limited,
  );

  serve(
    app,
    profileApi.secondFactorDisable,
    async (req) => {
      await s.secondFactor.disable(actorOf(req), req.body.code, req.ip);
      return { message: 'The authenticator app is removed.', data: null };
    },
    limited,
  );

  serve(
    app,
    authApi.stepUp,
    async (req) => {
      await s.secondFactor.stepUp(actorOf(req), req.body.code, req.ip);
      return { message: 'Confirmed', data: null };
    },
    limited,
  );

  serve(
    app,
    authApi.stepUpSendCode,
    async (req) => {
      await s.secondFactor.sendStepUpCode(actorOf(req));
      return { message: 'Verification has been sent to your email', data: { otp_expires_in: s.config.OTP_TTL_SECONDS } };
    },
    limited,
  );
}
