import { z } from 'zod';
import { INT4_MAX, recordId } from '../common/list-query.ts';
import { appClientFields } from '../common/app-client.ts';

/**
 * The small consumer-facing API under `/api/v1/app/` (the loyalty app's side of the help desk), carried by a consumer
 * token: sign in with phone and password, open a chat, write and read its messages, create a ticket.
 */
export const appSignInBody = z
  .object({
    phone: z.string({ error: 'Phone is required' }).trim().min(6, 'Phone is required').max(20),
    password: z.string({ error: 'Password is required' }).min(8, 'Password is required').max(200),
    // Optional: the device, platform and app version the consumer login log records (common/app-client.ts).
    ...appClientFields,
  })
  .strict();
export type AppSignIn = z.infer<typeof appSignInBody>;

export const appSession = z.object({ token: z.string(), consumer_id: z.number().int(), name: z.string(), expires_at: z.string() });

export const appMessageBody = z
  .object({ message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters') })
  .strict();
export type AppMessage = z.infer<typeof appMessageBody>;

export const appMessagesQuery = z.object({ after_id: z.coerce.number().int().min(0).max(INT4_MAX).optional() }).strict();

export const appTicketCreateBody = z
  .object({
    category_id: z.number({ error: 'Category is required' }).int().positive('Category is required').max(INT4_MAX, 'Category is required'),
    store_id: recordId.nullable().optional(),
    subject: z.string({ error: 'Subject is required' }).trim().min(3, 'Subject must be at least 3 characters').max(200),
    message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(4000),
  })
  .strict();
export type AppTicketCreate = z.infer<typeof appTicketCreateBody>;
