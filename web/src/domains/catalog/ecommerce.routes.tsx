import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { deliveryMethodListQuery, groupStoreListQuery, MENU_BY_KEY, planogramListQuery } from '@portal/contract';
import { lazyScreen } from '../../lib/lazy.ts';
import { resourceRoutes } from '../../ui/resource-routes.ts';
import { listSearchValidator } from '../../ui/list-search.ts';

const screens = () => import('./ecommerce.screens.tsx');

/**
 * cms Master Data group stores and E-commerce planograms; delivery methods live under the 3PL Setting entry
 * (`3pl-setting/delivery-method/…`), whose own list, detail and edit are the stores' 3PL settings.
 */
export function ecommerceRoutes(parent: AnyRoute): AnyRoute[] {
  const threePl = MENU_BY_KEY.get('cms.3pl-setting')?.route.replace(/^\/admin\//, '') ?? 'aphrodite/3pl-setting';
  const deliveryMethod = (path: string, screen: 'DeliveryMethodListScreen' | 'DeliveryMethodDetailScreen' | 'DeliveryMethodEditScreen', list = false) =>
    createRoute({
      getParentRoute: () => parent,
      path: `${threePl}/delivery-method${path}`,
      ...(list ? { validateSearch: listSearchValidator(deliveryMethodListQuery) } : {}),
      component: lazyScreen(screens, screen),
    });
  return [
    ...resourceRoutes(parent, screens, [
      {
        entries: ['cms.group-store'],
        listQuery: groupStoreListQuery,
        list: 'GroupStoreListScreen',
        create: 'GroupStoreCreateScreen',
        detail: 'GroupStoreDetailScreen',
        edit: 'GroupStoreEditScreen',
      },
      {
        entries: ['cms.planogram-management'],
        listQuery: planogramListQuery,
        list: 'PlanogramListScreen',
        create: 'PlanogramCreateScreen',
        detail: 'PlanogramDetailScreen',
        edit: 'PlanogramEditScreen',
      },
    ]),
    deliveryMethod('', 'DeliveryMethodListScreen', true),
    deliveryMethod('/$id/detail', 'DeliveryMethodDetailScreen'),
    deliveryMethod('/$id/edit', 'DeliveryMethodEditScreen'),
  ];
}
