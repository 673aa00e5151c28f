import { z } from 'zod';
import { endpoint, entriesPermission } from '../common/endpoint.ts';
import { isoDateTime } from '../common/fields.ts';
import { versionField } from '../common/list-query.ts';
import { ORDER_STATUS } from '../enums/order-status.ts';
import { guardedToolApi } from '../common/guarded-write.schema.ts';
import { orderTimelineEntry } from './order.schema.ts';

export const PATCH_ORDER_ENTRY = 'heimdal.patch-order';

const orderNo = z.string({ error: 'Enter an order number' }).trim().min(1, 'Enter an order number').max(40, 'An order number is at most 40 characters');

export const patchOrderLookupParams = z.object({ orderNo }).strict();

/** The order as the store system (MSI) receives it: its header and lines as ordered and as picked. */
export const orderMsi = z.object({
  store_code: z.string(),
  order_no: z.string(),
  status: z.number().int(),
  payment_status: z.string(),
  items: z.array(
    z.object({
      plu: z.string(),
      name: z.string(),
      price: z.number().int(),
      quantity: z.number().int(),
      picked_quantity: z.number().int(),
      unpick_reason: z.number().int().nullable(),
    }),
  ),
  items_total: z.number().int(),
  picked_total: z.number().int(),
  delivery_fee: z.number().int(),
  total: z.number().int(),
});

/**
 * The order's goods movements (GM), per PLU: units taken from the store's stock when it was placed, given back when the
 * picking lowered a line and when the order ended unpaid or cancelled, and so still out of stock for it; with the
 * store's stock of the product now.
 */
export const orderGoodsMovement = z.object({
  plu: z.string(),
  name: z.string(),
  taken: z.number().int(),
  returned_by_picking: z.number().int(),
  returned_by_ending: z.number().int(),
  held: z.number().int(),
  store_stock: z.number().int().nullable(),
});

export const patchOrderView = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  version: z.number().int(),
  fulfilment: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  total: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  timeline: z.array(orderTimelineEntry),
  msi: orderMsi,
  gm: z.array(orderGoodsMovement),
  /** The statuses a patch may move it to: every other one. */
  targets: z.array(z.number().int()),
});
export type PatchOrderView = z.infer<typeof patchOrderView>;

const statusValues: readonly number[] = ORDER_STATUS.values;

export const patchOrderInput = z
  .object({
    order_no: orderNo,
    to_status: z.number({ error: 'Choose the status to move the order to' }).int().refine((s) => statusValues.includes(s), 'Choose a status of the order status table'),
    /** The order's version the operator looked at: a newer one answers 409. */
    version: versionField,
  })
  .strict();
export type PatchOrderInput = z.infer<typeof patchOrderInput>;

/**
 * heimdal Patch Order: look an order up by number (its state, its MSI and GM detail) and move it to any status, outside
 * the workflow, as a guarded write with a mandatory reason.
 */
export const patchOrderApi = {
  lookup: endpoint({
    id: 'patch-order.lookup',
    method: 'GET',
    path: 'patch-order/orders/:orderNo',
    tag: 'patch order',
    summary: 'An order by its number: its state, timeline, MSI and GM detail, and the statuses it may be patched to',
    access: entriesPermission('patch-order', [PATCH_ORDER_ENTRY], 'view'),
    params: patchOrderLookupParams,
    data: patchOrderView,
  }),
  ...guardedToolApi({ tool: 'patch-order', entry: PATCH_ORDER_ENTRY, path: 'patch-order', tag: 'patch order', what: 'patching an order', input: patchOrderInput }),
};
