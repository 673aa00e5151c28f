import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../common/list-query.ts';
import { analyticsFilters, withAnalyticsPeriod } from './analytics-period.ts';

const count = z.number().int();
const rupiah = z.number().int();
const period = z.object({ from: z.string(), to: z.string() });

/** A period's sales: all of it, and the part of it by members (a transaction with a member card). */
export const salesFigures = z.object({
  sales: rupiah,
  transactions: count,
  quantity: count,
  member_sales: rupiah,
  member_transactions: count,
});
export type SalesFigures = z.infer<typeof salesFigures>;

/** Averages of a period's figures, in whole Rupiah (0 when there is nothing to average). */
export function salesRatios(f: SalesFigures) {
  const avg = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : 0);
  return {
    /** Average transaction value. */
    average_transaction: avg(f.sales, f.transactions),
    /** Average purchase per member transaction (APC member). */
    apc_member: avg(f.member_sales, f.member_transactions),
    /** Average purchase per transaction without a member card. */
    apc_non_member: avg(f.sales - f.member_sales, f.transactions - f.member_transactions),
    /** Items per transaction, one decimal. */
    items_per_transaction: f.transactions > 0 ? Math.round((f.quantity / f.transactions) * 10) / 10 : 0,
    /** Members' share of the transactions, in percent with one decimal. */
    member_share: f.transactions > 0 ? Math.round((f.member_transactions / f.transactions) * 1000) / 10 : 0,
  };
}

/** The change from `before` to `now` in percent with one decimal, or null when there was nothing before. */
export const percentChange = (now: number, before: number): number | null => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

export const salesSummary = z.object({ period, previous_period: period, current: salesFigures, previous: salesFigures });
export type SalesSummary = z.infer<typeof salesSummary>;

export const salesTrendRow = salesFigures.extend({ bucket: z.string() });
export const salesTrend = z.object({ bucket: z.enum(['day', 'month']), rows: z.array(salesTrendRow) });
export type SalesTrend = z.infer<typeof salesTrend>;

export const salesChannelRow = salesFigures.extend({ channel: count });
export const salesRegionRow = salesFigures.extend({ province_code: z.string(), province_name: z.string() });
export type SalesRegionRow = z.infer<typeof salesRegionRow>;

export const salesStoreRow = salesFigures.extend({ rank: count, store_id: count, store_code: z.string(), store_name: z.string(), province_name: z.string() });
export type SalesStoreRow = z.infer<typeof salesStoreRow>;

/** Ranked lists: a page of them, best first (`order=desc`) or worst first (`asc`, the bottom stores). */
export const rankedFields = analyticsFilters.extend({
  order: z.enum(['desc', 'asc'], { error: 'Order must be desc or asc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(10),
});
export const rankedQuery = withAnalyticsPeriod(rankedFields);
export type RankedQuery = z.infer<typeof rankedFields>;

/** What a top list ranks by: `sales` (Rupiah) or `quantity` (units), the spec's `{detailType}` of sales analytics. */
export const TOP_MEASURES = ['sales', 'quantity'] as const;
export type TopMeasure = (typeof TOP_MEASURES)[number];
const topFields = rankedFields.extend({ measure: z.enum(TOP_MEASURES, { error: 'Measure must be sales or quantity' }).default('sales') });
export const topQuery = withAnalyticsPeriod(topFields);
export type TopQuery = z.infer<typeof topFields>;

const itemFigures = z.object({ rank: count, sales: rupiah, quantity: count, lines: count, previous_sales: rupiah, previous_quantity: count });
export const topCategoryRow = itemFigures.extend({ category_id: count, category_name: z.string(), parent_name: z.string() });
export type TopCategoryRow = z.infer<typeof topCategoryRow>;
export const topPluRow = itemFigures.extend({ plu: z.string(), product_name: z.string(), category_name: z.string() });
export type TopPluRow = z.infer<typeof topPluRow>;

const pageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: z.object({ page: count, limit: count, total: count }) });
export const salesStorePage = pageOf(salesStoreRow);
export const topCategoryPage = pageOf(topCategoryRow);
export const topPluPage = pageOf(topPluRow);
