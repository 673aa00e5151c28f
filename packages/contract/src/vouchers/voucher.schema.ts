import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { intFilter } from '../common/resource-fields.ts';
import { enumTable } from '../enums/enum-table.ts';
import { VOUCHER_CODE_MESSAGE, isVoucherCode } from './voucher-code.ts';

/** A released voucher's state at a moment: unused and in date, used at a store, or past its last valid day unused. */
export const VOUCHER_STATUS = enumTable([
  { value: 'active', label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 'used', label: 'Used', labelId: 'Terpakai', color: 'blue' },
  { value: 'expired', label: 'Expired', labelId: 'Kedaluwarsa', color: 'default' },
] as const);
export type VoucherStatus = (typeof VOUCHER_STATUS.values)[number];

/** A voucher barcode as typed or scanned: its 18 digits with their check digit (spaces and dashes dropped). */
export const voucherBarcodeField = z
  .string({ error: 'A voucher barcode is required' })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => v.length > 0, 'A voucher barcode is required')
  .refine(isVoucherCode, VOUCHER_CODE_MESSAGE);

/** Check Voucher Status: one voucher by its barcode (spec: fetched only with a barcode). */
export const voucherStatusQuery = z.object({ voucher_barcode: voucherBarcodeField }).strict();

/** What every view of an issued voucher shows: its value, product, client, order, dates, status and where it was used. */
const issuedVoucher = {
  id: z.number().int(),
  status: z.enum(VOUCHER_STATUS.values),
  denomination: z.number().int(),
  voucher_code: z.string(),
  voucher_name: z.string(),
  partner_name: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  released_at: isoDateTime,
  /** The last day it is valid (Asia/Jakarta), YYYY-MM-DD. */
  valid_until: z.string(),
  used_at: isoDateTime.nullable(),
  used_store_code: z.string().nullable(),
};

export const voucherStatusRow = z.object({
  ...issuedVoucher,
  voucher_barcode: z.string(),
  partner_code: z.string(),
  used_store_name: z.string().nullable(),
  pos_transaction_no: z.string().nullable(),
});
export type VoucherStatusRow = z.infer<typeof voucherStatusRow>;

/**
 * The POS's redemption of a voucher at a store: the barcode scanned, the store's code, the POS's own reference of the
 * payment line (the idempotency key: sent again, the first answer comes back), its transaction number, and the
 * HMAC-SHA256 signature of `voucherRedeemSignedText` with the secret the chain's POS shares with the portal.
 */
export const voucherRedeemBody = z
  .object({
    voucher_barcode: voucherBarcodeField,
    store_code: z.string({ error: 'store_code is required' }).trim().min(1, 'store_code is required').max(20),
    pos_ref: z.string({ error: 'pos_ref is required' }).trim().min(1, 'pos_ref is required').max(100),
    transaction_no: z.string({ error: 'transaction_no is required' }).trim().min(1, 'transaction_no is required').max(60),
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type VoucherRedeemBody = z.infer<typeof voucherRedeemBody>;

/** The text the POS signs: the redemption's fields joined by `|`, in this order. */
export const voucherRedeemSignedText = (b: Omit<VoucherRedeemBody, 'signature'>): string => [b.voucher_barcode, b.store_code, b.pos_ref, b.transaction_no].join('|');

/** What the POS is told: the voucher's value to take off the bill and where and when it was used. */
export const voucherRedeemResult = z.object({
  voucher_barcode: z.string(),
  denomination: z.number().int(),
  used_at: isoDateTime,
  store_code: z.string(),
  transaction_no: z.string(),
  /** True when this answer repeats an earlier redemption of the same POS reference. */
  replayed: z.boolean(),
});
export type VoucherRedeemResult = z.infer<typeof voucherRedeemResult>;

/**
 * An issued voucher as lists show it (an order's vouchers, the Voucher Report): its code masked, since a code is worth
 * its denomination to whoever holds it; the whole code is in the export, for those who may export, and in Check
 * Voucher Status for one barcode at a time.
 */
export const voucherRow = z.object({
  ...issuedVoucher,
  masked_code: z.string(),
  partner_id: z.number().int(),
});
export type VoucherRow = z.infer<typeof voucherRow>;

export const voucherListQuery = listQuery(['released_at', 'used_at', 'denomination'] as const, {
  order_id: intFilter(1, 2_147_483_647),
  partner_id: intFilter(1, 2_147_483_647),
  status: z.enum(VOUCHER_STATUS.values, { error: 'Unknown status' }).optional(),
  /** Released on these Jakarta days. */
  date_from: dayFilter,
  date_until: dayFilter,
});
export type VoucherListQuery = z.infer<typeof voucherListQuery>;
