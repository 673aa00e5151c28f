import type { FastifyInstance } from 'fastify';
import { voucherPosApi, voucherStatusApi, vouchersListApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { serve } from '../../platform/serve.ts';
import type { VoucherRedemptionService } from './voucher-redemption.service.ts';
import type { VoucherListService } from './voucher.resource.ts';

/** Released vouchers: their list (codes masked), the POS's signed redemption, and pandora's Check Voucher Status by barcode. */
export function registerVoucherRoutes(app: FastifyInstance, vouchers: VoucherRedemptionService, issued: VoucherListService, clock: Clock): void {
  serve(app, vouchersListApi.list, async (req) => ({ message: 'Success', data: await issued.list(req.query) }));
  serve(app, voucherPosApi.redeem, async (req) => ({ message: 'Success', data: await vouchers.redeem(req.body, clock.now()) }));
  serve(app, voucherStatusApi.get, async (req) => ({ message: 'Success', data: await vouchers.status(req.query.voucher_barcode, clock.now()) }));
}
