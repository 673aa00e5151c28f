import type { FastifyInstance } from 'fastify';
import { orderAppApi, orderStaffApi, type OrderListQuery } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { appConsumer } from '../../platform/consumer-auth.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { serve } from '../../platform/serve.ts';
import type { OrderAppService } from './order-app.service.ts';
import type { OrderFulfilmentService } from './order-fulfilment.service.ts';
import type { OrderPlacementService } from './order-placement.service.ts';
import type { OrderWorkflowService } from './order-workflow.service.ts';
import { presentOrder, type OrderService } from './order.resource.ts';

export interface OrderRouteServices {
  orders: OrderService;
  workflow: OrderWorkflowService;
  fulfilment: OrderFulfilmentService;
  placement: OrderPlacementService;
  app: OrderAppService;
  accessLog: PersonalDataAccessLog;
  consumerAuth: ConsumerAuthService;
}

/** cms Order Management: the list and the order (contact masked without the personal-data right), and what staff do to it. */
export function registerOrderStaffRoutes(app: FastifyInstance, s: OrderRouteServices, clock: Clock): void {
  serveConsumerRecords(app, orderStaffApi, { list: (q: OrderListQuery) => s.orders.list(q), get: (id) => s.orders.detail(id) }, s.accessLog, presentOrder);
  // Each change answers the order as it now is, shown as its get would show it.
  const answer = async (req: Parameters<typeof actorOf>[0], id: number) => ({
    message: 'Success',
    data: presentOrder(await s.orders.detail(id), seesPersonalData(actorOf(req).perms)),
  });
  serve(app, orderStaffApi.cancelReasons, async () => ({ message: 'Success', data: await s.orders.cancelReasons() }));
  serve(app, orderStaffApi.move, async (req) => {
    const { action, version, cancel_reason_id, note } = req.body;
    await s.workflow.move(
      req.params.id,
      { action, version, actor: { kind: 'staff', audit: auditContext(req, clock) }, note: note ?? null, ...(cancel_reason_id === undefined ? {} : { cancelReasonId: cancel_reason_id }) },
      clock.now(),
    );
    return answer(req, req.params.id);
  });
  serve(app, orderStaffApi.items, async (req) => {
    await s.fulfilment.pick(req.params.id, req.body, auditContext(req, clock));
    return answer(req, req.params.id);
  });
  serve(app, orderStaffApi.unpickAll, async (req) => {
    await s.fulfilment.unpickAll(req.params.id, req.body.unpick_reason, req.body.version, auditContext(req, clock));
    return answer(req, req.params.id);
  });
  serve(app, orderStaffApi.driver, async (req) => {
    await s.fulfilment.assignDriver(req.params.id, req.body, auditContext(req, clock));
    return answer(req, req.params.id);
  });
}

/** The consumer app's orders under `/api/v1/app/`: each route takes the consumer-token guard. */
export function registerOrderAppRoutes(app: FastifyInstance, s: OrderRouteServices, clock: Clock): void {
  const consumerOnly = { onRequest: s.consumerAuth.guard };
  serve(app, orderAppApi.place, async (req) => ({ message: 'Success', data: await s.placement.place(appConsumer(req).consumerId, req.body, clock.now()) }), consumerOnly);
  serve(app, orderAppApi.mine, async (req) => ({ message: 'Success', data: await s.app.mine(appConsumer(req).consumerId, req.query) }), consumerOnly);
  serve(app, orderAppApi.one, async (req) => ({ message: 'Success', data: await s.app.one(appConsumer(req).consumerId, req.params.id) }), consumerOnly);
  serve(
    app,
    orderAppApi.storeProducts,
    async (req) => ({ message: 'Success', data: await s.app.storeProducts(req.params.code, req.query, clock.now()) }),
    consumerOnly,
  );
}
