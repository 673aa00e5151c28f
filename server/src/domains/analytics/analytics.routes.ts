import type { FastifyInstance } from 'fastify';
import { analyticsShareApi, appEventsApi, contentAnalyticsApi, customerAnalyticsApi, customerMapApi, planogramAnalyticsApi, posSalesApi, salesAnalyticsApi as api } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { appConsumer, type ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/resource.routes.ts';
import { serve } from '../../platform/serve.ts';
import type { AppEventsService } from './app-events.service.ts';
import type { ContentAnalyticsService } from './content-analytics.service.ts';
import type { AnalyticsShareService } from './share.service.ts';
import type { CustomerAnalyticsService } from './customer-analytics.service.ts';
import type { CustomerMapService } from './customer-map.service.ts';
import type { PlanogramAnalyticsService } from './planogram-analytics.service.ts';
import type { PosSalesService } from './pos-sales.service.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';

interface AnalyticsServices {
  sales: PosSalesService;
  events: AppEventsService;
  salesDashboards: SalesAnalyticsService;
  planograms: PlanogramAnalyticsService;
  content: ContentAnalyticsService;
  customers: CustomerAnalyticsService;
  customerMap: CustomerMapService;
  share: AnalyticsShareService;
}

/** The POS's sales batches, the app's events and the dashboards' widgets. */
export function registerAnalyticsRoutes(app: FastifyInstance, s: AnalyticsServices, clock: Clock, consumerAuth: ConsumerAuthService): void {
  serve(app, posSalesApi.ingest, async (req) => ({ message: 'Success', data: await s.sales.ingest(req.body, clock.now()) }));
  serve(app, appEventsApi.send, async (req) => ({ message: 'Success', data: await s.events.record(appConsumer(req).consumerId, req.body.events, clock.now()) }), { onRequest: consumerAuth.guard });
  const sales = s.salesDashboards;
  serve(app, api.summary, async (req) => ({ message: 'Success', data: await sales.summary(req.query) }));
  serve(app, api.trend, async (req) => ({ message: 'Success', data: await sales.trend(req.query) }));
  serve(app, api.byChannel, async (req) => ({ message: 'Success', data: await sales.byChannel(req.query) }));
  serve(app, api.byRegion, async (req) => ({ message: 'Success', data: await sales.byRegion(req.query) }));
  serve(app, api.byStore, async (req) => ({ message: 'Success', data: await sales.byStore(req.query) }));
  serve(app, api.topCategories, async (req) => ({ message: 'Success', data: await sales.topCategories(req.query) }));
  serve(app, api.topPlus, async (req) => ({ message: 'Success', data: await sales.topPlus(req.query) }));
  serve(app, analyticsShareApi.recipients, async (req) => ({ message: 'Success', data: await s.share.recipients(req.query.entry, req.query.search) }));
  serve(app, analyticsShareApi.share, async (req) => ({ message: 'Shared', data: await s.share.share(req.body, actorOf(req).perms, auditContext(req, clock)) }));
  const p = s.planograms;
  serve(app, planogramAnalyticsApi.summary, async (req) => ({ message: 'Success', data: await p.summary(req.query) }));
  serve(app, planogramAnalyticsApi.planograms, async (req) => ({ message: 'Success', data: await p.planograms(req.query) }));
  serve(app, planogramAnalyticsApi.products, async (req) => ({ message: 'Success', data: await p.products(req.query) }));
  serve(app, contentAnalyticsApi.summary, async (req) => ({ message: 'Success', data: await s.content.summary(req.query) }));
  serve(app, customerAnalyticsApi.summary, async (req) => ({ message: 'Success', data: await s.customers.summary(req.query) }));
  serve(app, customerAnalyticsApi.trend, async (req) => ({ message: 'Success', data: await s.customers.trend(req.query) }));
  serve(app, customerAnalyticsApi.byChannel, async (req) => ({ message: 'Success', data: await s.customers.byChannel(req.query) }));
  serve(app, customerAnalyticsApi.byRegion, async (req) => ({ message: 'Success', data: await s.customers.byRegion(req.query) }));
  serve(app, customerAnalyticsApi.byStore, async (req) => ({ message: 'Success', data: await s.customers.byStore(req.query) }));
  serve(app, customerMapApi.map, async (req) => ({ message: 'Success', data: await s.customerMap.map(req.query) }));
  serve(app, contentAnalyticsApi.ranking, async (req) => ({ message: 'Success', data: await s.content.ranking(req.query) }));
  serve(app, contentAnalyticsApi.offerTopAverage, async (req) => ({ message: 'Success', data: await s.content.offerTopAverage(req.query) }));
  serve(app, contentAnalyticsApi.campaigns, async (req) => ({ message: 'Success', data: await s.content.campaigns(req.query) }));
}
