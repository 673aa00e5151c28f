import { reportExports, type DomainModule, type ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { orderReportExports } from './order-report.exports.ts';
import { registerOrderReportRoutes } from './order-report.routes.ts';
import { OrderReportService } from './order-report.service.ts';
import { OrderService } from './order.resource.ts';

/** pandora's order Reports over the online shop's orders: the reporting side, for analysts who may not manage orders. */
export function orderReportsModule(ctx: ModuleContext): DomainModule & { services: { reports: OrderReportService } } {
  // The reports read the reports database; the personal-data access log is written to the main one.
  const reports = new OrderReportService(ctx.reports.db, ctx.clock, new OrderService(ctx.reports.db));
  const accessLog = new PersonalDataAccessLog(ctx.db, ctx.clock);
  return {
    name: 'order-reports',
    services: { reports },
    register(app) {
      registerOrderReportRoutes(app, reports, accessLog);
    },
    exports: reportExports(orderReportExports(reports, accessLog, ctx.clock)),
  };
}
