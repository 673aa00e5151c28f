import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { checkReportPeriod, dayFilter, reportPeriod } from '../common/period.ts';
import { idFilter, optionSearchQuery } from '../common/resource-fields.ts';
import { VOUCHER_PAYMENT_METHOD } from '../workflows/voucher-order.ts';

/** pandora's E-voucher Reports, one menu entry each (Check Voucher Status has its own endpoint). */
export const VOUCHER_REPORT_ENTRIES = {
  voucher: ['pandora.voucher-report'],
  outstanding: ['pandora.outstanding-voucher-report'],
  salesRedeem: ['pandora.sales-and-redeem-voucher-report'],
  recap: ['pandora.recap-voucher-report'],
  redeem: ['pandora.voucher-usage-report'],
  selling: ['pandora.voucher-selling-report'],
} as const;
/** Every report's entry: their filters' pickers (partners, stores) open to whoever may view one of them. */
export const ALL_VOUCHER_REPORT_ENTRIES = Object.values(VOUCHER_REPORT_ENTRIES).flat();

/** The longest period a report answers at once (a year and a day): the day totals hold a few rows a day. */
export const VOUCHER_REPORT_MAX_DAYS = 366;

/** The filters of a report over a period: a partner, and the Jakarta days (default this month, its first day to today). */
const periodFilters = { partner_id: idFilter, date_from: dayFilter, date_until: dayFilter };
type PeriodFields = { date_from?: string | undefined; date_until?: string | undefined };
/** Refuses a period whose end comes before its start or that is too long; it takes any parsed report query (as boundedPage). */
const boundedPeriod = (q: object, ctx: z.RefinementCtx) => {
  const p = q as PeriodFields;
  checkReportPeriod(p.date_from, p.date_until, VOUCHER_REPORT_MAX_DAYS, 'date_until', ctx);
};

/** A report's list query (paged, sorted) and its totals' query (the same filters, no page): both bounded periods. */
const periodQueries = <S extends readonly [string, ...string[]], F extends typeof periodFilters & z.ZodRawShape>(sortable: S, filters: F) => ({
  list: listQuery(sortable, filters).superRefine(boundedPeriod),
  totals: z.object(filters).strict().superRefine(boundedPeriod),
});

/** The days a report query covers (Asia/Jakarta, both ends inclusive) given today's Jakarta day. */
export const voucherReportPeriod = (q: PeriodFields, today: string): { from: string; to: string } =>
  reportPeriod(q.date_from, q.date_until, today, VOUCHER_REPORT_MAX_DAYS);

const count = z.number().int();
/** What happened to vouchers on the days of a period, each by the day it happened (Asia/Jakarta). */
const flows = {
  /** Issued by a release on these days. */
  released_count: count,
  released_value: count,
  /** Used at a store on these days, whenever they were issued. */
  used_count: count,
  used_value: count,
  /** Expired unused on these days (the day after their last valid day), up to today. */
  expired_count: count,
  expired_value: count,
};
/** Issued and neither used nor expired at the end of a day: what the chain still owes in goods. */
const outstanding = { outstanding_count: count, outstanding_value: count };
/** A partner and a voucher product, named. */
const partnerProduct = {
  id: z.string(),
  partner_id: count,
  partner_code: z.string(),
  partner_name: z.string(),
  voucher_product_id: count,
  voucher_code: z.string(),
  voucher_name: z.string(),
};

/** The Voucher Report's summary and the Recap's totals: a period's flows and what was outstanding at its end. */
export const voucherFlowQuery = z.object(periodFilters).strict().superRefine(boundedPeriod);
export type VoucherFlowQuery = z.infer<typeof voucherFlowQuery>;
export const voucherFlowTotals = z.object({
  date_from: z.string(),
  date_until: z.string(),
  /** The day `outstanding_*` are counted at the end of: the period's end, or today when it ends later. */
  outstanding_on: z.string(),
  ...flows,
  ...outstanding,
});
export type VoucherFlowTotals = z.infer<typeof voucherFlowTotals>;

/** Outstanding Voucher Report: per partner and voucher product, at the end of a Jakarta day (default today). */
const outstandingFilters = { as_of: dayFilter, partner_id: idFilter };
export const outstandingVoucherQuery = listQuery(['partner_name', 'voucher_name', 'outstanding_count', 'outstanding_value'] as const, outstandingFilters);
export type OutstandingVoucherQuery = z.infer<typeof outstandingVoucherQuery>;
export const outstandingVoucherTotalsQuery = z.object(outstandingFilters).strict();
export type OutstandingVoucherTotalsQuery = z.infer<typeof outstandingVoucherTotalsQuery>;
export const outstandingVoucherRow = z.object({ ...partnerProduct, ...outstanding });
export type OutstandingVoucherRow = z.infer<typeof outstandingVoucherRow>;
export const outstandingVoucherTotals = z.object({ as_of: z.string(), ...outstanding });
export type OutstandingVoucherTotals = z.infer<typeof outstandingVoucherTotals>;

