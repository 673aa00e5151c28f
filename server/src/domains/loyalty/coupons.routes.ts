import type { FastifyInstance } from 'fastify';
import { appCouponsApi, couponLogsApi, couponSettingsApi } from '@portal/contract';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { presentCouponLog, type CouponLogService } from './coupon-log.resource.ts';
import type { AudienceService } from '../../platform/audience.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { appConsumer } from '../../platform/consumer-auth.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { CouponClaimService } from './coupon-claim.service.ts';
import type { CouponCodeService } from './coupon-code.service.ts';
import type { CouponSettingService } from './coupon-setting.resource.ts';

export interface CouponServices {
  settings: CouponSettingService;
  claims: CouponClaimService;
  codes: CouponCodeService;
  log: CouponLogService;
  accessLog: PersonalDataAccessLog;
  audience: AudienceService;
  consumerAuth: ConsumerAuthService;
}

/** cms Coupon Setting (with the estimated audience of its targeting). */
export function registerCouponRoutes(app: FastifyInstance, s: CouponServices, clock: Clock): void {
  serve(app, couponSettingsApi.audience, async (req) => ({ message: 'Success', data: await s.audience.estimate(req.body) }));
  serve(app, couponSettingsApi.generateCodes, async (req) => {
    await s.codes.request(req.params.id, req.body, auditContext(req, clock));
    return { message: 'Success', data: await s.settings.get(req.params.id) };
  });
  registerResourceRoutes(app, s.settings, clock, couponSettingsApi);

  // The coupon log: phone and e-mail masked without the personal-data right; an unmasked answer is recorded.
  serveConsumerRecords(app, couponLogsApi, s.log, s.accessLog, presentCouponLog);
}

/** The consumer app's coupons under `/api/v1/app/`: each route takes the consumer-token guard. */
export function registerCouponAppRoutes(app: FastifyInstance, s: CouponServices, clock: Clock): void {
  const consumerOnly = { onRequest: s.consumerAuth.guard };
  serve(app, appCouponsApi.list, async (req) => ({ message: 'Success', data: await s.claims.claimable(appConsumer(req).consumerId, clock.now()) }), consumerOnly);
  serve(
    app,
    appCouponsApi.claim,
    async (req) => ({ message: 'Success', data: await s.claims.claim(appConsumer(req).consumerId, req.params.id, clock.now()) }),
    consumerOnly,
  );
  serve(app, appCouponsApi.mine, async (req) => ({ message: 'Success', data: await s.claims.mine(appConsumer(req).consumerId, req.query.status) }), consumerOnly);
  serve(
    app,
    appCouponsApi.use,
    async (req) => ({ message: 'Success', data: await s.claims.use(appConsumer(req).consumerId, req.params.id, req.body, clock.now()) }),
    consumerOnly,
  );
}
