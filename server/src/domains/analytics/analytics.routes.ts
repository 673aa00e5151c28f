import type { FastifyInstance } from 'fastify';
import { posSalesApi, salesAnalyticsApi as api } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { serve } from '../../platform/serve.ts';
import type { PosSalesService } from './pos-sales.service.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';

/** The POS's sales batches and the sales dashboards' widgets. */
export function registerAnalyticsRoutes(app: FastifyInstance, pos: PosSalesService, sales: SalesAnalyticsService, clock: Clock): void {
  serve(app, posSalesApi.ingest, async (req) => ({ message: 'Success', data: await pos.ingest(req.body, clock.now()) }));
  serve(app, api.summary, async (req) => ({ message: 'Success', data: await sales.summary(req.query) }));
  serve(app, api.trend, async (req) => ({ message: 'Success', data: await sales.trend(req.query) }));
  serve(app, api.byChannel, async (req) => ({ message: 'Success', data: await sales.byChannel(req.query) }));
  serve(app, api.byRegion, async (req) => ({ message: 'Success', data: await sales.byRegion(req.query) }));
  serve(app, api.byStore, async (req) => ({ message: 'Success', data: await sales.byStore(req.query) }));
  serve(app, api.topCategories, async (req) => ({ message: 'Success', data: await sales.topCategories(req.query) }));
  serve(app, api.topPlus, async (req) => ({ message: 'Success', data: await sales.topPlus(req.query) }));
}
