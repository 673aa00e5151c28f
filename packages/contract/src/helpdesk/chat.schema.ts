import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, recordId } from '../common/list-query.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';

export const chatMessage = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  sender: z.number().int(),
  user_name: z.string().nullable(),
  template_id: z.number().int().nullable(),
  body: z.string(),
  created_at: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatRow = z.object({
  id: z.number().int(),
  consumer_id: z.number().int(),
  consumer_name: z.string().nullable(),
  status: z.number().int(),
  last_message: z.string().nullable(),
  last_sender: z.number().int().nullable(),
  last_message_at: isoDateTime,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ChatRow = z.infer<typeof chatRow>;

export const chatDetail = chatRow.extend({ messages: z.array(chatMessage) });
export type ChatDetail = z.infer<typeof chatDetail>;

export const chatListQuery = listQuery(['last_message_at', 'created_at'] as const, { status: intFilter(1, 2), consumer_id: idFilter });
export type ChatListQuery = z.infer<typeof chatListQuery>;

/** An agent's answer: its text, or a message template's text when only the template is named. */
export const chatReplyBody = z
  .object({
    message: z.string().trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters').optional(),
    template_id: recordId.optional(),
  })
  .strict()
  .refine((b) => b.message !== undefined || b.template_id !== undefined, { message: 'Message is required', path: ['message'] });
export type ChatReply = z.infer<typeof chatReplyBody>;

/** A chat's messages after a message id, for catching up after a reconnect. */
export const chatMessagesQuery = z.object({ after_id: z.coerce.number().int().min(0).max(INT4_MAX).default(0) }).strict();

export const chatUnread = z.object({ unread: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnread>;

/** What `GET /api/v1/chats/events` pushes (server-sent events, one JSON object per `data:` line). */
export type ChatEvent = { type: 'unread'; unread: number } | { type: 'message'; chat_id: number; message: ChatMessage };

export const chatEventsQuery = z
  .object({ once: z.enum(['true', 'false']).transform((v) => v === 'true').optional() })
  .strict();
