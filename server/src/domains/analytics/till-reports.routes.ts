import type { FastifyInstance } from 'fastify';
import { maskPhone, tillReportsApi as api } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serve } from '../../platform/serve.ts';
import type { AlpReportService } from './alp-report.service.ts';
import type { FreeGiftReportService } from './free-gift-report.service.ts';
import type { PromoReportService } from './promo-report.service.ts';

export interface TillReportServices {
  alp: AlpReportService;
  promo: PromoReportService;
  freeGift: FreeGiftReportService;
}

/**
 * pandora's till reports, read-only (the exports are the module's, through the export pipeline). The Free Gift
 * Report's members show their phone masked without the personal-data right; an unmasked page is recorded in the
 * personal-data access log.
 */
export function registerTillReportRoutes(app: FastifyInstance, s: TillReportServices, accessLog: PersonalDataAccessLog): void {
  serve(app, api.alp.list, async (req) => ({ message: 'Success', data: await s.alp.list.list(req.query) }));
  serve(app, api.alp.totals, async (req) => ({ message: 'Success', data: await s.alp.totals(req.query) }));
  serve(app, api.alp.departments, async () => ({ message: 'Success', data: await s.alp.departments() }));
  serve(app, api.alp.get, async (req) => ({ message: 'Success', data: await s.alp.get(req.params.id) }));

  serve(app, api.promo.list, async (req) => ({ message: 'Success', data: await s.promo.list(req.query) }));
  serve(app, api.promo.totals, async (req) => ({ message: 'Success', data: await s.promo.totals(req.query) }));
  serve(app, api.promo.options, async (req) => ({ message: 'Success', data: await s.promo.options(req.query.search, req.query.limit) }));

  serve(app, api.freeGift.list, async (req) => {
    const page = await s.freeGift.list(req.query);
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, api.freeGift.list, page.data.flatMap((r) => (r.consumer_id === null ? [] : [r.consumer_id])));
    return { message: 'Success', data: { ...page, data: page.data.map((r) => (open ? r : { ...r, consumer_phone: maskPhone(r.consumer_phone) })) } };
  });
  serve(app, api.freeGift.totals, async (req) => ({ message: 'Success', data: await s.freeGift.totals(req.query) }));
  serve(app, api.freeGift.options, async (req) => ({ message: 'Success', data: await s.freeGift.options(req.query.search, req.query.limit) }));
  serve(app, api.freeGift.programme, async (req) => ({ message: 'Success', data: await s.freeGift.programme(req.params.id, req.query) }));
}
