import { z } from 'zod';
import { isInstantText } from '../common/period.ts';
import { recordId } from '../common/list-query.ts';

/** How many events the consumer app sends in one batch at most. */
export const APP_EVENTS_BATCH_MAX = 500;
/** What a consumer did: saw it on screen, opened it, put the product in the cart. */
export const APP_EVENT_TYPES = ['impression', 'click', 'add_to_cart'] as const;
export type AppEventType = (typeof APP_EVENT_TYPES)[number];
/** The stored code of each type (1 impression, 2 click, 3 add to cart). */
export const APP_EVENT_CODE: Readonly<Record<AppEventType, number>> = { impression: 1, click: 2, add_to_cart: 3 };
/** Events older than this, or later than now by more than the allowance, are not counted (a phone's clock gone astray). */
export const APP_EVENT_MAX_AGE_DAYS = 30;
export const APP_EVENT_FUTURE_ALLOWANCE_MINUTES = 10;

/**
 * One thing a consumer saw or did in the app: on a planogram (a shelf of the app's home or a category), on a product
 * (by PLU, within a planogram or not) or on a piece of content (an offer, banner or message). The app gives each event
 * an id of its own, so a batch sent again counts once.
 */
export const appEvent = z
  .object({
    event_id: z.uuid({ error: 'event_id must be a UUID' }),
    type: z.enum(APP_EVENT_TYPES, { error: 'type must be impression, click or add_to_cart' }),
    planogram_id: recordId.nullable().default(null),
    plu: z.string().trim().min(1).max(30).nullable().default(null),
    content_id: recordId.nullable().default(null),
    /** The store whose catalogue the consumer was browsing. */
    store_code: z.string().trim().min(1).max(20).nullable().default(null),
    at: z.string({ error: 'at is required' }).refine(isInstantText, 'at must be an ISO date-time with its offset'),
  })
  .strict()
  .refine((e) => e.planogram_id !== null || e.plu !== null || e.content_id !== null, { message: 'An event names a planogram, a product (plu) or a content', path: ['plu'] })
  .refine((e) => e.type !== 'add_to_cart' || e.plu !== null, { message: 'An add_to_cart event names its product (plu)', path: ['plu'] });
export type AppEvent = z.infer<typeof appEvent>;

export const appEventsBody = z
  .object({
    events: z.array(appEvent, { error: 'events must be a list' }).min(1, 'A batch has at least one event').max(APP_EVENTS_BATCH_MAX, `A batch has at most ${APP_EVENTS_BATCH_MAX} events`),
  })
  .strict();
export type AppEventsBody = z.infer<typeof appEventsBody>;

export const appEventsResult = z.object({
  accepted: z.number().int(),
  /** Events whose id was recorded before. */
  duplicates: z.number().int(),
  /** Events too old or too far ahead of the server's clock to count. */
  ignored: z.number().int(),
});
export type AppEventsResult = z.infer<typeof appEventsResult>;
