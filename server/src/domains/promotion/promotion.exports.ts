import {
  CHANNEL,
  FREE_GIFT_ENTRIES,
  MASTER_PROMO_ENTRIES,
  MAX_PURCHASE_ENTRIES,
  MEMBER_SCOPE,
  PROMO_ENTRIES,
  PROMO_TYPE,
  freeGiftListQuery,
  masterPromoListQuery,
  maxPurchaseListQuery,
  promoListQuery,
  freeGiftsApi,
  masterPromosApi,
  maxPurchaseLimitationsApi,
  promosApi,
} from '@portal/contract';
import { CHANGED_COLUMNS, STATUS_COLUMN, enumLabel, resourceExport, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { freeGiftDef } from './free-gift.resource.ts';
import { masterPromoDef } from './master-promo.resource.ts';
import { maxPurchaseDef } from './max-purchase.resource.ts';
import { promoDef } from './promo.resource.ts';

/* Promotion lists as files, with the list's own filters, search and order (spec section 9 names export_free_gift). */

const period: ExportColumn[] = [
  { key: 'start_date', label: 'Start Date', format: 'date' },
  { key: 'end_date', label: 'End Date', format: 'date' },
];

export const promoExport = resourceExport(promoDef, {
  name: 'export_promo',
  sheetName: 'Promos',
  entries: PROMO_ENTRIES,
  listQuery: promoListQuery,
  columns: [
    { key: 'code', label: 'Promo Code' },
    { key: 'name', label: 'Name' },
    { key: 'promo_type', label: 'Promo Type', format: enumLabel(PROMO_TYPE) },
    { key: 'value', label: 'Value', format: 'number' },
    { key: 'channel', label: 'Channel', format: enumLabel(CHANNEL) },
    { key: 'member_scope', label: 'Member Scope', format: enumLabel(MEMBER_SCOPE) },
    ...period,
    { key: 'min_purchase', label: 'Minimum Purchase (Rp)', format: 'money' },
    { key: 'max_discount', label: 'Maximum Discount (Rp)', format: 'money' },
    { key: 'product_count', label: 'Products', format: 'number' },
    { key: 'store_count', label: 'Stores', format: 'number' },
    STATUS_COLUMN,
    ...CHANGED_COLUMNS,
  ],
});

export const masterPromoExport = resourceExport(masterPromoDef, {
  name: 'export_master_promo',
  sheetName: 'Master Promo',
  entries: MASTER_PROMO_ENTRIES,
  listQuery: masterPromoListQuery,
  columns: [
    { key: 'plu', label: 'PLU' },
    { key: 'product_name', label: 'Product' },
    { key: 'normal_price', label: 'Normal Price (Rp)', format: 'money' },
    { key: 'promo_price', label: 'Promo Price (Rp)', format: 'money' },
    { key: 'discount_percent', label: 'Discount (%)', format: 'number' },
    ...period,
    STATUS_COLUMN,
    ...CHANGED_COLUMNS,
  ],
});

export const maxPurchaseExport = resourceExport(maxPurchaseDef, {
  name: 'export_max_purchase',
  sheetName: 'Max Purchase Limitation',
  entries: MAX_PURCHASE_ENTRIES,
  listQuery: maxPurchaseListQuery,
  columns: [
    { key: 'plu', label: 'PLU' },
    { key: 'product_name', label: 'Product' },
    { key: 'max_qty', label: 'Maximum per Order', format: 'number' },
    { key: 'daily_limit', label: 'Limit per Day', format: 'number' },
    ...period,
    STATUS_COLUMN,
    ...CHANGED_COLUMNS,
  ],
});

export const freeGiftExport = resourceExport(freeGiftDef, {
  name: 'export_free_gift',
  sheetName: 'Free Gift',
  entries: FREE_GIFT_ENTRIES,
  listQuery: freeGiftListQuery,
  columns: [
    { key: 'code', label: 'Code' },
    { key: 'name', label: 'Name' },
    { key: 'min_purchase', label: 'Minimum Purchase (Rp)', format: 'money' },
    ...period,
    { key: 'product_count', label: 'Gift Products', format: 'number' },
    { key: 'region_count', label: 'Regions', format: 'number' },
    { key: 'store_count', label: 'Stores', format: 'number' },
    STATUS_COLUMN,
    { key: 'created_by_name', label: 'Created By' },
    ...CHANGED_COLUMNS,
  ],
});

/** Each export with the contract endpoint that serves it. */
export const PROMOTION_EXPORTS: readonly ModuleExport[] = [
  { def: promoExport, endpoint: promosApi.export },
  { def: masterPromoExport, endpoint: masterPromosApi.export },
  { def: maxPurchaseExport, endpoint: maxPurchaseLimitationsApi.export },
  { def: freeGiftExport, endpoint: freeGiftsApi.export },
];
