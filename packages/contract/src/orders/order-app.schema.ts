import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { DELIVERY_MODE } from '../enums/index.ts';
import { FULFIL_DELIVERY, FULFIL_PICK_UP } from '../enums/order-status.ts';
import { preOrderOrderFields } from './pre-order-event.schema.ts';

/** How long a placed order waits for its payment before the expiry job ends it (decisions.md). */
export const ORDER_PAYMENT_MINUTES = 30;
/** Lines of one order at most. */
export const ORDER_MAX_LINES = 100;

/** An order the consumer app places at one store: delivered (3PL or the store's driver) or picked up. */
export const appOrderBody = z
  .object({
    store_code: z.string({ error: 'Store is required' }).trim().min(1, 'Store is required').max(20),
    fulfilment: z.union([z.literal(FULFIL_DELIVERY), z.literal(FULFIL_PICK_UP)], { error: 'Fulfilment must be 1 (delivery) or 2 (pick up)' }),
    delivery_mode: z.union([z.literal(DELIVERY_MODE.values[0]), z.literal(DELIVERY_MODE.values[1])], { error: 'Delivery mode must be 1 (3PL) or 2 (internal)' }).nullable().default(null),
    delivery_address: z.string().trim().min(5, 'Delivery address is at least 5 characters').max(500).nullable().default(null),
    items: z
      .array(
        z
          .object({
            plu: z.string({ error: 'PLU is required' }).trim().min(1, 'PLU is required').max(30),
            quantity: z.number({ error: 'Quantity is required' }).int('Quantity must be a whole number').min(1, 'Quantity is at least 1').max(999, 'Quantity is at most 999'),
          })
          .strict(),
        { error: 'Items must be a list' },
      )
      .min(1, 'An order needs at least one item')
      .max(ORDER_MAX_LINES, `At most ${ORDER_MAX_LINES} lines`)
      .refine((items) => new Set(items.map((i) => i.plu.toUpperCase())).size === items.length, 'Each product once: raise its quantity instead'),
    /** The app's own id of this order request: sent again (a retry), it answers the order placed the first time. */
    client_ref: z.string().trim().min(1).max(64).nullable().default(null),
    /** A pre-order: the event's code and the day to collect it (or have it delivered), both or neither. */
    ...preOrderOrderFields,
  })
  .strict()
  .refine((b) => !b.event_code === !b.collection_day, { message: 'A pre-order needs both its event and its collection day', path: ['collection_day'] })
  .refine((b) => b.fulfilment === FULFIL_PICK_UP || b.delivery_mode !== null, { message: 'Delivery mode is required for a delivery order', path: ['delivery_mode'] })
  .refine((b) => b.fulfilment === FULFIL_PICK_UP || b.delivery_address !== null, { message: 'Delivery address is required for a delivery order', path: ['delivery_address'] });
export type AppOrderBody = z.infer<typeof appOrderBody>;

export const appOrderPlaced = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  items_total: z.number().int(),
  delivery_fee: z.number().int(),
  total: z.number().int(),
  payment_expires_at: isoDateTime,
  items: z.array(z.object({ plu: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int() })),
});
export type AppOrderPlaced = z.infer<typeof appOrderPlaced>;

/** The consumer's own orders, newest first, a page at a time (`before_id`: the last id of the page before). */
export const appMyOrdersQuery = z
  .object({
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

export const appOrderRow = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  status: z.number().int(),
  fulfilment: z.number().int(),
  item_count: z.number().int(),
  total: z.number().int(),
  refund_due: z.number().int(),
  payment_status: z.string(),
  payment_expires_at: isoDateTime,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AppOrderRow = z.infer<typeof appOrderRow>;

/** One order as its consumer sees it: the lines as picked, the delivery, and every status it went through. */
export const appOrderDetail = appOrderRow.extend({
  delivery_mode: z.number().int().nullable(),
  delivery_address: z.string().nullable(),
  driver_name: z.string().nullable(),
  driver_phone: z.string().nullable(),
  items_total: z.number().int(),
  picked_total: z.number().int(),
  delivery_fee: z.number().int(),
  cancel_reason: z.string().nullable(),
  items: z.array(z.object({ plu: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int(), picked_quantity: z.number().int() })),
  statuses: z.array(z.object({ status: z.number().int(), at: isoDateTime })),
});
export type AppOrderDetail = z.infer<typeof appOrderDetail>;

/** A store's products on sale in the app, by name or PLU, a page at a time. */
export const appStoreProductsQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(500).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const appStoreCodeParam = z.object({ code: z.string().trim().min(1).max(20) }).strict();

export const appStoreProduct = z.object({
  plu: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  uom: z.string(),
  image_url: z.string().nullable(),
  price: z.number().int(),
  /** The promo price where one is set: what the order charges. */
  promo_price: z.number().int().nullable(),
  stock: z.number().int(),
  /** The most one order may hold (its max-purchase limitation), or null. */
  max_per_order: z.number().int().nullable(),
});
export type AppStoreProduct = z.infer<typeof appStoreProduct>;
