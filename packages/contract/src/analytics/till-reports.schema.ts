import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { baseListQuery, boundedPage, listQuery, recordIdText } from '../common/list-query.ts';
import { checkReportPeriod } from '../common/period.ts';
import { enumTable } from '../enums/enum-table.ts';
import { analyticsFilters, ANALYTICS_MAX_DAYS } from './analytics-period.ts';

/*
 * pandora's till reports: what the stores' tills applied on their receipts (POST pos/sales), read back. The ALP Report
 * lists the associates' staff purchases, the Promo Report what each promo gave, the Free Gift Report the gifts handed
 * over. Periods are Jakarta days, both ends inclusive, at most a year and a day; without dates, this month to today.
 * Why each figure is what it is: docs/decisions.md, "Till reports".
 */

export const TILL_REPORT_ENTRIES = {
  alp: ['pandora.report/alp-report'],
  promo: ['pandora.promo-report'],
  freeGift: ['pandora.free-gift-report'],
} as const;

/**
 * How a staff discount was given against the associate's monthly quota (the ALP report's `{transactionType}`): within
 * it, or taking the month's staff discounts past it (the till decides the discount; the portal flags what it recorded).
 */
export const ALP_TRANSACTION_TYPES = ['within-quota', 'over-quota'] as const;
export type AlpTransactionType = (typeof ALP_TRANSACTION_TYPES)[number];
export const ALP_TRANSACTION_TYPE = enumTable([
  { value: 'within-quota', label: 'Within quota', labelId: 'Dalam kuota', color: 'green' },
  { value: 'over-quota', label: 'Over quota', labelId: 'Melebihi kuota', color: 'red' },
] as const);

/** How the Promo Report groups its rows: per promo, per promo and store, or per promo and day. */
export const PROMO_REPORT_VIEWS = ['promo', 'store', 'day'] as const;
export type PromoReportView = (typeof PROMO_REPORT_VIEWS)[number];

const { from, to, store_code, province_code, channel } = analyticsFilters.shape;
/** The period and places every till report takes (the dashboards' own filters, so a link carries over). */
const placeFilters = { from, to, store_code, province_code };

type PeriodFields = { from?: string | undefined; to?: string | undefined };
/** Refuses a period whose end comes before its start or that is longer than a year and a day. */
const boundedPeriod = (q: object, ctx: z.RefinementCtx) => {
  const p = q as PeriodFields;
  checkReportPeriod(p.from, p.to, ANALYTICS_MAX_DAYS, 'to', ctx);
};

/**
 * The list query of the Promo and Free Gift reports, which take no `sort_by` and no `search` (spec section 7: "Free
 * gift and promo report lists drop sort_by and search from the query"): a page of rows in the report's own order.
 */
const unsortedListQuery = <F extends z.ZodRawShape>(filters: F) =>
  baseListQuery.omit({ search: true, sort_dir: true }).extend(filters).strict().superRefine(boundedPage).superRefine(boundedPeriod);

const count = z.number().int();
const rupiah = z.number().int();
const optionalText = z.string().trim().max(60).optional();

/* ALP Report */

export const alpFilters = {
  ...placeFilters,
  /** One department as the associates' records name it (`Fresh`, `Kasir`). */
  department: optionalText,
  /** One associate by employee number (any case). */
  employee_no: z.string().trim().max(20).optional(),
  transaction_type: z.enum(ALP_TRANSACTION_TYPES, { error: `transaction_type must be one of ${ALP_TRANSACTION_TYPES.join(', ')}` }).optional(),
};
export const alpListQuery = listQuery(['at'] as const, alpFilters).superRefine(boundedPeriod);
export type AlpListQuery = z.infer<typeof alpListQuery>;
export const alpTotalsQuery = z.object(alpFilters).strict().superRefine(boundedPeriod);
export type AlpTotalsQuery = z.infer<typeof alpTotalsQuery>;

/** A staff purchase: the receipt, the associate, what the receipt came to and the staff discount, against the month's quota. */
export const alpRow = z.object({
  /** The staff purchase's id (the associate history's). */
  id: count,
  transaction_type: z.enum(ALP_TRANSACTION_TYPES),
  at: isoDateTime,
  /** The till's transaction id. */
  receipt_no: z.string(),
  store_code: z.string().nullable(),
  store_name: z.string().nullable(),
  employee_no: z.string(),
  associate_name: z.string(),
  department: z.string().nullable(),
  /** What the receipt's lines came to, before any discount. */
  amount: rupiah,
  /** The staff discount the till gave. */
  discount: rupiah,
  /** The associate's monthly quota when the purchase was recorded. */
  quota: rupiah,
  /** The month's staff discounts up to and including this one (Jakarta month, in time order). */
  used: rupiah,
  /** `used` as a percentage of the quota, one decimal; null for a quota of 0. */
  quota_used: z.number().nullable(),
  /** The part of this discount beyond the quota (0 within it). */
  over_quota: rupiah,
});
export type AlpRow = z.infer<typeof alpRow>;

export const alpTotals = z.object({
  from: z.string(),
  to: z.string(),
  transactions: count,
  associates: count,
  amount: rupiah,
  discount: rupiah,
  /** The quotas of the associate-months the purchases fall in (each associate's month once). */
  quota: rupiah,
  /** `discount` as a percentage of `quota`, one decimal; null when no quota. */
  quota_used: z.number().nullable(),
  over_quota_transactions: count,
  over_quota_discount: rupiah,
});
export type AlpTotals = z.infer<typeof alpTotals>;

export const alpTransactionParams = z.object({ transactionType: z.string().trim().max(20), id: recordIdText }).strict();

