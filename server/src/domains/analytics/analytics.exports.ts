import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_EXPORT_ENTRIES, analyticsExportsApi as api, analyticsQuery, campaignRankQuery, contentRankQuery, offerTopAverageQuery, planogramRankQuery, productRankQuery, rankedQuery, topQuery } from '@portal/contract';
import { defineExport, type ExportColumn, type ExportSource } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { ContentAnalyticsService } from './content-analytics.service.ts';
import type { PlanogramAnalyticsService } from './planogram-analytics.service.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';

const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });
const RANK = number('rank', 'Rank');

/** A ranking's every row, best first as the screen ranks it (by rank, then its key). */
const ranked = (relation: SQL, key: string): ExportSource => ({ select: sql`select x.*`, from: sql`from (${relation}) x`, where: [], keys: ['x.rank', `x.${key}`], keyColumns: ['rank', key], dir: 'asc' });

/**
 * The rankings' exports, each with its screen's filters and the export right of its entries; the names follow the
 * spec's general pattern `Export-{param}-{suffix}` (the suffix is the download's Jakarta date and time).
 */
export function analyticsExports(sales: SalesAnalyticsService, planograms: PlanogramAnalyticsService, content: ContentAnalyticsService): ModuleExport[] {
  const live = [{ key: 'start_at', label: 'Start (WIB)', format: 'datetime' }, { key: 'end_at', label: 'End (WIB)', format: 'datetime' }] satisfies ExportColumn[];
  const seen = [number('impressions', 'Impressions'), number('clicks', 'Clicks'), number('previous_value', 'Previous Period')];
  const engagement = [number('impressions', 'Impressions'), number('clicks', 'Clicks'), number('carts', 'Add to Cart'), money('sales', 'Sales'), number('previous_value', 'Previous Period')];
  return [
    {
      endpoint: api.byStore,
      def: defineExport({
        name: 'Export-sales_by_store',
        sheetName: 'Sales by Store',
        entries: ANALYTICS_EXPORT_ENTRIES.stores,
        listQuery: rankedQuery,
        columns: [RANK, { key: 'store_code', label: 'Store Code' }, { key: 'store_name', label: 'Store' }, { key: 'province_name', label: 'Region' }, money('sales', 'Sales'), number('transactions', 'Transactions'), money('member_sales', 'Members’ Sales'), number('member_transactions', 'Members’ Transactions'), number('quantity', 'Quantity')],
        source: (q) => ranked(sales.storeRanking(q), 'store_id'),
      }),
    },
    {
      endpoint: api.topCategories,
      def: defineExport({
        name: 'Export-top_sales_category',
        sheetName: 'Top Sales Category',
        entries: ANALYTICS_EXPORT_ENTRIES.top,
        listQuery: topQuery,
        columns: [RANK, { key: 'parent_name', label: 'Parent Category' }, { key: 'category_name', label: 'Sub Category' }, money('sales', 'Sales'), number('quantity', 'Quantity'), number('lines', 'Lines'), money('previous_sales', 'Previous Sales'), number('previous_quantity', 'Previous Quantity')],
        source: (q) => ranked(sales.topRanking(q, 'sales_category'), 'category_id'),
      }),
    },
    {
      endpoint: api.topPlus,
      def: defineExport({
        name: 'Export-top_sales_plu',
        sheetName: 'Top Sales PLU',
        entries: ANALYTICS_EXPORT_ENTRIES.top,
        listQuery: topQuery,
        columns: [RANK, { key: 'plu', label: 'PLU' }, { key: 'product_name', label: 'Product' }, { key: 'category_name', label: 'Sub Category' }, money('sales', 'Sales'), number('quantity', 'Quantity'), number('lines', 'Lines'), money('previous_sales', 'Previous Sales'), number('previous_quantity', 'Previous Quantity')],
        source: (q) => ranked(sales.topRanking(q, 'sales_plu'), 'plu'),
      }),
    },
    {
      endpoint: api.planograms,
      def: defineExport({
        name: 'Export-planogram_analytics',
        sheetName: 'Planogram Analytics',
        entries: ANALYTICS_EXPORT_ENTRIES.planograms,
        listQuery: planogramRankQuery,
        columns: [RANK, { key: 'title', label: 'Planogram' }, ...engagement],
        source: (q) => ranked(planograms.planogramRanking(q), 'planogram_id'),
      }),
    },
    {
      endpoint: api.products,
      def: defineExport({
        name: 'Export-planogram_product_analytics',
        sheetName: 'Planogram Product Analytics',
        entries: ANALYTICS_EXPORT_ENTRIES.planograms,
        listQuery: productRankQuery,
        columns: [RANK, { key: 'plu', label: 'PLU' }, { key: 'product_name', label: 'Product' }, ...engagement],
        source: (q) => ranked(planograms.productRanking(q), 'product_id'),
      }),
    },
    {
      endpoint: api.planogramSummary,
      def: defineExport({
        name: 'Export-planogram_summary',
        sheetName: 'Planogram Summary',
        entries: ANALYTICS_EXPORT_ENTRIES.planograms,
        listQuery: analyticsQuery,
        columns: [{ key: 'measure', label: 'Measure' }, number('current_value', 'Period'), number('previous_value', 'Previous Period'), { key: 'period', label: 'Days' }, { key: 'previous_period', label: 'Previous Days' }],
        source: (q) => ranked(planograms.summaryRanking(q), 'measure'),
      }),
    },
    {
      endpoint: api.content,
      def: defineExport({
        name: 'Export-content_analytics',
        sheetName: 'Content Analytics',
        entries: ANALYTICS_EXPORT_ENTRIES.content,
        listQuery: contentRankQuery,
        columns: [RANK, { key: 'title', label: 'Title' }, ...live, ...seen],
        source: (q) => ranked(content.contentRanking(q), 'content_id'),
      }),
    },
    {
      endpoint: api.offerTopAverage,
      def: defineExport({
        name: 'Export-offer_top_average',
        sheetName: 'Offer Top Average',
        entries: ANALYTICS_EXPORT_ENTRIES.content,
        listQuery: offerTopAverageQuery,
        columns: [RANK, { key: 'title', label: 'Offer' }, number('openers', 'Openers'), number('transactions', 'Transactions'), money('total_avg_sales', 'Total Average Sales')],
        source: (q) => ranked(content.offerTopAverageRanking(q), 'content_id'),
      }),
    },
    {
      endpoint: api.campaigns,
      def: defineExport({
        name: 'Export-marketing_campaign',
        sheetName: 'Marketing Campaign',
        entries: ANALYTICS_EXPORT_ENTRIES.campaigns,
        listQuery: campaignRankQuery,
        columns: [RANK, { key: 'title', label: 'Campaign' }, ...live, number('items', 'Items'), ...seen],
        source: (q) => ranked(content.campaignRanking(q), 'campaign_id'),
      }),
    },
  ];
}
