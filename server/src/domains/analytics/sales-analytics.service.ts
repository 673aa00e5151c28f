import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsPeriod,
  jakartaDay,
  previousPeriod,
  trendBucketOf,
  trendBuckets,
  type AnalyticsQuery,
  type DayPeriod,
  type RankedQuery,
  type SalesFigures,
  type SalesRegionRow,
  type SalesSummary,
  type SalesTrend,
  type TopCategoryRow,
  type TopPluRow,
  type TopQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rankBy, ranked, rankedPage, rankingWithPrevious } from './ranking.ts';
import { rollupRows, type RollupFamily, type RollupLevel } from './rollup-source.ts';

const FIGURES = sql`coalesce(sum(sales), 0) as sales, coalesce(sum(transactions), 0) as transactions, coalesce(sum(quantity), 0) as quantity,
  coalesce(sum(member_sales), 0) as member_sales, coalesce(sum(member_transactions), 0) as member_transactions`;

const figuresOf = (r: Record<string, unknown> | undefined): SalesFigures => ({
  sales: Number(r?.sales ?? 0),
  transactions: Number(r?.transactions ?? 0),
  quantity: Number(r?.quantity ?? 0),
  member_sales: Number(r?.member_sales ?? 0),
  member_transactions: Number(r?.member_transactions ?? 0),
});

/** A sub category or PLU ranking's order: by sales or quantity. */
const rankOf = (q: TopQuery) => rankBy(q.measure === 'quantity' ? 'quantity' : 'sales', q);
const PREVIOUS = { previous_sales: 'sales', previous_quantity: 'quantity' };

/** A family's keys (sub categories or PLUs) with their figures in the period; `only` (a relation of keys) narrows them. */
const familyFigures = (q: AnalyticsQuery, family: 'sales_category' | 'sales_plu', dim: string, p: DayPeriod, only?: SQL) => {
  const d = sql.raw(dim);
  return sql`select ${d}, sum(sales) as sales, sum(quantity) as quantity, sum(lines) as lines from ${rollupRows(family, q, p)} r${only ? sql` where ${d} in (${only})` : sql``} group by ${d}`;
};

interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/**
 * The sales dashboards' figures, every one summed from the sales rollups (migration 0038, kept by sales-rollup.ts) at
 * the narrowest level the filters allow: never a scan of the transactions.
 */
