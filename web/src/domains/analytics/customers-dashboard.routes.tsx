import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const customersScreens = () => import('./customers-dashboard.screens.tsx');

/** pandora's Dashboard analytics › Customers: customer figures, their trend and the thematic customer map. */
export function customersDashboardRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, customersScreens, [{ entries: ['pandora.dashboard-analytics/customers'], list: 'DashboardCustomersScreen' }]);
}
