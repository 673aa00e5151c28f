import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { BILLER_SIM_ANSWER_JOB, SimulatedBiller, billerSecretOf, type BillerAdapter } from './biller.ts';
import { BillerCallbackService } from './biller-callback.service.ts';
import { DigitalProductService } from './digital-product.resource.ts';
import { paymentSecretOf } from './payment-callback.service.ts';
import { TopUpAppService } from './top-up-app.service.ts';
import { simulatedBillerAnswerJob, topUpBillerJob } from './top-up-biller.job.ts';
import { TopUpCtaService } from './top-up-cta.resource.ts';
import { TOP_UP_EXPIRY_JOB, topUpExpiryJob } from './top-up-expiry.job.ts';
import { TopUpPaymentService } from './top-up-payment.service.ts';
import { TOP_UP_BILLER_JOB, TopUpWorkflowService } from './top-up-workflow.service.ts';
import { topUpExports } from './top-up.exports.ts';
import { topUpBulkUpdateImport } from './top-up.imports.ts';
import { TopUpService } from './top-up.resource.ts';
import { registerTopUpAppRoutes, registerTopUpStaffRoutes, type TopUpServices } from './top-up.routes.ts';

/**
 * Top-up and bills: digital products, the consumer's top-ups paid through the gateway's signed callback and sent to the
 * biller by a job, the biller's signed callback, the staff's retry, cancel and bulk update, the export and the CTA.
 * The biller is the simulated one (biller.ts) until a real biller's adapter is written against `BillerAdapter`.
 */
export function topUpModule(ctx: ModuleContext, opts: { biller?: BillerAdapter } = {}): DomainModule & { services: TopUpServices } {
  const { db, clock } = ctx;
  const workflow = new TopUpWorkflowService(db, ctx.jobs);
  const billerSecret = billerSecretOf(ctx.config);
  const biller = opts.biller ?? new SimulatedBiller((answer) => ctx.jobs.send(BILLER_SIM_ANSWER_JOB, answer), billerSecret);
  const services: TopUpServices = {
    products: new DigitalProductService(db),
    topUps: new TopUpService(db),
    workflow,
    app: new TopUpAppService(db),
    cta: new TopUpCtaService(db),
    payments: new TopUpPaymentService(db, workflow, paymentSecretOf(ctx.config)),
    biller: new BillerCallbackService(db, workflow, billerSecret),
    accessLog: new PersonalDataAccessLog(db, clock),
    consumerAuth: ctx.consumerAuth,
  };
  return {
    name: 'top-ups',
    services,
    register(app) {
      registerTopUpStaffRoutes(app, services, clock);
      registerTopUpAppRoutes(app, services, clock);
    },
    exports: topUpExports(services.accessLog),
    imports: [topUpBulkUpdateImport(workflow)],
    jobs: [
      { name: TOP_UP_BILLER_JOB, handler: topUpBillerJob(db, biller, workflow, clock), concurrency: 4 },
      { name: BILLER_SIM_ANSWER_JOB, handler: simulatedBillerAnswerJob(services.biller, clock) },
      { name: TOP_UP_EXPIRY_JOB, handler: topUpExpiryJob(db, workflow, ctx.jobs, clock), sendOnStart: {} },
    ],
  };
}
