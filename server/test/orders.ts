import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../src/db/client.ts';
import { paymentSecretOf, paymentSignature } from '../src/domains/orders/payment-callback.service.ts';
import type { Harness } from './harness.ts';

export interface OrderShelf {
  store: { id: number; code: string };
  products: { id: number; plu: string; price: number }[];
}

/**
 * Tests only: where a test's orders go. The last active store, whose orders are the test's own (the demo's are at the
 * first four), and two of its products on sale without a purchase limit, each stocked with `stock` units.
 */
export async function orderShelf(db: Db, stock: number): Promise<OrderShelf> {
  const [store] = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where status = 1 order by id desc limit 1`);
  if (!store) throw new Error('no active store');
  const products = (
    await queryRows<{ id: number; plu: string; price: number }>(
      db,
      sql`select p.id, p.plu, coalesce(sp.promo_price, sp.price) as price from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${store.id} and sp.is_active and p.status = 1 and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        order by p.id limit 2`,
    )
  ).map((p) => ({ id: Number(p.id), plu: p.plu, price: Number(p.price) }));
  await db.execute(sql`update store_products set stock = ${stock} where store_id = ${store.id} and product_id in (${sql.join(products.map((p) => sql`${p.id}`), sql`, `)})`);
  return { store: { id: Number(store.id), code: store.code }, products };
}

/** Pays an order as the payment gateway does: its signed callback, for the order's whole total. */
export async function payOrder(h: Harness, order: { order_id: number; order_no: string; total: number }): Promise<void> {
  const event = { event_id: `EV-${order.order_no}`, order_no: order.order_no, status: 'PAID' as const, amount: order.total, payment_ref: `PG-${order.order_id}` };
  const body = { ...event, signature: paymentSignature(paymentSecretOf(h.services.config), event) };
  expect((await h.call('POST', '/api/v1/payments/callback', { body })).statusCode).toBe(200);
}
