import { z } from 'zod';

/*
 * `GET /api/v1/overview`: the main page's tiles for the signed-in user. Each tile is computed only for a user who may
 * view the list it leads to; a tile the user may not see is absent from the answer, not empty.
 */

/** Counts stop here: a tile costs a bounded index read however large its table grows. */
export const OVERVIEW_COUNT_CAP = 10_000;

/** A count, exact up to the cap; past it `value` is the cap and `capped` says there are more. */
export const overviewCount = z.object({ value: z.number().int(), capped: z.boolean() });
export type OverviewCount = z.infer<typeof overviewCount>;

/** The list each tile leads to, whose view right decides whether the tile is computed (imports: any import's right). */
export const OVERVIEW_ENTRY = {
  tickets: 'cms.help-center',
  chats: 'cms.chatlive',
  approvals: 'cms.approval-messages',
  exports: 'cms.download-list',
  sign_ins: 'cms.log-history',
} as const;

/** Sign-ins counted by the sign-ins tile: the last day. */
export const OVERVIEW_SIGN_IN_HOURS = 24;
/** Previews an uploader has not confirmed count as waiting for a week, then are left alone. */
export const OVERVIEW_IMPORT_CONFIRM_DAYS = 7;
/** Rows a tile lists under its numbers. */
export const OVERVIEW_RECENT = 5;

export const overviewImport = z.object({
  id: z.number().int(),
  /** The import definition (`product-edit`, `free-gift-stores`, ...), whose screen resumes the batch by `?batch=`. */
  key: z.string(),
  title: z.string(),
  file_name: z.string(),
  status: z.enum(['PENDING', 'VALIDATED', 'PROCESSING']),
  progress: z.number().int(),
  /** The upload's parameters (`{ free_gift_id: 5 }`), when its definition takes any. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  created_at: z.string(),
});
export type OverviewImport = z.infer<typeof overviewImport>;

export const overviewExport = z.object({ id: z.number().int(), file_name: z.string(), created_at: z.string() });
export type OverviewExport = z.infer<typeof overviewExport>;

export const overviewSignIn = z.object({ id: z.number().int(), actor_name: z.string().nullable(), at: z.string() });
export type OverviewSignIn = z.infer<typeof overviewSignIn>;

export const overview = z.object({
  generated_at: z.string(),
  /** Help Center: tickets not solved yet (Unread, Read, Unsolved), and the unread among them. */
  tickets: z.object({ open: overviewCount, unread: overviewCount }).optional(),
  /** Chat Live: conversations with an unread consumer message (status 1, the menu badge's count). */
  chats: z.object({ unread: overviewCount }).optional(),
  /** Approval Messages: marketing content of every kind waiting in the queue, and since when the oldest waits. */
  approvals: z.object({ pending: overviewCount, oldest_submitted_at: z.string().nullable() }).optional(),
  /**
   * Imports the user may run: batches validating or committing (the user's own; every one for a Super Admin), and the
   * user's previews of the last week waiting to be confirmed; the newest of both listed.
   */
  imports: z.object({ running: overviewCount, to_confirm: overviewCount, recent: z.array(overviewImport) }).optional(),
  /** Download List: the user's exports still being written, the newest listed. */
  exports: z.object({ running: overviewCount, recent: z.array(overviewExport) }).optional(),
  /** Log History: staff sign-ins of the last day, the newest listed. */
  sign_ins: z.object({ last_day: overviewCount, recent: z.array(overviewSignIn) }).optional(),
});
export type Overview = z.infer<typeof overview>;
