import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';

/** Rows counted per statement: a long backlog is counted in steps, each its own transaction. */
const STEP = 200_000;

export type Grain = 'day' | 'month';
const GRAINS: readonly Grain[] = ['day', 'month'];

/** One family of rollup tables (`<table>_day`, `<table>_month`): what it groups by beyond the period and level, and what it sums. */
export interface RollupFamily {
  table: string;
  /** The source relation, given the new rows with their keys as `t`. */
  from: SQL;
  /** Further keys: column name and its expression over the source. */
  dims: [string, string][];
  /** Column name and its aggregate over the source. */
  measures: [string, string][];
}

/**
 * An append-only table counted into rollups from a watermark: its rows' ids. Writers hold `lock` shared until they
 * commit; the catch-up takes it exclusively for the moment it reads the highest id. Ids come from a sequence when a row
 * is written, not when it commits, so without the lock a catch-up could see id 11 committed while id 10 is still in
 * flight and pass 10 for ever. With it, every id at or below the one read is committed, and any later one is higher.
 */
export interface RollupSource {
  /** The watermark's name in rollup_watermarks. */
  watermark: string;
  lock: number;
  /** The table whose ids are counted. */
  table: string;
  /** Its time column. */
  at: string;
  /** Its store column (null allowed: such rows count at the chain level only). */
  store: string;
  /** Further columns the families read from `t`. */
  columns: string[];
  families: readonly RollupFamily[];
}

/** The source's rows chosen by `where` (over `t0`) with their keys: the Jakarta day and the store's own day, or their months. */
function keyed(src: RollupSource, grain: Grain, where: SQL): SQL {
  const wib = `(t0.${src.at} at time zone '${TIME_ZONE}')::date`;
  const local = `(t0.${src.at} at time zone store_time_zone(coalesce(s.province_code, '31')))::date`;
  const key = (day: string) => (grain === 'day' ? day : `date_trunc('month', ${day})::date`);
  const columns = src.columns.map((c) => `t0.${c}`).join(', ');
  return sql`select t0.id, t0.${sql.raw(src.store)} as store_id, s.province_code, ${sql.raw(columns)},
      ${sql.raw(key(wib))} as wib_key, ${sql.raw(key(local))} as local_key
    from ${sql.raw(src.table)} t0 left join stores s on s.id = t0.${sql.raw(src.store)} where ${where}`;
}

/**
 * Adds the chosen rows to one family's rollup of one grain, at all three levels at once (grouping sets: the store, its
 * province with store 0, the chain with store 0 and province ''); a row without a store counts at the chain level only.
 * Keys are taken in order, so two writers of one row never wait for each other in a circle.
 */
function addTo(src: RollupSource, f: RollupFamily, grain: Grain, where: SQL): SQL {
  const names = ['wib_key', 'local_key', ...f.dims.map(([n]) => n)].join(', ');
  const keys = ['t.wib_key', 't.local_key', ...f.dims.map(([, e]) => e)].join(', ');
  const measures = f.measures.map(([, agg]) => agg).join(', ');
  const set = f.measures.map(([name]) => `${name} = r.${name} + excluded.${name}`).join(', ');
  return sql`with t as (${keyed(src, grain, where)})
    insert into ${sql.raw(`${f.table}_${grain}`)} as r (store_id, province_code, ${sql.raw(names)}, ${sql.raw(f.measures.map(([n]) => n).join(', '))})
    select coalesce(t.store_id, 0), coalesce(t.province_code, ''), ${sql.raw(keys)}, ${sql.raw(measures)}
    from ${f.from}
    group by grouping sets ((t.store_id, t.province_code, ${sql.raw(keys)}), (t.province_code, ${sql.raw(keys)}), (${sql.raw(keys)}))
    having (grouping(t.store_id) = 1 or t.store_id is not null) and (grouping(t.province_code) = 1 or t.province_code is not null)
    order by 1, 2, ${sql.raw(keys)}
    on conflict (store_id, province_code, ${sql.raw(names)}) do update set ${sql.raw(set)}`;
}

async function addAll(tx: Tx, src: RollupSource, where: SQL): Promise<void> {
  for (const f of src.families) for (const grain of GRAINS) await tx.execute(addTo(src, f, grain, where));
}

/** The highest id whose row, and every one below it, has committed (see RollupSource). */
async function committedHigh(db: Db, src: RollupSource): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${src.lock})`);
    const [row] = await queryRows<{ high: string | null }>(tx, sql`select max(id) as high from ${sql.raw(src.table)}`);
    return Number(row?.high ?? 0);
  });
}

/** Takes the writers' side of the lock, in the writing transaction (see RollupSource). */
export async function holdWriterLock(tx: Tx, src: RollupSource): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${src.lock})`);
}

/**
 * Counts every row written since the last catch-up into the source's rollups, in steps, each step one transaction with
 * its watermark: a crash loses no step and counts none twice. Two catch-ups at once (two instances) take turns on the
 * watermark's row. Answers how many rows it counted. A bulk load counts in bigger steps: each rollup row of a
 * month is then written once a step rather than once every 200,000 rows (`rowsPerStep`).
 */
export async function catchUp(db: Db, src: RollupSource, now: Date, rowsPerStep = STEP): Promise<number> {
  const high = await committedHigh(db, src);
  let counted = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [w] = await queryRows<{ last_id: string }>(tx, sql`select last_id from rollup_watermarks where name = ${src.watermark} for update`);
      const from = Number(w?.last_id ?? 0);
      if (from >= high) return null;
      const to = Math.min(high, from + rowsPerStep);
      await addAll(tx, src, sql`t0.id > ${from} and t0.id <= ${to}`);
      await tx.execute(sql`update rollup_watermarks set last_id = ${to}, updated_at = ${now} where name = ${src.watermark}`);
      const [n] = await queryRows<{ n: string }>(tx, sql`select count(*) as n from ${sql.raw(src.table)} where id > ${from} and id <= ${to}`);
      return Number(n?.n ?? 0);
    });
    if (step === null) return counted;
    counted += step;
  }
}

/**
 * Recounts whole months of the source's rollups (both ends inclusive, `YYYY-MM`): what the rollups hold for those
 * Jakarta months is deleted and counted again, up to the watermark, in one transaction that holds the watermark, so a
 * catch-up waits and then adds only what came after.
 */
export async function rebuild(db: Db, src: RollupSource, fromMonth: string, toMonth: string, now: Date): Promise<void> {
  const from = `${fromMonth}-01`;
  const [y, m] = toMonth.split('-').map(Number) as [number, number];
  const end = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  await db.transaction(async (tx) => {
    const [w] = await queryRows<{ last_id: string }>(tx, sql`select last_id from rollup_watermarks where name = ${src.watermark} for update`);
    const high = Number(w?.last_id ?? 0);
    for (const f of src.families) {
      for (const grain of GRAINS) await tx.execute(sql`delete from ${sql.raw(`${f.table}_${grain}`)} where wib_key >= ${from}::date and wib_key < ${end}::date`);
    }
    const start = sql`(${from}::date::timestamp at time zone ${TIME_ZONE})`;
    const stop = sql`(${end}::date::timestamp at time zone ${TIME_ZONE})`;
    await addAll(tx, src, sql`t0.${sql.raw(src.at)} >= ${start} and t0.${sql.raw(src.at)} < ${stop} and t0.id <= ${high}`);
    await tx.execute(sql`update rollup_watermarks set updated_at = ${now} where name = ${src.watermark}`);
  });
}
