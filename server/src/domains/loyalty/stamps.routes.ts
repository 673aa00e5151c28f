import type { FastifyInstance } from 'fastify';
import { stampAppApi, stampCouponsApi, stampInjectionsApi, stampProgrammesApi, stampReportApi, stampRewardsApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { appConsumer, type ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { serve } from '../../platform/serve.ts';
import { presentStampCoupon } from './stamp-coupon.resource.ts';
import type { StampServices } from './stamps.module.ts';

/** The stamp screens' routes and the consumer app's stamp routes: thin, the services do the work. */
export function registerStampRoutes(app: FastifyInstance, s: StampServices, clock: Clock, consumerAuth: ConsumerAuthService): void {
  registerResourceRoutes(app, s.programmes, clock, stampProgrammesApi);
  registerResourceRoutes(app, s.rewards, clock, stampRewardsApi);
  registerResourceRoutes(app, s.injections, clock, stampInjectionsApi);
  serve(app, stampInjectionsApi.rows, async (req) => ({ message: 'Success', data: await s.injections.lines(req.params.id, req.query) }));
  serve(app, stampInjectionsApi.reverse, async (req) => ({ message: 'Success', data: await s.inject.reverse(req.params.id, req.body.version, auditContext(req, clock)) }));

  serve(app, stampReportApi.list, async (req) => ({ message: 'Success', data: await s.report.list(req.query, clock.now()) }));
  serve(app, stampReportApi.totals, async (req) => ({ message: 'Success', data: await s.report.totals(req.query, clock.now()) }));

  // Stamp coupons: the phone masked without the personal-data right; an unmasked answer is recorded (as the coupon log).
  serveConsumerRecords(app, stampCouponsApi, s.coupons, s.accessLog, presentStampCoupon);

  const consumerOnly = { onRequest: consumerAuth.guard };
  serve(app, stampAppApi.transaction, async (req) => ({ message: 'Success', data: await s.app.transaction(appConsumer(req).consumerId, req.body, clock.now()) }), consumerOnly);
  serve(app, stampAppApi.stamps, async (req) => ({ message: 'Success', data: await s.app.stamps(appConsumer(req).consumerId) }), consumerOnly);
  serve(app, stampAppApi.rewards, async () => ({ message: 'Success', data: await s.app.rewards(clock.now()) }), consumerOnly);
  serve(app, stampAppApi.redeem, async (req) => ({ message: 'Success', data: await s.app.redeem(appConsumer(req).consumerId, req.params.id, clock.now()) }), consumerOnly);
}
