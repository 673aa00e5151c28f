import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, versionField } from '../common/list-query.ts';
import { dayField, dayFilter } from '../common/period.ts';
import { codeField, intFilter, optionalText } from '../common/resource-fields.ts';
import {
  VOUCHER_ORDER_REASON,
  VOUCHER_ORDER_STATUS,
  VOUCHER_PAYMENT_METHOD,
  type VoucherOrderAction,
} from '../workflows/voucher-order.ts';

/** At most this many vouchers in one order (the release of one order is a job of this size at most). */
export const VOUCHER_ORDER_MAX_VOUCHERS = 1_000_000;
/** At most this many voucher products in one order. */
export const VOUCHER_ORDER_MAX_LINES = 20;

const statusField = z.enum(VOUCHER_ORDER_STATUS.values);
const paymentMethodField = z.enum(VOUCHER_PAYMENT_METHOD.values, { error: 'Payment method must be transfer or credit' });

/** A business client's order of vouchers (cms Voucher digital, Order Voucher Management). */
export const voucherOrderRow = z.object({
  id: z.number().int(),
  order_number: z.string(),
  partner_id: z.number().int(),
  partner_code: z.string(),
  partner_name: z.string(),
  status: statusField,
  payment_method: paymentMethodField,
  /** What the client pays: the sum of each line's quantity × denomination, in Rupiah. */
  total_amount: z.number().int(),
  voucher_count: z.number().int(),
  /** Vouchers generated so far by the release job. */
  released_count: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type VoucherOrderRow = z.infer<typeof voucherOrderRow>;

/** One line of an order: a voucher product, how many, at the denomination it had when ordered. */
export const voucherOrderItem = z.object({
  voucher_product_id: z.number().int(),
  voucher_code: z.string(),
  name: z.string(),
  denomination: z.number().int(),
  quantity: z.number().int(),
  /** How many of the line's vouchers the release generates (all ordered unless edited before release). */
  release_amount: z.number().int(),
  amount: z.number().int(),
  validity_days: z.number().int(),
});
export type VoucherOrderItem = z.infer<typeof voucherOrderItem>;

/** One move on the order's timeline: who made it, when, with what reason. */
export const voucherOrderEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: statusField.nullable(),
  to_status: statusField,
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  at: isoDateTime,
});
export type VoucherOrderEvent = z.infer<typeof voucherOrderEvent>;

