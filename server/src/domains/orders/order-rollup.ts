import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** The all-stores counters are split by order id over this many rows per hour and status (migration 0027). */
export const ORDER_ROLLUP_SHARDS = 8;

/** The hour an order counts in: its placing, truncated on the Jakarta clock. */
const hourOf = (column: string) => sql.raw(`date_trunc('hour', ${column}, 'Asia/Jakarta')`);

/**
 * Moves an order from its old status's counters to its new one's (none old when it is placed), in the caller's
 * transaction, so the dashboard's figures change exactly when the order does. Rows are taken in status order, per store
 * first, so two movers of one hour never wait for each other in a circle.
 */
export async function countOrderMove(tx: Tx, orderId: number, from: number | null, to: number): Promise<void> {
  await tx.execute(sql`with o as (select store_id, ${hourOf('created_at')} as hour, id % ${ORDER_ROLLUP_SHARDS} as shard, total from orders where id = ${orderId}),
      d as (select * from (values (${from}::smallint, -1), (${to}::smallint, 1)) d(status, n) where status is not null),
      per_store as (insert into order_rollup_hourly as r (store_id, hour, status, orders, amount)
        select o.store_id, o.hour, d.status, d.n, d.n * o.total from o, d order by d.status
        on conflict (store_id, hour, status) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount)
    insert into order_rollup_hourly_all as r (hour, status, shard, orders, amount)
      select o.hour, d.status, o.shard, d.n, d.n * o.total from o, d order by d.status
      on conflict (hour, status, shard) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount`);
}

/**
 * Recounts both rollups from the orders table: after orders were written other than through placing and the workflow
 * (the scale generator), or to check the counters. The rollups are locked first, so an order placed or moved meanwhile
 * waits and is counted once, after the recount.
 */
export async function rebuildOrderRollup(db: Db | Tx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table order_rollup_hourly, order_rollup_hourly_all in exclusive mode`);
    await tx.execute(sql`delete from order_rollup_hourly`);
    await tx.execute(sql`delete from order_rollup_hourly_all`);
    await tx.execute(sql`insert into order_rollup_hourly (store_id, hour, status, orders, amount)
      select store_id, ${hourOf('created_at')}, status, count(*), sum(total) from orders group by 1, 2, 3`);
    await tx.execute(sql`insert into order_rollup_hourly_all (hour, status, shard, orders, amount)
      select ${hourOf('created_at')}, status, id % ${ORDER_ROLLUP_SHARDS}, count(*), sum(total) from orders group by 1, 2, 3`);
  });
}
