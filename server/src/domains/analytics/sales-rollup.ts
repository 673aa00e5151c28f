import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';

export const SALES_ROLLUP_JOB = 'analytics.sales-rollup';
/**
 * Recording sales holds this advisory lock shared until it commits; the catch-up takes it exclusively for the moment it
 * reads the highest id. Ids come from a sequence when a row is written, not when it commits, so without the lock a
 * catch-up could see id 11 committed while id 10 is still in flight and pass 10 for ever. With it, every id at or below
 * the one read is committed, and any later one is higher.
 */
export const SALES_WATERMARK_LOCK = 16_001;
/** After new sales, the rollups catch up this soon (one waiting run however many batches arrive meanwhile). */
const AFTER_SALES_MS = 5_000;
/** A catch-up also runs this often, so the rollups are at most this late even if a trigger was missed. */
const TICK_MS = 60_000;
/** Transactions counted per statement: a long backlog is counted in steps, each its own transaction. */
const STEP = 200_000;

type Grain = 'day' | 'month';
const GRAINS: readonly Grain[] = ['day', 'month'];

/** One family of rollup tables: what it groups by beyond the period, store and channel, and what it sums. */
interface Family {
  table: string;
  /** The source relation, given the new transactions as `t`. */
  from: SQL;
  /** Further keys: column name and its expression over the source. */
  dims: [string, string][];
  /** Column name and its aggregate over the source. */
  measures: [string, string][];
}

const FAMILIES: readonly Family[] = [
  {
    table: 'sales_rollup',
    from: sql`t`,
    dims: [],
    measures: [
      ['transactions', 'count(*)'],
      ['member_transactions', 'count(t.consumer_id)'],
      ['quantity', 'sum(t.quantity)'],
      ['sales', 'sum(t.total)'],
      ['member_sales', 'coalesce(sum(t.total) filter (where t.consumer_id is not null), 0)'],
    ],
  },
  {
    table: 'sales_category',
    from: sql`t join sales_lines l on l.transaction_pk = t.id`,
    dims: [['category_id', 'coalesce(l.category_id, 0)']],
    measures: [
      ['lines', 'count(*)'],
      ['quantity', 'sum(l.quantity)'],
      ['sales', 'sum(l.amount)'],
    ],
  },
  {
    table: 'sales_plu',
    from: sql`t join sales_lines l on l.transaction_pk = t.id`,
    dims: [['plu', 'l.plu']],
    measures: [
      ['lines', 'count(*)'],
      ['quantity', 'sum(l.quantity)'],
      ['sales', 'sum(l.amount)'],
    ],
  },
];

/** The new transactions `t` with their keys: the Jakarta day and the store's own day, or the first of their months. */
function keyed(grain: Grain, where: SQL): SQL {
  const wib = `(t0.at at time zone '${TIME_ZONE}')::date`;
  const local = `(t0.at at time zone store_time_zone(s.province_code))::date`;
  const key = (day: string) => (grain === 'day' ? day : `date_trunc('month', ${day})::date`);
  return sql`select t0.id, t0.store_id, s.province_code, t0.channel, t0.consumer_id, t0.total, t0.quantity,
      ${sql.raw(key(wib))} as wib_key, ${sql.raw(key(local))} as local_key
    from sales_transactions t0 join stores s on s.id = t0.store_id where ${where}`;
}

/**
 * Adds the transactions chosen by `where` to one family's rollup of one grain, at all three levels at once (grouping
 * sets: the store, its province with store 0, the chain with store 0 and province ''). Keys are taken in order, so two
 * writers of one row never wait for each other in a circle.
 */
function addTo(f: Family, grain: Grain, where: SQL): SQL {
  const names = ['wib_key', 'local_key', 'channel', ...f.dims.map(([n]) => n)].join(', ');
  const keys = ['t.wib_key', 't.local_key', 't.channel', ...f.dims.map(([, e]) => e)].join(', ');
  const measures = f.measures.map(([, agg]) => agg).join(', ');
  const set = f.measures.map(([name]) => `${name} = r.${name} + excluded.${name}`).join(', ');
  return sql`with t as (${keyed(grain, where)})
    insert into ${sql.raw(`${f.table}_${grain}`)} as r (store_id, province_code, ${sql.raw(names)}, ${sql.raw(f.measures.map(([n]) => n).join(', '))})
    select coalesce(t.store_id, 0), coalesce(t.province_code, ''), ${sql.raw(keys)}, ${sql.raw(measures)}
    from ${f.from}
    group by grouping sets ((t.store_id, t.province_code, ${sql.raw(keys)}), (t.province_code, ${sql.raw(keys)}), (${sql.raw(keys)}))
    order by 1, 2, ${sql.raw(keys)}
    on conflict (store_id, province_code, ${sql.raw(names)}) do update set ${sql.raw(set)}`;
}

