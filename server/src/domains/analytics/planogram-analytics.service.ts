import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsPeriod,
  codesOf,
  jakartaDay,
  previousPeriod,
  type AnalyticsQuery,
  type DayPeriod,
  type EngagementFigures,
  type PlanogramRankQuery,
  type PlanogramRankRow,
  type PlanogramSummary,
  type ProductRankQuery,
  type ProductRankRow,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rankBy, rankedPage, rankingWithPrevious } from './ranking.ts';
import { rollupRows } from './rollup-source.ts';

const figuresOf = (r: Record<string, unknown> | undefined): EngagementFigures => ({
  impressions: Number(r?.impressions ?? 0),
  clicks: Number(r?.clicks ?? 0),
  carts: Number(r?.carts ?? 0),
  sales: Number(r?.sales ?? 0),
});

const COUNTS = sql`sum(impressions) as impressions, sum(clicks) as clicks, sum(carts) as carts`;

/**
 * Keeps the sales rollup rows `r` of the PLUs `plus` selects, given as one array value: the chain's rows are then read
 * PLU by PLU through the PLU index (migration 0047), and a province's or store's rows through the primary key with the
 * PLUs checked in the index. An array is searched element by element for each row, so where the PLUs are not `few` (a
 * planogram's or a page's) and the rows are a province's or store's, they are matched by a hashed set instead (8,000
 * PLUs against a store's year of rows took seconds).
 */
const ofPlus = (q: AnalyticsQuery, plus: SQL, few = false) =>
  !few && (codesOf(q.store_code).length || codesOf(q.province_code).length) ? sql`r.plu in (${plus})` : sql`r.plu = any(array(${plus}))`;

interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/**
 * Planogram analytics, from the event rollups (impressions, clicks, add-to-carts per planogram and product, migration
 * 0041) and the sales rollups by PLU (a planogram's sales are those of the products it holds today).
 */
