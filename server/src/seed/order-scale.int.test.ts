import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_CANCELLED, ORDER_STATUS, ORDER_WAITING_PAYMENT, canOrder, orderMoveTo, type OrderAction } from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';
import { generateOrders } from './order-scale.ts';

describe('the order scale generator', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('writes orders that hold to the workflow, their timelines, their lines and the columns the services keep', async () => {
    const now = new Date();
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders`);
    // One day of them: enough young ones to be waiting for payment or on their way through the store.
    const made = await generateOrders(db(), { orders: 2_000, days: 1, now });
    const generated = sql`o.id > (select max(id) from orders) - ${made.orders}`;
    expect(made.orders).toBe(2_000);
    expect(Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders`))[0]?.n)).toBe(Number(before[0]?.n) + 2_000);
    const [items] = await queryRows<{ n: number; avg: number }>(db(), sql`select count(*)::int as n, (count(*)::float / count(distinct order_id)) as avg from order_items i join orders o on o.id = i.order_id where ${generated}`);
    expect(Number(items?.n)).toBe(made.items);
    expect(Number(items?.avg)).toBeGreaterThan(4);
    expect(Number(items?.avg)).toBeLessThan(6);

    const broken = await queryRows(
      db(),
      sql`select o.id from orders o where ${generated} and (
        o.status <> (select e.to_status from order_events e where e.order_id = o.id order by e.at desc, e.id desc limit 1)
        or o.version <> (select count(*) from order_events e where e.order_id = o.id)
        or o.updated_at <> (select max(e.at) from order_events e where e.order_id = o.id)
        or o.items_total <> (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id)
        or o.picked_total <> (select sum(i.price * i.picked_quantity) from order_items i where i.order_id = o.id)
        or o.total <> o.items_total + o.delivery_fee
        or o.has_unpick <> exists (select 1 from order_items i where i.order_id = o.id and i.picked_quantity < i.quantity)
        or exists (select 1 from order_items i where i.order_id = o.id and (i.picked_quantity < i.quantity) <> (i.unpick_reason is not null))
        or (select count(*) from order_items i where i.order_id = o.id) <> (select count(distinct i.product_id) from order_items i where i.order_id = o.id)
        or (o.paid_at is not null) <> (o.payment_status = 'PAID')
        or (o.paid_at is not null) <> exists (select 1 from order_events e where e.order_id = o.id and e.action = 'pay' and e.at = o.paid_at)
        or (o.status = ${ORDER_CANCELLED}) <> (o.cancel_reason_id is not null)
        or (o.status = ${ORDER_WAITING_PAYMENT} and o.payment_expires_at <= ${now})
        or o.created_at > ${now} or o.created_at < ${now}::timestamptz - interval '1 day 1 minute'
        or (o.fulfilment = 2) <> (o.delivery_mode is null)
        or (o.driver_name is not null) <> exists (select 1 from order_events e where e.order_id = o.id and e.action = 'assign_driver')
        or not exists (select 1 from store_products sp where sp.store_id = o.store_id))`,
    );
    expect(broken).toEqual([]);

    // Every timeline is a walk of the declared workflow from its placing, in time order.
    const timelines = await queryRows<{ fulfilment: number; steps: { action: string; from: number | null; to: number }[] }>(
      db(),
      sql`select o.fulfilment, json_agg(json_build_object('action', e.action, 'from', e.from_status, 'to', e.to_status) order by e.at, e.id) as steps
        from orders o join order_events e on e.order_id = o.id where ${generated} group by o.id, o.fulfilment`,
    );
    const walks = new Set<string>();
    for (const t of timelines) {
      const state = { status: ORDER_WAITING_PAYMENT, fulfilment: Number(t.fulfilment) };
      const [first, ...rest] = t.steps;
      expect(first).toEqual({ action: 'place', from: null, to: ORDER_WAITING_PAYMENT });
      for (const s of rest) {
        expect(s.from).toBe(state.status);
        if (s.action !== 'pick_items' && s.action !== 'assign_driver') {
          expect(canOrder(s.action as OrderAction, state)).toBe(true);
          state.status = orderMoveTo(s.action as OrderAction, state);
        }
        expect(s.to).toBe(state.status);
      }
      walks.add(t.steps.map((s) => s.action).join(' '));
    }
    const statuses = await queryRows<{ status: number }>(db(), sql`select distinct status from orders o where ${generated}`);
    // Paid (200) is handed to the store at once: no order rests there.
    expect(statuses.map((s) => Number(s.status)).sort()).toEqual(ORDER_STATUS.values.filter((s) => s !== 200).sort());
    expect(walks.size).toBeGreaterThan(10);
    expect((await queryRows(db(), sql`select id from store_products where stock < 0`)).length).toBe(0);
  });
});
