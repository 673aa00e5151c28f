import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField, versioned } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, intFilter, optionalText } from '../common/resource-fields.ts';
import { MOBILE_OPERATOR, TOP_UP_STATUS } from '../enums/top-up-status.ts';
import { TOP_UP_STAFF_ACTIONS } from '../workflows/top-up.ts';
import { orderTimelineEntry } from './order.schema.ts';
import { PAYMENT_CALLBACK_STATUS } from './payment.schema.ts';

/**
 * A top-up as cms Order Management Digital Product lists it. The number topped up is personal data: masked without the
 * personal-data right (`personal_masked`). `refund_due` is what a cancelled paid top-up owes the consumer.
 */
export const topUpRow = z.object({
  id: z.number().int(),
  transaction_no: z.string(),
  created_at: isoDateTime,
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  phone_number: z.string().nullable(),
  product_id: z.number().int(),
  product_type: z.number().int(),
  operator: z.number().int(),
  product_name: z.string(),
  denomination: z.number().int(),
  amount: z.number().int(),
  status: z.number().int(),
  payment_status: z.string(),
  paid_at: isoDateTime.nullable(),
  biller_ref: z.string().nullable(),
  attempts: z.number().int(),
  refund_due: z.number().int(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
  personal_masked: z.boolean(),
});
export type TopUpRow = z.infer<typeof topUpRow>;

/** One move of the top-up's timeline: who (the consumer, a staff member, the system) moved it, when and why. */
export const topUpTimelineEntry = orderTimelineEntry;
export type TopUpTimelineEntry = z.infer<typeof topUpTimelineEntry>;

export const topUpDetail = topUpRow.extend({
  consumer_phone: z.string().nullable(),
  biller_code: z.string(),
  payment_ref: z.string().nullable(),
  payment_expires_at: isoDateTime,
  serial_number: z.string().nullable(),
  biller_message: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  timeline: z.array(topUpTimelineEntry),
});
export type TopUpDetail = z.infer<typeof topUpDetail>;

const statusFilter = z.coerce
  .number()
  .int()
  .refine((v) => (TOP_UP_STATUS.values as readonly number[]).includes(v), 'Not a top-up status')
  .optional();

/** The list's filters: status, product type, operator, Asia/Jakarta days; `search` is a transaction number or a phone number. */
export const topUpListQuery = listQuery(['created_at', 'amount'] as const, {
  status: statusFilter,
  product_type: intFilter(1, 2),
  operator: intFilter(1, MOBILE_OPERATOR.values.length),
  date_from: dayFilter,
  date_until: dayFilter,
  consumer_id: idFilter,
}).refine((q) => !q.date_from || !q.date_until || q.date_from <= q.date_until, { message: 'The end date cannot be before the start date', path: ['date_until'] });
export type TopUpListQuery = z.infer<typeof topUpListQuery>;

/** A cancel's reason: typed by the staff member, kept on the top-up and its timeline. */
export const topUpReasonField = z.string({ error: 'A reason is required' }).trim().min(5, 'A reason is at least 5 characters').max(500, 'A reason is at most 500 characters');

/** One staff move (retry, cancel with a reason, or a resolution from the biller's report), with the version seen. */
export const topUpMoveBody = z
  .object({
    action: z.enum(TOP_UP_STAFF_ACTIONS, { error: 'Choose an action of the top-up workflow' }),
    note: z.string().trim().max(500, 'A note is at most 500 characters').nullable().optional(),
    ...versioned,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.action !== 'cancel') return;
    const reason = topUpReasonField.safeParse(b.note ?? '');
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['note'], message: reason.error.issues[0]?.message ?? 'A reason is required' });
  });
export type TopUpMoveBody = z.infer<typeof topUpMoveBody>;

