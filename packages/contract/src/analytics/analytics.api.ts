import { z } from 'zod';
import { MENU } from '../access/registry.ts';
import { endpoint, entriesPermission, exportEndpoint } from '../common/endpoint.ts';
import { analyticsQuery } from './analytics-period.ts';
import { appEventsBody, appEventsResult } from './app-events.schema.ts';
import {
  CUSTOMER_DETAIL_TYPES,
  customerChannelRow,
  customerRankExportQuery,
  customerRankQuery,
  customerRegionPage,
  customerStorePage,
  customerSummary,
  customerTrend,
  type CustomerDetailType,
} from './customer-analytics.schema.ts';
import { customerMapAnswer, customerMapExportQuery, customerMapQuery } from './customer-map.schema.ts';
import { exportQueryOf } from '../common/export-query.ts';
import { offerTopAveragePage, offerTopAverageQuery, campaignRankPage, campaignRankQuery, contentRankPage, contentRankQuery, contentSummary, contentSummaryQuery } from './content-analytics.schema.ts';
import { planogramRankPage, planogramRankQuery, planogramSummary, productRankPage, productRankQuery } from './planogram-analytics.schema.ts';
import { posSalesBody, posSalesResult } from './pos-sales.schema.ts';
import { analyticsShareBody, analyticsShareResult, shareRecipient, shareRecipientQuery } from './share.schema.ts';
import { rankedQuery, salesChannelRow, salesRegionRow, salesStorePage, salesSummary, salesTrend, topCategoryPage, topPluPage, topQuery } from './sales-analytics.schema.ts';

/** The stores' POS sends its sales in signed batches; every sales figure of pandora is counted from them. */
export const posSalesApi = {
  ingest: endpoint({
    id: 'pos-sales.ingest',
    method: 'POST',
    path: 'pos/sales',
    tag: 'pos',
    summary:
      'Records a signed batch of the stores’ transactions, each once by its transaction_id (a repeated one is listed in duplicates and changes nothing), with what the till applied (a promo per line, the associate’s staff discount, the free gifts handed over); 401 for a bad signature, 422 naming each unknown store or inapplicable promo, free gift or associate',
    access: 'public',
    body: posSalesBody,
    data: posSalesResult,
    errors: [401, 422],
  }),
};

const TAG = 'pandora sales';
export const SALES_ENTRIES = ['pandora.sales-dashboard', 'pandora.dashboard-analytics/sales', 'pandora.dashboard-analytics/overview'] as const;
const sales = entriesPermission('sales-dashboard', SALES_ENTRIES, 'view');
const ranking = entriesPermission('sales-analytics', ['pandora.sales-analytics', ...SALES_ENTRIES], 'view');

type Access = ReturnType<typeof entriesPermission>;

/**
 * A dashboard's widget endpoint (`GET analytics/<scope>/<name>`, id `analytics-<scope>.<name>`): one endpoint a widget,
 * so each loads and fails on its own.
 */
const analyticsWidget =
  (scope: string, tag: string, access: Access) =>
  <Q extends z.ZodType, D extends z.ZodType>(name: string, summary: string, query: Q, data: D, widgetAccess = access) =>
    endpoint({ id: `analytics-${scope}.${name}`, method: 'GET', path: `analytics/${scope}/${name}`, tag, summary, access: widgetAccess, query, data });

const widget = analyticsWidget('sales', TAG, sales);

/** The sales dashboards' widgets, one endpoint each so each loads and fails on its own; all read the sales rollups. */
export const salesAnalyticsApi = {
  summary: widget('summary', 'The period’s sales, transactions and members’ share, beside the period before', analyticsQuery, salesSummary),
  trend: widget('trend', 'Sales day by day (periods up to 62 days) or month by month', analyticsQuery, salesTrend),
  byChannel: widget('by-channel', 'Sales by channel: offline (the stores’ tills) and online (delivered orders)', analyticsQuery, z.array(salesChannelRow)),
  byRegion: widget('by-region', 'Sales by region (the stores’ provinces), the largest first', analyticsQuery, z.array(salesRegionRow)),
  byStore: widget('by-store', 'A page of stores ranked by sales (dense rank), top or bottom first', rankedQuery, salesStorePage),
  topCategories: widget('top-categories', 'A page of sub categories ranked by sales or quantity, each beside the period before', topQuery, topCategoryPage, ranking),
  topPlus: widget('top-plus', 'A page of products (PLU) ranked by sales or quantity, each beside the period before', topQuery, topPluPage, ranking),
};


/** The consumer app's batched events (impressions, clicks, add to cart), behind the consumer token. */
export const appEventsApi = {
  send: endpoint({
    id: 'app-events.send',
    method: 'POST',
    path: 'app/events',
    tag: 'consumer app',
    summary: 'Records a batch of the consumer’s impressions, clicks and add-to-cart events, each once by its event_id',
    access: 'public',
    body: appEventsBody,
    data: appEventsResult,
    errors: [401],
  }),
};

const planogramView = entriesPermission('planogram-analytics', ['pandora.planogram-analytics'], 'view');
const planogramWidget = analyticsWidget('planograms', 'pandora planograms', planogramView);

