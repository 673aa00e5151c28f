import { sql } from 'drizzle-orm';
import {
  analyticsPeriod,
  jakartaDay,
  previousPeriod,
  trendBucketOf,
  trendBuckets,
  type AnalyticsQuery,
  type CustomerFigures,
  type CustomerSummary,
  type CustomerTrend,
  type DayPeriod,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rollupRows } from './rollup-source.ts';

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
}
