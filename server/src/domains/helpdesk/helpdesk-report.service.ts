import { sql, type SQL } from 'drizzle-orm';
import {
  helpdeskReportRow,
  helpdeskSummary,
  TICKET_STATUS,
  type HelpdeskReportQuery,
  type HelpdeskReportRow,
  type HelpdeskSummary,
  type HelpdeskSummaryQuery,
  type ListMeta,
} from '@portal/contract';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { pageOffset, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const toReportRow = rowReader(helpdeskReportRow);
const toTotals = rowReader(helpdeskSummary.pick({ total: true, avg_solve_hours: true }));
const toStatusCount = rowReader(helpdeskSummary.shape.by_status.element);
const toCategoryCount = rowReader(helpdeskSummary.shape.by_category.element);

const SORT: Record<HelpdeskReportQuery['sort_by'], string> = {
  total: 'r.total',
  store_name: "lower(coalesce(s.name, ''))",
  unsolved: 'r.unsolved',
  solved: 'r.solved',
};

const ticketWhere = (q: HelpdeskSummaryQuery): SQL =>
  whereOf([
    ...daysBetween('t.created_at', q.created_at_from, q.created_at_to),
    q.store_id ? sql`t.store_id = ${q.store_id}` : undefined,
    q.category_id ? sql`t.category_id = ${q.category_id}` : undefined,
  ]);

/** Tickets grouped by store (0: none) within the filters, one row per store with its counts by status. */
export function helpdeskReportFrom(q: HelpdeskReportQuery): SQL {
  const where = ticketWhere(q);
  return sql`from (
      select coalesce(t.store_id, 0) as id, count(*)::int as total,
        (count(*) filter (where t.status = 1))::int as unread, (count(*) filter (where t.status = 2))::int as read,
        (count(*) filter (where t.status = 3))::int as unsolved, (count(*) filter (where t.status = 4))::int as solved,
        round((avg(extract(epoch from t.solved_at - t.created_at) / 3600) filter (where t.status = 4 and t.solved_at is not null))::numeric, 1)::float8 as avg_solve_hours
      from tickets t ${where} group by coalesce(t.store_id, 0)
    ) r left join stores s on s.id = r.id`;
}

export const HELPDESK_REPORT_SELECT = sql`select r.id, s.code as store_code, s.name as store_name, r.total, r.unread, r.read, r.unsolved, r.solved, r.avg_solve_hours`;
export const helpdeskReportSort = (q: HelpdeskReportQuery) => SORT[q.sort_by] ?? SORT.total;

export class HelpdeskReportService {
  constructor(private readonly db: Db) {}

  async list(q: HelpdeskReportQuery): Promise<{ data: HelpdeskReportRow[]; meta: ListMeta }> {
    const from = helpdeskReportFrom(q);
    const dir = sql.raw(q.sort_dir === 'asc' ? 'asc' : 'desc');
    const limit = q.is_all ? 1000 : q.limit;
    const page = q.is_all ? 1 : q.page;
    const [rows, count] = await Promise.all([
      queryRows(this.db, sql`${HELPDESK_REPORT_SELECT} ${from} order by ${sql.raw(helpdeskReportSort(q))} ${dir}, r.id ${dir} limit ${limit} offset ${pageOffset({ page, limit })}`),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n ${from}`),
    ]);
    return {
      data: rows.map(toReportRow),
      meta: { page, limit, total: Number(count[0]?.n ?? 0), total_kind: 'exact', next_cursor: null },
    };
  }

  async summary(q: HelpdeskSummaryQuery): Promise<HelpdeskSummary> {
    const where = ticketWhere(q);
    const [totals, statuses, categories] = await Promise.all([
      queryRows(
        this.db,
        sql`select count(*)::int as total,
              round((avg(extract(epoch from t.solved_at - t.created_at) / 3600) filter (where t.status = 4 and t.solved_at is not null))::numeric, 1)::float8 as avg_solve_hours
            from tickets t ${where}`,
      ),
      queryRows(this.db, sql`select t.status, count(*)::int as count from tickets t ${where} group by t.status`),
      queryRows(
        this.db,
        sql`select t.category_id, c.name as category_name, count(*)::int as total, (count(*) filter (where t.status = 4))::int as solved
            from tickets t left join ticket_categories c on c.id = t.category_id ${where} group by t.category_id, c.name order by count(*) desc, t.category_id limit 100`,
      ),
    ]);
    const counted = new Map(statuses.map(toStatusCount).map((r) => [r.status, r.count]));
    return {
      ...toTotals(totals[0] ?? { total: 0 }),
      by_status: TICKET_STATUS.values.map((status) => ({ status, count: counted.get(status) ?? 0 })),
      by_category: categories.map(toCategoryCount),
    };
  }
}
