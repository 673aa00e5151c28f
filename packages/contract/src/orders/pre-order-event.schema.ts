import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { DAY_PATTERN, dayField, dayFilter, idList, instantField } from '../common/period.ts';
import { activeStatusField, codeField, idFilter, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/*
 * Pre-order events (decisions.md, "Pre-order events"): a seasonal campaign (Lebaran hampers, mooncakes, Christmas
 * cakes) in which consumers order some products in the app during its order window and collect them at a participating
 * store, or have them delivered, on a day of its collection window. Each product has a quota for the whole event that
 * the consumer API never oversells.
 */

/** Products of one event at most. */
export const PRE_ORDER_MAX_PRODUCTS = 100;
/** The largest quota of one product: more than any campaign sells, small enough for an int column with room to add. */
export const PRE_ORDER_MAX_QUOTA = 1_000_000;

/** Asia/Jakarta is UTC+7 all year: the calendar day of an instant there. */
const jakartaDayOfInstant = (instant: string): string => new Date(Date.parse(instant) + 7 * 3_600_000).toISOString().slice(0, 10);

/** An event's two windows as a form and a body hold them. */
export interface PreOrderWindows {
  order_start: string;
  order_end: string;
  collection_start: string;
  collection_end: string;
}

/**
 * What is wrong with an event's windows, by field: the order window must end after it starts, the collection window
 * may not end before it starts, and nothing can be collected before ordering opens (its first Jakarta day).
 */
export function preOrderWindowIssues(w: PreOrderWindows): { path: keyof PreOrderWindows; message: string }[] {
  const issues: { path: keyof PreOrderWindows; message: string }[] = [];
  if (Date.parse(w.order_end) <= Date.parse(w.order_start)) issues.push({ path: 'order_end', message: 'The order window must end after it starts' });
  if (w.collection_end < w.collection_start) issues.push({ path: 'collection_end', message: 'The collection window cannot end before it starts' });
  // The body's own fields may have failed already (zod runs refinements on a partly valid object): no day of no instant.
  if (!Number.isNaN(Date.parse(w.order_start)) && w.collection_start < jakartaDayOfInstant(w.order_start)) issues.push({ path: 'collection_start', message: 'Collection cannot start before ordering opens' });
  return issues;
}

/** Where an event stands at a moment: before its order window, in it, or after it. */
export type PreOrderPhase = 'upcoming' | 'open' | 'closed';
export const preOrderPhase = (w: Pick<PreOrderWindows, 'order_start' | 'order_end'>, now: Date): PreOrderPhase =>
  now.getTime() < Date.parse(w.order_start) ? 'upcoming' : now.getTime() < Date.parse(w.order_end) ? 'open' : 'closed';

/**
 * Why a pre-order's collection day is refused, or null when it is one: a day of the event's collection window, and not
 * before the day it is ordered (Asia/Jakarta).
 */
export function collectionDayIssue(day: string, w: Pick<PreOrderWindows, 'collection_start' | 'collection_end'>, orderedOn: string): string | null {
  if (day < w.collection_start || day > w.collection_end) return `The collection day must be from ${w.collection_start} to ${w.collection_end}`;
  if (day < orderedOn) return 'The collection day cannot be before today';
  return null;
}

export const preOrderEventRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  order_start: isoDateTime,
  order_end: isoDateTime,
  collection_start: z.string(),
  collection_end: z.string(),
  status: z.number().int(),
  store_count: z.number().int(),
  product_count: z.number().int(),
  /** The products' quotas added up, and how much of them live pre-orders hold. */
  quota_total: z.number().int(),
  ordered_total: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type PreOrderEventRow = z.infer<typeof preOrderEventRow>;

export const preOrderEventProduct = z.object({
  product_id: z.number().int(),
  plu: z.string(),
  name: z.string(),
  quota: z.number().int(),
  /** Units held by the event's pre-orders that are not ended unpaid or cancelled. */
  ordered: z.number().int(),
});
export type PreOrderEventProduct = z.infer<typeof preOrderEventProduct>;

export const preOrderEventDetail = preOrderEventRow.extend({
  products: z.array(preOrderEventProduct),
  stores: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type PreOrderEventDetail = z.infer<typeof preOrderEventDetail>;

export const preOrderEventProductItem = z
  .object({
    product_id: z.number({ error: 'Choose a product' }).int().positive('Choose a product').max(INT4_MAX, 'Choose a product'),
    quota: z
      .number({ error: 'Quota is required' })
      .int('Quota must be a whole number')
      .min(1, 'Quota is at least 1')
      .max(PRE_ORDER_MAX_QUOTA, `Quota is at most ${PRE_ORDER_MAX_QUOTA.toLocaleString('en-US')}`),
  })
  .strict();

const eventFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  order_start: instantField('Order start'),
  order_end: instantField('Order end'),
  collection_start: dayField('Collection start'),
  collection_end: dayField('Collection end'),
  status: activeStatusField.default(1),
  store_ids: idList('Stores', 5000).min(1, 'Choose at least one store'),
  products: z
    .array(preOrderEventProductItem, { error: 'Products are required' })
    .min(1, 'Add at least one product')
    .max(PRE_ORDER_MAX_PRODUCTS, `At most ${PRE_ORDER_MAX_PRODUCTS} products`)
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, 'A product is listed twice'),
};

/** The windows' rules on a body, each issue under its field. */
const withWindows = <T extends z.ZodType<PreOrderWindows>>(schema: T) =>
  schema.superRefine((b, ctx) => {
    for (const issue of preOrderWindowIssues(b)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const preOrderEventCreateBody = withWindows(z.object({ code: codeField('Code', 30), ...eventFields }).strict());
export const preOrderEventUpdateBody = withWindows(z.object({ ...eventFields, version: versionField }).strict());
export type PreOrderEventCreate = z.infer<typeof preOrderEventCreateBody>;
export type PreOrderEventUpdate = z.infer<typeof preOrderEventUpdateBody>;

export const preOrderEventListQuery = listQuery(['order_start', 'collection_start', 'name', 'updated_at'] as const, {
  status: intFilter(1, 2),
  /** Events whose order window is open at some moment of this Jakarta day. */
  ordering_on: dayFilter,
  /** Events a store takes part in. */
  store_id: idFilter,
});
export type PreOrderEventListQuery = z.infer<typeof preOrderEventListQuery>;

/** A pre-order's two fields on the consumer app's order: the event by its code, and the day to collect it. */
export const preOrderOrderFields = {
  event_code: z.string().trim().min(1, 'Event is required').max(30).nullable().optional(),
  collection_day: z.string().regex(DAY_PATTERN, 'Collection day must be a date like 2025-01-31').nullable().optional(),
};

/** The consumer app's open events: what it offers to pre-order now, where, until when, and how much is left. */
export const appPreOrderEvent = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  order_start: isoDateTime,
  order_end: isoDateTime,
  collection_start: z.string(),
  collection_end: z.string(),
  stores: z.array(z.object({ code: z.string(), name: z.string() })),
  products: z.array(z.object({ plu: z.string(), name: z.string(), remaining: z.number().int() })),
});
export type AppPreOrderEvent = z.infer<typeof appPreOrderEvent>;
