import { sql } from 'drizzle-orm';
import { ORDER_DISTRIBUTED } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import type { OnlineSaleEarning, OnlineSaleRecorder } from './orders.deps.ts';

/** Queued in the transaction that delivers an order (or hands it over), so a sale is recorded exactly when one happened. */
export const ORDER_SALE_JOB = 'orders.sale';

/**
 * A delivered order is an online sale of what was picked: it earns by the loyalty programmes (channel online, the order
 * number as the transaction id, so a retried job earns once), goes into the consumer's point-of-sale history, with
 * the stamps it earned, and counts in the sales analytics as an online transaction of its store. All three are
 * idempotent by the order number.
 */
export function orderSaleJob(db: Db, earning: OnlineSaleEarning, sales: OnlineSaleRecorder, clock: Clock): JobHandler<{ order_id: number }> {
  return async ({ order_id }) => {
    const [order] = await queryRows<{ consumer_id: number; store_id: number; store_code: string; order_no: string; picked_total: number; at: string; items: unknown }>(
      db,
      sql`select o.consumer_id, o.store_id, s.code as store_code, o.order_no, o.picked_total,
          (select max(e.at) from order_events e where e.order_id = o.id and e.to_status = ${ORDER_DISTRIBUTED}) as at,
          (select json_agg(json_build_object('plu', i.plu, 'quantity', i.picked_quantity, 'price', i.price) order by i.id)
            from order_items i where i.order_id = o.id and i.picked_quantity > 0) as items
        from orders o join stores s on s.id = o.store_id where o.id = ${order_id} and o.status = ${ORDER_DISTRIBUTED}`,
    );
    if (!order) return;
    const items = (typeof order.items === 'string' ? JSON.parse(order.items) : order.items) as { plu: string; quantity: number; price: number }[];
    const at = new Date(order.at).toISOString();
    const earned = await earning.transaction(
      Number(order.consumer_id),
      { transaction_id: order.order_no, store_code: order.store_code, channel: 2, total: Number(order.picked_total), items, bank_promotion: false, at },
      clock.now(),
    );
    await db.execute(sql`insert into pos_sales (consumer_id, store_id, receipt_no, total, item_count, stamps_earned, at)
      values (${order.consumer_id}, ${order.store_id}, ${order.order_no}, ${order.picked_total}, ${items.reduce((n, i) => n + i.quantity, 0)}, ${earned.total_earned}, ${at})
      on conflict (receipt_no) do nothing`);
    if (items.length) {
      await sales.record([{ transaction_id: order.order_no, store_code: order.store_code, channel: 2, card_id: null, consumer_id: Number(order.consumer_id), at, lines: items }], clock.now());
    }
  };
}
