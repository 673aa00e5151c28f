import type { FastifyInstance } from 'fastify';
import { VOUCHER_ORDER_ACTIONS, VOUCHER_ORDER_MOVES, VOUCHER_ORDER_MOVE_API, voucherOrdersApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { VoucherOrderService } from './voucher-order.service.ts';

/** cms Voucher digital, Order Voucher Management: list, detail and placing; one route per workflow move, answering the spec's toast; a line's release amount. */
export function registerVoucherOrderRoutes(app: FastifyInstance, orders: VoucherOrderService, clock: Clock): void {
  registerResourceRoutes(app, orders, clock, voucherOrdersApi);
  for (const action of VOUCHER_ORDER_ACTIONS) {
    serve(app, VOUCHER_ORDER_MOVE_API[action], async (req) => ({
      message: VOUCHER_ORDER_MOVES[action].toast,
      data: await orders.move(req.params.id, action, req.body, auditContext(req, clock)),
    }));
  }
  serve(app, voucherOrdersApi.releaseAmount, async (req) => ({
    message: 'Edit Data Successful',
    data: await orders.setReleaseAmount(req.params.id, req.query.code, req.body, auditContext(req, clock)),
  }));
}
