import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';
import { dayFilter } from '../common/period.ts';

/** A consumer's rating of a solved ticket or a chat (1 to 5 stars). */
export const ratingRow = z.object({
  id: z.number().int(),
  consumer_id: z.number().int(),
  consumer_name: z.string().nullable(),
  ticket_id: z.number().int().nullable(),
  chat_id: z.number().int().nullable(),
  score: z.number().int(),
  comment: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type RatingRow = z.infer<typeof ratingRow>;

export const ratingListQuery = listQuery(['created_at', 'score'] as const, {
  score: intFilter(1, 5),
  consumer_id: idFilter,
  created_at_from: dayFilter,
  created_at_to: dayFilter,
});
export type RatingListQuery = z.infer<typeof ratingListQuery>;
