import { sql, type SQL } from 'drizzle-orm';
import {
  promoReportOption,
  promoReportRow,
  promoReportTotals,
  type AnalyticsQuery,
  type ListMeta,
  type PromoReportQuery,
  type PromoReportRow,
  type PromoReportTotals,
  type PromoReportTotalsQuery,
  type PromoReportView,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { type GroupedReport } from '../../platform/crud/index.ts';
import { likePattern, pageOffset } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { rollupRows, type RollupLevel } from './rollup-source.ts';
import { tillPeriod, todayOf } from './till-report-sql.ts';

/*
 * The Promo Report: what each promo's lines came to over a period, read from the promo rollup (sales_promo_day and
 * _month, a family of the sales rollups): the period's whole months from the monthly rows, its other days from the
 * daily ones, at the narrowest level the store and region filters allow. A receipt counts once per promo it had a line
 * of; gross is the lines' quantity × price, net what was paid for them (gross less the discount).
 */

/** Per view: the rollup's level and grain, the keys a row groups by beyond the promo, and the row order (all descending). */
const VIEWS: Record<PromoReportView, { level: RollupLevel; grain: 'any' | 'day'; keys: string[]; order: string[] }> = {
  promo: { level: 'filtered', grain: 'any', keys: [], order: ['r.discount', 'r.promo_id'] },
  store: { level: 'stores', grain: 'any', keys: ['store_id'], order: ['r.discount', 'r.promo_id', 'r.store_id'] },
  day: { level: 'filtered', grain: 'day', keys: ['key'], order: ['r.day', 'r.discount', 'r.promo_id'] },
};

/** The report's query as the rollups read it: Jakarta days. */
const rollupQuery = (q: PromoReportTotalsQuery): AnalyticsQuery => ({ ...q, basis: 'wib' });

/** The rollup rows of the period, filters and view, summed per promo (and store or day). */
function grouped(q: PromoReportTotalsQuery, today: string, view: PromoReportView): SQL {
  const v = VIEWS[view];
  const rows = rollupRows('sales_promo', rollupQuery(q), tillPeriod(q, today), v.level, v.grain);
  const keys = v.keys.map((k) => `r.${k}`);
  const store = view === 'store' ? sql`r.store_id` : sql`null::int`;
  const day = view === 'day' ? sql`r.key::text` : sql`null::text`;
  const id = view === 'promo' ? sql`r.promo_id::text` : view === 'store' ? sql`r.promo_id || ':' || r.store_id` : sql`r.promo_id || ':' || r.key::text`;
  const promo = q.promo_id ? sql`where r.promo_id = ${q.promo_id}` : sql``;
  return sql`select ${id} as id, r.promo_id, ${store} as store_id, ${day} as day, sum(r.transactions) as transactions, sum(r.quantity) as quantity,
      sum(r.gross) as gross, sum(r.discount) as discount
    from ${rows} r ${promo} group by ${sql.raw(['r.promo_id', ...keys].join(', '))}`;
}

/** The report over a view: the promo's and store's names beside the sums. */
const report = (view: PromoReportView, today: string): GroupedReport<PromoReportTotalsQuery> => ({
  select: sql`select r.id, r.promo_id, coalesce(pr.code, '#' || r.promo_id) as promo_code, coalesce(pr.name, '') as promo_name, coalesce(pr.promo_type, 0) as promo_type,
    s.code as store_code, s.name as store_name, r.day, r.transactions, r.quantity, r.gross, r.discount, r.gross - r.discount as net`,
  from: (q) => sql`from (${grouped(q, today, view)}) r left join promos pr on pr.id = r.promo_id left join stores s on s.id = r.store_id`,
  sort: { report: VIEWS[view].order[0]! },
  tie: VIEWS[view].order.slice(1),
});

const readRow = rowReader(promoReportRow);
const readTotals = rowReader(promoReportTotals);
const readOption = rowReader(promoReportOption);

export class PromoReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The report as the screen and the export read it, for a view. */
  reportOf(view: PromoReportView): GroupedReport<PromoReportTotalsQuery> {
    return report(view, todayOf(this.clock));
  }

  /**
   * A page of the report: the groups ranked and counted while they are narrow (ids and sums), the promos' and stores'
   * names joined to the page's rows only (a year by store is tens of thousands of groups).
   */
  async list(q: PromoReportQuery): Promise<{ data: PromoReportRow[]; meta: ListMeta }> {
    const v = VIEWS[q.view];
    const limit = q.is_all ? 1000 : q.limit;
    const page = q.is_all ? 1 : q.page;
    const order = (alias: string) => sql.raw(v.order.map((k) => `${k.replace('r.', `${alias}.`)} desc`).join(', '));
    const rows = await queryRows(
      this.db,
      sql`select p.id, p.promo_id, coalesce(pr.code, '#' || p.promo_id) as promo_code, coalesce(pr.name, '') as promo_name, coalesce(pr.promo_type, 0) as promo_type,
          s.code as store_code, s.name as store_name, p.day, p.transactions, p.quantity, p.gross, p.discount, p.gross - p.discount as net, p.total_rows
        from (select r.*, count(*) over () as total_rows from (${grouped(q, todayOf(this.clock), q.view)}) r order by ${order('r')} limit ${limit} offset ${pageOffset({ page, limit })}) p
        left join promos pr on pr.id = p.promo_id left join stores s on s.id = p.store_id
        order by ${order('p')}`,
    );
    const total = rows.length ? Number(rows[0]!.total_rows) : page > 1 ? Number((await queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from (${grouped(q, todayOf(this.clock), q.view)}) r`))[0]?.n ?? 0) : 0;
    return { data: rows.map(readRow), meta: { page, limit, total, total_kind: 'exact', next_cursor: null } };
  }

  async totals(q: PromoReportTotalsQuery): Promise<PromoReportTotals> {
    const p = tillPeriod(q, todayOf(this.clock));
    const [row] = await queryRows(
      this.db,
      sql`select ${p.from}::text as "from", ${p.to}::text as "to", count(*) as promos, coalesce(sum(transactions), 0) as transactions,
          coalesce(sum(quantity), 0) as quantity, coalesce(sum(gross), 0) as gross, coalesce(sum(discount), 0) as discount,
          coalesce(sum(gross - discount), 0) as net
        from (${grouped(q, todayOf(this.clock), 'promo')}) r`,
    );
    return readTotals(row ?? {});
  }

  /** Promos by code or name for the filter, current and past (a report reads history), newest first. */
  async options(search: string | undefined, limit: number) {
    const where = search ? sql`where lower(code) like lower(${likePattern(search)}) or lower(name) like lower(${likePattern(search)})` : sql``;
    const rows = await queryRows(this.db, sql`select id, code, name from promos ${where} order by start_date desc, id desc limit ${limit}`);
    return rows.map(readOption);
  }
}