/** Planogram analytics: the app's impressions, clicks and add-to-carts on planograms and products, and their sales. */
export const planogramAnalyticsApi = {
  summary: planogramWidget('summary', 'The period’s impressions, clicks, add-to-carts and planogram products’ sales, beside the period before', analyticsQuery, planogramSummary),
  planograms: planogramWidget('planograms', 'Planograms ranked by impressions, clicks, add-to-carts or sales (dense rank), top or bottom first', planogramRankQuery, planogramRankPage),
  products: planogramWidget('products', 'Products ranked by impressions, clicks, add-to-carts or sales, of one planogram or all', productRankQuery, productRankPage),
};

const contentView = entriesPermission('content-analytics', ['pandora.dashboard-analytics/content', 'pandora.dashboard-analytics/overview', 'pandora.dashboard-analytics/marketing-campaign'], 'view');
const contentWidget = analyticsWidget('content', 'pandora content', contentView);

/** The content dashboard: the app's impressions and clicks of offers, banners and messages. */
export const contentAnalyticsApi = {
  summary: contentWidget('summary', 'Impressions, clicks and live items by kind (offer, banner, message), beside the period before', contentSummaryQuery, contentSummary),
  ranking: contentWidget('ranking', 'Offers, banners or messages ranked by impressions or clicks (dense rank), top or bottom first', contentRankQuery, contentRankPage),
  offerTopAverage: contentWidget('offer-top-average', 'Offers ranked by total_avg_sales (what the members who opened them spent per transaction in the period), descending, dense rank', offerTopAverageQuery, offerTopAveragePage),
  campaigns: contentWidget('campaigns', 'Campaigns live in the period ranked by their items’ impressions or clicks (dense rank), top or bottom first', campaignRankQuery, campaignRankPage),
};

const customerView = entriesPermission('customer-analytics', ['pandora.customer-analytics', 'pandora.dashboard-analytics/customers', 'pandora.dashboard-analytics/overview'], 'view');
const customerWidget = analyticsWidget('customers', 'pandora customers', customerView);

/** Customer Analytics' own pages (the breakdowns by channel, region and store are theirs alone). */
export const CUSTOMER_ANALYTICS_ENTRIES = ['pandora.customer-analytics'] as const;
const customerAnalyticsWidget = analyticsWidget('customers', 'pandora customers', entriesPermission('customer-analytics', CUSTOMER_ANALYTICS_ENTRIES, 'view'));

/** Customer analytics: distinct member customers and the APC, IPC and QPC per customer and per transaction. */
export const customerAnalyticsApi = {
  summary: customerWidget('summary', 'The period’s customers (distinct members) and their transactions, lines, quantity and sales, with everyone’s, beside the period before', analyticsQuery, customerSummary),
  trend: customerWidget('trend', 'Customers and their figures day by day (periods up to 62 days) or month by month', analyticsQuery, customerTrend),
  byChannel: customerAnalyticsWidget('by-channel', 'Customers and their figures by channel (offline, online), each channel’s customers distinct within it', analyticsQuery, z.array(customerChannelRow)),
  byRegion: customerAnalyticsWidget('by-region', 'A page of regions (the stores’ provinces) ranked by one measure (`type`), dense rank, with their figures', customerRankQuery, customerRegionPage),
  byStore: customerAnalyticsWidget('by-store', 'A page of stores ranked by one measure (`type`), dense rank, top or bottom first, with their figures', customerRankQuery, customerStorePage),
};

/** A detail page's table exported: every store ranked by the page's measure, as `Export-customer_<type>_<stamp>`. */
const customerExport = (type: CustomerDetailType) =>
  endpoint({
    id: `analytics-customers.${type}-export`,
    method: 'GET',
    path: `analytics/customers/${type}/export`,
    tag: 'pandora customers',
    summary: `Export every store ranked by ${type.replace(/-/g, ' ')} with the page’s filters, as CSV (with BOM), TXT or XLSX; large exports go to the Download List`,
    access: entriesPermission('customer-analytics', CUSTOMER_ANALYTICS_ENTRIES, 'export'),
    query: exportQueryOf(customerRankExportQuery),
    data: 'file',
  });
export const customerAnalyticsExportsApi = Object.fromEntries(CUSTOMER_DETAIL_TYPES.map((type) => [type, customerExport(type)])) as Record<CustomerDetailType, ReturnType<typeof customerExport>>;

/** The thematic customer map is a widget of Dashboard analytics › Customers, and belongs to Customer Analytics too. */
export const CUSTOMER_MAP_ENTRIES = ['pandora.dashboard-analytics/customers', 'pandora.customer-analytics'] as const;
const customerMapExport = (kind: 'detail' | 'summary', summary: string) =>
  endpoint({
    id: `customer-map.export-${kind}`,
    method: 'GET',
    path: `analytics/customer-map/${kind}/export`,
    tag: 'pandora customers',
    summary,
    access: entriesPermission('customer-map', CUSTOMER_MAP_ENTRIES, 'export'),
    query: exportQueryOf(customerMapExportQuery),
    data: 'file',
  });

