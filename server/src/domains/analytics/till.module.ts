import { posTermsApi } from '@portal/contract';
import { reportExports, type DomainModule, type ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serve } from '../../platform/serve.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { AlpReportService } from './alp-report.service.ts';
import { FreeGiftReportService } from './free-gift-report.service.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { PosTermsService } from './pos-terms.service.ts';
import { PromoReportService } from './promo-report.service.ts';
import { tillReportExports } from './till-reports.exports.ts';
import { registerTillReportRoutes, type TillReportServices } from './till-reports.routes.ts';

/**
 * The stores' tills beyond their sales: the terms a till applies (GET pos/terms) and pandora's reports of what the
 * tills applied on their receipts (ALP, promos, free gifts).
 */
export function tillModule(ctx: ModuleContext, deps: AnalyticsDeps): DomainModule & { services: TillReportServices } {
  // The reports read the reports database; the tills' terms and the personal-data access log the main one.
  const services: TillReportServices = {
    alp: new AlpReportService(ctx.reports.db, ctx.clock),
    promo: new PromoReportService(ctx.reports.db, ctx.clock),
    freeGift: new FreeGiftReportService(ctx.reports.db, ctx.clock),
  };
  const terms = new PosTermsService(ctx.db, posSalesSecretOf(ctx.config), deps.till);
  const accessLog = new PersonalDataAccessLog(ctx.db, ctx.clock);
  return {
    name: 'till',
    services,
    register(app) {
      serve(app, posTermsApi.terms, async (req) => ({ message: 'Success', data: await terms.terms(req.query) }));
      registerTillReportRoutes(app, services, accessLog);
    },
    exports: reportExports(tillReportExports(services.promo, accessLog, ctx.clock)),
  };
}
