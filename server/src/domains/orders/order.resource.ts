import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_CANCELLED,
  ORDER_DISTRIBUTED,
  maskPhone,
  orderNoDays,
  orderDetail,
  orderRow,
  storeCodesOf,
  type OrderDetail,
  type orderFilterFields,
  type OrderListQuery,
  type OrderRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** What the consumer paid for and does not receive: everything of a cancelled paid order, else the lines picked short. */
export const REFUND_DUE = sql.raw(`case when o.paid_at is null then 0 when o.status = ${ORDER_CANCELLED} then o.total else o.items_total - o.picked_total end`);

export const ORDER_SELECT = sql`select o.id, o.order_no, o.created_at, o.store_id, s.code as store_code, s.name as store_name, o.consumer_id,
  c.name as consumer_name, c.phone as consumer_phone, o.fulfilment, o.delivery_mode, o.status, o.payment_status, o.items_total, o.picked_total,
  o.delivery_fee, o.total, ${REFUND_DUE} as refund_due, o.has_unpick, o.paid_at, o.updated_at, u.name as updated_by_name, o.version, false as personal_masked`;
export const ORDER_FROM = sql`from orders o join stores s on s.id = o.store_id join consumers c on c.id = o.consumer_id left join users u on u.id = o.updated_by`;

/** A store-id column among the stores of the given codes (upper-cased by `storeCodesOf`); codes of no store match nothing. */
export function inStoreCodes(column: string, codes: string[]): SQL {
  return sql`${sql.raw(column)} in (select id from stores where upper(code) in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)}))`;
}

/**
 * An order number as typed (any case), or the order's id. A prefix that reaches into the number's date also names the
 * days its orders were placed on, so a day's prefix reads that day's part of the date index, newest first, instead of
 * sorting every order the prefix matches.
 */
function orderIdConditions(text: string): (SQL | undefined)[] {
  const typed = text.trim().toUpperCase();
  const asId = /^\d{1,15}$/.test(typed) ? Number(typed) : null;
  if (asId !== null) return [sql`(o.id = ${asId} or o.order_no = ${typed})`];
  const days = orderNoDays(typed);
  const byDays = days ? daysBetween('o.created_at', days.from, days.until) : [];
  return days?.exact ? byDays : [sql`o.order_no like ${`${typed.replace(/[\\%_]/g, '\\$&')}%`}`, ...byDays];
}

/** The spec's order filters, as the order list and each of pandora's order reports take them (a report takes some). */
export type OrderFilters = Partial<Pick<OrderListQuery, keyof typeof orderFilterFields>>;

/**
 * The spec's order filters on the orders table alone (the total counts without joins): the report tab narrows to the
 * delivered orders (disbursement) or the orders with a line picked short (unpick, by its partial index), and
 * `unpick_reason` to those with a line short for that reason (the reasons the order keeps of its short lines, migration 0031).
 */
export function orderConditions(q: OrderFilters): (SQL | undefined)[] {
  const codes = storeCodesOf(q.store_code);
  return [
    ...(q.order_id ? orderIdConditions(q.order_id) : []),
    codes.length ? inStoreCodes('o.store_id', codes) : undefined,
    ...daysBetween('o.created_at', q.date_from, q.date_until),
    q.status !== undefined ? sql`o.status = ${q.status}` : undefined,
    q.fulfilment !== undefined ? sql`o.fulfilment = ${q.fulfilment}` : undefined,
    q.consumer_id !== undefined ? sql`o.consumer_id = ${q.consumer_id}` : undefined,
    q.report === 'disbursement' ? sql`o.status = ${ORDER_DISTRIBUTED}` : undefined,
    // A reason's orders all have a line short (unpick_reasons is empty otherwise): has_unpick beside it would only
    // make the planner's estimate the product of two correlated conditions.
    q.unpick_reason !== undefined ? sql`o.unpick_reasons @> array[${q.unpick_reason}]::smallint[]` : q.report === 'unpick' ? sql`o.has_unpick` : undefined,
  ];
}

const readRow = rowReader(orderRow);
const readDetail = rowReader(orderDetail);

export const orderDef: ResourceDef<OrderRow, OrderListQuery> = {
  entity: 'order',
  label: 'Order',
  table: 'orders',
  select: ORDER_SELECT,
  from: ORDER_FROM,
  countFrom: (q) => (q.search ? ORDER_FROM : sql`from orders o`),
  // The page's orders are chosen on the orders table alone: a status's newest are then read from its (status,
  // created_at, id) index only, where with the joins the planner walked the date index past every newer order.
  pageFrom: (q) => (q.search ? undefined : sql`from orders o`),
  id: 'o.id',
  toRow: readRow,
  sort: { created_at: 'o.created_at', total: 'o.total' },
  search: (pattern) => sql`(o.order_no like upper(${pattern}) or lower(c.name) like lower(${pattern}))`,
  where: orderConditions,
  // A reason's orders are all among the unpicked ones: the page walks their partial index newest first.
  pageConditions: (q) => [q.unpick_reason !== undefined ? sql`o.has_unpick` : undefined],
  writable: [],
};

/** An order as the caller may see it: the consumer's phone, e-mail and address masked without the personal-data right. */
export function presentOrder<T extends OrderRow>(row: T, unmasked: boolean): T {
  if (unmasked) return row;
  const masked = { ...row, consumer_phone: maskPhone(row.consumer_phone), personal_masked: true };
  if ('delivery_address' in masked) Object.assign(masked, { consumer_email: null, delivery_address: masked.delivery_address ? '••••' : null });
  return masked;
}

/** cms Order Management's reads: the list (generic), and an order with its lines, delivery, payment and timeline. */
export class OrderService extends ResourceService<OrderRow, OrderListQuery> {
  constructor(db: Db) {
    super(orderDef, db);
  }

  async cancelReasons(): Promise<{ id: number; name: string }[]> {
    const rows = await queryRows<{ id: number; name: string }>(this.db, sql`select id, name from cancel_reasons where status = 1 order by sort_order, id`);
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  async detail(id: number, tx: Db | Tx = this.db): Promise<OrderDetail> {
    const [row] = await queryRows(
      tx,
      sql`${ORDER_SELECT}, c.email as consumer_email, o.delivery_address, o.driver_name, o.driver_phone, o.driver_assigned_at, o.payment_ref,
          o.payment_expires_at, r.name as cancel_reason, o.cancel_note, s.address as store_address, s.phone as store_phone,
          coalesce((select json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'plu', i.plu, 'name', i.name, 'price', i.price,
              'quantity', i.quantity, 'picked_quantity', i.picked_quantity, 'unpick_reason', i.unpick_reason) order by i.id)
            from order_items i where i.order_id = o.id), '[]'::json) as items,
          coalesce((select json_agg(json_build_object('id', e.id, 'action', e.action, 'from_status', e.from_status, 'to_status', e.to_status,
              'actor_kind', e.actor_kind, 'actor_name', case e.actor_kind when 'staff' then su.name when 'consumer' then c.name end, 'note', e.note,
              'at', e.at) order by e.at, e.id)
            from order_events e left join users su on e.actor_kind = 'staff' and su.id = e.actor_id where e.order_id = o.id), '[]'::json) as timeline
        ${ORDER_FROM} left join cancel_reasons r on r.id = o.cancel_reason_id where o.id = ${id}`,
    );
    if (!row) throw notFound('Order');
    return readDetail(row);
  }
}
