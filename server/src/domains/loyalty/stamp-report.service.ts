import { sql, type SQL } from 'drizzle-orm';
import {
  stampReportCodes,
  stampReportRange,
  stampReportRow,
  stampReportTotals,
  type ListMeta,
  type StampReportQuery,
  type StampReportRow,
  type StampReportTotals,
  type StampReportTotalsQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const toRow = rowReader(stampReportRow);
const toTotals = rowReader(stampReportTotals);

const SORT: Record<StampReportQuery['sort_by'], string> = {
  day: 'r.day',
  programme_name: 'lower(p.name)',
  store_name: "lower(coalesce(s.name, ''))",
  stamps_in: 'r.stamps_in',
  stamps_out: 'r.stamps_out',
};
/** What makes a row unique, after the chosen sort. */
const TIE = ['r.day', 'r.programme_id', 'r.store_id'] as const;

/** The rollup rows a query admits: its range (default this month, Asia/Jakarta), movement codes, programme and store. */
function rollupWhere(q: StampReportTotalsQuery, now: Date): SQL {
  const { from, to } = stampReportRange(q, now);
  const codes = `{${stampReportCodes(q.movement).join(',')}}`;
  return sql`where d.day between ${from}::date and ${to}::date and d.code = any(${codes}::smallint[])
    ${q.programme_id ? sql`and d.programme_id = ${q.programme_id}` : sql``} ${q.store_id ? sql`and d.store_id = ${q.store_id}` : sql``}`;
}

/** One row per day, programme and store (0: none) of the rollup within the filters, with the stamps in and out. */
export function stampReportFrom(q: StampReportTotalsQuery, now: Date): SQL {
  return sql`from (
      select d.day, d.programme_id, d.store_id,
        coalesce(sum(d.stamps) filter (where d.code in (10, 30)), 0)::bigint as stamps_in,
        coalesce(sum(d.stamps) filter (where d.code in (20, 21, 31)), 0)::bigint as stamps_out,
        sum(d.movements)::int as movements
      from stamp_daily_rollup d ${rollupWhere(q, now)} group by d.day, d.programme_id, d.store_id
    ) r join stamp_programmes p on p.id = r.programme_id left join stores s on s.id = r.store_id`;
}

export const STAMP_REPORT_SELECT = sql`select r.day::text || ':' || r.programme_id || ':' || r.store_id as id, r.day::text as day, r.programme_id, p.name as programme_name,
  nullif(r.store_id, 0) as store_id, s.code as store_code, s.name as store_name, r.stamps_in, r.stamps_out, r.stamps_in - r.stamps_out as net, r.movements`;
export const stampReportSort = (q: StampReportQuery): string => SORT[q.sort_by] ?? SORT.day;
export const STAMP_REPORT_TIE = TIE;

/**
 * The stamp report: reads the daily rollup the ledger's writer keeps (never the ledger), a few rows per day whatever
 * the number of movements, so a month over every store costs a grouping of its rollup rows.
 */
export class StampReportService {
  constructor(private readonly db: Db) {}

  async list(q: StampReportQuery, now: Date): Promise<{ data: StampReportRow[]; meta: ListMeta }> {
    const from = stampReportFrom(q, now);
    const dir = q.sort_dir === 'asc' ? 'asc' : 'desc';
    const order = [stampReportSort(q), ...TIE].map((k) => `${k} ${dir}`).join(', ');
    const limit = q.is_all ? 1000 : q.limit;
    const page = q.is_all ? 1 : q.page;
    // One statement: the page and the number of rows (the groups of a range's rollup, a few per day).
    const rows = await queryRows(this.db, sql`${STAMP_REPORT_SELECT}, count(*) over () as total_rows ${from} order by ${sql.raw(order)} limit ${limit} offset ${pageOffset({ page, limit })}`);
    const total =
      rows.length > 0 ? Number(rows[0]!.total_rows) : page > 1 ? Number((await queryRows<{ n: number }>(this.db, sql`select count(*)::int as n ${from}`))[0]?.n ?? 0) : 0;
    return { data: rows.map(toRow), meta: { page, limit, total, total_kind: 'exact', next_cursor: null } };
  }

  async totals(q: StampReportTotalsQuery, now: Date): Promise<StampReportTotals> {
    const { from, to } = stampReportRange(q, now);
    const [row] = await queryRows(
      this.db,
      sql`select ${from}::text as day_from, ${to}::text as day_to,
          coalesce(sum(d.stamps) filter (where d.code in (10, 30)), 0)::bigint as stamps_in,
          coalesce(sum(d.stamps) filter (where d.code in (20, 21, 31)), 0)::bigint as stamps_out,
          coalesce(sum(case when d.code in (10, 30) then d.stamps else -d.stamps end), 0)::bigint as net,
          coalesce(sum(d.movements), 0)::int as movements
        from stamp_daily_rollup d ${rollupWhere(q, now)}`,
    );
    return toTotals(row ?? {});
  }
}
