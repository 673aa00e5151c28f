import { z } from 'zod';
import { FREE_GIFT_ENTRIES, MAX_PURCHASE_ENTRIES, PROMO_ENTRIES } from '../access/entries.ts';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { importApi } from '../imports/imports.api.ts';
import { freeGiftCreateBody, freeGiftDetail, freeGiftListQuery, freeGiftRegionStoreQuery, freeGiftRow, freeGiftUpdateBody, regionStoreRow } from './free-gift.schema.ts';
import { MASTER_PROMO_ENTRIES, masterPromoBulkBody, masterPromoListQuery, masterPromoRow, masterPromoUpdateBody } from './master-promo.schema.ts';
import { maxPurchaseCreateBody, maxPurchaseListQuery, maxPurchaseRow, maxPurchaseUpdateBody } from './max-purchase.schema.ts';
import { promoCreateBody, promoDetail, promoListQuery, promoRow, promoUpdateBody } from './promo.schema.ts';

const promos = resourceApi({
  name: 'promos',
  path: 'promos',
  label: 'promo',
  entries: PROMO_ENTRIES,
  row: promoRow,
  detail: promoDetail,
  listQuery: promoListQuery,
  create: promoCreateBody,
  update: promoUpdateBody,
  remove: true,
});
export const promosApi = { ...promos, export: exportEndpoint(promos.list, PROMO_ENTRIES, 'promos') };

const freeGifts = resourceApi({
  name: 'free-gifts',
  path: 'free-gifts',
  tag: 'free gifts',
  label: 'free gift',
  entries: FREE_GIFT_ENTRIES,
  row: freeGiftRow,
  detail: freeGiftDetail,
  listQuery: freeGiftListQuery,
  create: freeGiftCreateBody,
  update: freeGiftUpdateBody,
  remove: true,
});
export const freeGiftsApi = {
  ...freeGifts,
  export: exportEndpoint(freeGifts.list, FREE_GIFT_ENTRIES, 'free gifts'),
  regionStores: endpoint({
    id: 'free-gifts.region-stores',
    method: 'GET',
    path: 'free-gifts/region-stores',
    tag: 'free gifts',
    summary: 'Active stores of one or more provinces (comma-separated province_code), for choosing the stores of a free gift',
    access: { entries: FREE_GIFT_ENTRIES, action: 'view' },
    query: freeGiftRegionStoreQuery,
    data: z.array(regionStoreRow),
  }),
};

const maxPurchaseLimitations = resourceApi({
  name: 'max-purchase-limitations',
  path: 'max-purchase-limitations',
  tag: 'max purchase limitations',
  label: 'max purchase limitation',
  entries: MAX_PURCHASE_ENTRIES,
  row: maxPurchaseRow,
  listQuery: maxPurchaseListQuery,
  create: maxPurchaseCreateBody,
  update: maxPurchaseUpdateBody,
  remove: true,
});
export const maxPurchaseLimitationsApi = {
  ...maxPurchaseLimitations,
  export: exportEndpoint(maxPurchaseLimitations.list, MAX_PURCHASE_ENTRIES, 'max purchase limitations'),
};

const masterPromos = resourceApi({
  name: 'master-promos',
  path: 'master-promos',
  tag: 'master promos',
  label: 'master promo',
  entries: MASTER_PROMO_ENTRIES,
  row: masterPromoRow,
  listQuery: masterPromoListQuery,
  update: masterPromoUpdateBody,
});
export const masterPromosApi = {
  ...masterPromos,
  export: exportEndpoint(masterPromos.list, MASTER_PROMO_ENTRIES, 'master promos'),
  bulk: endpoint({
    id: 'master-promos.bulk',
    method: 'PUT',
    path: 'master-promos/bulk',
    tag: 'master promos',
    summary: 'Save several promo prices at once: all or none (409 naming the row whose version is stale)',
    access: { entries: MASTER_PROMO_ENTRIES, action: 'edit' },
    body: masterPromoBulkBody,
    data: z.array(masterPromoRow),
    errors: [409],
  }),
};

/** Promotions' bulk operations by spreadsheet. */
export const promotionImportsApi = {
  promo: importApi('promo', { title: 'Import promos', entries: PROMO_ENTRIES, action: 'create' }),
  masterPromo: importApi('master-promo', { title: 'Import master promo prices', entries: MASTER_PROMO_ENTRIES, action: 'edit' }),
  freeGiftStores: importApi('free-gift-stores', {
    title: 'Upload free gift stores',
    entries: FREE_GIFT_ENTRIES,
    action: 'edit',
    params: z.object({ free_gift_id: z.coerce.number().int().positive().max(2_147_483_647) }).strict(),
  }),
};

export const promotionApi = { promosApi, freeGiftsApi, maxPurchaseLimitationsApi, masterPromosApi, promotionImportsApi };
