import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FULFIL_DELIVERY, ORDER_PAYMENT_MINUTES, ORDER_WAITING_PAYMENT, appOrderPlaced, stampDayOf, type AppOrderBody, type AppOrderPlaced } from '@portal/contract';
import { queryPrepared, queryRows, type Db, type Tx } from '../../db/client.ts';
import { badRequest, pgCode, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { orderRollupMove } from './order-rollup.ts';
import { takePreOrder } from './pre-order-quota.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** ORD-YYYYMMDD-XXXXXXXX: the Jakarta day it was placed and 8 characters from 32 (40 bits: unique by its index). */
const orderNo = (now: Date) => `ORD-${stampDayOf(now).replaceAll('-', '')}-${[...randomBytes(8)].map((b) => CODE_ALPHABET[b % 32]).join('')}`;

const toPlaced = rowReader(appOrderPlaced);

type Line = {
  product_id: number;
  plu: string;
  name: string;
  price: number;
  quantity: number;
  stock: number;
  max_qty: number | null;
  daily_limit: number | null;
  ordered_today: number;
};

/**
 * The consumer app's order, placed in one transaction: the store and its products by PLU (the promo price where there
 * is one), the max-purchase limitation of each product on the Jakarta day (per order, and per consumer per day over
 * orders that are not ended unpaid or cancelled: the consumer's row is locked, so parallel orders of one consumer
 * count each other), the stock taken in SQL (`stock >= quantity`, rows locked in product order so concurrent orders
 * never deadlock and never oversell), the delivery fee of the first active delivery method of the mode, then the order,
 * its items, its first timeline entry and the dashboard's counters. Two statements and no read-back: each round trip
 * inside the transaction is time the stock rows stay locked. A refused order takes nothing.
 */
export class OrderPlacementService {
  constructor(private readonly db: Db) {}

  async place(consumerId: number, body: AppOrderBody, now: Date): Promise<AppOrderPlaced> {
    try {
      return await this.db.transaction((tx) => this.placeIn(tx, consumerId, body, now));
    } catch (err) {
      // The same request placed at the same moment (not yet committed when this one looked): the first one's order is the answer.
      if (pgCode(err) === '23505' && body.client_ref) {
        const earlier = await this.byClientRef(this.db, consumerId, body.client_ref);
        if (earlier) return earlier;
      }
      throw err;
    }
  }

  private async placeIn(tx: Tx, consumerId: number, body: AppOrderBody, now: Date): Promise<AppOrderPlaced> {
    const day = stampDayOf(now);
    const wanted = JSON.stringify(body.items.map((i, ord) => ({ ord, plu: i.plu.toUpperCase(), quantity: i.quantity })));
    const delivery = body.fulfilment === FULFIL_DELIVERY ? body.delivery_mode : null;
    // Parallel orders of one consumer wait for each other on the consumer's row, so the daily limit (read in the same
    // statement, after the lock) counts them all; a repeated client_ref finds its order here.
    const found = await queryPrepared<Line & { store_id: number | null; earlier: number | null; ord: number | null; store_product: number | null; fee: number | null }>(
      tx,
      'order_lines',
      sql`with c as (select id from consumers where id = ${consumerId} for update),
        s as (select (select id from stores where lower(code) = lower(${body.store_code}) and status = 1 order by id limit 1) as store_id,
          (select o.id from orders o where o.consumer_id = c.id and o.client_ref = ${body.client_ref ?? null}) as earlier from c),
        w as (select * from json_to_recordset(${wanted}::json) as w(ord int, plu text, quantity int))
        select s.store_id, s.earlier, w.ord, w.plu, w.quantity, p.id as product_id, p.name, sp.id as store_product, coalesce(sp.promo_price, sp.price) as price,
          -- What an order may take: the stock less the units the stock shadow of the PLU holds back from online sale.
          sp.stock - coalesce((select sh.quantity from stock_shadows sh where sh.product_id = p.id), 0) as stock,
          (select fee from delivery_methods where delivery_mode = ${delivery} and status = 1 order by position, id limit 1) as fee,
          m.max_qty, m.daily_limit,
          -- What the consumer ordered of it today counts only for a product with a daily limit.
          case when m.daily_limit is null then 0 else coalesce((select sum(i.quantity) from orders o join order_items i on i.order_id = o.id
            where o.consumer_id = ${consumerId} and i.product_id = p.id and o.status not in (110, 111, 210)
              and o.created_at >= ${day}::date::timestamp at time zone 'Asia/Jakarta'), 0) end::int as ordered_today
        from s left join w on s.earlier is null and s.store_id is not null
        left join products p on upper(p.plu) = w.plu and p.status = 1
        left join store_products sp on sp.store_id = s.store_id and sp.product_id = p.id and sp.is_active
        left join lateral (select max_qty, daily_limit from max_purchase_limitations x where x.product_id = p.id and x.status = 1
          and x.start_date <= ${day}::date and x.end_date >= ${day}::date order by x.max_qty limit 1) m on true
        order by w.ord`,
    );
    const head = found[0];
    if (head?.earlier != null) return (await this.read(tx, Number(head.earlier)))!;
    if (head?.store_id == null) throw badRequest(`Store ${body.store_code} does not exist`, [{ path: 'store_code', message: `Store ${body.store_code} does not exist` }]);
    const storeId = Number(head.store_id);
    const lines = found as (Line & { ord: number; store_product: number | null; fee: number | null })[];
    for (const l of lines) {
      const path = `items.${l.ord}.plu`;
      if (l.product_id === null) throw badRequest(`Product ${l.plu} does not exist`, [{ path, message: `Product ${l.plu} does not exist` }]);
      if (l.store_product === null) throw unprocessable(`${l.name} is not sold at this store`);
      if (l.max_qty !== null && l.quantity > Number(l.max_qty)) throw unprocessable(`At most ${l.max_qty} of ${l.name} in one order`);
      if (l.daily_limit !== null && Number(l.ordered_today) + l.quantity > Number(l.daily_limit)) {
        throw unprocessable(`At most ${l.daily_limit} of ${l.name} a day: ${l.ordered_today} ordered today already`);
      }
    }
    const fee = lines[0]?.fee ?? null;
    if (delivery !== null && fee === null) throw unprocessable('No delivery method of this kind is available now');
    // A pre-order: checked against its event and its units taken from the event's quotas, before the stock is locked.
    const preOrder =
      body.event_code && body.collection_day
        ? await takePreOrder(tx, {
            eventCode: body.event_code,
            collectionDay: body.collection_day,
            storeId,
            storeCode: body.store_code,
            lines: lines.map((l) => ({ product_id: Number(l.product_id), plu: l.plu, name: l.name, quantity: l.quantity })),
            now,
          })
        : null;
    const deliveryFee = Number(fee ?? 0);
    const take = JSON.stringify(lines.map((l) => ({ product_id: Number(l.product_id), quantity: l.quantity })));
    const itemsTotal = lines.reduce((n, l) => n + Number(l.price) * l.quantity, 0);
    const expires = new Date(now.getTime() + ORDER_PAYMENT_MINUTES * 60_000);
    const items = JSON.stringify(lines.map((l) => ({ ord: l.ord, product_id: Number(l.product_id), plu: l.plu, name: l.name, price: Number(l.price), quantity: l.quantity })));
    const orderNumber = orderNo(now);
    const total = itemsTotal + deliveryFee;
    // One statement: the stock (each row locked in product order, taken only where it covers the quantity), then, only
    // when every line was taken, the order, its lines, its first timeline entry and its place in the dashboard's
    // counters. A line short writes no order, and the refusal below rolls back what the other lines took.
    const [order] = await queryPrepared<{ id: number | null; taken: number[] }>(
      tx,
      'order_place',
      sql`with t as (select * from json_to_recordset(${take}::json) as t(product_id int, quantity int)),
        k as (select sp.id from store_products sp where sp.store_id = ${storeId} and sp.product_id in (select product_id from t) order by sp.product_id for update),
        taken as (update store_products sp set stock = sp.stock - t.quantity from t
          where sp.store_id = ${storeId} and sp.product_id = t.product_id and sp.id in (select id from k)
            and sp.stock - coalesce((select sh.quantity from stock_shadows sh where sh.product_id = sp.product_id), 0) >= t.quantity
          returning sp.product_id),
        moved as (insert into orders (order_no, consumer_id, store_id, status, fulfilment, delivery_mode, delivery_address, items_total, picked_total, delivery_fee, total,
            payment_expires_at, client_ref, created_at, updated_at, pre_order_event_id, collection_day)
          select ${orderNumber}, ${consumerId}, ${storeId}, ${ORDER_WAITING_PAYMENT}, ${body.fulfilment}, ${delivery},
            ${delivery !== null ? body.delivery_address : null}, ${itemsTotal}, ${itemsTotal}, ${deliveryFee}, ${total}, ${expires}::timestamptz, ${body.client_ref}, ${now}::timestamptz, ${now}::timestamptz,
            ${preOrder?.eventId ?? null}::int, ${preOrder?.collectionDay ?? null}::date
          where (select count(*) from taken) = ${lines.length}
          returning id, store_id, created_at, total),
        i as (insert into order_items (order_id, product_id, plu, name, price, quantity, picked_quantity)
          select m.id, x.product_id, x.plu, x.name, x.price, x.quantity, x.quantity
          from moved m cross join json_to_recordset(${items}::json) as x(ord int, product_id int, plu text, name text, price bigint, quantity int) order by x.ord),
        e as (insert into order_events (order_id, action, from_status, to_status, actor_kind, actor_id, at)
          select id, 'place', null, ${ORDER_WAITING_PAYMENT}, 'consumer', ${consumerId}, ${now} from moved),
        ${orderRollupMove(null, ORDER_WAITING_PAYMENT)}
      select (select id from moved) as id, array(select product_id from taken) as taken`,
    );
    if (!order?.id) {
      const taken = new Set((order?.taken ?? []).map(Number));
      const short = lines.find((l) => !taken.has(Number(l.product_id)));
      throw unprocessable(short ? `Only ${Math.max(0, Number(short.stock))} of ${short.name} left at this store` : 'Not enough stock');
    }
    // The answer from what was written, without reading it back.
    return {
      order_id: Number(order.id),
      order_no: orderNumber,
      status: ORDER_WAITING_PAYMENT,
      items_total: itemsTotal,
      delivery_fee: deliveryFee,
      total,
      payment_expires_at: expires.toISOString(),
      items: lines.map((l) => ({ plu: l.plu, name: l.name, price: Number(l.price), quantity: l.quantity })),
    };
  }

  private async byClientRef(db: Db | Tx, consumerId: number, clientRef: string): Promise<AppOrderPlaced | undefined> {
    const [row] = await queryRows<{ id: number }>(db, sql`select id from orders where consumer_id = ${consumerId} and client_ref = ${clientRef}`);
    return row ? this.read(db, Number(row.id)) : undefined;
  }

  private async read(db: Db | Tx, orderId: number): Promise<AppOrderPlaced | undefined> {
    const [row] = await queryRows(
      db,
      sql`select o.id as order_id, o.order_no, o.status, o.items_total, o.delivery_fee, o.total, o.payment_expires_at,
          coalesce((select json_agg(json_build_object('plu', i.plu, 'name', i.name, 'price', i.price, 'quantity', i.quantity) order by i.id) from order_items i where i.order_id = o.id), '[]'::json) as items
        from orders o where o.id = ${orderId}`,
    );
    return row ? toPlaced(row) : undefined;
  }
}