/** Sales and Redeem Voucher Report: one row per day of the period, every day included, with what was sold and redeemed. */
export const salesRedeemQuery = listQuery(['day'] as const, periodFilters).superRefine(boundedPeriod);
export type SalesRedeemQuery = z.infer<typeof salesRedeemQuery>;
export const salesRedeemRow = z.object({
  id: z.string(),
  day: z.string(),
  released_count: count,
  released_value: count,
  used_count: count,
  used_value: count,
});
export type SalesRedeemRow = z.infer<typeof salesRedeemRow>;

/** Recap Voucher Report: per partner and voucher product, a period's flows and what was outstanding at its end. */
export const voucherRecapQuery = listQuery(['partner_name', 'voucher_name', 'released_value', 'used_value', 'expired_value', 'outstanding_value'] as const, periodFilters).superRefine(
  boundedPeriod,
);
export type VoucherRecapQuery = z.infer<typeof voucherRecapQuery>;
export const voucherRecapRow = z.object({ ...partnerProduct, ...flows, ...outstanding });
export type VoucherRecapRow = z.infer<typeof voucherRecapRow>;

/** Voucher Redeem Report (voucher-usage-report): the vouchers used at stores in a period. */
const redeemFilters = { ...periodFilters, store_id: idFilter };
const redeemQueries = periodQueries(['used_at'] as const, redeemFilters);
export const voucherRedeemQuery = redeemQueries.list;
export type VoucherRedeemQuery = z.infer<typeof voucherRedeemQuery>;
export const voucherRedeemTotalsQuery = redeemQueries.totals;
export type VoucherRedeemTotalsQuery = z.infer<typeof voucherRedeemTotalsQuery>;
export const voucherRedeemRow = z.object({
  id: count,
  used_at: isoDateTime,
  store_code: z.string(),
  store_name: z.string(),
  /** The code masked (1234 •••• •••• 5678): the whole code is worth nothing once used, but stays in the export only. */
  masked_code: z.string(),
  voucher_code: z.string(),
  voucher_name: z.string(),
  denomination: count,
  partner_name: z.string(),
  order_number: z.string(),
  pos_transaction_no: z.string().nullable(),
});
export type VoucherRedeemRow = z.infer<typeof voucherRedeemRow>;
const storeUse = z.object({ store_id: count, store_code: z.string(), store_name: z.string(), used_count: count, used_value: count });
export const voucherRedeemTotals = z.object({ date_from: z.string(), date_until: z.string(), used_count: count, used_value: count, stores: z.array(storeUse) });
export type VoucherRedeemTotals = z.infer<typeof voucherRedeemTotals>;

/** Voucher Selling Report: the orders whose vouchers were released in a period (status done), by the release's day. */
const sellingFilters = { ...periodFilters, payment_method: z.enum(VOUCHER_PAYMENT_METHOD.values, { error: 'Payment method must be transfer or credit' }).optional() };
const sellingQueries = periodQueries(['released_at'] as const, sellingFilters);
export const voucherSellingQuery = sellingQueries.list;
export type VoucherSellingQuery = z.infer<typeof voucherSellingQuery>;
export const voucherSellingTotalsQuery = sellingQueries.totals;
export type VoucherSellingTotalsQuery = z.infer<typeof voucherSellingTotalsQuery>;
export const voucherSellingRow = z.object({
  id: count,
  order_number: z.string(),
  partner_id: count,
  partner_code: z.string(),
  partner_name: z.string(),
  payment_method: z.enum(VOUCHER_PAYMENT_METHOD.values),
  /** Vouchers ordered, and released (fewer when a line's release amount was lowered). */
  voucher_count: count,
  released_count: count,
  total_amount: count,
  payment_date: z.string().nullable(),
  payment_ref: z.string().nullable(),
  receipt_no: z.string().nullable(),
  released_at: isoDateTime,
});
export type VoucherSellingRow = z.infer<typeof voucherSellingRow>;
export const voucherSellingTotals = z.object({ date_from: z.string(), date_until: z.string(), orders: count, released_count: count, total_amount: count });
export type VoucherSellingTotals = z.infer<typeof voucherSellingTotals>;

/** The reports' pickers: partners (every one, inactive included: they have history) and stores, searched on the server. */
export const VOUCHER_REPORT_OPTION_LIMIT = 50;
export const voucherReportOptionsQuery = optionSearchQuery(VOUCHER_REPORT_OPTION_LIMIT);
export const voucherReportOption = z.object({ id: count, code: z.string(), name: z.string() });
export type VoucherReportOption = z.infer<typeof voucherReportOption>;