export class SalesAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  period(q: AnalyticsQuery): DayPeriod {
    return analyticsPeriod(q, jakartaDay(this.clock.now()));
  }

  async summary(q: AnalyticsQuery): Promise<SalesSummary> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const [current, before] = await Promise.all([this.figures(q, period), this.figures(q, previous)]);
    return { period, previous_period: previous, current, previous: before };
  }

  async trend(q: AnalyticsQuery): Promise<SalesTrend> {
    const period = this.period(q);
    const bucket = trendBucketOf(period);
    const format = bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const rows = await queryRows(this.db, sql`select to_char(key, ${format}) as bucket, ${FIGURES} from ${rollupRows('sales_rollup', q, period, 'filtered', bucket)} r group by 1`);
    const byBucket = new Map(rows.map((r) => [String(r.bucket), r]));
    return { bucket, rows: trendBuckets(period).map((b) => ({ bucket: b, ...figuresOf(byBucket.get(b)) })) };
  }

  async byChannel(q: AnalyticsQuery) {
    const rows = await queryRows(this.db, sql`select channel, ${FIGURES} from ${rollupRows('sales_rollup', q, this.period(q))} r group by channel order by channel`);
    return rows.map((r) => ({ channel: Number(r.channel), ...figuresOf(r) }));
  }

  async byRegion(q: AnalyticsQuery): Promise<SalesRegionRow[]> {
    const rows = await queryRows(
      this.db,
      sql`select r.province_code, p.name as province_name, ${FIGURES} from ${rollupRows('sales_rollup', q, this.period(q), 'provinces')} r
        join provinces p on p.code = r.province_code group by r.province_code, p.name order by sales desc, r.province_code`,
    );
    return rows.map((r) => ({ province_code: String(r.province_code), province_name: String(r.province_name), ...figuresOf(r) }));
  }

  /** Every store with sales in the period, ranked by sales (dense rank, best first or, `asc`, worst first), with its names. */
  storeRanking(q: RankedQuery): SQL {
    return sql`select ranked.*, st.code as store_code, st.name as store_name, p.name as province_name
      from (${ranked({ by: 'sales', order: q.order }, sql`select store_id, ${FIGURES} from ${rollupRows('sales_rollup', q, this.period(q), 'stores')} r group by store_id`)}) ranked
      join stores st on st.id = ranked.store_id join provinces p on p.code = st.province_code`;
  }

  /** One page of the store ranking. */
  async byStore(q: RankedQuery): Promise<Page<SalesFigures & { rank: number; store_id: number; store_code: string; store_name: string; province_name: string }>> {
    const rows = await queryRows(this.db, sql`select * from (${this.storeRanking(q)}) x order by rank, store_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), store_id: Number(r.store_id), store_code: String(r.store_code), store_name: String(r.store_name), province_name: String(r.province_name), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: rows.length ? Number(rows[0]!.total) : q.page > 1 ? await this.count('sales_rollup', 'store_id', q, this.period(q), 'stores') : 0 },
    };
  }

  /**
   * Every sub category or PLU with sales in the period, ranked by the measure (dense rank), each with its figures of the
   * period before and its names: what the export writes (a page reads the period before for its own rows only).
   */
  topRanking(q: TopQuery, family: 'sales_category' | 'sales_plu'): SQL {
    const dim = family === 'sales_plu' ? 'plu' : 'category_id';
    const period = this.period(q);
    const names =
      family === 'sales_plu'
        ? sql`left join products pr on pr.plu = x.plu left join categories c on c.id = pr.category_id`
        : sql`left join categories c on c.id = x.category_id left join categories pc on pc.id = c.parent_id`;
    const nameCols = family === 'sales_plu' ? sql`coalesce(pr.name, x.plu) as product_name, coalesce(c.name, 'Uncategorised') as category_name` : sql`coalesce(c.name, 'Uncategorised') as category_name, coalesce(pc.name, '') as parent_name`;
    return sql`select x.*, ${nameCols} from (${rankingWithPrevious(rankOf(q), familyFigures(q, family, dim, period), familyFigures(q, family, dim, previousPeriod(period)), dim, PREVIOUS)}) x ${names}`;
  }

  async topCategories(q: TopQuery): Promise<Page<TopCategoryRow>> {
    const page = await this.top(q, 'sales_category', 'category_id');
    const ids = page.rows.map((r) => Number(r.category_id));
    const names = await queryRows<{ id: number; name: string; parent_name: string | null }>(
      this.db,
      sql`select c.id, c.name, p.name as parent_name from categories c left join categories p on p.id = c.parent_id where c.id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::int)`,
    );
    const byId = new Map(names.map((n) => [Number(n.id), n]));
    return {
      data: page.rows.map((r) => {
        const c = byId.get(Number(r.category_id));
        return { ...page.figures(r), category_id: Number(r.category_id), category_name: c?.name ?? 'Uncategorised', parent_name: c?.parent_name ?? '' };
      }),
      meta: page.meta,
    };
  }

  async topPlus(q: TopQuery): Promise<Page<TopPluRow>> {
    const page = await this.top(q, 'sales_plu', 'plu');
    const plus = page.rows.map((r) => String(r.plu));
    const names = await queryRows<{ plu: string; name: string; category_name: string }>(
      this.db,
      sql`select p.plu, p.name, c.name as category_name from products p join categories c on c.id = p.category_id where p.plu in (select json_array_elements_text(${JSON.stringify(plus)}::json))`,
    );
    const byPlu = new Map(names.map((n) => [n.plu, n]));
    return {
      data: page.rows.map((r) => {
        const p = byPlu.get(String(r.plu));
        return { ...page.figures(r), plu: String(r.plu), product_name: p?.name ?? String(r.plu), category_name: p?.category_name ?? 'Uncategorised' };
      }),
      meta: page.meta,
    };
  }

  /** A page of a family's keys ranked by the measure (dense rank), each with its figures of the period before. */
  private async top(q: TopQuery, family: 'sales_category' | 'sales_plu', dim: string) {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const rows = await rankedPage(this.db, rankOf(q), familyFigures(q, family, dim, period), (keys) => familyFigures(q, family, dim, previous, keys), dim, PREVIOUS);
    const total = rows.length ? Number(rows[0]!.total) : q.page > 1 ? await this.count(family, dim, q, period) : 0;
    return {
      rows,
      meta: { page: q.page, limit: q.limit, total },
      figures: (r: Record<string, unknown>) => ({
        rank: Number(r.rank),
        sales: Number(r.sales),
        quantity: Number(r.quantity),
        lines: Number(r.lines),
        previous_sales: Number(r.previous_sales),
        previous_quantity: Number(r.previous_quantity),
      }),
    };
  }

  private async figures(q: AnalyticsQuery, p: DayPeriod): Promise<SalesFigures> {
    const [row] = await queryRows(this.db, sql`select ${FIGURES} from ${rollupRows('sales_rollup', q, p)} r`);
    return figuresOf(row);
  }

  /** How many keys a ranking holds, for a page past its end. */
  private async count(family: RollupFamily, dim: string, q: AnalyticsQuery, p: DayPeriod, level: RollupLevel = 'filtered'): Promise<number> {
    const [row] = await queryRows(this.db, sql`select count(distinct ${sql.raw(dim)}) as n from ${rollupRows(family, q, p, level)} r`);
    return Number(row?.n ?? 0);
  }
}
