import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_REVENUE_STATUSES,
  PRE_ORDER_STATUS_GROUP,
  PRE_ORDER_STATUS_GROUP_OF,
  eventProductSummary,
  eventReportRow,
  eventReportSummary,
  maskName,
  maskPhone,
  statusesOfGroup,
  stickerRow,
  storeCodesOf,
  type EventReportQuery,
  type EventReportRow,
  type EventReportSummary,
  type EventReportSummaryQuery,
  type ListMeta,
  type PreOrderStatusGroup,
  type StickerQuery,
  type StickerRow,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { groupedPage, listOnly, ResourceService, type GroupedReport, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { whereOf } from '../../platform/pagination.ts';
import { qrSvgPath } from '../../platform/qr-path.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { inStoreCodes } from './order.resource.ts';

/*
 * pandora's pre-order reports (decisions.md, "Pre-order events"): the stickers a store sticks on its packed pre-orders,
 * and the event report with its summary. Both read the orders marked with an event, through the partial indexes of
 * migration 0046, with the same filters: event, stores, collection days (and for stickers the status and fulfilment).
 */

type PreOrderFilters = Partial<Pick<StickerQuery, 'event_id' | 'store_code' | 'collection_from' | 'collection_until' | 'status' | 'fulfilment'>>;

/** The orders (`o`) that are pre-orders: every read of these reports starts here (the partial indexes' condition). */
export const PRE_ORDERS = sql`o.pre_order_event_id is not null`;

/** The pre-orders (`o`) a query selects, on the orders table alone. */
export function preOrderConditions(q: PreOrderFilters): (SQL | undefined)[] {
  const codes = storeCodesOf(q.store_code);
  return [
    PRE_ORDERS,
    q.event_id !== undefined ? sql`o.pre_order_event_id = ${q.event_id}` : undefined,
    codes.length ? inStoreCodes('o.store_id', codes) : undefined,
    q.collection_from ? sql`o.collection_day >= ${q.collection_from}::date` : undefined,
    q.collection_until ? sql`o.collection_day <= ${q.collection_until}::date` : undefined,
    q.status !== undefined ? sql`o.status = ${q.status}` : undefined,
    q.fulfilment !== undefined ? sql`o.fulfilment = ${q.fulfilment}` : undefined,
  ];
}

const inList = (statuses: readonly number[]) => sql.raw(`in (${statuses.join(', ')})`);
/** Paid and not ended badly: what counts as sales, as everywhere in the order reports. */
const REVENUE = inList(ORDER_REVENUE_STATUSES);
/** Orders still holding their units: neither cancelled nor ended unpaid. */
const LIVE = inList([...statusesOfGroup('waiting'), ...statusesOfGroup('paid'), ...statusesOfGroup('picked_up')]);
const groupIs = (group: PreOrderStatusGroup) => inList(statusesOfGroup(group));

/** A line's figures over the orders `f` (or `o`) and their lines `i`: units by status group, units still held, sales. */
const lineFigures = (o: string) => {
  const t = sql.raw(o);
  return sql`coalesce(sum(i.quantity) filter (where ${t}.status ${LIVE}), 0) as quantity,
    coalesce(sum(i.price * i.picked_quantity) filter (where ${t}.status ${REVENUE}), 0) as sales,
    coalesce(sum(i.quantity) filter (where ${t}.status ${groupIs('waiting')}), 0) as waiting_quantity,
    coalesce(sum(i.quantity) filter (where ${t}.status ${groupIs('paid')}), 0) as paid_quantity,
    coalesce(sum(i.quantity) filter (where ${t}.status ${groupIs('picked_up')}), 0) as picked_up_quantity,
    coalesce(sum(i.quantity) filter (where ${t}.status ${groupIs('cancelled')}), 0) as cancelled_quantity,
    coalesce(sum(i.quantity) filter (where ${t}.status ${groupIs('unpaid')}), 0) as unpaid_quantity`;
};
const FIGURE_COLUMNS = ['orders', 'consumers', 'quantity', 'sales', 'waiting_quantity', 'paid_quantity', 'picked_up_quantity', 'cancelled_quantity', 'unpaid_quantity'];

const STICKER_FROM = sql`from orders o join pre_order_events e on e.id = o.pre_order_event_id join stores s on s.id = o.store_id join consumers c on c.id = o.consumer_id`;

const readSticker = listOnly(rowReader(stickerRow));

/** The sticker list: one row a pre-order, with its lines and its number as a QR code. */
const stickerDef: ResourceDef<ListOnly<StickerRow>, StickerQuery> = {
  entity: 'order',
  label: 'Pre-order',
  table: 'orders',
  select: sql`select o.id, o.order_no, o.created_at, o.pre_order_event_id as event_id, e.code as event_code, e.name as event_name,
      o.collection_day::text as collection_day, s.code as store_code, s.name as store_name, o.consumer_id, c.name as consumer_name, c.phone as consumer_phone,
      false as personal_masked, o.fulfilment, o.status,
      coalesce((select json_agg(json_build_object('plu', i.plu, 'name', i.name, 'quantity', i.quantity, 'picked_quantity', i.picked_quantity) order by i.id)
        from order_items i where i.order_id = o.id), '[]'::json) as items, o.updated_at`,
  from: STICKER_FROM,
  countFrom: () => sql`from orders o`,
  pageFrom: () => sql`from orders o`,
  scope: PRE_ORDERS,
  id: 'o.id',
  toRow: (r) => {
    const qr = qrSvgPath(String(r.order_no));
    return readSticker({ ...r, qr_path: qr.path, qr_size: qr.size });
  },
  sort: { collection_day: 'o.collection_day', created_at: 'o.created_at' },
  // An order number as typed, or its start (the orders' text_pattern_ops index).
  search: (_pattern, text) => sql`o.order_no like ${`${text.trim().toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`,
  // The scope is among the conditions already: the planner reads the same partial index either way.
  where: preOrderConditions,
  writable: [],
};

/** A sticker as the caller may see it: the customer's name and phone masked without the personal-data right. */
export function presentSticker(row: StickerRow, unmasked: boolean): StickerRow {
  if (unmasked) return row;
  return { ...row, consumer_name: maskName(row.consumer_name) ?? '', consumer_phone: maskPhone(row.consumer_phone), personal_masked: true };
}

/** The event report's detail: per event, store, collection day and product. */
export const eventReportDetail: GroupedReport<EventReportQuery> = {
  select: sql`select r.event_id || ':' || r.store_id || ':' || r.collection_day || ':' || r.product_id as id, r.event_id, e.code as event_code,
    r.collection_day::text as collection_day, r.store_id, s.code as store_code, s.name as store_name, r.product_id, p.plu, p.name as product_name,
    ${sql.raw(FIGURE_COLUMNS.map((c) => `r.${c}`).join(', '))}`,
  from: (q) => sql`from (select o.pre_order_event_id as event_id, o.store_id, o.collection_day, i.product_id,
        count(distinct o.id) as orders, count(distinct o.consumer_id) as consumers, ${lineFigures('o')}
      from orders o join order_items i on i.order_id = o.id ${whereOf(preOrderConditions(q))}
      group by o.pre_order_event_id, o.store_id, o.collection_day, i.product_id) r
    join pre_order_events e on e.id = r.event_id join stores s on s.id = r.store_id join products p on p.id = r.product_id`,
  sort: { collection_day: 'r.collection_day', store_code: 's.code', quantity: 'r.quantity', sales: 'r.sales' },
  tie: ['r.event_id', 'r.collection_day', 'r.store_id', 'r.product_id'],
};

/**
 * Each product of the events in view against its quota: the chosen event's products, or those of the events whose
 * pre-orders the filters select. `ordered` and `remaining` are the event's whole (every store and day); the figures
 * are the filtered pre-orders'.
 */
export function productSummaryFrom(q: EventReportSummaryQuery): SQL {
  const events = q.event_id !== undefined ? sql`x.event_id = ${q.event_id}` : sql`x.event_id in (select distinct f.pre_order_event_id from f)`;
  return sql`from (with f as (select o.id, o.status, o.consumer_id, o.pre_order_event_id from orders o ${whereOf(preOrderConditions(q))}),
        a as (select f.pre_order_event_id as event_id, i.product_id, count(distinct f.id) as orders, count(distinct f.consumer_id) as consumers, ${lineFigures('f')}
          from f join order_items i on i.order_id = f.id group by f.pre_order_event_id, i.product_id)
      select x.event_id, e.code as event_code, x.product_id, p.plu, p.name as product_name, x.quota, x.ordered, x.quota - x.ordered as remaining,
        ${sql.raw(FIGURE_COLUMNS.map((c) => `coalesce(a.${c}, 0) as ${c}`).join(', '))}
      from pre_order_event_products x join pre_order_events e on e.id = x.event_id join products p on p.id = x.product_id
        left join a on a.event_id = x.event_id and a.product_id = x.product_id
      where ${events}) r`;
}

const readReportRow = rowReader(eventReportRow);
const readProduct = rowReader(eventProductSummary);
const readSummary = rowReader(eventReportSummary);

/** The two reports' reads. */
export class PreOrderReportService {
  readonly stickers: ResourceService<ListOnly<StickerRow>, StickerQuery>;

  constructor(private readonly db: Db) {
    this.stickers = new ResourceService(stickerDef, db);
  }

  eventReport(q: EventReportQuery): Promise<{ data: EventReportRow[]; meta: ListMeta }> {
    return groupedPage(this.db, eventReportDetail, eventReportDetail.from(q), q, readReportRow);
  }

  /** The summary over the filters: its figures, per status group, and each product against its quota. */
  async summary(q: EventReportSummaryQuery): Promise<EventReportSummary> {
    const byStatus = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select grouping(o.status) as whole, o.status, count(*) as orders, count(distinct o.consumer_id) as consumers,
          coalesce(sum(t.quantity), 0) as quantity, coalesce(sum(t.value), 0) as value, coalesce(sum(t.sales), 0) as sales
        from orders o cross join lateral (select sum(i.quantity) as quantity, sum(i.price * i.quantity) as value, sum(i.price * i.picked_quantity) as sales
          from order_items i where i.order_id = o.id) t
        ${whereOf(preOrderConditions(q))} group by grouping sets ((o.status), ())`,
    );
    const statuses = PRE_ORDER_STATUS_GROUP.values.map((group) => ({ group, orders: 0, quantity: 0, value: 0 }));
    let [quantity, sales] = [0, 0];
    for (const r of byStatus.filter((s) => Number(s.whole) === 0)) {
      const group = PRE_ORDER_STATUS_GROUP_OF[Number(r.status)];
      const into = statuses.find((s) => s.group === group);
      if (!into) continue;
      into.orders += Number(r.orders);
      into.quantity += Number(r.quantity);
      into.value += Number(r.value);
      if (group === 'waiting' || group === 'paid' || group === 'picked_up') quantity += Number(r.quantity);
      if (ORDER_REVENUE_STATUSES.includes(Number(r.status))) sales += Number(r.sales);
    }
    const whole = byStatus.find((s) => Number(s.whole) === 1);
    const products = (await queryRows(this.db, sql`select r.* ${productSummaryFrom(q)} order by r.event_code, r.plu, r.product_id`)).map(readProduct);
    return readSummary({ orders: Number(whole?.orders ?? 0), consumers: Number(whole?.consumers ?? 0), quantity, sales, statuses, products });
  }
}
