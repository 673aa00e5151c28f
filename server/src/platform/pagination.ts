import { sql, type SQL } from 'drizzle-orm';
import { DEEP_PAGE_MESSAGE, MAX_LIST_OFFSET, type ListMeta } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { badRequest } from './errors.ts';

/** Up to this many matching rows the total is counted exactly; past it the planner's estimate stands in. */
export const EXACT_COUNT_CAP = 10_000;

export interface PageRequest {
  page: number;
  limit: number;
}

/**
 * The rows a page skips. The list queries refuse a page past MAX_LIST_OFFSET rows already; this holds the bound where a
 * `cursor` let the page through but the list reads by offset after all (a list without keyset paging, a stale cursor).
 */
export function pageOffset(p: PageRequest): number {
  const offset = (p.page - 1) * p.limit;
  if (offset > MAX_LIST_OFFSET) throw badRequest(`page: ${DEEP_PAGE_MESSAGE}`, [{ path: 'page', message: DEEP_PAGE_MESSAGE }]);
  return offset;
}

export const whereOf = (conditions: (SQL | undefined)[]): SQL => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

/**
 * Counts `from` + `where` without scanning millions of rows: an exact count capped at EXACT_COUNT_CAP (or `cap`), and
 * beyond it the planner's row estimate (meta.total_kind says which).
 */
export async function countRows(db: Db, from: SQL, where: SQL, cap = EXACT_COUNT_CAP): Promise<Pick<ListMeta, 'total' | 'total_kind'>> {
  const capped = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${from} ${where} limit ${cap + 1}) c`);
  const n = Number(capped[0]?.n ?? 0);
  if (n <= cap) return { total: n, total_kind: 'exact' };
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 ${from} ${where}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(n, Math.round(parsed[0]?.Plan['Plan Rows'] ?? n)), total_kind: 'estimate' };
}

/** Runs a page of a list and its total. `select` must not include `from`/`where`/`order by`. */
export async function pagedList<T extends Record<string, unknown>>(
  db: Db,
  q: { select: SQL; from: SQL; where: SQL; orderBy: SQL; page: PageRequest },
): Promise<{ data: T[]; meta: ListMeta }> {
  const offset = pageOffset(q.page);
  const rows = await queryRows<T>(db, sql`${q.select} ${q.from} ${q.where} order by ${q.orderBy} limit ${q.page.limit} offset ${offset}`);
  const total = await countRows(db, q.from, q.where);
  return { data: rows, meta: { page: q.page.page, limit: q.page.limit, ...total } };
}

/** Escapes LIKE wildcards in user text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Timestamps travel as ISO-8601 whatever the driver returned. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
