import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, versionField } from '../common/list-query.ts';
import { activeStatusField, intFilter, nameField } from '../common/resource-fields.ts';

export const faqRow = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  status: z.number().int(),
  position: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type FaqRow = z.infer<typeof faqRow>;

const faqFields = {
  question: nameField('Question', 300),
  answer: z.string({ error: 'Answer is required' }).trim().min(1, 'Answer is required').max(5000, 'Answer must be at most 5000 characters'),
  status: activeStatusField.default(1),
};
export const faqCreateBody = z.object(faqFields).strict();
export const faqUpdateBody = z.object({ ...faqFields, version: versionField }).strict();
export type FaqCreate = z.infer<typeof faqCreateBody>;

export const faqListQuery = listQuery(['position', 'question', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
});
export type FaqListQuery = z.infer<typeof faqListQuery>;

/** The FAQ order as dragged: every FAQ, in the new order. */
export const faqPositionsBody = z.object({ ids: z.array(recordId).min(1).max(1000) }).strict();
