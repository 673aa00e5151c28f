import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsPeriod,
  jakartaDay,
  previousPeriod,
  SPEND_BANDS,
  spendBandLabel,
  type AnalyticsQuery,
  type DayPeriod,
  type SpendBandFigures,
  type SpendBandReport,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rollupRows } from './rollup-source.ts';

/** The total's place after the bands (the export's order key). */
const TOTAL_ORD = SPEND_BANDS.length;

/** `a` in percent of `b`, one decimal, half away from zero; 0 of nothing. */
const percentOf = (a: string, b: string) => sql.raw(`(case when ${b} = 0 then 0 else round(${a}::numeric * 100 / ${b}, 1) end)`);
/** The change from `before` to `now` in percent, one decimal; null when there was nothing before. */
const changeOf = (now: string, before: string) => sql.raw(`(case when ${before} = 0 then null else round((${now} - ${before})::numeric * 100 / ${before}, 1) end)`);
/** Whole Rupiah per transaction, half up; 0 without transactions. */
const averageOf = (sales: string, transactions: string) => sql.raw(`(case when ${transactions} = 0 then 0 else round(${sales}::numeric / ${transactions}) end)`);

const FIGURE_KEYS = [
  'transactions',
  'transactions_share',
  'sales',
  'sales_share',
  'average_basket',
  'member_transactions',
  'member_share',
  'member_sales',
  'member_average_basket',
  'previous_transactions',
  'previous_sales',
] as const;

function figuresOf(r: Record<string, unknown>): SpendBandFigures {
  const out = Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as Omit<SpendBandFigures, 'transactions_change' | 'sales_change'>;
  const change = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { ...out, transactions_change: change(r.transactions_change), sales_change: change(r.sales_change) };
}

/**
 * The Spend Band Report: how a period's transactions spread over the basket-value bands, summed from the `sales_band`
 * rollups (migration 0045, counted by sales-rollup.ts) at the narrowest level the filters allow, never from the
 * transactions.
 */
export class SpendBandService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  period(q: AnalyticsQuery): DayPeriod {
    return analyticsPeriod(q, jakartaDay(this.clock.now()));
  }

  /**
   * Every band in order, empty ones too, then the total (`ord` the band's place, the total's last; `band_from` null on
   * it): each with its figures, their shares of the period's, the averages and the period before. One relation, which
   * the screen and the export both read.
   */
  relation(q: AnalyticsQuery): SQL {
    const period = this.period(q);
    const bands = sql.join(
      SPEND_BANDS.map((b, i) => sql`(${i}::int, ${b.from}::bigint, ${b.to}::bigint, ${spendBandLabel(b)}::text)`),
      sql`, `,
    );
    return sql`with cur as (
        select band_from, sum(transactions) as transactions, sum(member_transactions) as member_transactions, sum(sales) as sales, sum(member_sales) as member_sales
        from ${rollupRows('sales_band', q, period)} r group by band_from
      ), prev as (
        select band_from, sum(transactions) as transactions, sum(sales) as sales from ${rollupRows('sales_band', q, previousPeriod(period))} r group by band_from
      ), b as (
        select * from (values ${bands}) v(ord, band_from, band_to, band)
      ), g as (
        select coalesce(b.ord, ${TOTAL_ORD}) as ord, b.band_from, b.band_to, coalesce(b.band, 'Total') as band,
          coalesce(sum(c.transactions), 0)::bigint as transactions, coalesce(sum(c.member_transactions), 0)::bigint as member_transactions,
          coalesce(sum(c.sales), 0)::bigint as sales, coalesce(sum(c.member_sales), 0)::bigint as member_sales,
          coalesce(sum(p.transactions), 0)::bigint as previous_transactions, coalesce(sum(p.sales), 0)::bigint as previous_sales
        from b left join cur c on c.band_from = b.band_from left join prev p on p.band_from = b.band_from
        group by grouping sets ((b.ord, b.band_from, b.band_to, b.band), ())
      )
      select g.ord, g.band_from, g.band_to, g.band, g.transactions, ${percentOf('g.transactions', 't.transactions')} as transactions_share,
        g.sales, ${percentOf('g.sales', 't.sales')} as sales_share, ${averageOf('g.sales', 'g.transactions')} as average_basket,
        g.member_transactions, ${percentOf('g.member_transactions', 'g.transactions')} as member_share,
        g.member_sales, ${averageOf('g.member_sales', 'g.member_transactions')} as member_average_basket,
        g.previous_transactions, g.previous_sales,
        ${changeOf('g.transactions', 'g.previous_transactions')} as transactions_change, ${changeOf('g.sales', 'g.previous_sales')} as sales_change
      from g cross join (select transactions, sales from g where ord = ${TOTAL_ORD}) t`;
  }

  async report(q: AnalyticsQuery): Promise<SpendBandReport> {
    const period = this.period(q);
    const rows = await queryRows(this.db, sql`select * from (${this.relation(q)}) x order by x.ord`);
    const total = rows.find((r) => Number(r.ord) === TOTAL_ORD);
    return {
      period,
      previous_period: previousPeriod(period),
      bands: rows
        .filter((r) => Number(r.ord) !== TOTAL_ORD)
        .map((r) => ({ band_from: Number(r.band_from), band_to: r.band_to === null ? null : Number(r.band_to), band: String(r.band), ...figuresOf(r) })),
      total: figuresOf(total ?? {}),
    };
  }
}
