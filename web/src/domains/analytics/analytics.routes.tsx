import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const salesScreens = () => import('./sales-dashboard.screens.tsx');

/**
 * pandora's sales dashboards: the Sales Dashboard and its detail pages (the spec's `{detailType}`, one route each, so an
 * unknown one is the not-found page), Sales Analytics with its top lists, and Dashboard analytics' Sales.
 */
export function analyticsRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, salesScreens, [
    {
      entries: ['pandora.sales-dashboard'],
      list: 'SalesDashboardScreen',
      extra: [
        { path: 'sales-member', screen: 'SalesMemberScreen' },
        { path: 'member-transaction', screen: 'MemberTransactionScreen' },
        { path: 'apc-member', screen: 'ApcMemberScreen' },
        { path: 'average-transaction', screen: 'AverageTransactionScreen' },
        { path: 'summary-sales', screen: 'SummarySalesScreen' },
      ],
    },
    {
      entries: ['pandora.sales-analytics'],
      list: 'SalesAnalyticsScreen',
      extra: [
        { path: 'top-sales-category/sales', screen: 'TopCategorySalesScreen' },
        { path: 'top-sales-category/quantity', screen: 'TopCategoryQuantityScreen' },
        { path: 'top-sales-plu/sales', screen: 'TopPluSalesScreen' },
        { path: 'top-sales-plu/quantity', screen: 'TopPluQuantityScreen' },
      ],
    },
    {
      entries: ['pandora.dashboard-analytics/sales'],
      list: 'DashboardSalesScreen',
      extra: [
        { path: 'detail', screen: 'DashboardSalesDetailScreen' },
        { path: 'top-store', screen: 'DashboardTopStoreScreen' },
        { path: 'bottom-store', screen: 'DashboardBottomStoreScreen' },
      ],
    },
  ]);
}
