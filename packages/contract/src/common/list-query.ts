import { z } from 'zod';
import { MAX_LIST_OFFSET } from './limits.ts';

export const MAX_PAGE_LIMIT = 100;
export const DEEP_PAGE_MESSAGE = `Only the first ${MAX_LIST_OFFSET.toLocaleString('en-US')} rows can be opened by page number: narrow the list with its filters or search, or change the sort`;
/** The largest int4 (serial ids, versions, positions): a larger number names no record and overflows the column. */
export const INT4_MAX = 2_147_483_647;
/** The id of a record (a serial column) in a JSON body. */
export const recordId = z.number().int().positive().max(INT4_MAX);
/** The id of a record (a serial column) in a path or a query string. */
export const recordIdText = z.coerce.number().int().positive().max(INT4_MAX);

/** Coerces query-string text to a positive integer, keeping bad input a 400 rather than NaN. */
const intFromQuery = (min: number) => z.coerce.number().int().min(min);

/**
 * The list query every list endpoint accepts. `limit` above the cap is clamped (the cap is reported in meta.limit),
 * not refused, so a bookmarked URL with an old page size still opens.
 */
export const baseListQuery = z.object({
  page: intFromQuery(1).default(1),
  limit: intFromQuery(1).default(10).transform((n) => Math.min(n, MAX_PAGE_LIMIT)),
  sort_dir: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
  is_all: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /**
   * `false` answers the page without its total: nothing is counted or estimated (meta.total_kind `none`, meta.total the
   * rows up to this page's end), for a caller that pages by next_cursor. A page shorter than its limit still says its
   * exact total, which it proves by itself.
   */
  with_total: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /**
   * The keyset position after the previous page's last row (meta.next_cursor of that page). With it, page `page` is read
   * by seeking past that row instead of skipping `(page - 1) * limit` rows, so deep pages of millions cost the same.
   */
  cursor: z.string().max(500).regex(/^[A-Za-z0-9_-]+$/, 'cursor is malformed').optional(),
});

/** What decides how a page is read. */
export interface PageFields {
  page: number;
  limit: number;
  is_all?: boolean | undefined;
  cursor?: string | undefined;
}

/** Whether a page is past MAX_LIST_OFFSET rows by page number alone (no cursor to seek from, not the whole small table). */
export const isDeepPage = (q: PageFields): boolean => !q.is_all && !q.cursor && (q.page - 1) * q.limit > MAX_LIST_OFFSET;

/**
 * Refuses a page past MAX_LIST_OFFSET rows, naming `page`; kept through `.extend`, so a list's export query has it too.
 * It takes any parsed list query (each list's output type is its own), whose page fields the schema has just set.
 */
export const boundedPage = (q: object, ctx: z.RefinementCtx): void => {
  if (isDeepPage(q as PageFields)) ctx.addIssue({ code: 'custom', path: ['page'], message: DEEP_PAGE_MESSAGE });
};

/** A list query with a whitelist of sortable columns and the resource's own filters. */
export const listQuery = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortable: S, filters: F) =>
  baseListQuery.extend({ sort_by: z.enum(sortable).default(sortable[0] as S[number]), ...filters }).strict().superRefine(boundedPage);

export type BaseListQuery = z.infer<typeof baseListQuery>;

export const idParam = z.object({ id: recordIdText }).strict();
/** The id of a bigserial table (store products): any safe integer, which a bigint column holds. */
export const bigIdParam = z.object({ id: z.coerce.number().int().positive() }).strict();
export const idsBody = z.object({ ids: z.array(recordId).min(1).max(1000) }).strict();

/** The record's version a write carries (an int4 column). */
export const versionField = z.number().int().min(1).max(INT4_MAX);
/** Optimistic-concurrency version carried by every write. */
export const versioned = { version: versionField };
