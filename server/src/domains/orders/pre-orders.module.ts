import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { PreOrderAppService } from './pre-order-app.service.ts';
import { PreOrderEventService } from './pre-order-event.resource.ts';
import { preOrderExports } from './pre-order-report.exports.ts';
import { PreOrderReportService } from './pre-order-report.service.ts';
import { registerPreOrderRoutes, type PreOrderRouteServices } from './pre-orders.routes.ts';

/**
 * Pre-orders (decisions.md, "Pre-order events"): cms's events, pandora's sticker and event reports, and the consumer
 * app's open events. Placing a pre-order is placing an order (OrderPlacementService) with an event and a collection day.
 */
export function preOrdersModule(ctx: ModuleContext): DomainModule & { services: PreOrderRouteServices } {
  const accessLog = new PersonalDataAccessLog(ctx.db, ctx.clock);
  const services: PreOrderRouteServices = {
    events: new PreOrderEventService(ctx.db),
    // pandora's sticker and event reports read the reports database; cms's events (edited on the same screens) the main one.
    reports: new PreOrderReportService(ctx.reports.db),
    app: new PreOrderAppService(ctx.db),
    accessLog,
    consumerAuth: ctx.consumerAuth,
  };
  return {
    name: 'pre-orders',
    services,
    register(app) {
      registerPreOrderRoutes(app, services, ctx.clock);
    },
    exports: preOrderExports(accessLog),
  };
}
