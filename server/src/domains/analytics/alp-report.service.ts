import { sql, type SQL } from 'drizzle-orm';
import {
  alpDetail,
  alpRow,
  alpTotals,
  TIME_ZONE,
  tillLine,
  type AlpDetail,
  type AlpListQuery,
  type AlpRow,
  type AlpTotals,
  type AlpTotalsQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { listOnly, ResourceService, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { tillPeriod, tillPlaces, todayOf } from './till-report-sql.ts';

/*
 * The ALP Report: the associates' staff purchases (associate_history, written with the till's receipt) of a period,
 * newest first, through the history's own indexes (time, store, associate, over-quota). Department and employee number
 * are the associates' (`a`); the receipt's lines are the sales' (`sales_lines`). Transaction types: ALP_TRANSACTION_TYPES.
 */

const used = sql.raw('(coalesce(h.used_before, 0) + h.discount)');
const quota = sql.raw('coalesce(h.quota, 0)');
/** The part of a discount beyond the month's quota. */
const overQuota = sql`greatest(0, least(h.discount, ${used} - ${quota}))`;

const SELECT = sql`select h.id, case when h.over_quota then 'over-quota' else 'within-quota' end as transaction_type, h.at, h.receipt_no,
  s.code as store_code, s.name as store_name, a.employee_no, a.name as associate_name, a.department, h.amount, h.discount, ${quota} as quota,
  ${used} as used, case when ${quota} > 0 then round(${used} * 1000.0 / ${quota}) / 10 end as quota_used, ${overQuota} as over_quota, h.at as updated_at`;
const HISTORY = sql`from associate_history h`;
const FROM = sql`${HISTORY} join associates a on a.id = h.associate_id left join stores s on s.id = h.store_id`;

/** The filters of the list, its totals and its export, all on the history's own columns. */
export function alpConditions(q: AlpTotalsQuery, today: string): (SQL | undefined)[] {
  const p = tillPeriod(q, today);
  return [
    sql`h.at >= ${p.start} and h.at < ${p.end}`,
    tillPlaces('h.store_id', q),
    q.department ? sql`h.associate_id in (select id from associates where department = ${q.department})` : undefined,
    q.employee_no ? sql`h.associate_id in (select id from associates where employee_no = ${q.employee_no.trim().toUpperCase()})` : undefined,
    q.transaction_type ? sql`h.over_quota = ${q.transaction_type === 'over-quota'}` : undefined,
  ];
}

export const alpDef = (clock: Clock): ResourceDef<ListOnly<AlpRow>, AlpListQuery> => ({
  entity: 'associate',
  label: 'Staff purchase',
  table: 'associate_history',
  select: SELECT,
  from: FROM,
  countFrom: () => HISTORY,
  pageFrom: () => HISTORY,
  id: 'h.id',
  toRow: listOnly(rowReader(alpRow)),
  sort: { at: 'h.at' },
  where: (q) => alpConditions(q, todayOf(clock)),
  writable: [],
});

const readTotals = rowReader(alpTotals);
const readDetail = rowReader(alpDetail.omit({ lines: true }));
const readLine = rowReader(tillLine);

export class AlpReportService {
  readonly list: ResourceService<ListOnly<AlpRow>, AlpListQuery>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.list = new ResourceService(alpDef(clock), db);
  }

  /** The purchases' totals over the filters; the quota is each associate's month once (its largest quota recorded). */
  async totals(q: AlpTotalsQuery): Promise<AlpTotals> {
    const p = tillPeriod(q, todayOf(this.clock));
    const month = sql.raw(`date_trunc('month', h.at at time zone '${TIME_ZONE}')`);
    const [row] = await queryRows(
      this.db,
      sql`with f as (select h.associate_id, ${month} as month, h.amount, h.discount, h.quota, h.over_quota, ${overQuota} as over_part ${HISTORY} ${whereOf(alpConditions(q, todayOf(this.clock)))})
        select ${p.from}::text as "from", ${p.to}::text as "to", count(*) as transactions, count(distinct associate_id) as associates,
          coalesce(sum(amount), 0) as amount, coalesce(sum(discount), 0) as discount,
          count(*) filter (where over_quota) as over_quota_transactions, coalesce(sum(over_part), 0) as over_quota_discount,
          (select coalesce(sum(q), 0) from (select max(coalesce(quota, 0)) as q from f group by associate_id, month) m) as quota
        from f`,
    );
    const totals = readTotals({ ...row, quota_used: null });
    return { ...totals, quota_used: totals.quota > 0 ? Math.round((totals.discount * 1000) / totals.quota) / 10 : null };
  }

  /** The departments the associates' records name, for the filter. */
  async departments(): Promise<string[]> {
    const rows = await queryRows<{ department: string }>(this.db, sql`select distinct department from associates where department is not null order by department`);
    return rows.map((r) => r.department);
  }

  /** One staff purchase with its receipt's lines (none for history recorded before the tills sent it). */
  async get(id: number): Promise<AlpDetail> {
    const [row] = await queryRows(
      this.db,
      sql`${SELECT}, t.channel, a.position, coalesce((select sum(l.discount) from sales_lines l where l.transaction_pk = h.transaction_pk), 0) as promo_discount
        ${FROM} left join sales_transactions t on t.id = h.transaction_pk where h.id = ${id}`,
    );
    if (!row) throw notFound('Staff purchase');
    const lines = await queryRows(
      this.db,
      sql`select l.line_no, l.plu, p.name as product_name, l.quantity, l.price, l.amount, pr.code as promo_code, pr.name as promo_name, coalesce(l.discount, 0) as discount
        from associate_history h join sales_lines l on l.transaction_pk = h.transaction_pk
        left join products p on p.id = l.product_id left join promos pr on pr.id = l.promo_id
        where h.id = ${id} order by l.line_no`,
    );
    return { ...readDetail(row), lines: lines.map(readLine) };
  }
}