/** The thematic customer map: consumers' addresses in a box (one quadrant of the view a request), and its reports. */
export const customerMapApi = {
  map: endpoint({
    id: 'customer-map.map',
    method: 'GET',
    path: 'analytics/customer-map',
    tag: 'pandora customers',
    summary:
      'The located addresses in a box (a quadrant of the view: 1 top left, 2 top right, 3 bottom left, 4 bottom right): points {id, consumer_id, latitude, longitude} up to 2,000, else clusters on the zoom’s grid; with the total and the count by province',
    access: entriesPermission('customer-map', CUSTOMER_MAP_ENTRIES, 'view'),
    query: customerMapQuery,
    data: customerMapAnswer,
  }),
  exportDetail: customerMapExport('detail', 'Export Thematic Report Detail: every located address in the box (or all) with its consumer (name masked without the personal-data right), province, regency and coordinates'),
  exportSummary: customerMapExport('summary', 'Export Thematic Report Summary: consumers and located addresses per province and regency, in the box (or all)'),
};

const ANALYTICS_ENTRIES = MENU.filter((e) => e.area === 'pandora' && e.actions.includes('view')).map((e) => e.key);
const shareAccess = entriesPermission('analytics-share', ANALYTICS_ENTRIES, 'view');

/** Sharing a dashboard or report by e-mail with colleagues (the caller must open the shared screen themselves). */
export const analyticsShareApi = {
  recipients: endpoint({
    id: 'analytics-share.recipients',
    method: 'GET',
    path: 'analytics/share/recipients',
    tag: 'pandora share',
    summary: 'Active colleagues whose role opens the given dashboard or report, by name or username',
    access: shareAccess,
    query: shareRecipientQuery,
    data: z.array(shareRecipient),
  }),
  share: endpoint({
    id: 'analytics-share.share',
    method: 'POST',
    path: 'analytics/share',
    tag: 'pandora share',
    summary: 'E-mails colleagues a link to the screen with its filters (and to its export); those whose role does not open it are listed, not mailed; audited',
    access: shareAccess,
    body: analyticsShareBody,
    data: analyticsShareResult,
    errors: [422],
  }),
};

/** The entries whose export right opens each ranking's export (the same as open the ranking). */
export const ANALYTICS_EXPORT_ENTRIES = {
  stores: SALES_ENTRIES,
  top: ['pandora.sales-analytics', ...SALES_ENTRIES],
  planograms: ['pandora.planogram-analytics'],
  content: ['pandora.dashboard-analytics/content'],
  campaigns: ['pandora.dashboard-analytics/marketing-campaign'],
} as const;

/** A ranking's export, named after the ranking's own operation (`analytics-sales.by-store-export`). */
const rankingExport = <const P extends string, Q extends z.ZodObject>(list: { id: string; path: P; tag: string; query: Q }, entries: readonly string[], what: string) => ({
  ...exportEndpoint(list, entries, what),
  id: `${list.id}-export`,
});

/** Each ranking's export: every row of it with the screen's filters (CSV, TXT, XLSX; large ones to the Download List). */
export const analyticsExportsApi = {
  byStore: rankingExport(salesAnalyticsApi.byStore, ANALYTICS_EXPORT_ENTRIES.stores, 'the stores ranked by sales'),
  topCategories: rankingExport(salesAnalyticsApi.topCategories, ANALYTICS_EXPORT_ENTRIES.top, 'the sub categories ranked by sales or quantity'),
  topPlus: rankingExport(salesAnalyticsApi.topPlus, ANALYTICS_EXPORT_ENTRIES.top, 'the products ranked by sales or quantity'),
  planograms: rankingExport(planogramAnalyticsApi.planograms, ANALYTICS_EXPORT_ENTRIES.planograms, 'the planograms ranked by a measure'),
  products: rankingExport(planogramAnalyticsApi.products, ANALYTICS_EXPORT_ENTRIES.planograms, 'the products ranked by a measure'),
  planogramSummary: rankingExport(planogramAnalyticsApi.summary, ANALYTICS_EXPORT_ENTRIES.planograms, 'the engagement summary (each measure in the period and the period before)'),
  content: rankingExport(contentAnalyticsApi.ranking, ANALYTICS_EXPORT_ENTRIES.content, 'the offers, banners or messages ranked by impressions or clicks'),
  offerTopAverage: rankingExport(contentAnalyticsApi.offerTopAverage, ANALYTICS_EXPORT_ENTRIES.content, 'the offers ranked by total_avg_sales'),
  campaigns: rankingExport(contentAnalyticsApi.campaigns, ANALYTICS_EXPORT_ENTRIES.campaigns, 'the campaigns ranked by their items’ impressions or clicks'),
};

export const analyticsApi = { posSalesApi, salesAnalyticsApi, appEventsApi, planogramAnalyticsApi, contentAnalyticsApi, customerAnalyticsApi, customerAnalyticsExportsApi, customerMapApi, analyticsShareApi, analyticsExportsApi };
