import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versioned } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';
import { ORDER_REPORT_TABS, ORDER_STATUS, ORDER_UNPICK_REASON } from '../enums/order-status.ts';
import { ORDER_ACTIONS, ORDER_SYSTEM_ACTIONS, type OrderAction } from '../workflows/order.ts';

/**
 * An order as cms Order Management lists it. The consumer's phone comes masked without the personal-data right
 * (`personal_masked`); `picked_total` is what the store hands over after unpicking, `refund_due` what the consumer paid
 * for and does not receive.
 */
export const orderRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  created_at: isoDateTime,
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  consumer_phone: z.string().nullable(),
  fulfilment: z.number().int(),
  delivery_mode: z.number().int().nullable(),
  status: z.number().int(),
  payment_status: z.string(),
  items_total: z.number().int(),
  picked_total: z.number().int(),
  delivery_fee: z.number().int(),
  total: z.number().int(),
  refund_due: z.number().int(),
  has_unpick: z.boolean(),
  paid_at: isoDateTime.nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
  personal_masked: z.boolean(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const orderItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  plu: z.string(),
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  picked_quantity: z.number().int(),
  unpick_reason: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** One move of the order's timeline: who (a consumer, a staff member by name, or the system) moved it, when and why. */
export const orderTimelineEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  actor_kind: z.enum(['consumer', 'staff', 'system']),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  at: isoDateTime,
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;

export const orderDetail = orderRow.extend({
  consumer_email: z.string().nullable(),
  delivery_address: z.string().nullable(),
  driver_name: z.string().nullable(),
  driver_phone: z.string().nullable(),
  driver_assigned_at: isoDateTime.nullable(),
  payment_ref: z.string().nullable(),
  payment_expires_at: isoDateTime,
  cancel_reason: z.string().nullable(),
  cancel_note: z.string().nullable(),
  store_address: z.string().nullable(),
  store_phone: z.string().nullable(),
  items: z.array(orderItem),
  timeline: z.array(orderTimelineEntry),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** Store codes as the spec's filter takes them: one, or several separated by commas. */
const storeCodes = z
  .string()
  .trim()
  .max(500)
  .regex(/^[A-Za-z0-9._-]+(\s*,\s*[A-Za-z0-9._-]+)*$/, 'Store codes are letters, digits, dot, dash and underscore, separated by commas')
  .optional();

/**
 * The spec's order filters (order_id, store_code, date_from, date_until, report, unpick_reason) and the status, one
 * definition for the order list and pandora's order reports, which take some of them.
 */
export const orderFilterFields = {
  /** The order number, or the order's id. */
  order_id: z.string().trim().max(40).optional(),
  store_code: storeCodes,
  date_from: dayFilter,
  date_until: dayFilter,
  report: z.enum(ORDER_REPORT_TABS).optional(),
  unpick_reason: intFilter(1, ORDER_UNPICK_REASON.values.length),
  status: z.coerce
    .number()
    .int()
    .refine((v) => (ORDER_STATUS.values as readonly number[]).includes(v), 'Not an order status')
    .optional(),
  fulfilment: intFilter(1, 2),
  /** One consumer's orders (the consumer's page lists them). */
  consumer_id: idFilter,
};

export const orderListQuery = listQuery(['created_at', 'total'] as const, orderFilterFields).refine((q) => !q.date_from || !q.date_until || q.date_from <= q.date_until, {
  message: 'The end date cannot be before the start date',
  path: ['date_until'],
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** The comma-separated store codes of the filter as a list, upper-cased, each once. */
export const storeCodesOf = (text: string | undefined): string[] =>
  text ? [...new Set(text.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))] : [];

/** The workflow actions a staff member takes (the system's own are never sent). */
export const STAFF_ORDER_ACTIONS = ORDER_ACTIONS.filter((a) => !ORDER_SYSTEM_ACTIONS.includes(a)) as [OrderAction, ...OrderAction[]];

export const orderMoveBody = z
  .object({
    action: z.enum(STAFF_ORDER_ACTIONS, { error: 'Choose an action of the order workflow' }),
    cancel_reason_id: z.number().int().positive().optional(),
    note: z.string().trim().max(500, 'A note is at most 500 characters').nullable().optional(),
    ...versioned,
  })
  .strict()
  .refine((b) => b.action !== 'cancel' || b.cancel_reason_id !== undefined, { message: 'Choose a cancel reason from the list', path: ['cancel_reason_id'] });
export type OrderMoveBody = z.infer<typeof orderMoveBody>;

const unpickReasonField = z.union(ORDER_UNPICK_REASON.values.map((v) => z.literal(v)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], {
  error: 'Choose an unpick reason from the list',
});

/**
 * The store's picking of some lines: each picked quantity from 0 (unpicked) to the quantity ordered, with a reason
 * whenever it is short. Raising a lowered line again takes the units back from the store's stock.
 */
export const orderItemsBody = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            picked_quantity: z.number({ error: 'Picked quantity must be a number' }).int('Picked quantity must be a whole number').min(0, 'Picked quantity cannot be negative'),
            unpick_reason: unpickReasonField.nullable().default(null),
          })
          .strict(),
      )
      .min(1, 'Change at least one line')
      .max(100)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each line once'),
    ...versioned,
  })
  .strict();
export type OrderItemsBody = z.infer<typeof orderItemsBody>;

export const orderUnpickAllBody = z.object({ unpick_reason: unpickReasonField, ...versioned }).strict();
export type OrderUnpickAllBody = z.infer<typeof orderUnpickAllBody>;

/** A driver for a delivery order: a 3PL courier or the store's own, named with a phone to reach them. */
export const orderDriverBody = z
  .object({
    driver_name: z.string({ error: 'Driver name is required' }).trim().min(2, 'Driver name is at least 2 characters').max(100),
    driver_phone: z
      .string({ error: 'Driver phone is required' })
      .trim()
      .regex(/^(\+62|62|0)8[0-9]{7,12}$/, 'Driver phone must be an Indonesian mobile number, like 081234567890'),
    delivery_mode: z.union([z.literal(1), z.literal(2)], { error: 'Delivery mode must be 1 (3PL) or 2 (internal)' }),
    ...versioned,
  })
  .strict();
export type OrderDriverBody = z.infer<typeof orderDriverBody>;

/** A reason a cancel names (the spec's cancel-reasons list). */
export const cancelReason = z.object({ id: z.number().int(), name: z.string() });
export type CancelReason = z.infer<typeof cancelReason>;
