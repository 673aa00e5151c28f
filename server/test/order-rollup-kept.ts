import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../src/db/client.ts';

/** Holds the order counters (hourly per store, hourly all stores, monthly; migrations 0027, 0045, 0053) equal to the same aggregates over the orders. */
export async function expectOrderRollupKept(db: Db): Promise<void> {
  // The delivered orders' money beside the counts (migration 0053): the delivered status's rows only.
  const money = sql`sum(case when status = 400 then items_total else 0 end)::bigint as items_total, sum(case when status = 400 then picked_total else 0 end)::bigint as picked_total,
    sum(case when status = 400 then delivery_fee else 0 end)::bigint as delivery_fee,
    sum(case when status = 400 and paid_at is not null then items_total - picked_total else 0 end)::bigint as refund_due`;
  const keptMoney = sql`sum(items_total)::bigint as items_total, sum(picked_total)::bigint as picked_total, sum(delivery_fee)::bigint as delivery_fee, sum(refund_due)::bigint as refund_due`;
  const direct = sql`select store_id, date_trunc('hour', created_at, 'Asia/Jakarta') as hour, status, count(*)::int as orders, sum(total)::bigint as amount, ${money}
    from orders group by 1, 2, 3 order by 1, 2, 3`;
  const kept = sql`select store_id, hour, status, sum(orders)::int as orders, sum(amount)::bigint as amount, ${keptMoney} from order_rollup_hourly group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3`;
  const shardsDirect = sql`select date_trunc('hour', created_at, 'Asia/Jakarta') as hour, status, count(*)::int as orders, sum(total)::bigint as amount, ${money}
    from orders group by 1, 2 order by 1, 2`;
  const shardsKept = sql`select hour, status, sum(orders)::int as orders, sum(amount)::bigint as amount, ${keptMoney} from order_rollup_hourly_all group by 1, 2 having sum(orders) <> 0 order by 1, 2`;
  const monthDirect = sql`select store_id, date_trunc('month', created_at at time zone 'Asia/Jakarta')::date as month, status, count(*)::int as orders, sum(total)::bigint as amount, ${money}
    from orders group by 1, 2, 3 order by 1, 2, 3`;
  const monthKept = sql`select store_id, month, status, sum(orders)::int as orders, sum(amount)::bigint as amount, ${keptMoney} from order_rollup_monthly group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3`;
  const read = async (q: SQL) => JSON.stringify(await queryRows(db, q));
  expect(await read(kept)).toBe(await read(direct));
  expect(await read(shardsKept)).toBe(await read(shardsDirect));
  expect(await read(monthKept)).toBe(await read(monthDirect));
}
