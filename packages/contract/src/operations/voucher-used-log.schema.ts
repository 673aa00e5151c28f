import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, optionSearchQuery } from '../common/resource-fields.ts';
import { periodOrder } from './consumer-login-log.schema.ts';

/** heimdal Voucher Used Log: the menu entry whose rights open the log, its three detail pages and its export. */
export const VOUCHER_USED_LOG_ENTRIES = ['heimdal.voucher-used-log'] as const;

/**
 * One e-voucher redemption: the voucher (its code masked as the vouchers domain masks it on screen, its product, its
 * denomination, the Rupiah it paid), the partner order that released it, the store and the till transaction it was used
 * in (`pos_transaction_no`, the receipt), and the consumer of that receipt when the till scanned a member card (the
 * phone masked without the personal-data right). The id is the voucher's: a voucher is used once.
 */
export const voucherUsedLogRow = z.object({
  id: z.number().int(),
  used_at: isoDateTime,
  masked_code: z.string(),
  voucher_product_id: z.number().int(),
  voucher_code: z.string(),
  voucher_name: z.string(),
  denomination: z.number().int(),
  partner_id: z.number().int(),
  partner_code: z.string(),
  partner_name: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  pos_ref: z.string().nullable(),
  pos_transaction_no: z.string().nullable(),
  consumer_id: z.number().int().nullable(),
  consumer_name: z.string().nullable(),
  consumer_phone: z.string().nullable(),
  /** True when the consumer's phone was masked for this caller. */
  personal_masked: z.boolean(),
});
export type VoucherUsedLogRow = z.infer<typeof voucherUsedLogRow>;

/** A line of the till receipt the voucher paid, as the POS sent it. */
export const voucherUsedReceiptLine = z.object({
  line_no: z.number().int(),
  plu: z.string(),
  product_name: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  discount: z.number().int().nullable(),
});

/** The till receipt (the POS's transaction) the voucher paid, once the POS has sent it. */
export const voucherUsedReceipt = z.object({
  transaction_id: z.string(),
  at: isoDateTime,
  /** 1 Offline, 2 Online (section 3's channel). */
  channel: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  total: z.number().int(),
  quantity: z.number().int(),
  card_scanned: z.boolean(),
  lines: z.array(voucherUsedReceiptLine),
});
export type VoucherUsedReceipt = z.infer<typeof voucherUsedReceipt>;

/** A redemption with its voucher's validity and the receipt it paid (null until the POS sends the receipt). */
export const voucherUsedLogDetail = voucherUsedLogRow.extend({
  released_at: isoDateTime,
  /** The last valid day, YYYY-MM-DD (Asia/Jakarta). */
  valid_until: z.string(),
  receipt: voucherUsedReceipt.nullable(),
});
export type VoucherUsedLogDetail = z.infer<typeof voucherUsedLogDetail>;

/**
 * The log's filters: the period of use (Jakarta days), the store, the partner, one consumer, and `search`: a whole
 * voucher barcode, a POS transaction number or a voucher order number. Newest first by the time of use.
 */
export const voucherUsedLogListQuery = listQuery(['used_at'] as const, {
  date_from: dayFilter,
  date_until: dayFilter,
  store_id: idFilter,
  partner_id: idFilter,
  consumer_id: idFilter,
}).refine(periodOrder, { message: 'The end date cannot be before the start date', path: ['date_until'] });
export type VoucherUsedLogListQuery = z.infer<typeof voucherUsedLogListQuery>;

/** The log's store and partner pickers: searched by code or name on the server. */
export const voucherUsedLogOptionsQuery = optionSearchQuery(50);
export const voucherUsedLogOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type VoucherUsedLogOption = z.infer<typeof voucherUsedLogOption>;
