import { z } from 'zod';
import { analyticsFilters, withAnalyticsPeriod } from './analytics-period.ts';
import { rankedFields } from './sales-analytics.schema.ts';

const count = z.number().int();
const period = z.object({ from: z.string(), to: z.string() });

/** The content dashboard's kinds, as its detail pages name them: offers, banners and (push) messages. */
export const CONTENT_ANALYTICS_KINDS = ['offer', 'banner', 'push-message'] as const;
export type ContentAnalyticsKind = (typeof CONTENT_ANALYTICS_KINDS)[number];
export const CONTENT_MEASURES = ['impressions', 'clicks'] as const;

const kindField = z.enum(CONTENT_ANALYTICS_KINDS, { error: 'Kind must be offer, banner or push-message' });

const contentSummaryFields = analyticsFilters.extend({ kind: kindField.optional() });
export const contentSummaryQuery = withAnalyticsPeriod(contentSummaryFields);
export type ContentSummaryQuery = z.infer<typeof contentSummaryFields>;

const kindFigures = z.object({ kind: z.string(), impressions: count, clicks: count, live: count });
/** Per kind: impressions and clicks in the period, and how many items were live in it; beside the period before. */
export const contentSummary = z.object({ period, previous_period: period, current: z.array(kindFigures), previous: z.array(kindFigures) });
export type ContentSummary = z.infer<typeof contentSummary>;

const contentRankFields = rankedFields.extend({ kind: kindField.default('offer'), measure: z.enum(CONTENT_MEASURES, { error: 'Measure must be impressions or clicks' }).default('impressions') });
/** Content of one kind live in the period (or seen in it), ranked by impressions or clicks. */
export const contentRankQuery = withAnalyticsPeriod(contentRankFields);
export type ContentRankQuery = z.infer<typeof contentRankFields>;

export const contentRankRow = z.object({ rank: count, content_id: count, title: z.string(), status: count, start_at: z.string(), end_at: z.string(), impressions: count, clicks: count, previous_value: count });
export type ContentRankRow = z.infer<typeof contentRankRow>;
export const contentRankPage = z.object({ data: z.array(contentRankRow), meta: z.object({ page: count, limit: count, total: count }) });

/** Campaigns ranked by the impressions or clicks of their offers, banners and messages (items linked to the campaign). */
const campaignRankFields = rankedFields.extend({ measure: z.enum(CONTENT_MEASURES, { error: 'Measure must be impressions or clicks' }).default('impressions') });
export const campaignRankQuery = withAnalyticsPeriod(campaignRankFields);
export type CampaignRankQuery = z.infer<typeof campaignRankFields>;
export const campaignRankRow = z.object({ rank: count, campaign_id: count, title: z.string(), status: count, start_at: z.string(), end_at: z.string(), items: count, impressions: count, clicks: count, previous_value: count });
export type CampaignRankRow = z.infer<typeof campaignRankRow>;
export const campaignRankPage = z.object({ data: z.array(campaignRankRow), meta: z.object({ page: count, limit: count, total: count }) });

/**
 * The offer top average (spec 3 and 4): offers ranked by `total_avg_sales`, descending, with a dense rank. An offer's
 * average is what the members who opened it in the period spent per transaction in the period (their sales over their
 * transactions): which offers draw the shoppers who spend most a visit.
 */
export const offerTopAverageRow = z.object({ rank: count, content_id: count, title: z.string(), openers: count, transactions: count, total_avg_sales: count });
export type OfferTopAverageRow = z.infer<typeof offerTopAverageRow>;
export const offerTopAveragePage = z.object({ data: z.array(offerTopAverageRow), meta: z.object({ page: count, limit: count, total: count }) });
const offerTopFields = rankedFields.omit({ order: true });
export const offerTopAverageQuery = withAnalyticsPeriod(offerTopFields);
export type OfferTopAverageQuery = z.infer<typeof offerTopFields>;
