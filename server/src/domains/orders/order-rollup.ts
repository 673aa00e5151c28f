import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** The all-stores counters are split by order id over this many rows per hour and status (migration 0027). */
export const ORDER_ROLLUP_SHARDS = 8;

/** The hour an order counts in: its placing, truncated on the Jakarta clock. */
const hourOf = (column: string) => sql.raw(`date_trunc('hour', ${column}, 'Asia/Jakarta')`);
/** The Jakarta month an order counts in (migration 0045: the Monthly Recap's counters). */
const monthOf = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone 'Asia/Jakarta')::date`);

/**
 * The statement's parts that move an order from its old status's counters to its new one's (none old when it is
 * placed), given a relation `moved(store_id, created_at, id, total)` holding the order: placing writes the order and
 * counts it in one statement. Rows are taken in status order, so two movers of one hour never wait for each other in a
 * circle.
 */
export function orderRollupMove(from: number | null, to: number): SQL {
  return sql`d as (select * from (values (${from}::smallint, -1), (${to}::smallint, 1)) d(status, n) where status is not null),
    per_store as (insert into order_rollup_hourly as r (store_id, hour, status, orders, amount)
      select m.store_id, ${hourOf('m.created_at')}, d.status, d.n, d.n * m.total from moved m, d order by d.status
      on conflict (store_id, hour, status) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount),
    all_stores as (insert into order_rollup_hourly_all as r (hour, status, shard, orders, amount)
      select ${hourOf('m.created_at')}, d.status, m.id % ${ORDER_ROLLUP_SHARDS}, d.n, d.n * m.total from moved m, d order by d.status
      on conflict (hour, status, shard) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount),
    per_month as (insert into order_rollup_monthly as r (store_id, month, status, orders, amount)
      select m.store_id, ${monthOf('m.created_at')}, d.status, d.n, d.n * m.total from moved m, d order by d.status
      on conflict (store_id, month, status) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount)`;
}

/** Moves an order between status counters in the caller's transaction, so the dashboard's figures change exactly when the order does. */
export async function countOrderMove(tx: Tx, orderId: number, from: number | null, to: number): Promise<void> {
  await tx.execute(sql`with moved as (select store_id, created_at, id, total from orders where id = ${orderId}), ${orderRollupMove(from, to)} select 1`);
}

/**
 * Recounts the rollups from the orders table: after orders were written other than through placing and the workflow
 * (the scale generator), or to check the counters. The rollups are locked first, so an order placed or moved meanwhile
 * waits and is counted once, after the recount.
 */
export async function rebuildOrderRollup(db: Db | Tx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table order_rollup_hourly, order_rollup_hourly_all, order_rollup_monthly in exclusive mode`);
    await tx.execute(sql`delete from order_rollup_hourly`);
    await tx.execute(sql`delete from order_rollup_hourly_all`);
    await tx.execute(sql`delete from order_rollup_monthly`);
    await tx.execute(sql`insert into order_rollup_hourly (store_id, hour, status, orders, amount)
      select store_id, ${hourOf('created_at')}, status, count(*), sum(total) from orders group by 1, 2, 3`);
    await tx.execute(sql`insert into order_rollup_hourly_all (hour, status, shard, orders, amount)
      select ${hourOf('created_at')}, status, id % ${ORDER_ROLLUP_SHARDS}, count(*), sum(total) from orders group by 1, 2, 3`);
    await tx.execute(sql`insert into order_rollup_monthly (store_id, month, status, orders, amount)
      select store_id, ${monthOf('created_at')}, status, count(*), sum(total) from orders group by 1, 2, 3`);
  });
}
