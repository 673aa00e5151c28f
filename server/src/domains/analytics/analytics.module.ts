import { publicUrlOf } from '../../config.ts';
import { reportExports, type DomainModule, type ModuleContext } from '../../platform/module.ts';
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
  // The dashboards and the spend band report read the reports database; sharing one (its recipients, its mail) the main one.
  const reports = ctx.reports.db;
  const reads = tunedReads(reports);
  const dashboards = { salesDashboards: new SalesAnalyticsService(reads, ctx.clock), planograms: new PlanogramAnalyticsService(reads, ctx.clock), content: new ContentAnalyticsService(reads, ctx.clock),
    customers: new CustomerAnalyticsService(reads, ctx.clock),
    customerMap: new CustomerMapService(reports),
    share: new AnalyticsShareService(ctx.db, ctx.mailer, publicUrlOf(ctx.config)),
  };
  const spendBands = new SpendBandService(reports, ctx.clock);
  return {
    name: 'analytics',
    services,
    exports: reportExports([...analyticsExports(dashboards.salesDashboards, dashboards.planograms, dashboards.content), ...customerMapExports(new PersonalDataAccessLog(ctx.db, ctx.clock)), ...customerAnalyticsExports(dashboards.customers), ...spendBandExports(spendBands)]),
    jobs: [{ name: ANALYTICS_ROLLUP_JOB, handler: rollupJob(ctx.db, ctx.jobs, ctx.clock), sendOnStart: { tick: true } }],
    register(app) {
      registerAnalyticsRoutes(app, { ...services, ...dashboards }, ctx.clock, ctx.consumerAuth);
      registerSpendBandRoutes(app, spendBands);
    },
  };
}
