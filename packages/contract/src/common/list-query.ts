import { z } from 'zod';

export const MAX_PAGE_LIMIT = 100;

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
   * The keyset position after the previous page's last row (meta.next_cursor of that page). With it, page `page` is read
   * by seeking past that row instead of skipping `(page - 1) * limit` rows, so deep pages of millions cost the same.
   */
  cursor: z.string().max(500).regex(/^[A-Za-z0-9_-]+$/, 'cursor is malformed').optional(),
});

/** A list query with a whitelist of sortable columns and the resource's own filters. */
export const listQuery = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortable: S, filters: F) =>
  baseListQuery.extend({ sort_by: z.enum(sortable).default(sortable[0] as S[number]), ...filters }).strict();

export type BaseListQuery = z.infer<typeof baseListQuery>;

export const idParam = z.object({ id: z.coerce.number().int().positive() }).strict();
export const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }).strict();

/** Optimistic-concurrency version carried by every write. */
export const versioned = { version: z.number().int().min(1) };
