import type { FastifyInstance } from 'fastify';
import { preOrdersApi as api, type StickerQuery } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import type { ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { registerResourceRoutes } from '../../platform/crud/index.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serveConsumerRecords } from '../../platform/personal-data-routes.ts';
import { serve } from '../../platform/serve.ts';
import type { PreOrderAppService } from './pre-order-app.service.ts';
import type { PreOrderEventService } from './pre-order-event.resource.ts';
import { presentSticker, type PreOrderReportService } from './pre-order-report.service.ts';

export interface PreOrderRouteServices {
  events: PreOrderEventService;
  reports: PreOrderReportService;
  app: PreOrderAppService;
  accessLog: PersonalDataAccessLog;
  consumerAuth: ConsumerAuthService;
}

/**
 * cms Pre-order Events (the generic resource), pandora's two pre-order reports (the stickers' customer masked without
 * the personal-data right, an unmasked page recorded in the access log) and the consumer app's open events.
 */
export function registerPreOrderRoutes(app: FastifyInstance, s: PreOrderRouteServices, clock: Clock): void {
  registerResourceRoutes(app, s.events, clock, api.events);
  serveConsumerRecords(app, api.stickers, { list: (q: StickerQuery) => s.reports.stickers.list(q), get: (id) => s.reports.stickers.get(id) }, s.accessLog, presentSticker);
  serve(app, api.eventReport.list, async (req) => ({ message: 'Success', data: await s.reports.eventReport(req.query) }));
  serve(app, api.eventReport.summary, async (req) => ({ message: 'Success', data: await s.reports.summary(req.query) }));
  serve(app, api.app.events, async () => ({ message: 'Success', data: await s.app.openEvents(clock.now()) }), { onRequest: s.consumerAuth.guard });
}
