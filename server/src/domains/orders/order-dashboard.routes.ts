import type { FastifyInstance } from 'fastify';
import { orderDashboardApi } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { serve } from '../../platform/serve.ts';
import { OrderDashboardService } from './order-dashboard.service.ts';

/** The cms dashboard's widgets, each its own route (cms.dashboard, view). */
export function registerOrderDashboardRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const dashboard = new OrderDashboardService(db);
  serve(app, orderDashboardApi.summary, async (req) => ({ message: 'Success', data: await dashboard.summary(req.query, clock.now()) }));
  serve(app, orderDashboardApi.byStatus, async (req) => ({ message: 'Success', data: await dashboard.byStatus(req.query, clock.now()) }));
  serve(app, orderDashboardApi.byStore, async (req) => ({ message: 'Success', data: await dashboard.byStore(req.query, clock.now()) }));
  serve(app, orderDashboardApi.byHour, async (req) => ({ message: 'Success', data: await dashboard.byHour(req.query, clock.now()) }));
  serve(app, orderDashboardApi.byWeekday, async (req) => ({ message: 'Success', data: await dashboard.byWeekday(req.query, clock.now()) }));
  serve(app, orderDashboardApi.late, async (req) => ({ message: 'Success', data: await dashboard.late(req.query, clock.now()) }));
}
