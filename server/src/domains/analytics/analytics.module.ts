import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { PosSalesService, posSalesSecretOf } from './pos-sales.service.ts';
import { queueSalesCatchUp, SALES_ROLLUP_JOB, salesRollupJob } from './sales-rollup.ts';
import { SalesAnalyticsService } from './sales-analytics.service.ts';

/** Pandora's analytics: the sales the stores' POS and delivered orders record, their rollups and the dashboards over them. */
export function analyticsModule(ctx: ModuleContext): DomainModule & { services: { sales: PosSalesService } } {
  const services = { sales: new PosSalesService(ctx.db, posSalesSecretOf(ctx.config), queueSalesCatchUp(ctx.jobs)) };
  const dashboards = new SalesAnalyticsService(ctx.db, ctx.clock);
  return {
    name: 'analytics',
    services,
    jobs: [{ name: SALES_ROLLUP_JOB, handler: salesRollupJob(ctx.db, ctx.jobs, ctx.clock), sendOnStart: { tick: true } }],
    register(app) {
      registerAnalyticsRoutes(app, services.sales, dashboards, ctx.clock);
    },
  };
}
