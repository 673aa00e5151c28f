import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { enumTable } from '../enums/enum-table.ts';
import { intFilter } from '../common/resource-fields.ts';
import { enumValueField, isInstantText } from '../common/period.ts';
import { PUBLISHED_STATUSES } from './content-status.ts';

/**
 * Notification Offer: the in-app and push notification that announces an offer to consumers, one per offer (keyed by
 * the offer's id). It is sent by the app's notification service at its send moment, only while its offer is published.
 */
export const NOTIFICATION_TITLE_MAX = 60;
export const NOTIFICATION_MESSAGE_MAX = 180;

/** When it goes out: when the offer goes live (its start, or its approval if that comes later), or at a chosen time. */
export const NOTIFICATION_SEND_MODE = enumTable([
  { value: 1, label: 'At Go-Live', labelId: 'Saat Tayang' },
  { value: 2, label: 'At a Chosen Time', labelId: 'Pada Waktu Tertentu' },
] as const);
export const SEND_AT_GO_LIVE = 1;
export const SEND_AT_TIME = 2;

/**
 * The computed state (never stored): Off (not enabled); Not Scheduled (enabled, but its offer is not published: it waits
 * for the offer's approval); Scheduled (published offer, send moment ahead); Due (the moment has passed: handed to the
 * app's notification service, no longer editable); Outside Period (the chosen time no longer lies within the offer's
 * period, after the offer was edited: it will not be sent until a new time is chosen).
 */
export const NOTIFICATION_STATE = enumTable([
  { value: 0, label: 'Off', labelId: 'Nonaktif', color: 'default' },
  { value: 1, label: 'Not Scheduled', labelId: 'Belum Dijadwalkan', color: 'orange' },
  { value: 2, label: 'Scheduled', labelId: 'Terjadwal', color: 'blue' },
  { value: 3, label: 'Due', labelId: 'Jatuh Tempo', color: 'green' },
  { value: 4, label: 'Outside Period', labelId: 'Di Luar Periode', color: 'red' },
] as const);
export const NOTIFICATION_OFF = 0;
export const NOTIFICATION_NOT_SCHEDULED = 1;
export const NOTIFICATION_SCHEDULED = 2;
export const NOTIFICATION_DUE = 3;
export const NOTIFICATION_OUTSIDE_PERIOD = 4;

export interface NotificationTiming {
  enabled: boolean;
  send_mode: number;
  send_at: string | null;
}
export interface OfferPeriod {
  /** The offer's displayed status (set B). */
  status: number;
  start_at: string;
  end_at: string;
}

/** The moment it goes out: the offer's start at go-live, else the chosen time (null when none is chosen). */
export function notificationSendMoment(n: Pick<NotificationTiming, 'send_mode' | 'send_at'>, offer: Pick<OfferPeriod, 'start_at'>): string | null {
  return n.send_mode === SEND_AT_GO_LIVE ? offer.start_at : n.send_at;
}

/** The state of a notification at `now` (the server's list filter is its SQL twin). */
export function notificationState(n: NotificationTiming, offer: OfferPeriod, now: Date): number {
  if (!n.enabled) return NOTIFICATION_OFF;
  if (!PUBLISHED_STATUSES.includes(offer.status)) return NOTIFICATION_NOT_SCHEDULED;
  const moment = notificationSendMoment(n, offer);
  if (!moment) return NOTIFICATION_OUTSIDE_PERIOD;
  const at = new Date(moment).getTime();
  if (at < new Date(offer.start_at).getTime() || at >= new Date(offer.end_at).getTime()) return NOTIFICATION_OUTSIDE_PERIOD;
  return at > now.getTime() ? NOTIFICATION_SCHEDULED : NOTIFICATION_DUE;
}

/** A due notification has been handed over: changing it would no longer change what consumers received. */
export const canEditNotification = (state: number): boolean => state !== NOTIFICATION_DUE;

export const notificationOfferRow = z.object({
  /** The offer's id: one notification per offer. */
  id: z.number().int(),
  offer_title: z.string(),
  offer_status: z.number().int(),
  offer_start_at: isoDateTime,
  offer_end_at: isoDateTime,
  campaign_title: z.string().nullable(),
  enabled: z.boolean(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  send_mode: z.number().int(),
  send_at: isoDateTime.nullable(),
  /** When it goes out (the offer's start at go-live), null while no time is chosen. */
  send_moment: isoDateTime.nullable(),
  state: z.number().int(),
  /** The offer's creation until the notification is first saved. */
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type NotificationOfferRow = z.infer<typeof notificationOfferRow>;

const textField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional();

/**
 * The whole notification of one offer. Enabled, it needs its title (at most 60 characters: a phone shows one line) and
 * message (at most 180: what a lock screen shows); a chosen time needs its time, at go-live names none.
 */
export const notificationOfferUpdateBody = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    title: textField('Title', NOTIFICATION_TITLE_MAX),
    message: textField('Message', NOTIFICATION_MESSAGE_MAX),
    send_mode: enumValueField(NOTIFICATION_SEND_MODE, 'Send moment').default(SEND_AT_GO_LIVE),
    send_at: z
      .string()
      .refine(isInstantText, 'Send time must be a date and time like 2026-01-31T09:00:00+07:00')
      .nullable()
      .optional(),
    version: versionField,
  })
  .strict()
  .refine((b) => !b.enabled || !!b.title, { message: 'An enabled notification needs its title', path: ['title'] })
  .refine((b) => !b.enabled || !!b.message, { message: 'An enabled notification needs its message', path: ['message'] })
  .refine((b) => b.send_mode !== SEND_AT_TIME || !!b.send_at, { message: 'Choose the send time', path: ['send_at'] })
  .refine((b) => b.send_mode !== SEND_AT_GO_LIVE || !b.send_at, { message: 'A notification sent at go-live has no send time', path: ['send_at'] });
export type NotificationOfferUpdate = z.infer<typeof notificationOfferUpdateBody>;

export const notificationOfferListQuery = listQuery(['offer_start_at', 'send_moment', 'offer_title', 'updated_at'] as const, {
  /** The offer's displayed status. */
  offer_status: intFilter(0, 6),
  state: intFilter(0, 4),
});
export type NotificationOfferListQuery = z.infer<typeof notificationOfferListQuery>;
