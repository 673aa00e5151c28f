import { z } from 'zod';

export const mailboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type MailboxItem = z.infer<typeof mailboxItem>;
