import type { FastifyInstance } from 'fastify';
import { voucherReportsApi as api } from '@portal/contract';
import { serve } from '../../platform/serve.ts';
import type { VoucherReportService } from './voucher-report.service.ts';

/** pandora's E-voucher Reports: their rows, totals and pickers (the exports are the module's, through the export pipeline). */
export function registerVoucherReportRoutes(app: FastifyInstance, reports: VoucherReportService): void {
  serve(app, api.partnerOptions, async (req) => ({ message: 'Success', data: await reports.partnerOptions(req.query.search, req.query.limit) }));
  serve(app, api.storeOptions, async (req) => ({ message: 'Success', data: await reports.storeOptions(req.query.search, req.query.limit) }));
  serve(app, api.flowTotals, async (req) => ({ message: 'Success', data: await reports.flowTotals(req.query) }));
  serve(app, api.outstanding.list, async (req) => ({ message: 'Success', data: await reports.outstanding(req.query) }));
  serve(app, api.outstanding.totals, async (req) => ({ message: 'Success', data: await reports.outstandingTotals(req.query) }));
  serve(app, api.salesRedeem.list, async (req) => ({ message: 'Success', data: await reports.salesRedeem(req.query) }));
  serve(app, api.recap.list, async (req) => ({ message: 'Success', data: await reports.recap(req.query) }));
  serve(app, api.redeem.list, async (req) => ({ message: 'Success', data: await reports.redeem.list(req.query) }));
  serve(app, api.redeem.totals, async (req) => ({ message: 'Success', data: await reports.redeemTotals(req.query) }));
  serve(app, api.selling.list, async (req) => ({ message: 'Success', data: await reports.selling.list(req.query) }));
  serve(app, api.selling.totals, async (req) => ({ message: 'Success', data: await reports.sellingTotals(req.query) }));
}
