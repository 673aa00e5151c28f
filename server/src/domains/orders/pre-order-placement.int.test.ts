import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderBody, AppPreOrderEvent } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { createEvent, eventBody, jakartaDayAfter, preOrderShelf, type PreOrderShelf } from '../../../test/pre-orders.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';

describe('placing a pre-order: the order placement with an event and a collection day, its quota never oversold', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let orders: OrderPlacementService;
  let workflow: OrderWorkflowService;
  let admin: string;
  let shelf: PreOrderShelf;
  let consumers: number[];

  beforeAll(async () => {
    orders = new OrderPlacementService(db());
    workflow = new OrderWorkflowService(db());
    admin = await h.tokenOf('admin.cms');
    shelf = await preOrderShelf(db(), 5000);
    consumers = (await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 50`)).map((c) => Number(c.id));
  });

  const body = (event: string, day: string, items: { plu: string; quantity: number }[], extra: Partial<AppOrderBody> = {}): AppOrderBody => ({
    store_code: shelf.store.code,
    fulfilment: 2,
    delivery_mode: null,
    delivery_address: null,
    client_ref: null,
    items,
    event_code: event,
    collection_day: day,
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
  const orderedOf = async (code: string, productId: number) =>
    Number(
      (
        await queryRows<{ ordered: number }>(
          db(),
          sql`select x.ordered from pre_order_event_products x join pre_order_events e on e.id = x.event_id where lower(e.code) = lower(${code}) and x.product_id = ${productId}`,
        )
      )[0]?.ordered,
    );

  it('places a pre-order: the store’s price, the quota taken, the order marked with its event and collection day', async () => {
    const now = h.clock.now();
    const event = await createEvent(h, admin, eventBody(now, 'PO-PLACE', shelf, 10));
    const [a] = shelf.products;
    const day = jakartaDayAfter(now, 3);
    const placed = await orders.place(consumers[0]!, body('po-place', day, [{ plu: a!.plu, quantity: 4 }]), now);
    expect(placed).toMatchObject({ status: 100, items_total: 4 * a!.price });
    const [row] = await queryRows<{ pre_order_event_id: number; collection_day: string }>(
      db(),
      sql`select pre_order_event_id, collection_day::text as collection_day from orders where id = ${placed.order_id}`,
    );
    expect(row).toEqual({ pre_order_event_id: event.id, collection_day: day });
    expect(await orderedOf('PO-PLACE', a!.id)).toBe(4);
  });

  it('refuses what its event does not allow, taking nothing: unknown event, window closed or inactive, a store or product outside it, a day outside the window', async () => {
    const now = h.clock.now();
    const created = await createEvent(h, admin, eventBody(now, 'PO-RULES', shelf, 10));
    const [a, , c] = shelf.products as [PreOrderShelf['products'][0], PreOrderShelf['products'][0], PreOrderShelf['products'][0]];
    const day = jakartaDayAfter(now, 3);
    const who = consumers[1]!;
    expect(await refusal(orders.place(who, body('NO-SUCH', day, [{ plu: a.plu, quantity: 1 }]), now))).toEqual({ status: 400, message: 'Pre-order event NO-SUCH does not exist' });
    expect(await refusal(orders.place(who, body('PO-RULES', day, [{ plu: a.plu, quantity: 1 }]), new Date(now.getTime() - 2 * 3_600_000)))).toEqual({
      status: 422,
      message: 'Hampers PO-RULES does not take pre-orders now',
    });
    expect(await refusal(orders.place(who, body('PO-RULES', day, [{ plu: a.plu, quantity: 1 }]), new Date(now.getTime() + 8 * 86_400_000)))).toMatchObject({ status: 422 });
    // The other store sells the product too, or refuses it as not sold there: either way no pre-order.
    expect((await refusal(orders.place(who, body('PO-RULES', day, [{ plu: a.plu, quantity: 1 }], { store_code: shelf.other.code }), now))).status).toBe(422);
    expect(await refusal(orders.place(who, body('PO-RULES', day, [{ plu: c.plu, quantity: 1 }]), now))).toEqual({ status: 422, message: `${c.name} is not a product of Hampers PO-RULES` });
    expect(await refusal(orders.place(who, body('PO-RULES', jakartaDayAfter(now, 9), [{ plu: a.plu, quantity: 1 }]), now))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^The collection day must be from /),
    });
    const { code: _c, ...update } = eventBody(now, 'PO-RULES', shelf, 10);
    expect((await h.call('PUT', `/api/v1/pre-order-events/${created.id}`, { token: admin, body: { ...update, status: 2, version: 1 } })).statusCode).toBe(200);
    expect((await refusal(orders.place(who, body('PO-RULES', day, [{ plu: a.plu, quantity: 1 }]), now))).message).toBe('Hampers PO-RULES does not take pre-orders now');
    expect(await orderedOf('PO-RULES', a.id)).toBe(0);
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders where pre_order_event_id = ${created.id}`);
    expect(count!.n).toBe(0);
  });

  it('gives the quota back when a pre-order ends unpaid or cancelled', async () => {
    const now = h.clock.now();
    await createEvent(h, admin, eventBody(now, 'PO-BACK', shelf, 5));
    const [a, b] = shelf.products as [PreOrderShelf['products'][0], PreOrderShelf['products'][0]];
    const day = jakartaDayAfter(now, 2);
    const first = await orders.place(consumers[2]!, body('PO-BACK', day, [{ plu: a.plu, quantity: 3 }, { plu: b.plu, quantity: 1 }]), now);
    expect(await refusal(orders.place(consumers[3]!, body('PO-BACK', day, [{ plu: a.plu, quantity: 3 }]), now))).toEqual({
      status: 422,
      message: `Only 2 of ${a.name} left to pre-order in Hampers PO-BACK`,
    });
    await workflow.move(first.order_id, { action: 'expire', actor: { kind: 'system' } }, now);
    expect([await orderedOf('PO-BACK', a.id), await orderedOf('PO-BACK', b.id)]).toEqual([0, 0]);
    const second = await orders.place(consumers[3]!, body('PO-BACK', day, [{ plu: a.plu, quantity: 5 }]), now);
    await workflow.move(second.order_id, { action: 'pay', actor: { kind: 'system' }, paymentRef: 'PG-PO-BACK' }, now);
    expect(await orderedOf('PO-BACK', a.id)).toBe(5);
    const [reason] = await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons where status = 1 order by sort_order limit 1`);
    await workflow.move(second.order_id, { action: 'cancel', cancelReasonId: Number(reason!.id), actor: { kind: 'system' } }, now);
    expect(await orderedOf('PO-BACK', a.id)).toBe(0);
  });

  it('sells the last 100 units of a quota to exactly 100 of 1,000 concurrent pre-orders', { timeout: 120_000 }, async () => {
    const now = h.clock.now();
    await createEvent(h, admin, eventBody(now, 'PO-RUSH', shelf, 100));
    const [a] = shelf.products;
    const day = jakartaDayAfter(now, 2);
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => orders.place(consumers[i % consumers.length]!, body('PO-RUSH', day, [{ plu: a!.plu, quantity: 1 }]), now)));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(100);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.status === 422)).toBe(true);
    expect(await orderedOf('PO-RUSH', a!.id)).toBe(100);
    const [sold] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id join pre_order_events e on e.id = o.pre_order_event_id
        where e.code = 'PO-RUSH'`,
    );
    expect(sold!.n).toBe(100);
  });

  it('is placed through the consumer API, which lists the open events with what is left of each quota', async () => {
    const now = h.clock.now();
    await createEvent(h, admin, eventBody(now, 'PO-APP', shelf, 8));
    const [a] = shelf.products;
    const [person] = await queryRows<{ phone: string }>(
      db(),
      sql`select c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id where c.status = 1
        and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 1`,
    );
    const token = (await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: person!.phone, password: DEMO_PASSWORD } })).json<{ data: { token: string } }>().data.token;
    expect((await h.call('GET', '/api/v1/app/pre-order-events')).statusCode).toBe(401);
    const order = { store_code: shelf.store.code, fulfilment: 2, items: [{ plu: a!.plu, quantity: 2 }], event_code: 'PO-APP', collection_day: jakartaDayAfter(now, 4) };
    const placed = await h.call('POST', '/api/v1/app/orders', { token, body: order });
    expect(placed.statusCode, placed.body).toBe(200);
    const missingDay = await h.call('POST', '/api/v1/app/orders', { token, body: { ...order, collection_day: undefined } });
    expect([missingDay.statusCode, missingDay.json<{ details: { path: string }[] }>().details.map((d) => d.path)]).toEqual([400, ['collection_day']]);
    const open = (await h.call('GET', '/api/v1/app/pre-order-events', { token })).json<{ data: AppPreOrderEvent[] }>().data;
    const mine = open.find((e) => e.code === 'PO-APP');
    expect(mine?.stores).toEqual([{ code: shelf.store.code, name: expect.any(String) }]);
    expect(mine?.products.find((p) => p.plu === a!.plu)?.remaining).toBe(6);
  });
});