/** Adds the transactions chosen by `where` to every rollup. */
async function addAll(tx: Tx, where: SQL): Promise<void> {
  for (const f of FAMILIES) for (const grain of GRAINS) await tx.execute(addTo(f, grain, where));
}

/** The highest id whose transaction, and every one below it, has committed (see SALES_WATERMARK_LOCK). */
async function committedHigh(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SALES_WATERMARK_LOCK})`);
    const [row] = await queryRows<{ high: string | null }>(tx, sql`select max(id) as high from sales_transactions`);
    return Number(row?.high ?? 0);
  });
}

/**
 * Counts every transaction recorded since the last catch-up into the rollups, in steps, each step one transaction
 * with its watermark: a crash loses no step and counts none twice. Two catch-ups at once (two instances) take turns on
 * the watermark's row. Answers how many transactions it counted.
 */
export async function catchUpSalesRollups(db: Db, now: Date): Promise<number> {
  const high = await committedHigh(db);
  let counted = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [w] = await queryRows<{ last_id: string }>(tx, sql`select last_id from rollup_watermarks where name = 'sales' for update`);
      const from = Number(w?.last_id ?? 0);
      if (from >= high) return null;
      const to = Math.min(high, from + STEP);
      await addAll(tx, sql`t0.id > ${from} and t0.id <= ${to}`);
      await tx.execute(sql`update rollup_watermarks set last_id = ${to}, updated_at = ${now} where name = 'sales'`);
      const [n] = await queryRows<{ n: string }>(tx, sql`select count(*) as n from sales_transactions where id > ${from} and id <= ${to}`);
      return Number(n?.n ?? 0);
    });
    if (step === null) return counted;
    counted += step;
  }
}

/**
 * Recounts whole months of the rollups from the transactions (both ends inclusive, `YYYY-MM`): what the rollups hold
 * for those Jakarta months is deleted and counted again, up to the watermark, in one transaction that holds the
 * watermark, so a catch-up waits and then adds only what came after.
 */
export async function rebuildSalesRollups(db: Db, fromMonth: string, toMonth: string, now: Date): Promise<void> {
  const from = `${fromMonth}-01`;
  const [y, m] = toMonth.split('-').map(Number) as [number, number];
  const end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  await db.transaction(async (tx) => {
    const [w] = await queryRows<{ last_id: string }>(tx, sql`select last_id from rollup_watermarks where name = 'sales' for update`);
    const high = Number(w?.last_id ?? 0);
    for (const f of FAMILIES) {
      for (const grain of GRAINS) await tx.execute(sql`delete from ${sql.raw(`${f.table}_${grain}`)} where wib_key >= ${from}::date and wib_key < ${end}::date`);
    }
    const start = sql`(${from}::date::timestamp at time zone ${TIME_ZONE})`;
    const stop = sql`(${end}::date::timestamp at time zone ${TIME_ZONE})`;
    await addAll(tx, sql`t0.at >= ${start} and t0.at < ${stop} and t0.id <= ${high}`);
    await tx.execute(sql`update rollup_watermarks set updated_at = ${now} where name = 'sales'`);
  });
}

/** Queues a catch-up a few seconds after new sales, in the transaction that recorded them. */
export const queueSalesCatchUp = (jobs: JobQueue) => async (tx: Tx, now: Date): Promise<void> => {
  await jobs.send(SALES_ROLLUP_JOB, {}, { tx, singletonKey: 'catch-up', startAfter: new Date(now.getTime() + AFTER_SALES_MS) });
};

/** The catch-up job: sent after each batch (a few seconds later, one waiting run at a time) and once a minute. */
export function salesRollupJob(db: Db, jobs: JobQueue, clock: Clock): JobHandler<{ tick?: boolean }> {
  return async (payload) => {
    const now = clock.now();
    await catchUpSalesRollups(db, now);
    if (payload.tick) {
      const at = new Date(Math.floor(now.getTime() / TICK_MS) * TICK_MS + TICK_MS);
      await jobs.send(SALES_ROLLUP_JOB, { tick: true }, { startAfter: at, singletonKey: `tick:${at.toISOString()}` });
    }
  };
}
