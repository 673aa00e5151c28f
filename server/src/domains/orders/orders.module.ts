import { orderAppApi, paymentApi } from '@portal/contract';
import { appConsumer } from '../../platform/consumer-auth.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { serve } from '../../platform/serve.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { ORDER_EXPIRY_JOB, orderExpiryJob } from './order-expiry.job.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';
import { PaymentCallbackService, paymentSecretOf } from './payment-callback.service.ts';

export interface OrderServices {
  placement: OrderPlacementService;
  workflow: OrderWorkflowService;
  payments: PaymentCallbackService;
}

/** cms Order management and the consumer app's orders: placing an order, and the declared workflow that moves it. */
export function ordersModule(ctx: ModuleContext): DomainModule & { services: OrderServices } {
  const workflow = new OrderWorkflowService(ctx.db);
  const services: OrderServices = {
    placement: new OrderPlacementService(ctx.db),
    workflow,
    payments: new PaymentCallbackService(ctx.db, workflow, paymentSecretOf(ctx.config)),
  };
  return {
    name: 'orders',
    services,
    register(app) {
      const consumerOnly = { onRequest: ctx.consumerAuth.guard };
      serve(app, paymentApi.callback, async (req) => ({ message: 'Success', data: await services.payments.receive(req.body, ctx.clock.now()) }));
      serve(app, orderAppApi.place, async (req) => ({ message: 'Success', data: await services.placement.place(appConsumer(req).consumerId, req.body, ctx.clock.now()) }), consumerOnly);
    },
    jobs: [{ name: ORDER_EXPIRY_JOB, handler: orderExpiryJob(ctx.db, workflow, ctx.jobs, ctx.clock), sendOnStart: {} }],
  };
}
