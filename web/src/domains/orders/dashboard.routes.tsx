import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./order-dashboard.screens.tsx');

/** The cms dashboard (`/admin/aphrodite/dashboard`): orders and revenue of the day and week, by status, store, hour and day, late orders. */
export function orderDashboardRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['cms.dashboard'], list: 'OrderDashboardScreen' }]);
}
