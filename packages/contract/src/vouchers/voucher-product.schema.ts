import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { idList } from '../common/period.ts';
import { activeStatusField, codeField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/**
 * A voucher product (cms Voucher digital, Voucher Management): what a business client orders N of, each released as a
 * voucher with its own code and barcode, worth its denomination at the stores in its scope for its validity.
 */
export const voucherProductRow = z.object({
  id: z.number().int(),
  /** The product's code on orders, quotations and receipts (unique, letters and digits). */
  voucher_code: z.string(),
  name: z.string(),
  /** What one voucher is worth at the till, in Rupiah. */
  denomination: z.number().int(),
  /** Days a released voucher stays valid, the day of release counted as the first. */
  validity_days: z.number().int(),
  /** The terms printed with the voucher. */
  terms: z.string(),
  description: z.string().nullable(),
  /** Stores where it is redeemed; empty: every store. */
  store_ids: z.array(z.number().int()),
  status: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type VoucherProductRow = z.infer<typeof voucherProductRow>;

export const voucherProductDetail = voucherProductRow.extend({
  stores: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type VoucherProductDetail = z.infer<typeof voucherProductDetail>;

/** The denominations a voucher can carry: Rp 10.000 to Rp 10.000.000, in whole thousands as the chain prints them. */
export const VOUCHER_DENOMINATION = { min: 10_000, max: 10_000_000, step: 1_000 } as const;
export const VOUCHER_VALIDITY_DAYS = { min: 1, max: 1_095 } as const;

const fields = {
  voucher_code: codeField('Voucher code', 20).transform((v) => v.toUpperCase()),
  name: nameField('Name', 120),
  denomination: z
    .number({ error: 'Denomination must be a number' })
    .int('Denomination must be whole Rupiah')
    .min(VOUCHER_DENOMINATION.min, 'Denomination is at least Rp 10.000')
    .max(VOUCHER_DENOMINATION.max, 'Denomination is at most Rp 10.000.000')
    .refine((v) => v % VOUCHER_DENOMINATION.step === 0, 'Denomination must be in whole thousands of Rupiah'),
  validity_days: z
    .number({ error: 'Validity must be a number of days' })
    .int('Validity is a whole number of days')
    .min(VOUCHER_VALIDITY_DAYS.min, 'Validity is at least 1 day')
    .max(VOUCHER_VALIDITY_DAYS.max, 'Validity is at most 1,095 days (three years)'),
  terms: z.string({ error: 'Terms are required' }).trim().min(10, 'Terms must be at least 10 characters').max(2_000, 'Terms must be at most 2,000 characters'),
  description: optionalText(500),
  /** Empty: every store. */
  store_ids: idList('Stores', 5_000).default([]),
  status: activeStatusField.default(1),
};

export const voucherProductCreateBody = z.object(fields).strict();
export type VoucherProductCreate = z.input<typeof voucherProductCreateBody>;
export const voucherProductUpdateBody = z.object({ ...fields, version: versionField }).strict();
export type VoucherProductUpdate = z.input<typeof voucherProductUpdateBody>;

export const voucherProductListQuery = listQuery(['updated_at', 'name', 'voucher_code', 'denomination', 'validity_days'] as const, {
  status: intFilter(1, 2),
  /** Only products redeemable at this store (those of every store included). */
  store_id: intFilter(1, 2_147_483_647),
});
export type VoucherProductListQuery = z.infer<typeof voucherProductListQuery>;
