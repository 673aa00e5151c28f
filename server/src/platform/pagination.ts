import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DEEP_PAGE_MESSAGE, MAX_LIST_OFFSET, type ListMeta } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { badRequest } from './errors.ts';

/** Up to this many matching rows the total is counted exactly; past it the planner's estimate stands in. */
export const EXACT_COUNT_CAP = 10_000;

export interface PageRequest {
  page: number;
  limit: number;
  /** false: the page without its total (the list query's `with_total=false`). */
  with_total?: boolean | undefined;
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
  return { total: Math.max(n, await plannedRows(db, from, where)), total_kind: 'estimate' };
}

/**
 * How long a planner estimate is reused for the same list and filter. The estimate moves only when the table's
 * statistics do (ANALYZE), so a few seconds lose nothing; they spare the planning round (which costs more than the page
 * itself on a wide table) to every next page and every other user of the same filter.
 */
export const ESTIMATE_KEEP_MS = 5_000;
const ESTIMATES_KEPT = 1_000;
const dialect = new PgDialect();
/** Per database handle (test schemas in one process each have their own), by the statement's text and parameters. */
const estimates = new WeakMap<Db, Map<string, { rows: number; atMs: number }>>();

/** The planner's estimate of the rows `from` + `where` matches: one planning round, no rows read; reused for ESTIMATE_KEEP_MS. */
async function plannedRows(db: Db, from: SQL, where: SQL): Promise<number> {
  const statement = sql`explain (format json) select 1 ${from} ${where}`;
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let kept = estimates.get(db);
  const hit = kept?.get(key);
  const nowMs = Date.now();
  if (hit && nowMs - hit.atMs < ESTIMATE_KEEP_MS && nowMs >= hit.atMs) return hit.rows;
  const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, statement);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  if (!kept) estimates.set(db, (kept = new Map()));
  kept.delete(key);
  kept.set(key, { rows, atMs: nowMs });
  if (kept.size > ESTIMATES_KEPT) kept.delete(kept.keys().next().value!);
  return rows;
}

/**
 * A list's total, for showing: the planner's estimate first, and where it says the set is small (≤ EXACT_COUNT_CAP)
 * an exact count capped there. A large list is never scanned to count it; its total says `estimate`. What the page
 * itself proves wins (`settleTotal`).
 */
export async function listTotal(db: Db, from: SQL, where: SQL): Promise<Pick<ListMeta, 'total' | 'total_kind'>> {
  const estimate = await plannedRows(db, from, where);
  if (estimate > EXACT_COUNT_CAP) return { total: estimate, total_kind: 'estimate' };
  return countRows(db, from, where);
}

/** The total of a page asked for without one: nothing counted, nothing estimated; the page settles what it proves. */
const NO_TOTAL: Pick<ListMeta, 'total' | 'total_kind'> = { total: 0, total_kind: 'none' };

/** The total the list query asks for: listTotal, or none at all when it says `with_total=false`. */
export function requestedTotal(db: Db, from: SQL, where: SQL, page: Pick<PageRequest, 'with_total'>): Promise<Pick<ListMeta, 'total' | 'total_kind'>> {
  return page.with_total === false ? Promise.resolve(NO_TOTAL) : listTotal(db, from, where);
}

/**
 * A page shorter than its limit is the last one, so it proves the exact total (offset + its rows) whatever an estimate
 * said; and a total can never be less than the rows already seen (uncounted, it is just those rows).
 */
export function settleTotal(total: Pick<ListMeta, 'total' | 'total_kind'>, offset: number, rows: number, limit: number): Pick<ListMeta, 'total' | 'total_kind'> {
  if (rows < limit && (rows > 0 || offset === 0)) return { total: offset + rows, total_kind: 'exact' };
  const kind = total.total_kind === 'none' ? 'none' : 'estimate';
  return rows > 0 && total.total < offset + rows ? { total: offset + rows, total_kind: kind } : total;
}

/** Runs a page of a list and its total (unless asked without) at once. `select` must not include `from`/`where`/`order by`. */
export async function pagedList<T extends Record<string, unknown>>(
  db: Db,
  q: { select: SQL; from: SQL; where: SQL; orderBy: SQL; page: PageRequest },
): Promise<{ data: T[]; meta: ListMeta }> {
  const offset = pageOffset(q.page);
  const [rows, total] = await Promise.all([
    queryRows<T>(db, sql`${q.select} ${q.from} ${q.where} order by ${q.orderBy} limit ${q.page.limit} offset ${offset}`),
    requestedTotal(db, q.from, q.where, q.page),
  ]);
  return { data: rows, meta: { page: q.page.page, limit: q.page.limit, ...settleTotal(total, offset, rows.length, q.page.limit) } };
}

/** Escapes LIKE wildcards in user text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL's text of a UTC timestamp (`2026-11-28 05:34:56.789123+00`), as the driver hands timestamps over. */
const PG_UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * Timestamps travel as ISO-8601 whatever the driver returned. A UTC text is rewritten rather than parsed: `Date` reads
 * PostgreSQL's form through its slow legacy parser, about 5 times the cost, and a list page reads dozens of them
 * (milliseconds kept, as `Date` keeps them).
 */
export const iso = (v: unknown): string => {
  if (typeof v === 'string') {
    const utc = PG_UTC_TEXT.exec(v);
    if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  }
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
};
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
