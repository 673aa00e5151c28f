import type { FastifyInstance, FastifyRequest } from 'fastify';
import { freeGiftsApi, masterPromosApi, maxPurchaseLimitationsApi, promosApi, type AnyEndpoint, type PromoDetail, type PromoRow } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { presentPromo, PromoService } from './promo.resource.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { PromotionServices } from './promotion.deps.ts';

/**
 * A promo's detail as the caller may see it: its consumers' phone numbers masked without the personal-data right; an
 * unmasked one is recorded in the personal-data access log against the consumers whose numbers it lists.
 */
const promoPresenter =
  (accessLog: PersonalDataAccessLog) =>
  async (req: FastifyRequest, endpoint: AnyEndpoint, row: PromoRow): Promise<PromoRow> => {
    const promo = row as PromoDetail;
    const open = seesPersonalData(actorOf(req).perms);
    if (open && promo.consumers.length) await accessLog.recordSelected(accessLog.readOf(req, endpoint), PromoService.consumersOf(promo.id));
    return presentPromo(promo, open);
  };

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo. */
export function registerPromotionRoutes(app: FastifyInstance, s: PromotionServices, clock: Clock, accessLog: PersonalDataAccessLog): void {
  registerResourceRoutes(app, s.promos, clock, promosApi, { present: promoPresenter(accessLog) });

  serve(app, freeGiftsApi.regionStores, async (req) => ({ message: 'Success', data: await s.freeGifts.regionStores(req.query) }));
  registerResourceRoutes(app, s.freeGifts, clock, freeGiftsApi);

  registerResourceRoutes(app, s.maxPurchases, clock, maxPurchaseLimitationsApi);

  serve(app, masterPromosApi.bulk, async (req) => ({ message: 'Edit Data Successful', data: await s.masterPromos.bulkUpdate(req.body, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.masterPromos, clock, masterPromosApi);
}
