import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';

/**
 * The record of unmasked reads of consumers' personal data (UU PDP, Law 27/2022, art. 31-32): who read, whose, when,
 * and through which screen. One entry per request (a list page, a detail, an export file), naming every consumer it
 * showed; only the Super Admin lists and exports them.
 */
export const PERSONAL_DATA_ACCESS_ENTRIES = ['cms.personal-data-access'] as const;

export const personalDataAccessRow = z.object({
  id: z.number().int(),
  at: isoDateTime,
  user_id: z.number().int(),
  user_name: z.string().nullable(),
  username: z.string().nullable(),
  /** The endpoint (`consumers.get`) or the export (`export_consumer`) that showed the data. */
  screen: z.string(),
  /** The route pattern that was called (`GET /api/v1/consumers/:id`), or `export` for a file written by the export pipeline. */
  route: z.string(),
  /** How many consumers the request showed. */
  subject_count: z.number().int(),
});
export type PersonalDataAccessRow = z.infer<typeof personalDataAccessRow>;

/** Newest first; `consumer_id` narrows to the reads that showed that consumer, `user_id` to one staff member's. */
export const personalDataAccessQuery = listQuery(['at'] as const, {
  consumer_id: z.coerce.number().int().positive().optional(),
  user_id: z.coerce.number().int().positive().optional(),
  date_from: dayFilter,
  date_to: dayFilter,
});
export type PersonalDataAccessQuery = z.infer<typeof personalDataAccessQuery>;
