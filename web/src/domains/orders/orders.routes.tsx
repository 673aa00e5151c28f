import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./orders.screens.tsx');

/** cms Order Management: the list with its report tabs, the order, and its packing slip. */
export function orderRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    { entries: ['cms.order-management'], list: 'OrderListScreen', detail: 'OrderDetailScreen', extra: [{ path: '$id/preview', screen: 'OrderPreviewScreen' }] },
  ]);
}
