import type { FastifyInstance } from 'fastify';
import { freeGiftsApi, masterPromosApi, maxPurchaseLimitationsApi, promosApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { PromotionServices } from './promotion.deps.ts';

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo. */
export function registerPromotionRoutes(app: FastifyInstance, s: PromotionServices, clock: Clock): void {
  registerResourceRoutes(app, s.promos, clock, promosApi);

  serve(app, freeGiftsApi.regionStores, async (req) => ({ message: 'Success', data: await s.freeGifts.regionStores(req.query) }));
  registerResourceRoutes(app, s.freeGifts, clock, freeGiftsApi);

  registerResourceRoutes(app, s.maxPurchases, clock, maxPurchaseLimitationsApi);

  serve(app, masterPromosApi.bulk, async (req) => ({ message: 'Edit Data Successful', data: await s.masterPromos.bulkUpdate(req.body, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.masterPromos, clock, masterPromosApi);
}