/** A receipt's line as rung up, with the promo the till applied to it. */
export const tillLine = z.object({
  line_no: count,
  plu: z.string(),
  product_name: z.string().nullable(),
  quantity: count,
  price: rupiah,
  /** quantity × price. */
  amount: rupiah,
  promo_code: z.string().nullable(),
  promo_name: z.string().nullable(),
  discount: rupiah,
});
export type TillLine = z.infer<typeof tillLine>;

/** One staff purchase with its receipt's lines and gifts. */
export const alpDetail = alpRow.extend({
  channel: count.nullable(),
  position: z.string().nullable(),
  /** The discounts the receipt's promos gave, summed. */
  promo_discount: rupiah,
  lines: z.array(tillLine),
});
export type AlpDetail = z.infer<typeof alpDetail>;

/** The departments the associates' records name, for the filter. */
export const alpDepartments = z.array(z.string());

/* Promo Report */

export const promoReportFilters = {
  ...placeFilters,
  channel,
  promo_id: recordIdText.optional(),
  view: z.enum(PROMO_REPORT_VIEWS, { error: `view must be one of ${PROMO_REPORT_VIEWS.join(', ')}` }).default('promo'),
};
export const promoReportQuery = unsortedListQuery(promoReportFilters);
export type PromoReportQuery = z.infer<typeof promoReportQuery>;
export const promoReportTotalsQuery = z.object(promoReportFilters).strict().superRefine(boundedPeriod);
export type PromoReportTotalsQuery = z.infer<typeof promoReportTotalsQuery>;

/** What a promo's lines came to: receipts, units, their amount before the discount, the discount and what was paid. */
const promoFigures = {
  transactions: count,
  quantity: count,
  gross: rupiah,
  discount: rupiah,
  net: rupiah,
};
export const promoReportRow = z.object({
  /** The row's key: the promo, with the store or the day of its view. */
  id: z.string(),
  promo_id: count,
  promo_code: z.string(),
  promo_name: z.string(),
  promo_type: count,
  store_code: z.string().nullable(),
  store_name: z.string().nullable(),
  /** YYYY-MM-DD, the Jakarta day (the day view). */
  day: z.string().nullable(),
  ...promoFigures,
});
export type PromoReportRow = z.infer<typeof promoReportRow>;
export const promoReportTotals = z.object({
  from: z.string(),
  to: z.string(),
  promos: count,
  ...promoFigures,
});
export type PromoReportTotals = z.infer<typeof promoReportTotals>;

/** A promo to filter by: any promo, current or past (a report reads history). */
export const promoReportOption = z.object({ id: count, code: z.string(), name: z.string() });
export const promoOptionsQuery = z.object({ search: z.string().trim().max(60).optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }).strict();

/* Free Gift Report */

export const freeGiftReportFilters = { ...placeFilters, free_gift_id: recordIdText.optional() };
export const freeGiftReportQuery = unsortedListQuery(freeGiftReportFilters);
export type FreeGiftReportQuery = z.infer<typeof freeGiftReportQuery>;
export const freeGiftReportTotalsQuery = z.object(freeGiftReportFilters).strict().superRefine(boundedPeriod);
export type FreeGiftReportTotalsQuery = z.infer<typeof freeGiftReportTotalsQuery>;
/** A programme's page takes the period and places; its programme is the path's. */
export const freeGiftProgrammeQuery = z.object(placeFilters).strict().superRefine(boundedPeriod);
export type FreeGiftProgrammeQuery = z.infer<typeof freeGiftProgrammeQuery>;

/** One gift handed over with a receipt. */
export const freeGiftHandoverRow = z.object({
  id: count,
  at: isoDateTime,
  free_gift_id: count,
  gift_code: z.string(),
  gift_name: z.string(),
  plu: z.string(),
  product_name: z.string().nullable(),
  quantity: count,
  receipt_no: z.string(),
  /** What the receipt's lines came to, before any discount. */
  receipt_amount: rupiah,
  store_code: z.string(),
  store_name: z.string(),
  /** The member whose card was scanned, if one was. */
  consumer_id: count.nullable(),
  consumer_name: z.string().nullable(),
  /** Masked without the personal-data right. */
  consumer_phone: z.string().nullable(),
});
export type FreeGiftHandoverRow = z.infer<typeof freeGiftHandoverRow>;

const handoverFigures = {
  /** Gift lines handed over. */
  handovers: count,
  /** Receipts that came with a gift. */
  receipts: count,
  /** Units handed over. */
  quantity: count,
  /** Receipts of a member (a card scanned). */
  member_receipts: count,
};
export const freeGiftReportTotals = z.object({ from: z.string(), to: z.string(), programmes: count, ...handoverFigures });
export type FreeGiftReportTotals = z.infer<typeof freeGiftReportTotals>;

/** One free-gift programme over a period: what it is, and its hand-overs in all, by store and by day. */
export const freeGiftProgramme = z.object({
  id: count,
  code: z.string(),
  name: z.string(),
  min_purchase: rupiah,
  start_date: z.string(),
  end_date: z.string(),
  status: count,
  gifts: z.array(z.object({ plu: z.string(), product_name: z.string(), quantity: count })),
  from: z.string(),
  to: z.string(),
  totals: z.object(handoverFigures),
  by_store: z.array(z.object({ store_code: z.string(), store_name: z.string(), ...handoverFigures })),
  by_day: z.array(z.object({ day: z.string(), ...handoverFigures })),
});
export type FreeGiftProgramme = z.infer<typeof freeGiftProgramme>;
