import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_PAID, ORDER_STATUS } from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';

describe('the demo orders', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('are made by the order flows: every status, each order’s status its timeline’s last move, totals its lines, stock never below zero, delivered ones sold', async () => {
    const statuses = await queryRows<{ status: number }>(db(), sql`select distinct status from orders order by status`);
    // Paid (200) passes on to the store (205) at once: no order rests there.
    const resting = [...ORDER_STATUS.values].map(Number).filter((s) => s !== ORDER_PAID);
    expect(statuses.map((s) => Number(s.status))).toEqual(resting.sort((a, b) => a - b));
    const mismatched = await queryRows(
      db(),
      sql`select o.id from orders o where o.status <> (select e.to_status from order_events e where e.order_id = o.id order by e.at desc, e.id desc limit 1)
        or o.items_total <> (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id)
        or o.picked_total <> (select sum(i.price * i.picked_quantity) from order_items i where i.order_id = o.id)
        or o.has_unpick <> exists (select 1 from order_items i where i.order_id = o.id and i.picked_quantity < i.quantity)`,
    );
    expect(mismatched).toEqual([]);
    expect((await queryRows(db(), sql`select id from store_products where stock < 0`)).length).toBe(0);
    const unsold = await queryRows(db(), sql`select o.id from orders o where o.status = 400 and not exists (select 1 from pos_sales p where p.receipt_no = o.order_no)`);
    expect(unsold).toEqual([]);
    const [short] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders where has_unpick`);
    expect(Number(short!.n)).toBeGreaterThan(0);
  });
});
