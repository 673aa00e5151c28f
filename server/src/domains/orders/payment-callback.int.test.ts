import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderPlaced, PaymentCallbackBody } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { paymentSecretOf, paymentSignature } from './payment-callback.service.ts';

describe('the payment gateway’s callback: signed, once per event, by the workflow', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let store: { id: number; code: string };
  let product: { id: number; plu: string };
  let consumer: number;

  beforeAll(async () => {
    [store] = (await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores where status = 1 order by id limit 1`)) as [{ id: number; code: string }];
    [product] = (await queryRows<{ id: number; plu: string }>(
      db(),
      sql`select p.id, p.plu from store_products sp join products p on p.id = sp.product_id where sp.store_id = ${store.id} and sp.is_active and p.status = 1
        and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id) order by p.id limit 1`,
    )) as [{ id: number; plu: string }];
    consumer = Number((await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 1`))[0]!.id);
    await db().execute(sql`update store_products set stock = 100 where store_id = ${store.id} and product_id = ${product.id}`);
  });

  const place = (): Promise<AppOrderPlaced> =>
    h.orders.placement.place(consumer, { store_code: store.code, fulfilment: 2, delivery_mode: null, delivery_address: null, items: [{ plu: product.plu, quantity: 1 }], client_ref: null }, new Date());
  const signed = (b: Omit<PaymentCallbackBody, 'signature'>, secret = paymentSecretOf(h.services.config)): PaymentCallbackBody => ({ ...b, signature: paymentSignature(secret, b) });
  const callback = (body: unknown) => h.call('POST', '/api/v1/payments/callback', { body });
  const statusOf = async (id: number) => Number((await queryRows<{ status: number }>(db(), sql`select status from orders where id = ${id}`))[0]!.status);
  const stock = async () => Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${store.id} and product_id = ${product.id}`))[0]!.stock);

  it('pays an order and hands it to its store once; a replay of the event changes nothing', async () => {
    const order = await place();
    const event = signed({ event_id: `EV-${order.order_id}-1`, order_no: order.order_no, status: 'PAID', amount: order.total, payment_ref: 'PG-REF-1' });
    const first = await callback(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: unknown }>().data).toEqual({ order_no: order.order_no, status: 205, replay: false });
    const again = await callback(event);
    expect(again.json<{ data: unknown }>().data).toEqual({ order_no: order.order_no, status: 205, replay: true });
    const events = await queryRows<{ action: string }>(db(), sql`select action from order_events where order_id = ${order.order_id} order by id`);
    expect(events.map((e) => e.action)).toEqual(['place', 'pay', 'queue']);
    const [row] = await queryRows(db(), sql`select payment_status, payment_ref from orders where id = ${order.order_id}`);
    expect(row).toEqual({ payment_status: 'PAID', payment_ref: 'PG-REF-1' });
  });

  it('refuses a bad signature, another secret, a changed field and a wrong amount, and changes nothing', async () => {
    const order = await place();
    const event = { event_id: `EV-${order.order_id}-2`, order_no: order.order_no, status: 'PAID' as const, amount: order.total, payment_ref: 'PG-REF-2' };
    expect((await callback({ ...event, signature: '0'.repeat(64) })).statusCode).toBe(401);
    expect((await callback(signed(event, 'another-secret-of-at-least-32-characters'))).statusCode).toBe(401);
    expect((await callback({ ...signed(event), amount: order.total + 1 })).statusCode).toBe(401);
    const wrongAmount = await callback(signed({ ...event, amount: order.total + 1 }));
    expect(wrongAmount.statusCode).toBe(422);
    expect(await statusOf(order.order_id)).toBe(100);
    // The refused events were not kept: the right one is still taken.
    expect((await callback(signed({ ...event, event_id: `EV-${order.order_id}-2b` }))).json<{ data: { status: number } }>().data.status).toBe(205);
  });

  it('fails an order whose payment failed and gives its stock back; a payment after expiry is refused with 409', async () => {
    const before = await stock();
    const failed = await place();
    const res = await callback(signed({ event_id: `EV-${failed.order_id}-3`, order_no: failed.order_no, status: 'FAILED', amount: failed.total, payment_ref: 'PG-REF-3' }));
    expect(res.json<{ data: { status: number } }>().data.status).toBe(111);
    expect(await stock()).toBe(before);
    const late = await place();
    await h.orders.workflow.move(late.order_id, { action: 'expire', actor: { kind: 'system' } }, new Date());
    const paid = await callback(signed({ event_id: `EV-${late.order_id}-4`, order_no: late.order_no, status: 'PAID', amount: late.total, payment_ref: 'PG-REF-4' }));
    expect(paid.statusCode).toBe(409);
    expect(await statusOf(late.order_id)).toBe(110);
  });
});
