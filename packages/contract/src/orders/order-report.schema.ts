import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { checkReportPeriod, reportPeriod } from '../common/period.ts';
import { orderFilterFields } from './order.schema.ts';

/**
 * pandora's order Reports, one menu entry each: the reporting side of the online shop's orders, for analysts who may not
 * manage them (cms Order Management). What each report counts is in docs/decisions.md, "Pandora order reports".
 */
export const ORDER_REPORT_ENTRIES = {
  allTransactions: ['pandora.report/all-transactions'],
  detailTransaction: ['pandora.report/detail-transaction'],
  disbursement: ['pandora.report/disbursement'],
  unpick: ['pandora.report/unpick'],
  allItem: ['pandora.report/all-item'],
  monthlyRecap: ['pandora.report/monthly-recap'],
} as const;

/** The longest period a report covers at once (a year and a day); without dates a report covers this month. */
export const ORDER_REPORT_MAX_DAYS = 366;

type PeriodFields = { date_from?: string | undefined; date_until?: string | undefined };
/** Refuses a period whose end comes before its start or that is too long; it takes any parsed report query. */
const boundedPeriod = (q: object, ctx: z.RefinementCtx) => {
  const p = q as PeriodFields;
  checkReportPeriod(p.date_from, p.date_until, ORDER_REPORT_MAX_DAYS, 'date_until', ctx);
};

/** The Jakarta days a report query covers (both ends inclusive), given today's Jakarta day: this month by default. */
export const orderReportPeriod = (q: PeriodFields, today: string): { from: string; to: string } =>
  reportPeriod(q.date_from, q.date_until, today, ORDER_REPORT_MAX_DAYS);

const { order_id, store_code, date_from, date_until, status, fulfilment, unpick_reason } = orderFilterFields;
/** The spec's order filters every order report takes: the order, the stores (comma-separated), the order days. */
const orderFilters = { order_id, store_code, date_from, date_until };
/** One product's lines, by its PLU as typed (any case). */
const plu = z.string().trim().max(40).optional();

/** A report's list query (paged, sorted) and its totals' query (the same filters, no page): both bounded periods. */
const periodQueries = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortable: S, filters: F) => ({
  list: listQuery(sortable, filters).superRefine(boundedPeriod),
  totals: z.object(filters).strict().superRefine(boundedPeriod),
});

const count = z.number().int();

/** All Transactions: every order placed in the period (the cms order list's rows and record, read-only). */
export const allTransactionsQuery = listQuery(['created_at', 'total'] as const, { ...orderFilters, status, fulfilment }).superRefine(boundedPeriod);
export type AllTransactionsQuery = z.infer<typeof allTransactionsQuery>;

/** Disbursement: the delivered orders of the period (the disbursement tab), what each paid and what goes to its store. */
const disbursementQueries = periodQueries(['created_at'] as const, orderFilters);
export const disbursementQuery = disbursementQueries.list;
export type DisbursementQuery = z.infer<typeof disbursementQuery>;
export const disbursementTotalsQuery = disbursementQueries.totals;
export type DisbursementTotalsQuery = z.infer<typeof disbursementTotalsQuery>;
/** What an order's money comes to: paid (`total`), owed back for lines picked short (`refund_due`), and the rest (`disbursement`). */
const orderMoney = {
  items_total: count,
  picked_total: count,
  delivery_fee: count,
  total: count,
  refund_due: count,
  disbursement: count,
};
export const disbursementRow = z.object({
  id: count,
  order_no: z.string(),
  created_at: isoDateTime,
  /** When the customer received it (the move into Distribute to Customer). */
  delivered_at: isoDateTime.nullable(),
  paid_at: isoDateTime.nullable(),
  payment_ref: z.string().nullable(),
  store_code: z.string(),
  store_name: z.string(),
  fulfilment: count,
  delivery_mode: count.nullable(),
  ...orderMoney,
});
export type DisbursementRow = z.infer<typeof disbursementRow>;
export const disbursementTotals = z.object({ date_from: z.string(), date_until: z.string(), orders: count, ...orderMoney });
export type DisbursementTotals = z.infer<typeof disbursementTotals>;

