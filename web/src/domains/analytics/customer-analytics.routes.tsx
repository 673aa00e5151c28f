import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./customer-analytics.screens.tsx');

/**
 * pandora › Customer Analytics and its detail pages (the spec's `{typeDetail}`: APC, IPC and QPC per customer and per
 * transaction), one route each, so an unknown type is the not-found page.
 */
export function customerAnalyticsRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['pandora.customer-analytics'],
      list: 'CustomerAnalyticsScreen',
      extra: [
        { path: 'apc-per-customer', screen: 'ApcPerCustomerScreen' },
        { path: 'ipc-per-customer', screen: 'IpcPerCustomerScreen' },
        { path: 'qpc-per-customer', screen: 'QpcPerCustomerScreen' },
        { path: 'apc-per-transaction', screen: 'ApcPerTransactionScreen' },
        { path: 'ipc-per-transaction', screen: 'IpcPerTransactionScreen' },
        { path: 'qpc-per-transaction', screen: 'QpcPerTransactionScreen' },
      ],
    },
  ]);
}
