import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { freeGiftsApi, masterPromosApi, maxPurchaseLimitationsApi, promosApi, type maxPurchaseListQuery, type maxPurchaseRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes, ResourceService } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { FreeGiftService } from './free-gift.resource.ts';
import { MasterPromoService } from './master-promo.resource.ts';
import { maxPurchaseDef } from './max-purchase.resource.ts';
import { PromoService } from './promo.resource.ts';

export interface PromotionServices {
  promos: PromoService;
  freeGifts: FreeGiftService;
  maxPurchases: ResourceService<z.infer<typeof maxPurchaseRow>, z.infer<typeof maxPurchaseListQuery>>;
  masterPromos: MasterPromoService;
}

export function promotionServices(db: Db): PromotionServices {
  return { promos: new PromoService(db), freeGifts: new FreeGiftService(db), maxPurchases: new ResourceService(maxPurchaseDef, db), masterPromos: new MasterPromoService(db) };
}

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo. */
export function registerPromotionRoutes(app: FastifyInstance, s: PromotionServices, clock: Clock): void {
  registerResourceRoutes(app, s.promos, clock, promosApi);

  serve(app, freeGiftsApi.regionStores, async (req) => ({ message: 'Success', data: await s.freeGifts.regionStores(req.query) }));
  registerResourceRoutes(app, s.freeGifts, clock, freeGiftsApi);

  registerResourceRoutes(app, s.maxPurchases, clock, maxPurchaseLimitationsApi);

  serve(app, masterPromosApi.bulk, async (req) => ({ message: 'Edit Data Successful', data: await s.masterPromos.bulkUpdate(req.body, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.masterPromos, clock, masterPromosApi);
}