/** An order line as the Detail Transaction and Unpick reports list it. */
export const orderLineRow = z.object({
  id: count,
  order_id: count,
  order_no: z.string(),
  created_at: isoDateTime,
  status: count,
  store_code: z.string(),
  store_name: z.string(),
  plu: z.string(),
  product_name: z.string(),
  price: count,
  quantity: count,
  picked_quantity: count,
  unpicked_quantity: count,
  /** What the picked units come to (price × picked). */
  amount: count,
  /** What the units not picked come to (price × unpicked). */
  unpicked_value: count,
  unpick_reason: count.nullable(),
});
export type OrderLineRow = z.infer<typeof orderLineRow>;

/** Detail Transaction: one row an order line, of every order placed in the period. */
export const detailTransactionQuery = listQuery(['created_at'] as const, { ...orderFilters, status, plu }).superRefine(boundedPeriod);
export type DetailTransactionQuery = z.infer<typeof detailTransactionQuery>;

/** Unpick: the lines picked short (the unpick tab's orders), narrowed to a reason. */
const unpickQueries = periodQueries(['created_at'] as const, { ...orderFilters, unpick_reason, plu });
export const unpickQuery = unpickQueries.list;
export type UnpickQuery = z.infer<typeof unpickQuery>;
export const unpickTotalsQuery = unpickQueries.totals;
export type UnpickTotalsQuery = z.infer<typeof unpickTotalsQuery>;
const unpicked = { lines: count, unpicked_quantity: count, unpicked_value: count };
export const unpickTotals = z.object({
  date_from: z.string(),
  date_until: z.string(),
  orders: count,
  ...unpicked,
  /** The same per reason, each reason that has a line. */
  reasons: z.array(z.object({ unpick_reason: count, ...unpicked })),
});
export type UnpickTotals = z.infer<typeof unpickTotals>;

/** All Item: per product (PLU), the lines of the period's paid orders, ranked by what was sold. */
export const allItemQuery = listQuery(['amount', 'quantity', 'picked_quantity', 'unpicked_quantity', 'orders', 'plu'] as const, {
  store_code,
  date_from,
  date_until,
  status,
}).superRefine(boundedPeriod);
export type AllItemQuery = z.infer<typeof allItemQuery>;
export const allItemRow = z.object({
  /** The product's id. */
  id: count,
  /** 1 for the product sold for most, over the whole filter (not only the page). */
  rank: count,
  plu: z.string(),
  product_name: z.string(),
  orders: count,
  quantity: count,
  picked_quantity: count,
  unpicked_quantity: count,
  amount: count,
});
export type AllItemRow = z.infer<typeof allItemRow>;

/** The years the Monthly Recap offers. */
export const MONTHLY_RECAP_FIRST_YEAR = 2020;
const recapFilters = { year: z.coerce.number().int().min(MONTHLY_RECAP_FIRST_YEAR).max(2100).optional(), store_code };
/** Monthly Recap: per month and store of a year (default this year), what its orders came to. */
export const monthlyRecapQuery = listQuery(['month', 'store_code', 'orders', 'revenue', 'cancelled_orders', 'unpicked_value'] as const, recapFilters);
export type MonthlyRecapQuery = z.infer<typeof monthlyRecapQuery>;
export const monthlyRecapTotalsQuery = z.object(recapFilters).strict();
export type MonthlyRecapTotalsQuery = z.infer<typeof monthlyRecapTotalsQuery>;
const recapFigures = {
  /** Orders placed, in any status. */
  orders: count,
  /** Orders paid and not ended badly (the revenue statuses of the cms dashboard). */
  paid_orders: count,
  /** What those orders paid. */
  revenue: count,
  cancelled_orders: count,
  /** Orders with a line picked short, and what the units not picked come to. */
  unpicked_orders: count,
  unpicked_value: count,
};
export const monthlyRecapRow = z.object({
  /** `<month>:<store id>`. */
  id: z.string(),
  /** YYYY-MM, the Jakarta month the orders were placed in. */
  month: z.string(),
  store_id: count,
  store_code: z.string(),
  store_name: z.string(),
  ...recapFigures,
});
export type MonthlyRecapRow = z.infer<typeof monthlyRecapRow>;
export const monthlyRecapTotals = z.object({ year: count, ...recapFigures });
export type MonthlyRecapTotals = z.infer<typeof monthlyRecapTotals>;
