import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { MENU_BY_KEY } from '@portal/contract';
import { lazyScreen } from '../../lib/lazy.ts';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./ecommerce.screens.tsx');

/**
 * cms Master Data group stores and E-commerce planograms; delivery methods live under the 3PL Setting entry
 * (`3pl-setting/delivery-method/…`), whose own list, detail and edit are the stores' 3PL settings.
 */
export function ecommerceRoutes(parent: AnyRoute): AnyRoute[] {
  const threePl = MENU_BY_KEY.get('cms.3pl-setting')?.route.replace(/^\/admin\//, '') ?? 'aphrodite/3pl-setting';
  const deliveryMethod = (path: string, screen: 'DeliveryMethodListScreen' | 'DeliveryMethodDetailScreen' | 'DeliveryMethodEditScreen') =>
    createRoute({
      getParentRoute: () => parent,
      path: `${threePl}/delivery-method${path}`,
      component: lazyScreen(screens, screen),
    });
  return [
    ...resourceRoutes(parent, screens, [
      {
        entries: ['cms.group-store'],
        list: 'GroupStoreListScreen',
        create: 'GroupStoreCreateScreen',
        detail: 'GroupStoreDetailScreen',
        edit: 'GroupStoreEditScreen',
      },
      {
        entries: ['cms.planogram-management'],
        list: 'PlanogramListScreen',
        create: 'PlanogramCreateScreen',
        detail: 'PlanogramDetailScreen',
        edit: 'PlanogramEditScreen',
      },
    ]),
    deliveryMethod('', 'DeliveryMethodListScreen'),
    deliveryMethod('/$id/detail', 'DeliveryMethodDetailScreen'),
    deliveryMethod('/$id/edit', 'DeliveryMethodEditScreen'),
  ];
}
