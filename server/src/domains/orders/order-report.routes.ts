import type { FastifyInstance } from 'fastify';
import { orderReportsApi as api, type AllTransactionsQuery } from '@portal/contract';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { serve } from '../../platform/serve.ts';
import type { OrderReportService } from './order-report.service.ts';
import { presentOrder } from './order.resource.ts';

/**
 * pandora's order Reports: their rows and totals, read-only (the exports are the module's, through the export pipeline).
 * All Transactions shows orders as Order Management does: the consumer's contact masked without the personal-data right,
 * an unmasked page or order recorded in the access log.
 */
export function registerOrderReportRoutes(app: FastifyInstance, reports: OrderReportService, accessLog: PersonalDataAccessLog): void {
  serveConsumerRecords(app, api.allTransactions, { list: (q: AllTransactionsQuery) => reports.allTransactions.list(q), get: (id) => reports.order(id) }, accessLog, presentOrder);
  serve(app, api.detailTransaction.list, async (req) => ({ message: 'Success', data: await reports.detailTransaction.list(req.query) }));
  serve(app, api.disbursement.list, async (req) => ({ message: 'Success', data: await reports.disbursement.list(req.query) }));
  serve(app, api.disbursement.totals, async (req) => ({ message: 'Success', data: await reports.disbursementTotals(req.query) }));
  serve(app, api.unpick.list, async (req) => ({ message: 'Success', data: await reports.unpick.list(req.query) }));
  serve(app, api.unpick.totals, async (req) => ({ message: 'Success', data: await reports.unpickTotals(req.query) }));
  serve(app, api.allItem.list, async (req) => ({ message: 'Success', data: await reports.allItem(req.query) }));
  serve(app, api.monthlyRecap.list, async (req) => ({ message: 'Success', data: await reports.monthlyRecap(req.query) }));
  serve(app, api.monthlyRecap.totals, async (req) => ({ message: 'Success', data: await reports.monthlyRecapTotals(req.query) }));
}
