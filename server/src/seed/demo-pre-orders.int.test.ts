import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';

describe('the demo pre-orders', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('are a running and a past event whose pre-orders the order flows made: quotas equal to their live lines, collected ones sold', async () => {
    const events = await queryRows<{ code: string; orders: number }>(
      db(),
      sql`select e.code, (select count(*) from orders o where o.pre_order_event_id = e.id)::int as orders from pre_order_events e order by e.order_start desc`,
    );
    expect(events.map((e) => e.code)).toEqual([expect.stringMatching(/^LEBARAN-\d{4}$/), expect.stringMatching(/^AKHIR-TAHUN-\d{4}$/)]);
    expect(events.every((e) => e.orders > 0)).toBe(true);
    const drift = await queryRows(
      db(),
      sql`select x.event_id, x.product_id from pre_order_event_products x
        where x.ordered <> coalesce((select sum(i.quantity) from orders o join order_items i on i.order_id = o.id
          where o.pre_order_event_id = x.event_id and i.product_id = x.product_id and o.status not in (110, 111, 210)), 0)`,
    );
    expect(drift).toEqual([]);
    const outside = await queryRows(
      db(),
      sql`select o.id from orders o join pre_order_events e on e.id = o.pre_order_event_id
        where o.collection_day < e.collection_start or o.collection_day > e.collection_end or o.created_at < e.order_start or o.created_at >= e.order_end
          or not exists (select 1 from pre_order_event_stores x where x.event_id = e.id and x.store_id = o.store_id)`,
    );
    expect(outside).toEqual([]);
    const statuses = await queryRows<{ status: number }>(db(), sql`select distinct status from orders where pre_order_event_id is not null order by status`);
    expect(statuses.map((s) => Number(s.status))).toEqual(expect.arrayContaining([100, 110, 205, 210, 400]));
    const unsold = await queryRows(db(), sql`select o.id from orders o where o.pre_order_event_id is not null and o.status = 400 and not exists (select 1 from pos_sales p where p.receipt_no = o.order_no)`);
    expect(unsold).toEqual([]);
  });
});
