import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsPeriod,
  CUSTOMER_MEASURES,
  jakartaDay,
  previousPeriod,
  trendBucketOf,
  trendBuckets,
  type AnalyticsQuery,
  type CustomerChannelRow,
  type CustomerDetailType,
  type CustomerFigures,
  type CustomerRankQuery,
  type CustomerRegionRow,
  type CustomerStoreRow,
  type CustomerSummary,
  type CustomerTrend,
  type DayPeriod,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ranked } from './ranking.ts';
import { rollupRows, type RollupLevel } from './rollup-source.ts';

const figuresOf = (m: Record<string, unknown> | undefined, a: Record<string, unknown> | undefined): CustomerFigures => ({
  customers: Number(m?.customers ?? 0),
  member_transactions: Number(m?.transactions ?? 0),
  member_lines: Number(m?.lines ?? 0),
  member_quantity: Number(m?.quantity ?? 0),
  member_sales: Number(m?.sales ?? 0),
  transactions: Number(a?.transactions ?? 0),
  lines: Number(a?.lines ?? 0),
  quantity: Number(a?.quantity ?? 0),
  sales: Number(a?.sales ?? 0),
});

const FIGURE_KEYS = ['customers', 'member_transactions', 'member_lines', 'member_quantity', 'member_sales', 'transactions', 'lines', 'quantity', 'sales'] as const;
/** A row's figures, named as the contract names them. */
const figuresOfRow = (r: Record<string, unknown>): CustomerFigures => Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as CustomerFigures;

/**
 * A measure over a row's figures in SQL, as the contract's `customerMeasure` computes it: an exact numeric quotient
 * rounded half up to the measure's decimals (so a file's cell reads 4.3, not 4.3000000000000000).
 */
function measureOf(type: CustomerDetailType): SQL {
  const m = CUSTOMER_MEASURES[type];
  return sql.raw(`case when ${m.denominator} > 0 then round(${m.numerator}::numeric / ${m.denominator}, ${m.decimals}) else 0 end`);
}

/** What a breakdown groups by, at the rollups' level that has it. */
type BreakdownKey = 'channel' | 'province_code' | 'store_id';
const LEVEL_OF: Record<BreakdownKey, RollupLevel> = { channel: 'filtered', province_code: 'provinces', store_id: 'stores' };

interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const MEMBER = sql`count(distinct consumer_id) as customers, sum(transactions) as transactions, sum(lines) as lines, sum(quantity) as quantity, sum(sales) as sales`;
const ALL = sql`sum(transactions) as transactions, sum(lines) as lines, sum(quantity) as quantity, sum(sales) as sales`;

/**
 * Customer analytics from the members' rollup (migration 0042: one row a member a day or month at each level, so a
 * period's customers are its distinct members however its months and days are read) and the sales rollup.
 */
