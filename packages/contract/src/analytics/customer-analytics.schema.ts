import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../common/list-query.ts';
import { analyticsFilters, withAnalyticsPeriod } from './analytics-period.ts';
import { CUSTOMER_DETAIL_TYPES, type CustomerDetailType } from './customer-detail.ts';

const count = z.number().int();
const period = z.object({ from: z.string(), to: z.string() });

/**
 * A period's customers: the members who bought (each counted once however often they came) with their transactions,
 * lines, quantity and sales, beside every transaction's (members' or not) for the per-transaction averages. Only a
 * member is a known customer: a basket without a card is a transaction, not a customer.
 */
export const customerFigures = z.object({
  customers: count,
  member_transactions: count,
  member_lines: count,
  member_quantity: count,
  member_sales: count,
  transactions: count,
  lines: count,
  quantity: count,
  sales: count,
});
export type CustomerFigures = z.infer<typeof customerFigures>;

export { CUSTOMER_DETAIL_TYPES, type CustomerDetailType };

/** What a measure divides: its numerator and denominator among a period's figures, and the decimals it is shown with. */
export interface CustomerMeasure {
  numerator: keyof CustomerFigures;
  denominator: keyof CustomerFigures;
  decimals: 0 | 1;
  /** Per customer (the members' figures over the distinct members) or per transaction (everyone's). */
  per: 'customer' | 'transaction';
}

/**
 * Average purchase (Rupiah, whole), items (distinct lines) and quantity (units), one decimal for the counts: per
 * customer over the members' figures, per transaction over everyone's. The server ranks by the same division in SQL.
 */
export const CUSTOMER_MEASURES: Readonly<Record<CustomerDetailType, CustomerMeasure>> = {
  'apc-per-customer': { numerator: 'member_sales', denominator: 'customers', decimals: 0, per: 'customer' },
  'ipc-per-customer': { numerator: 'member_lines', denominator: 'customers', decimals: 1, per: 'customer' },
  'qpc-per-customer': { numerator: 'member_quantity', denominator: 'customers', decimals: 1, per: 'customer' },
  'apc-per-transaction': { numerator: 'sales', denominator: 'transactions', decimals: 0, per: 'transaction' },
  'ipc-per-transaction': { numerator: 'lines', denominator: 'transactions', decimals: 1, per: 'transaction' },
  'qpc-per-transaction': { numerator: 'quantity', denominator: 'transactions', decimals: 1, per: 'transaction' },
};

/**
 * A measure of a period's figures, 0 when there is nothing to divide. Rounded half up with the numerator scaled before
 * it is divided (one division of integers, correctly rounded): the value of the SQL
 * `round(numerator::numeric / denominator, decimals)` the rankings are ordered by.
 */
export function customerMeasure(type: CustomerDetailType, f: CustomerFigures): number {
  const m = CUSTOMER_MEASURES[type];
  const d = f[m.denominator];
  if (d <= 0) return 0;
  const scale = 10 ** m.decimals;
  return Math.round((f[m.numerator] * scale) / d) / scale;
}

/** Every measure of a period's figures. */
export function customerRatios(f: CustomerFigures): Record<CustomerDetailType, number> {
  return Object.fromEntries(CUSTOMER_DETAIL_TYPES.map((t) => [t, customerMeasure(t, f)])) as Record<CustomerDetailType, number>;
}

export const customerSummary = z.object({ period, previous_period: period, current: customerFigures, previous: customerFigures });
export type CustomerSummary = z.infer<typeof customerSummary>;
export const customerTrend = z.object({ bucket: z.enum(['day', 'month']), rows: z.array(customerFigures.extend({ bucket: z.string() })) });
export type CustomerTrend = z.infer<typeof customerTrend>;

/** A breakdown's row: a key's figures (its customers distinct within it) and the measure's value for it. */
export const customerChannelRow = customerFigures.extend({ channel: count });
export type CustomerChannelRow = z.infer<typeof customerChannelRow>;

/**
 * Regions and stores ranked by one measure (the detail page's `type`), best first or (`asc`) worst first, a dense rank
 * over the value as shown (equal shown values share a rank). A per-customer measure ranks the keys with member
 * customers, a per-transaction one the keys with transactions.
 */
const customerRankFields = analyticsFilters.extend({
  type: z.enum(CUSTOMER_DETAIL_TYPES, { error: `Type must be one of ${CUSTOMER_DETAIL_TYPES.join(', ')}` }).default('apc-per-customer'),
  order: z.enum(['desc', 'asc'], { error: 'Order must be desc or asc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
});
export const customerRankQuery = withAnalyticsPeriod(customerRankFields);
export type CustomerRankQuery = z.infer<typeof customerRankFields>;
/** The store ranking's export: the ranking's filters without the page (the measure is the export's own). */
export const customerRankExportFields = customerRankFields.omit({ type: true, page: true, limit: true });
export const customerRankExportQuery = withAnalyticsPeriod(customerRankExportFields);

const ranked = customerFigures.extend({ rank: count, value: z.number() });
export const customerRegionRow = ranked.extend({ province_code: z.string(), province_name: z.string() });
export type CustomerRegionRow = z.infer<typeof customerRegionRow>;
export const customerStoreRow = ranked.extend({ store_id: count, store_code: z.string(), store_name: z.string(), province_name: z.string() });
export type CustomerStoreRow = z.infer<typeof customerStoreRow>;
const pageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: z.object({ page: count, limit: count, total: count }) });
export const customerRegionPage = pageOf(customerRegionRow);
export const customerStorePage = pageOf(customerStoreRow);
