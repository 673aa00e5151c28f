import { sql, type SQL } from 'drizzle-orm';
import { ORDER_DISTRIBUTED } from '@portal/contract';
import type { Db, Tx } from '../../db/client.ts';

/** The all-stores counters are split by order id over this many rows per hour and status (migration 0027). */
export const ORDER_ROLLUP_SHARDS = 8;

/** The hour an order counts in: its placing, truncated on the Jakarta clock. */
const hourOf = (column: string) => sql.raw(`date_trunc('hour', ${column}, 'Asia/Jakarta')`);
/** The Jakarta month an order counts in (migration 0045: the Monthly Recap's counters). */
const monthOf = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone 'Asia/Jakarta')::date`);

/**
 * The counters' money of the delivered orders (the Disbursement report's totals, migration 0053), each column with its
 * value on an order `o`: what it paid for its items, what was picked, its delivery fee and what is owed back for lines
 * picked short (a delivered order is never cancelled). Summed for the delivered status only, whose orders' money no
 * longer changes (picking changes an order's picked money in the statuses before).
 */
const MONEY: [column: string, of: (o: string) => string][] = [
  ['items_total', (o) => `${o}.items_total`],
  ['picked_total', (o) => `${o}.picked_total`],
  ['delivery_fee', (o) => `${o}.delivery_fee`],
  ['refund_due', (o) => `case when ${o}.paid_at is null then 0 else ${o}.items_total - ${o}.picked_total end`],
];
const MONEY_COLUMNS = sql.raw(MONEY.map(([c]) => c).join(', '));
const MONEY_ADDED = sql.raw(MONEY.map(([c]) => `${c} = r.${c} + excluded.${c}`).join(', '));
/** The money columns' values of the order `o` when `status` is delivered, else 0, each given to `wrap`. */
const deliveredMoney = (status: string, o: string, wrap: (value: string) => string) =>
  sql.raw(MONEY.map(([, of]) => wrap(`case when ${status} = ${ORDER_DISTRIBUTED} then ${of(o)} else 0 end`)).join(', '));

/**
 * The statement's parts that move an order from its old status's counters to its new one's (none old when it is
 * placed), given a relation `moved(store_id, created_at, id, total)` holding the order (with `items_total`,
 * `picked_total`, `delivery_fee` and `paid_at` for a move in or out of the delivered status): placing writes the order
 * and counts it in one statement. Rows are taken in status order, so two movers of one hour never wait for each other
 * in a circle.
 */
export function orderRollupMove(from: number | null, to: number): SQL {
  // A move that neither enters nor leaves the delivered status adds no money, and needs none of the order's.
  const money = from === ORDER_DISTRIBUTED || to === ORDER_DISTRIBUTED ? deliveredMoney('d.status', 'm', (v) => `d.n * ${v}`) : sql.raw(MONEY.map(() => '0').join(', '));
  return sql`d as (select * from (values (${from}::smallint, -1), (${to}::smallint, 1)) d(status, n) where status is not null),
    per_store as (insert into order_rollup_hourly as r (store_id, hour, status, orders, amount, ${MONEY_COLUMNS})
      select m.store_id, ${hourOf('m.created_at')}, d.status, d.n, d.n * m.total, ${money} from moved m, d order by d.status
      on conflict (store_id, hour, status) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount, ${MONEY_ADDED}),
    all_stores as (insert into order_rollup_hourly_all as r (hour, status, shard, orders, amount, ${MONEY_COLUMNS})
      select ${hourOf('m.created_at')}, d.status, m.id % ${ORDER_ROLLUP_SHARDS}, d.n, d.n * m.total, ${money} from moved m, d order by d.status
      on conflict (hour, status, shard) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount, ${MONEY_ADDED}),
    per_month as (insert into order_rollup_monthly as r (store_id, month, status, orders, amount, ${MONEY_COLUMNS})
      select m.store_id, ${monthOf('m.created_at')}, d.status, d.n, d.n * m.total, ${money} from moved m, d order by d.status
      on conflict (store_id, month, status) do update set orders = r.orders + excluded.orders, amount = r.amount + excluded.amount, ${MONEY_ADDED})`;
}

/** Moves an order between status counters in the caller's transaction, so the dashboard's figures change exactly when the order does. */
export async function countOrderMove(tx: Tx, orderId: number, from: number | null, to: number): Promise<void> {
  await tx.execute(
    sql`with moved as (select store_id, created_at, id, total, items_total, picked_total, delivery_fee, paid_at from orders where id = ${orderId}), ${orderRollupMove(from, to)} select 1`,
  );
}

/** The money sums of a recount: a group's delivered orders' (the same as a move counts). */
const recountedMoney = deliveredMoney('status', 'orders', (v) => `sum(${v})`);

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
    await tx.execute(sql`insert into order_rollup_hourly (store_id, hour, status, orders, amount, ${MONEY_COLUMNS})
      select store_id, ${hourOf('created_at')}, status, count(*), sum(total), ${recountedMoney} from orders group by 1, 2, 3`);
    await tx.execute(sql`insert into order_rollup_hourly_all (hour, status, shard, orders, amount, ${MONEY_COLUMNS})
      select ${hourOf('created_at')}, status, id % ${ORDER_ROLLUP_SHARDS}, count(*), sum(total), ${recountedMoney} from orders group by 1, 2, 3`);
    await tx.execute(sql`insert into order_rollup_monthly (store_id, month, status, orders, amount, ${MONEY_COLUMNS})
      select store_id, ${monthOf('created_at')}, status, count(*), sum(total), ${recountedMoney} from orders group by 1, 2, 3`);
  });
}
