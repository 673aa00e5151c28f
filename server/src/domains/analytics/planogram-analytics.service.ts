import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsPeriod,
  jakartaDay,
  previousPeriod,
  type AnalyticsQuery,
  type DayPeriod,
  type EngagementFigures,
  type PlanogramMeasure,
  type PlanogramRankQuery,
  type PlanogramRankRow,
  type PlanogramSummary,
  type ProductRankQuery,
  type ProductRankRow,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rollupRows } from './rollup-source.ts';

const figuresOf = (r: Record<string, unknown> | undefined): EngagementFigures => ({
  impressions: Number(r?.impressions ?? 0),
  clicks: Number(r?.clicks ?? 0),
  carts: Number(r?.carts ?? 0),
  sales: Number(r?.sales ?? 0),
});

const COUNTS = sql`sum(impressions) as impressions, sum(clicks) as clicks, sum(carts) as carts`;

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
    const figures = async (p: DayPeriod) => {
      const [row] = await queryRows(
        this.db,
        sql`select (select coalesce(sum(impressions), 0) from ${rollupRows('event_planogram', q, p)} e) as impressions,
            (select coalesce(sum(clicks), 0) from ${rollupRows('event_planogram', q, p)} e) as clicks,
            (select coalesce(sum(carts), 0) from ${rollupRows('event_planogram', q, p)} e) as carts,
            (select coalesce(sum(r.sales), 0) from ${rollupRows('sales_plu', q, p)} r
              where r.plu in (select p.plu from planogram_products pp join products p on p.id = pp.product_id)) as sales`,
      );
      return figuresOf(row);
    };
    const [current, before] = await Promise.all([figures(period), figures(previous)]);
    return { period, previous_period: previous, current, previous: before };
  }

  /** Every planogram shown in the period, ranked by the measure (dense rank), with the measure of the period before. */
  async planograms(q: PlanogramRankQuery): Promise<Page<PlanogramRankRow>> {
    const period = this.period(q);
    const base = (p: DayPeriod) => sql`select pl.id as planogram_id, pl.title, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks,
        coalesce(ev.carts, 0) as carts, coalesce(sl.sales, 0) as sales
      from planograms pl
      left join (select planogram_id, ${COUNTS} from ${rollupRows('event_planogram', q, p)} e group by planogram_id) ev on ev.planogram_id = pl.id
      left join (select pp.planogram_id, sum(r.sales) as sales from ${rollupRows('sales_plu', q, p)} r
        join products p on p.plu = r.plu join planogram_products pp on pp.product_id = p.id group by pp.planogram_id) sl on sl.planogram_id = pl.id
      where (pl.start_date <= ${p.to}::date and pl.end_date >= ${p.from}::date) or ev.planogram_id is not null`;
    const rows = await this.ranked(q, base(period), base(previousPeriod(period)), 'planogram_id');
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), planogram_id: Number(r.planogram_id), title: String(r.title), previous_value: Number(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /** Products ranked by the measure: one planogram's (all it holds, and any seen in it), or every product seen or sold. */
  async products(q: ProductRankQuery): Promise<Page<ProductRankRow>> {
    const period = this.period(q);
    const inPlanogram = q.planogram_id ? sql` and planogram_id = ${q.planogram_id}` : sql``;
    const held = q.planogram_id ? sql`select product_id from planogram_products where planogram_id = ${q.planogram_id}` : sql`select null::int where false`;
    const base = (p: DayPeriod) => sql`with ev as (select product_id, ${COUNTS} from ${rollupRows('event_product', q, p)} e where true${inPlanogram} group by product_id),
        sl as (select p.id as product_id, sum(r.sales) as sales from ${rollupRows('sales_plu', q, p)} r join products p on p.plu = r.plu
          ${q.planogram_id ? sql`where p.id in (${held}) or p.id in (select product_id from ev)` : sql``} group by p.id),
        ids as (select product_id from ev union select product_id from sl union ${held})
      select p.id as product_id, p.plu, p.name as product_name, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks,
        coalesce(ev.carts, 0) as carts, coalesce(sl.sales, 0) as sales
      from ids join products p on p.id = ids.product_id left join ev on ev.product_id = p.id left join sl on sl.product_id = p.id`;
    const rows = await this.ranked(q, base(period), base(previousPeriod(period)), 'product_id');
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), product_id: Number(r.product_id), plu: String(r.plu), product_name: String(r.product_name), previous_value: Number(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /** A page of `current`'s rows ranked by the measure, each with the measure's value in `previous`. */
  private async ranked(q: { measure: PlanogramMeasure; order: 'asc' | 'desc'; page: number; limit: number }, current: SQL, previous: SQL, id: string) {
    const m = sql.raw(q.measure);
    const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
    const key = sql.raw(id);
    return queryRows(
      this.db,
      sql`with cur as (${current}),
          ranked as (select cur.*, dense_rank() over (order by ${m} ${dir}) as rank, count(*) over () as total from cur),
          pick as (select * from ranked order by ${m} ${dir}, ${key} limit ${q.limit} offset ${(q.page - 1) * q.limit}),
          prev as (${previous})
        select pick.*, coalesce((select prev.${m} from prev where prev.${key} = pick.${key}), 0) as previous_value
        from pick order by pick.${m} ${dir}, pick.${key}`,
    );
  }
}
