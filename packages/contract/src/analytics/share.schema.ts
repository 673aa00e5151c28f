import { z } from 'zod';
import { MENU_BY_KEY } from '../access/registry.ts';
import { recordId } from '../common/list-query.ts';

/** How many colleagues one share reaches at most. */
export const SHARE_MAX_RECIPIENTS = 20;

/** The dashboards and reports that can be shared: every pandora entry. */
const isPandoraEntry = (key: string) => MENU_BY_KEY.get(key)?.area === 'pandora';

/**
 * A dashboard or report shared by e-mail with colleagues: the screen's address with its filters (under the entry's
 * route), the staff users to send it to, a note, and whether the mail also offers the screen's export (made when a
 * recipient opens it, under the recipient's own rights, never a file in the mail).
 */
export const analyticsShareBody = z
  .object({
    entry: z.string({ error: 'entry is required' }).refine(isPandoraEntry, 'Only a dashboard or report of Reports & Analytics can be shared'),
    path: z
      .string({ error: 'path is required' })
      .trim()
      .min(1)
      .max(2000, 'The address is at most 2,000 characters')
      .refine((p) => p.startsWith('/admin/pandora/') && !p.includes('//') && !/[\s<>"]/.test(p), 'The address must be a Reports & Analytics screen of this portal'),
    recipient_ids: z
      .array(recordId, { error: 'Choose the colleagues to share with' })
      .min(1, 'Choose at least one colleague')
      .max(SHARE_MAX_RECIPIENTS, `At most ${SHARE_MAX_RECIPIENTS} colleagues at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each colleague once'),
    note: z.string().trim().max(500, 'The note is at most 500 characters').optional(),
    with_export: z.boolean().default(false),
  })
  .strict()
  .refine((b) => {
    const route = MENU_BY_KEY.get(b.entry)?.route;
    return !route || b.path === route || b.path.startsWith(`${route}/`) || b.path.startsWith(`${route}?`);
  }, { message: 'The address is not a screen of this dashboard or report', path: ['path'] });
export type AnalyticsShareBody = z.infer<typeof analyticsShareBody>;

const person = z.object({ user_id: z.number().int(), name: z.string() });
export const analyticsShareResult = z.object({
  /** Colleagues the mail went to. */
  sent: z.array(person),
  /** Colleagues it did not go to, and why: their role does not open this screen, or the account is not active. */
  skipped: z.array(person.extend({ reason: z.enum(['no-access', 'inactive']) })),
});
export type AnalyticsShareResult = z.infer<typeof analyticsShareResult>;

export const shareRecipientQuery = z.object({
  entry: z.string({ error: 'entry is required' }).refine(isPandoraEntry, 'Only a dashboard or report of Reports & Analytics can be shared'),
  search: z.string().trim().max(100).optional(),
});
export const shareRecipient = z.object({ user_id: z.number().int(), name: z.string(), username: z.string() });
export type ShareRecipient = z.infer<typeof shareRecipient>;
