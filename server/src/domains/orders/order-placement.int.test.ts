import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderBody, AppOrderPlaced } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { OrderPlacementService } from './order-placement.service.ts';

describe('placing an order: stock taken in SQL, limits held, nothing taken by a refused order', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let orders: OrderPlacementService;
  let store: { id: number; code: string };
  let consumers: number[];
  /** Products of the store with stock and no max-purchase limitation. */
  let free: { product_id: number; plu: string; price: number }[];

  beforeAll(async () => {
    orders = new OrderPlacementService(db());
    [store] = (await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores where status = 1 order by id limit 1`)) as [{ id: number; code: string }];
    consumers = (await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 50`)).map((c) => Number(c.id));
    free = (
      await queryRows<{ product_id: number; plu: string; price: number }>(
        db(),
        sql`select p.id as product_id, p.plu, coalesce(sp.promo_price, sp.price)::int as price from store_products sp join products p on p.id = sp.product_id
          where sp.store_id = ${store.id} and sp.is_active and p.status = 1
            and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
          order by p.id limit 3`,
      )
    ).map((r) => ({ ...r, product_id: Number(r.product_id), price: Number(r.price) }));
    expect(free).toHaveLength(3);
  });

  const setStock = (productId: number, stock: number) => db().execute(sql`update store_products set stock = ${stock} where store_id = ${store.id} and product_id = ${productId}`);
  const stockOf = async (productId: number) =>
    Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${store.id} and product_id = ${productId}`))[0]!.stock);
  const body = (items: { plu: string; quantity: number }[], extra: Partial<AppOrderBody> = {}): AppOrderBody => ({
    store_code: store.code,
    fulfilment: 2,
    delivery_mode: null,
    delivery_address: null,
    items,
    client_ref: null,
    ...extra,
  });
  const refusal = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return { status: (err as AppError).status, message: (err as AppError).message };
  };

  it('places an order: items at the store’s price, stock taken, the delivery fee of the mode, the first timeline entry', async () => {
    const [a, b] = free as [(typeof free)[0], (typeof free)[0]];
    await setStock(a.product_id, 10);
    await setStock(b.product_id, 10);
    const [fee] = await queryRows<{ fee: number }>(db(), sql`select fee from delivery_methods where delivery_mode = 2 and status = 1 order by position, id limit 1`);
    const now = new Date();
    const request = body([{ plu: a.plu, quantity: 2 }, { plu: b.plu.toLowerCase(), quantity: 3 }], { fulfilment: 1, delivery_mode: 2, delivery_address: 'Jl. Melati No. 5, Jakarta', client_ref: 'PLACE-1' });
    const placed = await orders.place(consumers[0]!, request, now);
    // The answer is made from what was written, without reading it back: the same request again reads it back.
    expect(await orders.place(consumers[0]!, request, new Date())).toEqual(placed);
    expect(placed).toMatchObject({ status: 100, items_total: 2 * a.price + 3 * b.price, delivery_fee: Number(fee!.fee), total: 2 * a.price + 3 * b.price + Number(fee!.fee) });
    expect(placed.order_no).toMatch(/^ORD-\d{8}-[A-Z2-9]{8}$/);
    expect(placed.items.map((i) => [i.plu, i.quantity])).toEqual([
      [a.plu, 2],
      [b.plu, 3],
    ]);
    expect(Date.parse(placed.payment_expires_at) - now.getTime()).toBe(30 * 60_000);
    expect([await stockOf(a.product_id), await stockOf(b.product_id)]).toEqual([8, 7]);
    const events = await queryRows(db(), sql`select action, from_status, to_status, actor_kind, actor_id from order_events where order_id = ${placed.order_id}`);
    expect(events).toEqual([{ action: 'place', from_status: null, to_status: 100, actor_kind: 'consumer', actor_id: consumers[0] }]);
  });

  it('refuses an unknown store or product, a product the store does not sell, stock it lacks and a max-purchase breach, taking nothing', async () => {
    const [a, b] = free as [(typeof free)[0], (typeof free)[0]];
    await setStock(a.product_id, 5);
    await setStock(b.product_id, 1);
    const who = consumers[1]!;
    expect(await refusal(orders.place(who, body([{ plu: a.plu, quantity: 1 }], { store_code: 'NO-SUCH' }), new Date()))).toEqual({ status: 400, message: 'Store NO-SUCH does not exist' });
    expect(await refusal(orders.place(who, body([{ plu: 'NO-SUCH-PLU', quantity: 1 }]), new Date()))).toEqual({ status: 400, message: 'Product NO-SUCH-PLU does not exist' });
    // Two lines, the second short: the first line's stock is not taken either.
    expect(await refusal(orders.place(who, body([{ plu: a.plu, quantity: 2 }, { plu: b.plu, quantity: 2 }]), new Date()))).toMatchObject({ status: 422, message: expect.stringMatching(/^Only 1 of .+ left at this store$/) });
    expect([await stockOf(a.product_id), await stockOf(b.product_id)]).toEqual([5, 1]);
    const [unsold] = await queryRows<{ plu: string }>(db(), sql`select p.plu from products p where p.status = 1 and not exists (select 1 from store_products sp where sp.product_id = p.id and sp.store_id = ${store.id}) limit 1`);
    if (unsold) expect((await refusal(orders.place(who, body([{ plu: unsold.plu, quantity: 1 }]), new Date()))).status).toBe(422);
    // A limitation of 2 an order and 3 a day.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    await db().execute(sql`insert into max_purchase_limitations (product_id, max_qty, daily_limit, start_date, end_date) values (${a.product_id}, 2, 3, ${today}::date, ${today}::date)`);
    try {
      expect(await refusal(orders.place(who, body([{ plu: a.plu, quantity: 3 }]), new Date()))).toMatchObject({ status: 422, message: expect.stringMatching(/^At most 2 of .+ in one order$/) });
      await orders.place(who, body([{ plu: a.plu, quantity: 2 }]), new Date());
      expect(await refusal(orders.place(who, body([{ plu: a.plu, quantity: 2 }]), new Date()))).toMatchObject({ status: 422, message: expect.stringMatching(/^At most 3 of .+ a day: 2 ordered today already$/) });
      expect(await stockOf(a.product_id)).toBe(3);
    } finally {
      await db().execute(sql`delete from max_purchase_limitations where product_id = ${a.product_id}`);
    }
  });

  it('places an order sent twice with the same client reference once', async () => {
    const c = free[2]!;
    await setStock(c.product_id, 10);
    const request = body([{ plu: c.plu, quantity: 1 }], { client_ref: 'APP-RETRY-1' });
    const [first, second] = await Promise.all([orders.place(consumers[2]!, request, new Date()), orders.place(consumers[2]!, request, new Date())]);
    expect(second.order_id).toBe(first.order_id);
    expect(await stockOf(c.product_id)).toBe(9);
  });

  it('is placed through the consumer API with a consumer token; refused without one, and bad input named by field', async () => {
    const c = free[0]!;
    await setStock(c.product_id, 10);
    const [person] = await queryRows<{ phone: string }>(
      db(),
      sql`select c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id where c.status = 1
        and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 1`,
    );
    const token = (await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: person!.phone, password: DEMO_PASSWORD } })).json<{ data: { token: string } }>().data.token;
    const order = { store_code: store.code, fulfilment: 2, items: [{ plu: c.plu, quantity: 2 }] };
    expect((await h.call('POST', '/api/v1/app/orders', { body: order })).statusCode).toBe(401);
    const placed = await h.call('POST', '/api/v1/app/orders', { token, body: order });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<{ data: AppOrderPlaced }>().data).toMatchObject({ status: 100, items_total: 2 * c.price, total: 2 * c.price });
    const bad = await h.call('POST', '/api/v1/app/orders', { token, body: { ...order, fulfilment: 1, delivery_mode: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toEqual(['delivery_address']);
    expect(await stockOf(c.product_id)).toBe(8);
  });

  it('sells the last 100 units to exactly 100 of 1,000 concurrent orders, and the stock ends at 0', { timeout: 90_000 }, async () => {
    const c = free[2]!;
    await setStock(c.product_id, 100);
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => orders.place(consumers[i % consumers.length]!, body([{ plu: c.plu, quantity: 1 }]), new Date())));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(100);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.status === 422)).toBe(true);
    expect(await stockOf(c.product_id)).toBe(0);
    const [sold] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where i.product_id = ${c.product_id} and o.store_id = ${store.id} and o.client_ref is null`,
    );
    expect(sold!.n).toBe(100);
  });
});
