import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, intFilter, nameField } from '../common/resource-fields.ts';

/** A reusable reply (the spec's chatbot entry, labelled Message Template) that agents insert into chats. */
export const messageTemplateRow = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRow>;

/** The chatbot entry offers view and edit only: templates are edited, not created or deleted, from the portal. */
export const messageTemplateUpdateBody = z
  .object({
    title: nameField('Title', 100),
    body: z.string({ error: 'Text is required' }).trim().min(1, 'Text is required').max(2000, 'Text must be at most 2000 characters'),
    status: activeStatusField,
    version: versionField,
  })
  .strict();
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdateBody>;

export const messageTemplateListQuery = listQuery(['title', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
});
export type MessageTemplateListQuery = z.infer<typeof messageTemplateListQuery>;
