import { sql, type SQL } from 'drizzle-orm';
import { codesOf, previousPeriod, trendBucketOf, type AnalyticsQuery, type DayPeriod, type SalesFigures, type TopQuery } from '@portal/contract';
import { queryRows, type Db } from '../src/db/client.ts';

/**
 * The sales widgets' figures straight from the transactions and their lines, never the rollups: what the scale
 * generator's test checks the rollups against, and the benchmark's baseline for each widget. The period is bounded by
 * `at` (the index's column) and then cut exactly by the query's calendar.
 */

/** The transactions `t` (with their store `s`) of a query's filters and period. */
export function rawSalesWhere(q: AnalyticsQuery, p: DayPeriod): SQL {
  const start = sql`(${p.from}::date::timestamp at time zone 'Asia/Jakarta')`;
  const end = sql`((${p.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;
  // A store's own day starts up to two hours before Jakarta's (WIT) and ends before it.
  const parts =
    q.basis === 'store'
      ? [sql`t.at >= ${start} - interval '2 hours' and t.at < ${end}`, sql`(t.at at time zone store_time_zone(s.province_code))::date between ${p.from}::date and ${p.to}::date`]
      : [sql`t.at >= ${start} and t.at < ${end}`];
  const stores = codesOf(q.store_code).map((c) => c.toLowerCase());
  const provinces = codesOf(q.province_code);
  if (stores.length) parts.push(sql`lower(s.code) in (select json_array_elements_text(${JSON.stringify(stores)}::json))`);
  if (provinces.length) parts.push(sql`s.province_code in (select json_array_elements_text(${JSON.stringify(provinces)}::json))`);
  if (q.channel) parts.push(sql`t.channel = ${q.channel}`);
  return sql.join(parts, sql` and `);
}

const dayOf = (q: AnalyticsQuery) => (q.basis === 'store' ? sql`(t.at at time zone store_time_zone(s.province_code))::date` : sql`(t.at at time zone 'Asia/Jakarta')::date`);
const FROM = sql`sales_transactions t join stores s on s.id = t.store_id`;
const FIGURES = sql`coalesce(sum(t.total), 0) as sales, count(*) as transactions, coalesce(sum(t.quantity), 0) as quantity,
  coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales, count(t.consumer_id) as member_transactions`;

export const rawFiguresOf = (r: Record<string, unknown> | undefined): SalesFigures => ({
  sales: Number(r?.sales ?? 0),
  transactions: Number(r?.transactions ?? 0),
  quantity: Number(r?.quantity ?? 0),
  member_sales: Number(r?.member_sales ?? 0),
  member_transactions: Number(r?.member_transactions ?? 0),
});

export async function rawFigures(db: Db, q: AnalyticsQuery, p: DayPeriod): Promise<SalesFigures> {
  const [r] = await queryRows(db, sql`select ${FIGURES} from ${FROM} where ${rawSalesWhere(q, p)}`);
  return rawFiguresOf(r);
}

/** A page of keys ranked by a measure (dense rank) with the total of keys, as one statement. */
function ranked(source: SQL, by: string, order: 'asc' | 'desc', key: string, limit: number, page: number): SQL {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  return sql`with cur as (${source}), r as (select cur.*, dense_rank() over (order by ${sql.raw(by)} ${dir}) as rank, count(*) over () as total from cur)
    select * from r order by ${sql.raw(by)} ${dir}, ${sql.raw(key)} limit ${limit} offset ${(page - 1) * limit}`;
}

/** A top list's page from the lines, each key with its figures of the period before. */
async function rawTop(db: Db, q: TopQuery, p: DayPeriod, dim: 'category' | 'plu') {
  const key = dim === 'plu' ? sql`l.plu` : sql`coalesce(l.category_id, 0)`;
  const lines = (period: DayPeriod) => sql`select ${key} as k, sum(l.amount) as sales, sum(l.quantity) as quantity, count(*) as lines
    from ${FROM} join sales_lines l on l.transaction_pk = t.id where ${rawSalesWhere(q, period)} group by 1`;
  const page = await queryRows(db, ranked(lines(p), q.measure, q.order, 'k', q.limit, q.page));
  const keys = page.map((r) => String(r.k));
  const before = await queryRows(db, sql`select * from (${lines(previousPeriod(p))}) b where b.k::text in (select json_array_elements_text(${JSON.stringify(keys)}::json))`);
  return { page, before };
}

/** Each widget of SalesAnalyticsService, computed from the raw tables for the same query. */
export const rawSalesWidgets = {
  summary: (db: Db, q: AnalyticsQuery, p: DayPeriod) => Promise.all([rawFigures(db, q, p), rawFigures(db, q, previousPeriod(p))]),
  trend: (db: Db, q: AnalyticsQuery, p: DayPeriod) =>
    queryRows(db, sql`select to_char(${dayOf(q)}, ${trendBucketOf(p) === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket, ${FIGURES} from ${FROM} where ${rawSalesWhere(q, p)} group by 1 order by 1`),
  byChannel: (db: Db, q: AnalyticsQuery, p: DayPeriod) => queryRows(db, sql`select t.channel, ${FIGURES} from ${FROM} where ${rawSalesWhere(q, p)} group by 1 order by 1`),
  byRegion: (db: Db, q: AnalyticsQuery, p: DayPeriod) =>
    queryRows(db, sql`select s.province_code, pr.name, ${FIGURES} from ${FROM} join provinces pr on pr.code = s.province_code where ${rawSalesWhere(q, p)} group by 1, 2 order by sales desc, 1`),
  byStore: (db: Db, q: TopQuery, p: DayPeriod) => queryRows(db, ranked(sql`select t.store_id, ${FIGURES} from ${FROM} where ${rawSalesWhere(q, p)} group by 1`, 'sales', q.order, 'store_id', q.limit, q.page)),
  topCategories: (db: Db, q: TopQuery, p: DayPeriod) => rawTop(db, q, p, 'category'),
  topPlus: (db: Db, q: TopQuery, p: DayPeriod) => rawTop(db, q, p, 'plu'),
};
