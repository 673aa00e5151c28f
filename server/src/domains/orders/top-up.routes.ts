import type { FastifyInstance } from 'fastify';
import { digitalProductsApi, topUpAppApi, topUpCallbacksApi, topUpCtaApi, topUpStaffApi, type TopUpListQuery } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { appConsumer, type ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { serve } from '../../platform/serve.ts';
import type { BillerCallbackService } from './biller-callback.service.ts';
import type { DigitalProductService } from './digital-product.resource.ts';
import type { TopUpAppService } from './top-up-app.service.ts';
import { TOP_UP_CTA_ID, type TopUpCtaService } from './top-up-cta.resource.ts';
import type { TopUpPaymentService } from './top-up-payment.service.ts';
import type { TopUpWorkflowService } from './top-up-workflow.service.ts';
import { presentTopUp, type TopUpService } from './top-up.resource.ts';

export interface TopUpServices {
  products: DigitalProductService;
  topUps: TopUpService;
  workflow: TopUpWorkflowService;
  app: TopUpAppService;
  cta: TopUpCtaService;
  payments: TopUpPaymentService;
  biller: BillerCallbackService;
  accessLog: PersonalDataAccessLog;
  consumerAuth: ConsumerAuthService;
}

/** orion Digital Product Management, cms Order Management Digital Product and CTA Setting. */
export function registerTopUpStaffRoutes(app: FastifyInstance, s: TopUpServices, clock: Clock): void {
  registerResourceRoutes(app, s.products, clock, digitalProductsApi);
  serveConsumerRecords(app, topUpStaffApi, { list: (q: TopUpListQuery) => s.topUps.list(q), get: (id) => s.topUps.detail(id) }, s.accessLog, presentTopUp);
  serve(app, topUpStaffApi.move, async (req) => {
    const { action, version, note } = req.body;
    await s.workflow.move(req.params.id, { action, version, note: note ?? null, actor: { kind: 'staff', audit: auditContext(req, clock) } }, clock.now());
    return { message: 'Success', data: presentTopUp(await s.topUps.detail(req.params.id), seesPersonalData(actorOf(req).perms)) };
  });
  serve(app, topUpCtaApi.get, async () => ({ message: 'Success', data: await s.cta.get(TOP_UP_CTA_ID) }));
  serve(app, topUpCtaApi.update, async (req) => ({ message: 'Edit Data Successful', data: await s.cta.update(TOP_UP_CTA_ID, req.body, auditContext(req, clock)) }));
}

/** The consumer app's top-ups under `/api/v1/app/` (consumer-token guard), and the gateway's and biller's callbacks. */
export function registerTopUpAppRoutes(app: FastifyInstance, s: TopUpServices, clock: Clock): void {
  const consumerOnly = { onRequest: s.consumerAuth.guard };
  serve(app, topUpAppApi.products, async (req) => ({ message: 'Success', data: await s.app.products(req.query) }), consumerOnly);
  serve(app, topUpAppApi.buy, async (req) => ({ message: 'Success', data: await s.app.buy(appConsumer(req).consumerId, req.body, clock.now()) }), consumerOnly);
  serve(app, topUpAppApi.mine, async (req) => ({ message: 'Success', data: await s.app.mine(appConsumer(req).consumerId, req.query) }), consumerOnly);
  serve(app, topUpAppApi.one, async (req) => ({ message: 'Success', data: await s.app.one(appConsumer(req).consumerId, req.params.id) }), consumerOnly);
  serve(app, topUpAppApi.cta, async () => ({ message: 'Success', data: await s.cta.forApp() }), consumerOnly);
  serve(app, topUpCallbacksApi.payment, async (req) => ({ message: 'Success', data: await s.payments.receive(req.body, clock.now()) }));
  serve(app, topUpCallbacksApi.biller, async (req) => ({ message: 'Success', data: await s.biller.receive(req.body, clock.now()) }));
}
