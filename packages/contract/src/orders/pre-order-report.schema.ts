import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { checkReportPeriod, dayFilter } from '../common/period.ts';
import { idFilter } from '../common/resource-fields.ts';
import { enumTable } from '../enums/enum-table.ts';
import {
  ORDER_CANCELLED,
  ORDER_DELIVERY,
  ORDER_DELIVERY_INCOMPLETE,
  ORDER_DISTRIBUTED,
  ORDER_PAID,
  ORDER_PAYMENT_EXPIRED,
  ORDER_PAYMENT_FAILED,
  ORDER_READY_TO_DELIVER,
  ORDER_READY_TO_PICK_UP,
  ORDER_STOCK_CHECKED,
  ORDER_WAITING_CHECKING,
  ORDER_WAITING_PAYMENT,
} from '../enums/order-status.ts';
import { orderFilterFields } from './order.schema.ts';

/** pandora's two pre-order reports, one menu entry each (decisions.md, "Pre-order events"). */
export const PRE_ORDER_REPORT_ENTRIES = {
  sticker: ['pandora.report/pre-order-sticker'],
  eventReport: ['pandora.report/event-report-summary'],
} as const;

/**
 * The event report's order statuses, grouped as a campaign reads them: waiting for payment; paid and being prepared
 * (from paid to ready or on the road); collected or delivered; cancelled; ended unpaid (expired or failed).
 */
