import { publicUrlOf } from '../../config.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { AnalyticsShareService } from './share.service.ts';
import type { AnalyticsDeps } from './analytics.deps.ts';
import { analyticsExports } from './analytics.exports.ts';
import { registerAnalyticsRoutes } from './analytics.routes.ts';
import { AppEventsService } from './app-events.service.ts';
import { ContentAnalyticsService } from './content-analytics.service.ts';
import { customerAnalyticsExports } from './customer-analytics.exports.ts';
import { CustomerAnalyticsService } from './customer-analytics.service.ts';
import { customerMapExports } from './customer-map.exports.ts';
import { CustomerMapService } from './customer-map.service.ts';
import { PlanogramAnalyticsService } from './planogram-analytics.service.ts';
import { PosSalesService, posSalesSecretOf } from './pos-sales.service.ts';
import { ANALYTICS_ROLLUP_JOB, queueRollupCatchUp, rollupJob } from './rollup.job.ts';
import { SalesAnalyticsService } from './sales-analytics.service.ts';
import { tunedReads } from './tuned-reads.ts';
import { spendBandExports } from './spend-band.exports.ts';
import { registerSpendBandRoutes } from './spend-band.routes.ts';
import { SpendBandService } from './spend-band.service.ts';

/** Pandora's analytics: the sales the stores' POS and delivered orders record, the app's events, their rollups and the dashboards over them. */
export function analyticsModule(ctx: ModuleContext, deps: AnalyticsDeps): DomainModule & { services: { sales: PosSalesService; events: AppEventsService } } {
  const catchUpSoon = queueRollupCatchUp(ctx.jobs);
  const services = { sales: new PosSalesService(ctx.db, posSalesSecretOf(ctx.config), catchUpSoon, deps.till), events: new AppEventsService(ctx.db, catchUpSoon) };
  const reads = tunedReads(ctx.db);
  const dashboards = { salesDashboards: new SalesAnalyticsService(reads, ctx.clock), planograms: new PlanogramAnalyticsService(reads, ctx.clock), content: new ContentAnalyticsService(reads, ctx.clock),
    customers: new CustomerAnalyticsService(reads, ctx.clock),
    customerMap: new CustomerMapService(ctx.db),
    share: new AnalyticsShareService(ctx.db, ctx.mailer, publicUrlOf(ctx.config)),
  };
  const spendBands = new SpendBandService(ctx.db, ctx.clock);
  return {
    name: 'analytics',
    services,
    exports: [...analyticsExports(dashboards.salesDashboards, dashboards.planograms), ...customerMapExports(new PersonalDataAccessLog(ctx.db, ctx.clock)), ...customerAnalyticsExports(dashboards.customers), ...spendBandExports(spendBands)],
    jobs: [{ name: ANALYTICS_ROLLUP_JOB, handler: rollupJob(ctx.db, ctx.jobs, ctx.clock), sendOnStart: { tick: true } }],
    register(app) {
      registerAnalyticsRoutes(app, { ...services, ...dashboards }, ctx.clock, ctx.consumerAuth);
      registerSpendBandRoutes(app, spendBands);
    },
  };
}