/** The payment gateway's callback for a top-up: the order callback's fields and signature, naming a transaction. */
export const topUpPaymentCallbackBody = z
  .object({
    event_id: z.string({ error: 'event_id is required' }).trim().min(1).max(100),
    transaction_no: z.string({ error: 'transaction_no is required' }).trim().min(1).max(40),
    status: z.enum(PAYMENT_CALLBACK_STATUS, { error: 'status must be PAID or FAILED' }),
    amount: z.number({ error: 'amount is required' }).int().min(0),
    payment_ref: z.string({ error: 'payment_ref is required' }).trim().min(1).max(100),
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type TopUpPaymentCallbackBody = z.infer<typeof topUpPaymentCallbackBody>;

/** The text the gateway signs: as for orders, the fields joined by `|` (the transaction number in the order's place). */
export const topUpPaymentSignedText = (b: Omit<TopUpPaymentCallbackBody, 'signature'>): string => [b.event_id, b.transaction_no, b.status, b.amount, b.payment_ref].join('|');

/** What the biller answers of a transaction it was sent. */
export const BILLER_CALLBACK_STATUS = ['SUCCESS', 'FAILED', 'PENDING', 'ON_HOLD'] as const;
export type BillerCallbackStatus = (typeof BILLER_CALLBACK_STATUS)[number];

/**
 * The biller's callback: its answer about one sent transaction (`biller_ref`, the reference it gave when it accepted
 * the request), signed with the secret shared with the biller (HMAC-SHA256, hex, of `billerSignedText`).
 */
export const billerCallbackBody = z
  .object({
    event_id: z.string({ error: 'event_id is required' }).trim().min(1).max(100),
    transaction_no: z.string({ error: 'transaction_no is required' }).trim().min(1).max(40),
    biller_ref: z.string({ error: 'biller_ref is required' }).trim().min(1).max(100),
    status: z.enum(BILLER_CALLBACK_STATUS, { error: 'status must be SUCCESS, FAILED, PENDING or ON_HOLD' }),
    /** The operator's serial number of a delivered top-up (SN), shown to the consumer as proof. */
    serial_number: z.string().trim().max(100).nullable().default(null),
    message: z.string().trim().max(500).nullable().default(null),
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type BillerCallbackBody = z.infer<typeof billerCallbackBody>;
export type BillerCallbackInput = z.input<typeof billerCallbackBody>;

export const billerSignedText = (b: Pick<BillerCallbackBody, 'event_id' | 'transaction_no' | 'biller_ref' | 'status' | 'serial_number'>): string =>
  [b.event_id, b.transaction_no, b.biller_ref, b.status, b.serial_number ?? ''].join('|');

export const topUpCallbackResult = z.object({
  transaction_no: z.string(),
  status: z.number().int(),
  /** True when this event had been received before: nothing changed. */
  replay: z.boolean(),
});
export type TopUpCallbackResult = z.infer<typeof topUpCallbackResult>;

/** The call to action the app shows on its top-up page (cms CTA Setting): one record. */
export const topUpCtaRow = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  button_text: z.string(),
  deep_link: z.string(),
  is_active: z.boolean(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type TopUpCtaRow = z.infer<typeof topUpCtaRow>;

export const topUpCtaUpdateBody = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(80, 'Title is at most 80 characters'),
    subtitle: optionalText(160),
    button_text: z.string({ error: 'Button text is required' }).trim().min(1, 'Button text is required').max(30, 'Button text is at most 30 characters'),
    deep_link: z
      .string({ error: 'Deep link is required' })
      .trim()
      .max(300, 'Deep link is at most 300 characters')
      .regex(/^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)[^\s<>"']+$/, 'Deep link must be an app link (like superapp://top-up) or an https:// address'),
    is_active: z.boolean().default(true),
    version: versionField,
  })
  .strict();
export type TopUpCtaUpdate = z.infer<typeof topUpCtaUpdateBody>;

/** A bulk-update file's row: a transaction number, its target status and a note (required for a cancel). */
export const topUpBulkStatusField = z.union(
  [250, 453, 400, 451].map((v) => z.literal(v)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
  { error: 'Target status must be 250 (retry), 453 (cancel), 400 (successful) or 451 (failed)' },
);