export class CustomerAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private period(q: AnalyticsQuery): DayPeriod {
    return analyticsPeriod(q, jakartaDay(this.clock.now()));
  }

  async summary(q: AnalyticsQuery): Promise<CustomerSummary> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const figures = async (p: DayPeriod) => {
      const [[m], [a]] = await Promise.all([
        queryRows(this.db, sql`select ${MEMBER} from ${rollupRows('sales_member', q, p)} r`),
        queryRows(this.db, sql`select ${ALL} from ${rollupRows('sales_rollup', q, p)} r`),
      ]);
      return figuresOf(m, a);
    };
    const [current, before] = await Promise.all([figures(period), figures(previous)]);
    return { period, previous_period: previous, current, previous: before };
  }

  async trend(q: AnalyticsQuery): Promise<CustomerTrend> {
    const period = this.period(q);
    const bucket = trendBucketOf(period);
    const format = bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const [members, all] = await Promise.all([
      queryRows(this.db, sql`select to_char(key, ${format}) as bucket, ${MEMBER} from ${rollupRows('sales_member', q, period, 'filtered', bucket)} r group by 1`),
      queryRows(this.db, sql`select to_char(key, ${format}) as bucket, ${ALL} from ${rollupRows('sales_rollup', q, period, 'filtered', bucket)} r group by 1`),
    ]);
    const m = new Map(members.map((r) => [String(r.bucket), r]));
    const a = new Map(all.map((r) => [String(r.bucket), r]));
    return { bucket, rows: trendBuckets(period).map((b) => ({ bucket: b, ...figuresOf(m.get(b), a.get(b)) })) };
  }

  async byChannel(q: AnalyticsQuery): Promise<CustomerChannelRow[]> {
    const rows = await queryRows(this.db, sql`select * from (${this.figuresBy(q, 'channel')}) f order by channel`);
    return rows.map((r) => ({ channel: Number(r.channel), ...figuresOfRow(r) }));
  }

  /** Every region with figures for the measure, ranked by it (dense rank): what a page of the regions reads. */
  regionRanking(q: CustomerRankQuery): SQL {
    return sql`select ranked.*, p.name as province_name from (${this.ranking(q, 'province_code')}) ranked join provinces p on p.code = ranked.province_code`;
  }

  /** Every store with figures for the measure, ranked by it (dense rank), with its names: what a page and the export read. */
  storeRanking(q: Omit<CustomerRankQuery, 'page' | 'limit'>): SQL {
    return sql`select ranked.*, st.code as store_code, st.name as store_name, p.name as province_name
      from (${this.ranking(q, 'store_id')}) ranked join stores st on st.id = ranked.store_id join provinces p on p.code = st.province_code`;
  }

  async byRegion(q: CustomerRankQuery): Promise<Page<CustomerRegionRow>> {
    const page = await this.page(this.regionRanking(q), 'province_code', q);
    return { ...page, data: page.rows.map((r) => ({ rank: Number(r.rank), value: Number(r.value), province_code: String(r.province_code), province_name: String(r.province_name), ...figuresOfRow(r) })) };
  }

  async byStore(q: CustomerRankQuery): Promise<Page<CustomerStoreRow>> {
    const page = await this.page(this.storeRanking(q), 'store_id', q);
    return {
      ...page,
      data: page.rows.map((r) => ({
        rank: Number(r.rank),
        value: Number(r.value),
        store_id: Number(r.store_id),
        store_code: String(r.store_code),
        store_name: String(r.store_name),
        province_name: String(r.province_name),
        ...figuresOfRow(r),
      })),
    };
  }

  /**
   * Each key's figures over the period: everyone's from the sales rollup, the members' from the members' rollup, where
   * a key's customers are its distinct members (one row a member a day or month at each level, summed per member first,
   * then counted): a member who shopped in two stores is a customer of each, once.
   */
  private figuresBy(q: AnalyticsQuery, key: BreakdownKey): SQL {
    const period = this.period(q);
    const level = LEVEL_OF[key];
    const k = sql.raw(key);
    return sql`select a.${k}, coalesce(m.customers, 0) as customers, coalesce(m.transactions, 0) as member_transactions, coalesce(m.lines, 0) as member_lines,
        coalesce(m.quantity, 0) as member_quantity, coalesce(m.sales, 0) as member_sales, a.transactions, a.lines, a.quantity, a.sales
      from (select ${k}, sum(transactions) as transactions, sum(lines) as lines, sum(quantity) as quantity, sum(sales) as sales
        from ${rollupRows('sales_rollup', q, period, level)} r group by ${k}) a
      left join (select ${k}, count(*) as customers, sum(transactions) as transactions, sum(lines) as lines, sum(quantity) as quantity, sum(sales) as sales
        from (select ${k}, consumer_id, sum(transactions) as transactions, sum(lines) as lines, sum(quantity) as quantity, sum(sales) as sales
          from ${rollupRows('sales_member', q, period, level)} r group by ${k}, consumer_id) per_member group by ${k}) m using (${k})`;
  }

  /**
   * The keys ranked by the measure as shown (dense rank, best first or, `asc`, worst first), with how many there are: a
   * per-customer measure ranks the keys with member customers, a per-transaction one those with transactions.
   */
  private ranking(q: Omit<CustomerRankQuery, 'page' | 'limit'>, key: BreakdownKey): SQL {
    const denominator = sql.raw(CUSTOMER_MEASURES[q.type].denominator);
    return ranked({ by: 'value', order: q.order }, sql`select f.*, ${measureOf(q.type)} as value from (${this.figuresBy(q, key)}) f where ${denominator} > 0`);
  }

  /** One page of a ranking, by rank then key; past its end, the count of its keys. */
  private async page(ranking: SQL, key: BreakdownKey, q: CustomerRankQuery) {
    const k = sql.raw(key);
    const rows = await queryRows(this.db, sql`select * from (${ranking}) x order by rank, ${k} limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
    let total = rows.length ? Number(rows[0]!.total) : 0;
    if (!rows.length && q.page > 1) total = Number((await queryRows(this.db, sql`select count(*) as n from (${ranking}) x`))[0]?.n ?? 0);
    return { rows, meta: { page: q.page, limit: q.limit, total } };
  }
}
