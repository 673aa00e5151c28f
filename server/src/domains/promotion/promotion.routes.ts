import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FREE_GIFT_ENTRIES,
  MASTER_PROMO_ENTRIES,
  MAX_PURCHASE_ENTRIES,
  PROMO_ENTRIES,
  envelope,
  freeGiftCreateBody,
  freeGiftDetail,
  freeGiftListQuery,
  freeGiftRegionStoreQuery,
  freeGiftRow,
  freeGiftUpdateBody,
  masterPromoBulkBody,
  masterPromoListQuery,
  masterPromoRow,
  masterPromoUpdateBody,
  maxPurchaseCreateBody,
  maxPurchaseListQuery,
  maxPurchaseRow,
  maxPurchaseUpdateBody,
  promoCreateBody,
  promoDetail,
  promoListQuery,
  promoRow,
  promoUpdateBody,
  regionStoreRow,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import type { PromotionServices } from './promotion.deps.ts';

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo. */
export function registerPromotionRoutes(app: FastifyInstance, s: PromotionServices, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResourceRoutes(app, s.promos, clock, {
    path: '/api/v1/promos',
    entries: PROMO_ENTRIES,
    tags: ['promos'],
    row: promoRow,
    detail: promoDetail,
    listQuery: promoListQuery,
    create: promoCreateBody,
    update: promoUpdateBody,
    remove: true,
  });

  r.get('/api/v1/free-gifts/region-stores', {
    config: { permission: { entries: FREE_GIFT_ENTRIES, action: 'view' } },
    schema: {
      tags: ['free gifts'],
      summary: 'Active stores of one or more provinces (comma-separated province_code), for choosing the stores of a free gift',
      querystring: freeGiftRegionStoreQuery,
      response: { 200: envelope(z.array(regionStoreRow)) },
    },
    handler: async (req) => ({ message: 'Success', data: await s.freeGifts.regionStores(req.query) }),
  });
  registerResourceRoutes(app, s.freeGifts, clock, {
    path: '/api/v1/free-gifts',
    entries: FREE_GIFT_ENTRIES,
    tags: ['free gifts'],
    row: freeGiftRow,
    detail: freeGiftDetail,
    listQuery: freeGiftListQuery,
    create: freeGiftCreateBody,
    update: freeGiftUpdateBody,
    remove: true,
  });

  registerResourceRoutes(app, s.maxPurchases, clock, {
    path: '/api/v1/max-purchase-limitations',
    entries: MAX_PURCHASE_ENTRIES,
    tags: ['max purchase limitations'],
    row: maxPurchaseRow,
    listQuery: maxPurchaseListQuery,
    create: maxPurchaseCreateBody,
    update: maxPurchaseUpdateBody,
    remove: true,
  });

  r.put('/api/v1/master-promos/bulk', {
    config: { permission: { entries: MASTER_PROMO_ENTRIES, action: 'edit' } },
    schema: {
      tags: ['master promos'],
      summary: 'Save several promo prices at once: all or none (409 naming the row whose version is stale)',
      body: masterPromoBulkBody,
      response: { 200: envelope(z.array(masterPromoRow)) },
    },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.masterPromos.bulkUpdate(req.body, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.masterPromos, clock, {
    path: '/api/v1/master-promos',
    entries: MASTER_PROMO_ENTRIES,
    tags: ['master promos'],
    row: masterPromoRow,
    listQuery: masterPromoListQuery,
    update: masterPromoUpdateBody,
  });
}
