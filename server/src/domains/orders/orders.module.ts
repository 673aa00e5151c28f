import { paymentApi } from '@portal/contract';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { GuardedWrites } from '../../platform/guarded/guarded-writes.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serve } from '../../platform/serve.ts';
import { OrderAppService } from './order-app.service.ts';
import { courierOf, type CourierAdapter } from './courier.ts';
import { COURIER_HANDOVER_JOB } from './courier-handover.ts';
import { courierHandoverJob } from './courier-handover.job.ts';
import { GrabRetryService } from './grab-retry.resource.ts';
import { registerGrabRetryRoutes } from './grab-retry.routes.ts';
import { registerOrderDashboardRoutes } from './order-dashboard.routes.ts';
import { ORDER_EXPIRY_JOB, orderExpiryJob } from './order-expiry.job.ts';
import { OrderFulfilmentService } from './order-fulfilment.service.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';
import { orderExports } from './order.exports.ts';
import { ORDER_SALE_JOB, orderSaleJob } from './order-sale.job.ts';
import type { OrdersDeps } from './orders.deps.ts';
import { OrderService } from './order.resource.ts';
import { registerPatchOrderRoutes } from './patch-order.routes.ts';
import { PatchOrderService } from './patch-order.service.ts';
import { registerOrderAppRoutes, registerOrderStaffRoutes, type OrderRouteServices } from './orders.routes.ts';
import { PaymentCallbackService, paymentSecretOf } from './payment-callback.service.ts';

export interface OrderServices extends OrderRouteServices {
  payments: PaymentCallbackService;
  /** The courier 3PL delivery orders are handed over to (the simulated one outside production; tests flip its failure switch). */
  courier: CourierAdapter;
}

/** cms Order management and the consumer app's orders: placing an order, and the declared workflow that moves it. */
export function ordersModule(ctx: ModuleContext, deps: OrdersDeps, opts: { courier?: CourierAdapter } = {}): DomainModule & { services: OrderServices } {
  const courier = opts.courier ?? courierOf(ctx.config);
  const workflow = new OrderWorkflowService(ctx.db, ctx.jobs);
  const recordSale = orderSaleJob(ctx.db, deps.earning, deps.sales, ctx.clock);
  const services: OrderServices = {
    orders: new OrderService(ctx.db),
    placement: new OrderPlacementService(ctx.db),
    workflow,
    fulfilment: new OrderFulfilmentService(ctx.db),
    app: new OrderAppService(ctx.db),
    payments: new PaymentCallbackService(ctx.db, workflow, paymentSecretOf(ctx.config)),
    accessLog: new PersonalDataAccessLog(ctx.db, ctx.clock),
    consumerAuth: ctx.consumerAuth,
    courier,
  };
  return {
    name: 'orders',
    services,
    register(app) {
      serve(app, paymentApi.callback, async (req) => ({ message: 'Success', data: await services.payments.receive(req.body, ctx.clock.now()) }));
      registerOrderStaffRoutes(app, services, ctx.clock);
      registerOrderAppRoutes(app, services, ctx.clock);
      registerOrderDashboardRoutes(app, ctx.reports.db, ctx.clock);
      registerPatchOrderRoutes(app, new PatchOrderService(ctx.db, services.orders), new GuardedWrites(ctx.db, ctx.clock), ctx.jobs, ctx.clock);
      registerGrabRetryRoutes(app, new GrabRetryService(ctx.db), new GuardedWrites(ctx.db, ctx.clock), ctx.jobs, ctx.clock);
    },
    exports: orderExports(services.accessLog),
    jobs: [
      { name: ORDER_EXPIRY_JOB, handler: orderExpiryJob(ctx.db, workflow, ctx.jobs, ctx.clock), sendOnStart: {} },
      { name: ORDER_SALE_JOB, handler: (p, job) => recordSale({ order_id: Number(p.order_id) }, job) },
      { name: COURIER_HANDOVER_JOB, handler: courierHandoverJob(ctx.db, courier, ctx.clock), concurrency: 2 },
    ],
  };
}