export const PRE_ORDER_STATUS_GROUP = enumTable([
  { value: 'waiting', label: 'Waiting for Payment', labelId: 'Menunggu Pembayaran', color: 'orange' },
  { value: 'paid', label: 'Paid, in Preparation', labelId: 'Dibayar, Disiapkan', color: 'blue' },
  { value: 'picked_up', label: 'Picked Up or Delivered', labelId: 'Diambil atau Diantar', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', labelId: 'Dibatalkan', color: 'red' },
  { value: 'unpaid', label: 'Unpaid (Expired or Failed)', labelId: 'Tidak Dibayar (Kedaluwarsa atau Gagal)', color: 'default' },
] as const);
export type PreOrderStatusGroup = (typeof PRE_ORDER_STATUS_GROUP.values)[number];

/** Each order status in its group. */
export const PRE_ORDER_STATUS_GROUP_OF: Readonly<Record<number, PreOrderStatusGroup>> = {
  [ORDER_WAITING_PAYMENT]: 'waiting',
  [ORDER_PAID]: 'paid',
  [ORDER_WAITING_CHECKING]: 'paid',
  [ORDER_STOCK_CHECKED]: 'paid',
  [ORDER_READY_TO_DELIVER]: 'paid',
  [ORDER_READY_TO_PICK_UP]: 'paid',
  [ORDER_DELIVERY]: 'paid',
  [ORDER_DELIVERY_INCOMPLETE]: 'paid',
  [ORDER_DISTRIBUTED]: 'picked_up',
  [ORDER_CANCELLED]: 'cancelled',
  [ORDER_PAYMENT_EXPIRED]: 'unpaid',
  [ORDER_PAYMENT_FAILED]: 'unpaid',
};
/** The order statuses of a group. */
export const statusesOfGroup = (group: PreOrderStatusGroup): number[] =>
  Object.entries(PRE_ORDER_STATUS_GROUP_OF)
    .filter(([, g]) => g === group)
    .map(([s]) => Number(s));

/** The longest collection period a report query covers at once (a year and a day). */
export const PRE_ORDER_REPORT_MAX_DAYS = 366;

type CollectionPeriod = { collection_from?: string | undefined; collection_until?: string | undefined };
const boundedCollection = (q: object, ctx: z.RefinementCtx) => {
  const p = q as CollectionPeriod;
  checkReportPeriod(p.collection_from, p.collection_until, PRE_ORDER_REPORT_MAX_DAYS, 'collection_until', ctx);
};

const { store_code, status, fulfilment } = orderFilterFields;
/** The filters both reports take: the event, the stores (comma-separated codes), the collection days. */
const preOrderFilters = { event_id: idFilter, store_code, collection_from: dayFilter, collection_until: dayFilter };

const count = z.number().int();

/** Pre-order Sticker: one row a pre-order, the label its store sticks on the packed order. */
export const stickerQuery = listQuery(['collection_day', 'created_at'] as const, { ...preOrderFilters, status, fulfilment }).superRefine(boundedCollection);
export type StickerQuery = z.infer<typeof stickerQuery>;

export const stickerItem = z.object({ plu: z.string(), name: z.string(), quantity: count, picked_quantity: count });

export const stickerRow = z.object({
  /** The order's id. */
  id: count,
  order_no: z.string(),
  created_at: isoDateTime,
  event_id: count,
  event_code: z.string(),
  event_name: z.string(),
  collection_day: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  consumer_id: count,
  /** Masked (`B*** S******`, `6281******890`) without the consumer personal-data right (`personal_masked`). */
  consumer_name: z.string(),
  consumer_phone: z.string().nullable(),
  personal_masked: z.boolean(),
  fulfilment: count,
  status: count,
  items: z.array(stickerItem),
  /** The order number as a QR code: an SVG path over a square of `qr_size` modules, drawn by the server. */
  qr_path: z.string(),
  qr_size: count,
});
export type StickerRow = z.infer<typeof stickerRow>;

/** Event Report & Summary: the detail, one row a store, collection day and product of an event. */
export const eventReportQuery = listQuery(['collection_day', 'store_code', 'quantity', 'sales'] as const, preOrderFilters).superRefine(boundedCollection);
export type EventReportQuery = z.infer<typeof eventReportQuery>;
/** The summary's query: the same filters, no page. */
export const eventReportSummaryQuery = z.object(preOrderFilters).strict().superRefine(boundedCollection);
export type EventReportSummaryQuery = z.infer<typeof eventReportSummaryQuery>;

/** Units by status group: what each group's orders hold of the product. */
const unitsByGroup = {
  waiting_quantity: count,
  paid_quantity: count,
  picked_up_quantity: count,
  cancelled_quantity: count,
  unpaid_quantity: count,
};

/**
 * What pre-orders come to: orders (every status), consumers (distinct), units ordered by orders still live (not
 * cancelled nor ended unpaid), and sales: the picked lines of paid orders that did not end badly, in Rupiah.
 */
const figures = { orders: count, consumers: count, quantity: count, sales: count };

export const eventReportRow = z.object({
  /** `<event id>:<store id>:<collection day>:<product id>`. */
  id: z.string(),
  event_id: count,
  event_code: z.string(),
  collection_day: z.string(),
  store_id: count,
  store_code: z.string(),
  store_name: z.string(),
  product_id: count,
  plu: z.string(),
  product_name: z.string(),
  ...figures,
  ...unitsByGroup,
});
export type EventReportRow = z.infer<typeof eventReportRow>;

/** One product of an event against its quota: the quota, what live pre-orders hold of it, and the report's figures. */
export const eventProductSummary = z.object({
  event_id: count,
  event_code: z.string(),
  product_id: count,
  plu: z.string(),
  product_name: z.string(),
  quota: count,
  /** Held by every live pre-order of the event (whatever the store and day filters). */
  ordered: count,
  remaining: count,
  ...figures,
  ...unitsByGroup,
});
export type EventProductSummary = z.infer<typeof eventProductSummary>;

export const eventReportSummary = z.object({
  ...figures,
  /** Orders, units and their value (price × quantity ordered) per status group, every group present. */
  statuses: z.array(z.object({ group: z.enum(PRE_ORDER_STATUS_GROUP.values), orders: count, quantity: count, value: count })),
  products: z.array(eventProductSummary),
});
export type EventReportSummary = z.infer<typeof eventReportSummary>;
