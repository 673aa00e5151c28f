import { z } from 'zod';

/** Success envelope: `{ message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

export const listMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /**
   * `exact` when counted, `estimate` when a planner estimate stands in on very large tables, `none` when the query asked
   * for no total (`with_total=false`): then `total` is only the rows up to this page's end.
   */
  total_kind: z.enum(['exact', 'estimate', 'none']).default('exact'),
  /** Pass as `cursor` with `page + 1` to read the next page by keyset (lists that support it). */
  next_cursor: z.string().nullable().optional(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** List envelope: `{ message, data: { data: [rows], meta } }`. */
export const listEnvelope = <T extends z.ZodType>(row: T) =>
  envelope(z.object({ data: z.array(row), meta: listMeta }));

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okEnvelope = envelope(z.null());
