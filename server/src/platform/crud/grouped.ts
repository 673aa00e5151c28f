import { sql, type SQL } from 'drizzle-orm';
import type { ListMeta } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { pageOffset } from '../pagination.ts';

/*
 * Reports over aggregates and over tables no staff member edits: the pieces the generic list layer needs besides its
 * ResourceDef (a page of groups, and rows that carry no version of their own).
 */

/** An aggregate report's rows: its select and from, the orders it offers, and what makes a row unique. */
export interface GroupedReport<Q> {
  select: SQL;
  from: (q: Q) => SQL;
  sort: Record<string, string>;
  tie: readonly string[];
}

type GroupedQuery = { sort_by: string; sort_dir: 'asc' | 'desc'; page: number; limit: number; is_all?: boolean | undefined };

/** The order of a grouped report's rows: the chosen sort, then what makes a row unique, all in the chosen direction. */
export const groupedKeys = <Q>(report: GroupedReport<Q>, sortBy: string): string[] => [...new Set([report.sort[sortBy] ?? report.tie[0]!, ...report.tie])];

/** A page of an aggregate report (groups of a bounded period: partners × products, days, products, months × stores) and how many there are. */
export async function groupedPage<Q extends GroupedQuery, Row>(db: Db, report: GroupedReport<Q>, from: SQL, q: Q, toRow: (r: Record<string, unknown>) => Row): Promise<{ data: Row[]; meta: ListMeta }> {
  const dir = q.sort_dir === 'asc' ? 'asc' : 'desc';
  const order = groupedKeys(report, q.sort_by).map((k) => `${k} ${dir}`).join(', ');
  const limit = q.is_all ? 1000 : q.limit;
  const page = q.is_all ? 1 : q.page;
  const rows = await queryRows(db, sql`${report.select}, count(*) over () as total_rows ${from} order by ${sql.raw(order)} limit ${limit} offset ${pageOffset({ page, limit })}`);
  const total = rows.length > 0 ? Number(rows[0]!.total_rows) : page > 1 ? Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`))[0]?.n ?? 0) : 0;
  return { data: rows.map(toRow), meta: { page, limit, total, total_kind: 'exact', next_cursor: null } };
}

/** A row of a list-only table as the generic layer carries it (vouchers, released orders, order lines have no staff edit). */
export type ListOnly<Row> = Row & { updated_at: string; updated_by_name: null; version: number };
/** Reads a list-only row; its select names some moment `as updated_at`. */
export const listOnly =
  <Row>(read: (r: Record<string, unknown>) => Row) =>
  (r: Record<string, unknown>): ListOnly<Row> => ({ ...read(r), updated_at: String(r.updated_at), updated_by_name: null, version: 1 });
