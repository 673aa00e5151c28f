import type { AnyRoute } from '@tanstack/react-router';
import { analyticsRoutes } from './analytics/analytics.routes.tsx';
import { customersDashboardRoutes } from './analytics/customers-dashboard.routes.tsx';
import { customerAnalyticsRoutes } from './analytics/customer-analytics.routes.tsx';
import { printPreviewRoutes } from './analytics/print-preview.routes.tsx';
import { analyticsMoreRoutes } from './analytics/analytics-more.routes.tsx';
import { spendBandRoutes } from './analytics/spend-band.routes.tsx';
import { catalogRoutes } from './catalog/catalog.routes.tsx';
import { ecommerceRoutes } from './catalog/ecommerce.routes.tsx';
import { consumerRoutes } from './consumers/consumers.routes.tsx';
import { contentRoutes } from './content/content.routes.tsx';
import { surveyRoutes } from './content/survey.routes.tsx';
import { helpdeskRoutes } from './helpdesk/helpdesk.routes.tsx';
import { identityRoutes } from './identity/identity.routes.tsx';
import { couponRoutes } from './loyalty/coupons.routes.tsx';
import { raffleRoutes } from './loyalty/raffles.routes.tsx';
import { masterdataRoutes } from './masterdata/masterdata.routes.tsx';
import { operationsRoutes } from './operations/operations.routes.tsx';
import { grabRetryRoutes } from './operations/grab-retry.routes.tsx';
import { forceStockRoutes } from './operations/force-stock.routes.tsx';
import { heimdalLogRoutes } from './operations/heimdal-logs.routes.tsx';
import { orderRoutes } from './orders/orders.routes.tsx';
import { patchOrderRoutes } from './orders/patch-order.routes.tsx';
import { orderDashboardRoutes } from './orders/dashboard.routes.tsx';
import { orderReportRoutes } from './orders/order-reports.routes.tsx';
import { tillReportRoutes } from './analytics/till-reports.routes.tsx';
import { preOrderRoutes } from './orders/pre-orders.routes.tsx';
import { topUpRoutes } from './orders/top-up.routes.tsx';
import { voucherRoutes } from './vouchers/vouchers.routes.tsx';
import { promotionRoutes } from './promotion/promotion.routes.tsx';
import { stampRoutes } from './loyalty/stamps.routes.tsx';

/**
 * Every domain's screens under `parent` (the admin shell). Building them records which menu entries have screens
 * (`markBuilt`); the contract's `ENTRY_SPEC_PATHS` marks the same entries built, and domains.routes.test.ts holds the two
 * together and matches every spec path against these routes.
 */
export function domainRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    ...identityRoutes(parent),
    ...catalogRoutes(parent),
    ...ecommerceRoutes(parent),
    ...promotionRoutes(parent),
    ...contentRoutes(parent),
    ...surveyRoutes(parent),
    ...consumerRoutes(parent),
    ...masterdataRoutes(parent),
    ...helpdeskRoutes(parent),
    ...operationsRoutes(parent),
    ...grabRetryRoutes(parent),
    ...forceStockRoutes(parent),
    ...heimdalLogRoutes(parent),
    ...stampRoutes(parent),
    ...couponRoutes(parent),
    ...raffleRoutes(parent),
    ...orderRoutes(parent),
    ...patchOrderRoutes(parent),
    ...orderDashboardRoutes(parent),
    ...orderReportRoutes(parent),
    ...tillReportRoutes(parent),
    ...preOrderRoutes(parent),
    ...topUpRoutes(parent),
    ...voucherRoutes(parent),
    ...analyticsRoutes(parent),
    ...customersDashboardRoutes(parent),
    ...customerAnalyticsRoutes(parent),
    ...printPreviewRoutes(parent),
    ...analyticsMoreRoutes(parent),
    ...spendBandRoutes(parent),
  ];
}
