import { z } from 'zod';
import { endpoint, entriesPermission, page } from '../common/endpoint.ts';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { codeField } from '../common/resource-fields.ts';
import { UPDATE_FORCE_STOCK_ENTRIES, UPDATE_FORCE_STOCK_ENTRY } from './force-stock.schema.ts';
import { guardedToolApi } from '../common/guarded-write.schema.ts';

/** The most units one entry may hold back at a store. */
export const STOCK_SHADOW_MAX = 1_000_000;

/**
 * A stock shadow, keyed by PLU: `quantity` units of the product held back from online sale at every store that sells
 * it. The consumer app shows a store's stock less them, and an order cannot take them.
 */
export const stockShadowRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  plu: z.string(),
  product_name: z.string(),
  /** Units held back at each store. */
  quantity: z.number().int(),
  /** Stores selling the product (active store products). */
  stores: z.number().int(),
  /** Units held back from online sale right now, over those stores (never more than a store has). */
  held_units: z.number().int(),
  version: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
});
export type StockShadowRow = z.infer<typeof stockShadowRow>;

/** The list: search by PLU (digits: its beginning) or product name; sorted by last change, PLU or quantity. */
export const stockShadowListQuery = listQuery(['updated_at', 'plu', 'quantity'] as const, {});
export type StockShadowListQuery = z.infer<typeof stockShadowListQuery>;

export const stockShadowPluParams = z.object({ plu: codeField('PLU', 20) }).strict();

export const STOCK_SHADOW_OPERATIONS = ['create', 'update', 'delete'] as const;
export type StockShadowOperation = (typeof STOCK_SHADOW_OPERATIONS)[number];

export const stockShadowQuantity = z
  .number({ error: 'Enter the units to hold back' })
  .int('The units to hold back must be a whole number')
  .min(1, 'Hold back at least 1 unit')
  .max(STOCK_SHADOW_MAX, `At most ${STOCK_SHADOW_MAX.toLocaleString('en-US')} units`);

/**
 * One change of the stock shadows: `create` (PLU and quantity), `update` (PLU, quantity and the entry's version) or
 * `delete` (PLU and version). A stale version answers 409.
 */
export const stockShadowInput = z
  .object({
    operation: z.enum(STOCK_SHADOW_OPERATIONS, { error: 'Choose create, update or delete' }),
    plu: codeField('PLU', 20),
    quantity: stockShadowQuantity.optional(),
    version: versionField.optional(),
  })
  .strict();
export type StockShadowInput = z.infer<typeof stockShadowInput>;

const TAG = 'stock shadow';

/**
 * heimdal Stock Shadow (a tab of Update Force Stock): the entries, one by PLU, and every create, update and delete as a
 * guarded write (preview, reason, second factor, audit, undo).
 */
export const stockShadowApi = {
  list: endpoint({
    id: 'stock-shadow.list',
    method: 'GET',
    path: 'stock-shadow',
    tag: TAG,
    summary: 'Stock shadow entries: units of a PLU held back from online sale at every store',
    access: entriesPermission('stock-shadow', UPDATE_FORCE_STOCK_ENTRIES, 'view'),
    query: stockShadowListQuery,
    data: page(stockShadowRow),
  }),
  byPlu: endpoint({
    id: 'stock-shadow.by-plu',
    method: 'GET',
    path: 'stock-shadow/by-plu/:plu',
    tag: TAG,
    summary: 'The stock shadow of one PLU (404 when none holds it back)',
    access: entriesPermission('stock-shadow', UPDATE_FORCE_STOCK_ENTRIES, 'view'),
    params: stockShadowPluParams,
    data: stockShadowRow,
  }),
  ...guardedToolApi({ tool: 'stock-shadow', entry: UPDATE_FORCE_STOCK_ENTRY, path: 'stock-shadow', tag: TAG, what: 'changing a stock shadow', input: stockShadowInput }),
};
