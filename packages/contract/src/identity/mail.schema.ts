import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';

export const mailboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: isoDateTime,
});
export type MailboxItem = z.infer<typeof mailboxItem>;
