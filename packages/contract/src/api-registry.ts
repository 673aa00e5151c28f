import { MENU_BY_KEY } from './access/registry.ts';
import { collectEndpoints, type AnyEndpoint } from './common/endpoint.ts';
import { catalogApi, catalogImportsApi } from './catalog/catalog.api.ts';
import { consumerImportsApi } from './consumers/consumer-imports.api.ts';
import { consumersDomainApi } from './consumers/consumers.api.ts';
import { contentApi } from './content/content.api.ts';
import { surveyApi } from './content/survey.api.ts';
import { helpdeskImportsApi } from './helpdesk/helpdesk-imports.api.ts';
import { helpdeskApi } from './helpdesk/helpdesk.api.ts';
import { identityApi } from './identity/identity.api.ts';
import { couponsApi } from './loyalty/coupons.api.ts';
import { importBatchesApi, type ImportEndpoints } from './imports/imports.api.ts';
import { masterdataApi } from './masterdata/masterdata.api.ts';
import { operationsApi } from './operations/operations.api.ts';
import { heimdalLogsApi } from './operations/heimdal-logs.api.ts';
import { patchOrderApi } from './orders/patch-order.schema.ts';
import { grabRetryApi } from './operations/grab-retry.schema.ts';
import { forceStockApi, forceStockImportApi } from './operations/force-stock.schema.ts';
import { stockShadowApi } from './operations/stock-shadow.schema.ts';
import { promotionApi, promotionImportsApi } from './promotion/promotion.api.ts';
import { stampInjectImportApi, stampsApi } from './loyalty/stamps.api.ts';
import { raffleApi } from './loyalty/raffles.api.ts';
import { ordersApi } from './orders/orders.api.ts';
import { orderDashboardApi } from './orders/order-dashboard.api.ts';
import { orderReportsApi } from './orders/order-reports.api.ts';
import { preOrdersApi } from './orders/pre-orders.api.ts';
import { topUpApi, topUpImportApi } from './orders/top-up.api.ts';
import { voucherBulkApi } from './vouchers/voucher-bulk.api.ts';
import { vouchersApi } from './vouchers/vouchers.api.ts';
import { analyticsApi } from './analytics/analytics.api.ts';
import { tillReportsApi } from './analytics/till-reports.api.ts';
import { posTermsApi } from './analytics/pos-terms.schema.ts';
import { spendBandApi } from './analytics/spend-band.api.ts';

/** Every bulk operation by spreadsheet, by its key (`product-edit`): the import wizard finds its endpoints here. */
export const IMPORT_APIS: ReadonlyMap<string, ImportEndpoints> = new Map(
  [...Object.values(catalogImportsApi), ...Object.values(promotionImportsApi), ...Object.values(consumerImportsApi), ...Object.values(helpdeskImportsApi), ...Object.values(stampInjectImportApi), ...Object.values(topUpImportApi), ...Object.values(voucherBulkApi), ...Object.values(forceStockImportApi)].map((i): [string, ImportEndpoints] => [i.key, i]),
);

/** The batch steps every import shares, open to whoever may view one of the imports' entries. */
export const importsApi = importBatchesApi(
  [...new Set([...IMPORT_APIS.values()].flatMap((i) => (typeof i.upload.access === 'object' ? i.upload.access.entries : [])))].filter((e) =>
    MENU_BY_KEY.get(e)?.actions.includes('view'),
  ),
);

/** Every domain's API descriptors: the server serves exactly these, the OpenAPI document and the web client read them. */
export const API = {
  catalog: catalogApi,
  identity: identityApi,
  content: contentApi,
  surveys: surveyApi,
  masterdata: masterdataApi,
  promotion: promotionApi,
  consumers: consumersDomainApi,
  helpdesk: helpdeskApi,
  operations: operationsApi,
  heimdalLogs: heimdalLogsApi,
  patchOrder: patchOrderApi,
  grabRetry: grabRetryApi,
  forceStock: forceStockApi,
  forceStockImports: forceStockImportApi,
  stockShadow: stockShadowApi,
  stamps: stampsApi,
  coupons: couponsApi,
  raffles: raffleApi,
  orders: ordersApi,
  orderDashboard: orderDashboardApi,
  orderReports: orderReportsApi,
  preOrders: preOrdersApi,
  topUps: topUpApi,
  vouchers: vouchersApi,
  analytics: analyticsApi,
  tillReports: tillReportsApi,
  posTerms: posTermsApi,
  spendBands: spendBandApi,
  imports: { importsApi, consumerImportsApi, helpdeskImportsApi },
};

/** Every endpoint of the API, each once. */
export const ENDPOINTS: readonly AnyEndpoint[] = collectEndpoints(API);
