import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, intFilter, optionSearchQuery } from '../common/resource-fields.ts';
import { enumTable, LOG_RESULT, PLATFORM } from '../enums/index.ts';
import { APP_VERSION_PATTERN } from '../common/app-client.ts';

/** heimdal Consumer Login Log: the menu entry whose rights open the log, its consumer view and its export. */
export const CONSUMER_LOGIN_LOG_ENTRIES = ['heimdal.consumer-login-log'] as const;

/**
 * Why a consumer app sign-in failed (the log's detail beside section 3's result 1 Failed). The app itself always hears
 * the same "Invalid phone number or password"; the reason is for the operator who helps the consumer.
 */
export const LOGIN_FAILURE_REASON = enumTable([
  { value: 'unknown_phone', label: 'Phone not registered', labelId: 'Nomor belum terdaftar', color: 'default' },
  { value: 'no_password', label: 'No password yet', labelId: 'Belum punya kata sandi', color: 'gold' },
  { value: 'wrong_password', label: 'Wrong password', labelId: 'Kata sandi salah', color: 'orange' },
  { value: 'inactive', label: 'Account locked or withdrawn', labelId: 'Akun terkunci atau ditarik', color: 'red' },
] as const);
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASON.values)[number];

/** Section 3's log result as the log's values: 1 Failed, 2 Success. */
export type LogResult = (typeof LOG_RESULT.values)[number];

/**
 * One sign-in attempt of the consumer app: when, its result (and why it failed), the consumer the phone named (none for
 * a phone no consumer has), the phone tried (normalised to 628…; masked without the personal-data right), what the app
 * said about itself (platform, app version, device) and the address it came from. Never a password or a token.
 */
export const consumerLoginLogRow = z.object({
  id: z.number().int(),
  at: isoDateTime,
  result: z.number().int(),
  failure_reason: z.enum(LOGIN_FAILURE_REASON.values).nullable(),
  consumer_id: z.number().int().nullable(),
  consumer_name: z.string().nullable(),
  phone: z.string(),
  platform: z.enum(PLATFORM.values).nullable(),
  app_version: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** True when the phone was masked for this caller. */
  personal_masked: z.boolean(),
});
export type ConsumerLoginLogRow = z.infer<typeof consumerLoginLogRow>;

/** A period of Asia/Jakarta days, both ends inclusive; the end may not come before the start. */
export const periodOrder = (q: { date_from?: string | undefined; date_until?: string | undefined }) => !q.date_from || !q.date_until || q.date_from <= q.date_until;
const PERIOD_ORDER = { message: 'The end date cannot be before the start date', path: ['date_until'] };

/**
 * The log's filters: the period (Jakarta days), the result, the platform, the app version, one consumer, and `search`
 * (a phone number, however typed, or part of a consumer's name). Newest first by time.
 */
export const consumerLoginLogListQuery = listQuery(['at'] as const, {
  date_from: dayFilter,
  date_until: dayFilter,
  result: intFilter(1, 2),
  platform: z.enum(PLATFORM.values, { error: 'Platform must be ios or android' }).optional(),
  app_version: z.string().trim().regex(APP_VERSION_PATTERN, 'App version must look like 1.2.3').optional(),
  consumer_id: idFilter,
}).refine(periodOrder, PERIOD_ORDER);
export type ConsumerLoginLogListQuery = z.infer<typeof consumerLoginLogListQuery>;

/** The app versions the log has seen, newest first, for the version filter. */
export const loginLogVersionsQuery = optionSearchQuery(100);
export const loginLogVersion = z.object({ app_version: z.string() });
export type LoginLogVersion = z.infer<typeof loginLogVersion>;

/** Whether search text is a phone number (digits with the usual +, spaces, dashes, dots and brackets), not a name. */
export const isPhoneSearch = (text: string): boolean => /^\+?[\d\s().-]{6,20}$/.test(text.trim()) && /\d{6}/.test(text.replace(/\D/g, ''));