export class PlanogramAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private period(q: AnalyticsQuery): DayPeriod {
    return analyticsPeriod(q, jakartaDay(this.clock.now()));
  }

  async summary(q: AnalyticsQuery): Promise<PlanogramSummary> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const figures = async (p: DayPeriod) => figuresOf((await queryRows(this.db, this.summaryFigures(q, p)))[0]);
    const [current, before] = await Promise.all([figures(period), figures(previous)]);
    return { period, previous_period: previous, current, previous: before };
  }

  /** The period's impressions, clicks and add-to-carts, and the sales of the products on planograms: one row. */
  private summaryFigures(q: AnalyticsQuery, p: DayPeriod): SQL {
    return sql`select e.*, (select coalesce(sum(r.sales), 0) from ${rollupRows('sales_plu', q, p)} r
          where ${ofPlus(q, sql`select distinct p.plu from planogram_products pp join products p on p.id = pp.product_id`)}) as sales
        from (select coalesce(sum(impressions), 0) as impressions, coalesce(sum(clicks), 0) as clicks, coalesce(sum(carts), 0) as carts
          from ${rollupRows('event_planogram', q, p)} e) e`;
  }

  /** The summary as the export writes it: a row a measure, in the period and the period before, with both periods' days. */
  summaryRanking(q: AnalyticsQuery): SQL {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const days = (p: DayPeriod) => `${p.from} – ${p.to}`;
    return sql`select m.*, ${days(period)}::text as period, ${days(previous)}::text as previous_period
      from (${this.summaryFigures(q, period)}) c, (${this.summaryFigures(q, previous)}) b,
      lateral (values (1, 'Impressions', c.impressions, b.impressions), (2, 'Clicks', c.clicks, b.clicks), (3, 'Add to Cart', c.carts, b.carts),
        (4, 'Sales (Rp)', c.sales, b.sales)) as m(rank, measure, current_value, previous_value)`;
  }

  /** Every planogram shown in the period, ranked by the measure (dense rank), with the measure of the period before. */
  async planograms(q: PlanogramRankQuery): Promise<Page<PlanogramRankRow>> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const rows = await rankedPage(this.db, rankBy(q.measure, q), this.planogramFigures(q, period), (page) => this.planogramFigures(q, previous, page), 'planogram_id', { previous_value: q.measure });
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), planogram_id: Number(r.planogram_id), title: String(r.title), previous_value: Number(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /**
   * Each planogram shown in the period (or seen in it) with its events and its products' sales; `only` (a relation of
   * planogram ids) narrows them. The sales are read PLU by PLU for the planograms' products only (the sales rollups'
   * PLU index, migration 0047), not every PLU sold in the period.
   */
  private planogramFigures(q: PlanogramRankQuery, p: DayPeriod, only?: SQL): SQL {
    const narrowed = (column: string) => (only ? sql` and ${sql.raw(column)} in (${only})` : sql``);
    return sql`with ev as (select planogram_id, ${COUNTS} from ${rollupRows('event_planogram', q, p)} e where true${narrowed('planogram_id')} group by planogram_id),
        pl as (select pl.id, pl.title from planograms pl
          where ((pl.start_date <= ${p.to}::date and pl.end_date >= ${p.from}::date) or pl.id in (select planogram_id from ev))${narrowed('pl.id')}),
        shelf as (select pp.planogram_id, p.plu from planogram_products pp join products p on p.id = pp.product_id where pp.planogram_id in (select id from pl)),
        sold as (select r.plu, sum(r.sales) as sales from ${rollupRows('sales_plu', q, p)} r where ${ofPlus(q, sql`select distinct plu from shelf`)} group by r.plu),
        sl as (select shelf.planogram_id, sum(sold.sales) as sales from shelf join sold on sold.plu = shelf.plu group by shelf.planogram_id)
      select pl.id as planogram_id, pl.title, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks,
        coalesce(ev.carts, 0) as carts, coalesce(sl.sales, 0) as sales
      from pl left join ev on ev.planogram_id = pl.id left join sl on sl.planogram_id = pl.id`;
  }

  /** Products ranked by the measure: one planogram's (all it holds, and any seen in it), or every product seen or sold. */
  async products(q: ProductRankQuery): Promise<Page<ProductRankRow>> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const rows = await rankedPage(this.db, rankBy(q.measure, q), this.productFigures(q, period), (page) => this.productFigures(q, previous, page), 'product_id', { previous_value: q.measure });
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), product_id: Number(r.product_id), plu: String(r.plu), product_name: String(r.product_name), previous_value: Number(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /**
   * The products of one planogram (all it holds, and any seen in it), or every product seen or sold, with their figures;
   * `only` (a relation of product ids) narrows them. Where the products are known first (a planogram's, or `only`), their
   * sales are read for their PLUs only.
   */
  private productFigures(q: ProductRankQuery, p: DayPeriod, only?: SQL): SQL {
    const inPlanogram = q.planogram_id ? sql` and planogram_id = ${q.planogram_id}` : sql``;
    const narrowed = only ? sql` and product_id in (${only})` : sql``;
    const held = q.planogram_id ? sql`select product_id from planogram_products where planogram_id = ${q.planogram_id}` : sql`select null::int where false`;
    const wanted = only
      ? sql`where ${ofPlus(q, sql`select plu from products where id in (${only})`, true)}`
      : q.planogram_id
        ? sql`where ${ofPlus(q, sql`select plu from products where id in (${held}) or id in (select product_id from ev)`, true)}`
        : sql``;
    return sql`with ev as (select product_id, ${COUNTS} from ${rollupRows('event_product', q, p)} e where true${inPlanogram}${narrowed} group by product_id),
        sl as (select p.id as product_id, s.sales from (select r.plu, sum(r.sales) as sales from ${rollupRows('sales_plu', q, p)} r ${wanted} group by r.plu) s join products p on p.plu = s.plu),
        ids as (select product_id from ev union select product_id from sl union ${held})
      select p.id as product_id, p.plu, p.name as product_name, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks,
        coalesce(ev.carts, 0) as carts, coalesce(sl.sales, 0) as sales
      from ids join products p on p.id = ids.product_id left join ev on ev.product_id = p.id left join sl on sl.product_id = p.id
      ${only ? sql`where p.id in (${only})` : sql``}`;
  }

  /** Every planogram of the ranking (as `planograms` ranks them), for the export. */
  planogramRanking(q: PlanogramRankQuery): SQL {
    const period = this.period(q);
    return rankingWithPrevious(rankBy(q.measure, q), this.planogramFigures(q, period), this.planogramFigures(q, previousPeriod(period)), 'planogram_id', { previous_value: q.measure });
  }

  /** Every product of the ranking (as `products` ranks them), for the export. */
  productRanking(q: ProductRankQuery): SQL {
    const period = this.period(q);
    return rankingWithPrevious(rankBy(q.measure, q), this.productFigures(q, period), this.productFigures(q, previousPeriod(period)), 'product_id', { previous_value: q.measure });
  }
}
