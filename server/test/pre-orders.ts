import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PreOrderEventCreate, PreOrderEventDetail } from '@portal/contract';
import { queryRows, type Db } from '../src/db/client.ts';
import type { Harness } from './harness.ts';

/** Tests only: a store and products on its shelf (price, stock) that an event can offer, none of them limited per purchase. */
export interface PreOrderShelf {
  store: { id: number; code: string };
  other: { id: number; code: string };
  products: { id: number; plu: string; name: string; price: number }[];
}

/**
 * The first active store and three of its products without a purchase limit, each stocked with `stock` units, and a
 * second active store (one that does not take part in a test's event).
 */
export async function preOrderShelf(db: Db, stock: number): Promise<PreOrderShelf> {
  const stores = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where status = 1 order by id limit 2`);
  const [store, other] = stores.map((s) => ({ id: Number(s.id), code: s.code }));
  if (!store || !other) throw new Error('two active stores needed');
  const products = (
    await queryRows<{ id: number; plu: string; name: string; price: number }>(
      db,
      sql`select p.id, p.plu, p.name, coalesce(sp.promo_price, sp.price) as price from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${store.id} and sp.is_active and p.status = 1 and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        order by p.id desc limit 3`,
    )
  ).map((p) => ({ id: Number(p.id), plu: p.plu, name: p.name, price: Number(p.price) }));
  await db.execute(sql`update store_products set stock = ${stock} where store_id = ${store.id} and product_id in (${sql.join(products.map((p) => sql`${p.id}`), sql`, `)})`);
  return { store, other, products };
}

/** Jakarta calendar day `n` days after the instant's. */
export const jakartaDayAfter = (at: Date, n: number): string => new Date(at.getTime() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** An event body open from an hour ago for a week, collected from two to five days on. */
export function eventBody(now: Date, code: string, shelf: PreOrderShelf, quota: number): PreOrderEventCreate {
  return {
    code,
    name: `Hampers ${code}`,
    description: 'Parsel untuk diambil di toko',
    order_start: new Date(now.getTime() - 3_600_000).toISOString(),
    order_end: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    collection_start: jakartaDayAfter(now, 2),
    collection_end: jakartaDayAfter(now, 5),
    status: 1,
    store_ids: [shelf.store.id],
    products: shelf.products.slice(0, 2).map((p) => ({ product_id: p.id, quota })),
  };
}

/** Creates an event through the API as a staff member allowed to. */
export async function createEvent(h: Harness, token: string, body: PreOrderEventCreate): Promise<PreOrderEventDetail> {
  const res = await h.call('POST', '/api/v1/pre-order-events', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PreOrderEventDetail }>().data;
}
