import { z } from 'zod';
import { INT4_MAX, listQuery, recordId, versionField } from '../common/list-query.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';
import { dayFilter } from '../common/period.ts';
import { emailField, isoDateTime } from '../common/fields.ts';
import { ASSIGNEE_SEARCH_LIMIT } from './helpdesk-enums.ts';

const messageText = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(4000, `${label} must be at most 4000 characters`);
const ticketVersion = { version: z.number({ error: 'version is required' }).int().min(1).max(INT4_MAX) };

export const ticketMessage = z.object({
  id: z.number().int(),
  sender: z.number().int(),
  user_name: z.string().nullable(),
  body: z.string(),
  created_at: isoDateTime,
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketRow = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.number().int(),
  consumer_id: z.number().int(),
  consumer_name: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  assign_to_user_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  message_count: z.number().int(),
  last_message_at: isoDateTime,
  solved_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type TicketRow = z.infer<typeof ticketRow>;

export const ticketDetail = ticketRow.extend({ messages: z.array(ticketMessage) });
export type TicketDetail = z.infer<typeof ticketDetail>;

/** Section 3's ticket filters (plus store_id of the helpdesk filters); the created range is in Asia/Jakarta days, inclusive. */
export const ticketListQuery = listQuery(['created_at', 'last_message_at', 'updated_at', 'status'] as const, {
  created_at_from: dayFilter,
  created_at_to: dayFilter,
  status: intFilter(1, 4),
  category_id: idFilter,
  assign_to_user_id: idFilter,
  store_id: idFilter,
  consumer_id: idFilter,
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

/** A ticket created by an agent on a consumer's behalf (phone call, walk-in). */
export const ticketCreateBody = z
  .object({
    consumer_id: z.number({ error: 'Consumer is required' }).int().positive('Consumer is required').max(INT4_MAX, 'Consumer is required'),
    category_id: z.number({ error: 'Category is required' }).int().positive('Category is required').max(INT4_MAX, 'Category is required'),
    store_id: recordId.nullable().optional(),
    subject: z.string({ error: 'Subject is required' }).trim().min(3, 'Subject must be at least 3 characters').max(200, 'Subject must be at most 200 characters'),
    message: messageText('Message'),
  })
  .strict();
export type TicketCreate = z.infer<typeof ticketCreateBody>;

export const ticketReplyBody = z.object({ message: messageText('Reply'), ...ticketVersion }).strict();
export type TicketReply = z.infer<typeof ticketReplyBody>;

export const ticketAssignBody = z
  .object({ assign_to_user_id: z.number({ error: 'Choose a user' }).int().positive('Choose a user').max(INT4_MAX, 'Choose a user'), ...ticketVersion })
  .strict();
export type TicketAssign = z.infer<typeof ticketAssignBody>;

export const ticketCloseBody = z.object({ ...ticketVersion }).strict();
export type TicketClose = z.infer<typeof ticketCloseBody>;

const bulkItem = z.object({ id: recordId, version: versionField }).strict();
export const ticketBulkCloseBody = z.object({ items: z.array(bulkItem).min(1, 'Choose at least one ticket').max(100, 'At most 100 tickets at once') }).strict();
export type TicketBulkClose = z.infer<typeof ticketBulkCloseBody>;

/** An active ticket category for the help center's filter and form. */
export const ticketCategoryOption = z.object({ id: z.number().int(), name: z.string() });

export const assigneeOptionsQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(ASSIGNEE_SEARCH_LIMIT).default(ASSIGNEE_SEARCH_LIMIT),
  })
  .strict();
export const assigneeOption = z.object({ id: z.number().int(), username: z.string(), name: z.string(), email: z.string() });
export type AssigneeOption = z.infer<typeof assigneeOption>;

/** Share a ticket (its details and conversation) by e-mail, e.g. with the store or a supplier; an optional note leads. */
export const ticketShareBody = z.object({ email: emailField, note: z.string().trim().max(500, 'At most 500 characters').optional() }).strict();
export type TicketShare = z.infer<typeof ticketShareBody>;
