import { sql } from 'drizzle-orm';
import { ACTIVE_STATUS, collectionDayIssue, jakartaDay } from '@portal/contract';
import { queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { badRequest, unprocessable } from '../../platform/errors.ts';

/*
 * A pre-order's part of placing an order and of ending one (decisions.md, "Pre-order events"). Both lock the event's
 * product rows in product order before the store's stock rows, as placing any order locks its stock rows: concurrent
 * orders queue on the rows they share and never deadlock.
 */

export interface PreOrderRequest {
  eventCode: string;
  collectionDay: string;
  storeId: number;
  storeCode: string;
  lines: readonly { product_id: number; plu: string; name: string; quantity: number }[];
  now: Date;
}

type EventRow = {
  id: number;
  name: string;
  status: number;
  is_open: unknown;
  collection_start: string;
  collection_end: string;
  takes_store: unknown;
  in_event: number[];
};

const isTrue = (v: unknown) => v === true || v === 't';

/**
 * Checks a pre-order against its event (active, its order window open now, the store taking part, every product in it,
 * the collection day in its collection window and not before today) and takes its units from the event's quotas in
 * SQL: a product's `ordered` rises only where it stays within the quota, so concurrent pre-orders never oversell it. A
 * refusal throws and the caller's transaction gives back whatever was taken.
 */
export async function takePreOrder(tx: Tx, r: PreOrderRequest): Promise<{ eventId: number; collectionDay: string }> {
  const ids = r.lines.map((l) => l.product_id);
  const [event] = await queryPrepared<EventRow>(
    tx,
    'pre_order_event',
    sql`select e.id, e.name, e.status, (e.order_start <= ${r.now.toISOString()}::timestamptz and e.order_end > ${r.now.toISOString()}::timestamptz) as is_open,
        e.collection_start::text as collection_start, e.collection_end::text as collection_end,
        exists (select 1 from pre_order_event_stores x where x.event_id = e.id and x.store_id = ${r.storeId}) as takes_store,
        array(select x.product_id from pre_order_event_products x where x.event_id = e.id
          and x.product_id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))) as in_event
      from pre_order_events e where lower(e.code) = lower(${r.eventCode})`,
  );
  if (!event) throw badRequest(`Pre-order event ${r.eventCode} does not exist`, [{ path: 'event_code', message: `Pre-order event ${r.eventCode} does not exist` }]);
  if (Number(event.status) !== ACTIVE_STATUS.values[0] || !isTrue(event.is_open)) throw unprocessable(`${event.name} does not take pre-orders now`);
  if (!isTrue(event.takes_store)) throw unprocessable(`Store ${r.storeCode} does not take pre-orders of ${event.name}`);
  const inEvent = new Set((event.in_event ?? []).map(Number));
  const outside = r.lines.find((l) => !inEvent.has(l.product_id));
  if (outside) throw unprocessable(`${outside.name} is not a product of ${event.name}`);
  const dayIssue = collectionDayIssue(r.collectionDay, event, jakartaDay(r.now));
  if (dayIssue) throw unprocessable(dayIssue);

  const eventId = Number(event.id);
  const take = JSON.stringify(r.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })));
  const [taken] = await queryPrepared<{ taken: number[] }>(
    tx,
    'pre_order_take',
    sql`with t as (select * from json_to_recordset(${take}::json) as t(product_id int, quantity int)),
        k as (select x.product_id from pre_order_event_products x where x.event_id = ${eventId} and x.product_id in (select product_id from t) order by x.product_id for update),
        taken as (update pre_order_event_products x set ordered = x.ordered + t.quantity from t
          where x.event_id = ${eventId} and x.product_id = t.product_id and x.product_id in (select product_id from k) and x.ordered + t.quantity <= x.quota
          returning x.product_id)
      select array(select product_id from taken) as taken`,
  );
  const got = new Set((taken?.taken ?? []).map(Number));
  const short = r.lines.find((l) => !got.has(l.product_id));
  if (short) {
    const [left] = await queryRows<{ left: number }>(
      tx,
      sql`select greatest(quota - ordered, 0) as left from pre_order_event_products where event_id = ${eventId} and product_id = ${short.product_id}`,
    );
    throw unprocessable(`Only ${Number(left?.left ?? 0)} of ${short.name} left to pre-order in ${event.name}`);
  }
  return { eventId, collectionDay: r.collectionDay };
}

/**
 * Gives a pre-order's units back to its event's quotas (an order ending unpaid or cancelled): every unit it ordered,
 * picked or not, as placing it took them. Nothing for an order of no event.
 */
export async function givePreOrderBack(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`with r as (select o.pre_order_event_id as event_id, i.product_id, sum(i.quantity)::int as quantity
        from orders o join order_items i on i.order_id = o.id where o.id = ${orderId} and o.pre_order_event_id is not null
        group by o.pre_order_event_id, i.product_id),
      k as (select x.product_id from pre_order_event_products x join r on r.event_id = x.event_id and r.product_id = x.product_id order by x.product_id for update of x)
    update pre_order_event_products x set ordered = x.ordered - r.quantity from r
    where x.event_id = r.event_id and x.product_id = r.product_id and x.product_id in (select product_id from k)`);
}
