import { z } from 'zod';
import { recordIdText } from '../common/list-query.ts';
import { withAnalyticsPeriod } from './analytics-period.ts';
import type { PlanogramDetailType } from './planogram-detail.ts';
import { rankedFields } from './sales-analytics.schema.ts';

const count = z.number().int();
const period = z.object({ from: z.string(), to: z.string() });

/** What planogram analytics ranks by: the app's impressions, clicks and add-to-carts, and the sales of the products. */
export const PLANOGRAM_MEASURES = ['impressions', 'clicks', 'carts', 'sales'] as const;
export type PlanogramMeasure = (typeof PLANOGRAM_MEASURES)[number];

/** A period's engagement and the sales (Rupiah) of the products concerned. */
export const engagementFigures = z.object({ impressions: count, clicks: count, carts: count, sales: count });
export type EngagementFigures = z.infer<typeof engagementFigures>;

/** Click-through and add-to-cart rates, in percent with one decimal (0 without impressions or clicks). */
export function engagementRatios(f: Pick<EngagementFigures, 'impressions' | 'clicks' | 'carts'>) {
  const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);
  return { click_through: pct(f.clicks, f.impressions), cart_rate: pct(f.carts, f.clicks) };
}

export const planogramSummary = z.object({ period, previous_period: period, current: engagementFigures, previous: engagementFigures });
export type PlanogramSummary = z.infer<typeof planogramSummary>;

const rankFields = rankedFields.extend({
  measure: z.enum(PLANOGRAM_MEASURES, { error: 'Measure must be impressions, clicks, carts or sales' }).default('impressions'),
});
/** Planograms ranked: every planogram shown in the period (its dates overlap it), top or bottom first. */
export const planogramRankQuery = withAnalyticsPeriod(rankFields);
export type PlanogramRankQuery = z.infer<typeof rankFields>;
const productRankFields = rankFields.extend({ planogram_id: recordIdText.optional() });
/** Products ranked: those of one planogram (all of them, so the bottom shows what nobody saw), or every product seen or sold. */
export const productRankQuery = withAnalyticsPeriod(productRankFields);
export type ProductRankQuery = z.infer<typeof productRankFields>;

const ranked = engagementFigures.extend({ rank: count, previous_value: count });
export const planogramRankRow = ranked.extend({ planogram_id: count, title: z.string() });
export type PlanogramRankRow = z.infer<typeof planogramRankRow>;
export const productRankRow = ranked.extend({ product_id: count, plu: z.string(), product_name: z.string() });
export type ProductRankRow = z.infer<typeof productRankRow>;

const pageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: z.object({ page: count, limit: count, total: count }) });
export const planogramRankPage = pageOf(planogramRankRow);
export const productRankPage = pageOf(productRankRow);

/* What each planogram analytics detail page (`PLANOGRAM_DETAIL_TYPES`) ranks. */
export type PlanogramLevel = 'planogram' | 'product';
export type RankOrderWord = 'desc' | 'asc';

/** What a detail page shows: the summary, a level ranked by the measure the page chooses, or one fixed ranking. */
export type PlanogramDetailPage =
  | { kind: 'summary' }
  | { kind: 'list'; level: PlanogramLevel }
  | { kind: 'ranking'; level: PlanogramLevel; measure: PlanogramMeasure; order: RankOrderWord };

const MEASURE_WORD: Record<PlanogramMeasure, string> = { impressions: 'impression', clicks: 'click', carts: 'cart', sales: 'sales' };

/** The page of a ranking: `top-click`, `bottom-sales-item`. */
export function planogramDetailType(level: PlanogramLevel, measure: PlanogramMeasure, order: RankOrderWord): PlanogramDetailType {
  return `${order === 'asc' ? 'bottom' : 'top'}-${MEASURE_WORD[measure]}${level === 'product' ? '-item' : ''}` as PlanogramDetailType;
}

/** What a detail page ranks, read from its type. */
export function planogramDetailOf(type: PlanogramDetailType): PlanogramDetailPage {
  if (type === 'summary') return { kind: 'summary' };
  if (type === 'planogram' || type === 'product') return { kind: 'list', level: type };
  const [end, word, item] = type.split('-') as [string, string, string | undefined];
  const measure = PLANOGRAM_MEASURES.find((m) => MEASURE_WORD[m] === word) ?? 'impressions';
  return { kind: 'ranking', level: item ? 'product' : 'planogram', measure, order: end === 'bottom' ? 'asc' : 'desc' };
}