export const voucherOrderDetail = voucherOrderRow.extend({
  note: z.string().nullable(),
  payment_ref: z.string().nullable(),
  payment_amount: z.number().int().nullable(),
  payment_date: z.string().nullable(),
  /** The last rejection's reason. */
  reason: z.string().nullable(),
  /** The quotation's number, given when the PIC processes the order (QUO/YYYY/MM/NNNNNN). */
  quotation_no: z.string().nullable(),
  /** The receipt's number, given when the payment date is verified (KWT/YYYY/MM/NNNNNN). */
  receipt_no: z.string().nullable(),
  released_at: isoDateTime.nullable(),
  partner: z.object({
    name: z.string(),
    npwp: z.string().nullable(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    contact_name: z.string(),
    contact_email: z.string(),
    contact_phone: z.string(),
  }),
  items: z.array(voucherOrderItem),
  events: z.array(voucherOrderEvent),
});
export type VoucherOrderDetail = z.infer<typeof voucherOrderDetail>;

const quantityField = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity is a whole number of vouchers')
  .min(1, 'Quantity is at least 1')
  .max(VOUCHER_ORDER_MAX_VOUCHERS, 'Quantity is at most 1,000,000 vouchers');

/** Placing an order for a client: its voucher products and quantities, paid by transfer or on the client's credit. */
export const voucherOrderCreateBody = z
  .object({
    partner_id: recordId,
    payment_method: paymentMethodField,
    items: z
      .array(z.object({ voucher_product_id: recordId, quantity: quantityField }).strict(), { error: 'Add at least one voucher' })
      .min(1, 'Add at least one voucher')
      .max(VOUCHER_ORDER_MAX_LINES, `At most ${VOUCHER_ORDER_MAX_LINES} vouchers in one order`)
      .refine((items) => new Set(items.map((i) => i.voucher_product_id)).size === items.length, 'Each voucher appears once: add to its quantity instead')
      .refine((items) => items.reduce((n, i) => n + i.quantity, 0) <= VOUCHER_ORDER_MAX_VOUCHERS, 'An order holds at most 1,000,000 vouchers'),
    note: optionalText(500),
  })
  .strict();
export type VoucherOrderCreate = z.input<typeof voucherOrderCreateBody>;

export const voucherOrderReasonField = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(VOUCHER_ORDER_REASON.min, `A reason is at least ${VOUCHER_ORDER_REASON.min} characters`)
  .max(VOUCHER_ORDER_REASON.max, `A reason is at most ${VOUCHER_ORDER_REASON.max} characters`);

/** A move without more to say than the version seen (PIC process and approve, release). */
export const voucherOrderMoveBody = z.object({ version: versionField }).strict();
/** A move with its reason (PIC reject, payment date verify, payment reject). */
export const voucherOrderReasonBody = z.object({ version: versionField, reason: voucherOrderReasonField }).strict();
/** Payment verify: the transfer finance sees on the chain's account, its reference, amount and the day it arrived. */
export const voucherOrderPaymentBody = z
  .object({
    version: versionField,
    payment_ref: z.string({ error: 'Transfer reference is required' }).trim().min(3, 'Transfer reference is at least 3 characters').max(60, 'Transfer reference is at most 60 characters'),
    payment_amount: z.number({ error: 'Amount must be a number' }).int('Amount is whole Rupiah').min(1, 'Amount is at least Rp 1').max(999_999_999_999),
    payment_date: dayField('Payment date'),
  })
  .strict();
export type VoucherOrderPayment = z.infer<typeof voucherOrderPaymentBody>;

/** The body each move takes. */
export const VOUCHER_ORDER_MOVE_BODY = {
  pic_process: voucherOrderMoveBody,
  pic_approve: voucherOrderMoveBody,
  pic_reject: voucherOrderReasonBody,
  payment_verify: voucherOrderPaymentBody,
  payment_date_verify: voucherOrderReasonBody,
  payment_reject: voucherOrderReasonBody,
  release: voucherOrderMoveBody,
} as const satisfies Record<VoucherOrderAction, z.ZodType>;
export type VoucherOrderMoveBodies = { [A in VoucherOrderAction]: z.infer<(typeof VOUCHER_ORDER_MOVE_BODY)[A]> };

/** Each move's address below the order: `voucher-orders/:id/<action with dashes>`. */
export const voucherOrderMovePath = (action: VoucherOrderAction) => action.replaceAll('_', '-');

/** A client voucher's release amount, edited before release; the line is named by its voucher code in the query. */
export const voucherOrderItemQuery = z.object({ code: codeField('Voucher code', 20).transform((v) => v.toUpperCase()) }).strict();
export const voucherOrderItemBody = z
  .object({
    version: versionField,
    release_amount: z.number({ error: 'Release amount must be a number' }).int('Release amount is a whole number of vouchers').min(0, 'Release amount cannot be negative').max(VOUCHER_ORDER_MAX_VOUCHERS),
  })
  .strict();

export const voucherOrderListQuery = listQuery(['created_at', 'order_number', 'total_amount'] as const, {
  status: z.enum(VOUCHER_ORDER_STATUS.values, { error: 'Unknown status' }).optional(),
  partner_id: intFilter(1, 2_147_483_647),
  payment_method: z.enum(VOUCHER_PAYMENT_METHOD.values).optional(),
  order_number: z.string().trim().max(40).optional(),
  date_from: dayFilter,
  date_until: dayFilter,
});
export type VoucherOrderListQuery = z.infer<typeof voucherOrderListQuery>;

