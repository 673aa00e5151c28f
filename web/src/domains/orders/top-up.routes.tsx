import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./top-up.screens.tsx');

/** Top-up and bills: digital products (orion), the top-up orders with their bulk update, and the CTA setting (cms). */
export function topUpRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['orion.digital-product-management'],
      list: 'DigitalProductListScreen',
      create: 'DigitalProductCreateScreen',
      detail: 'DigitalProductDetailScreen',
      edit: 'DigitalProductEditScreen',
    },
    {
      entries: ['cms.order-management-digital-product'],
      list: 'TopUpListScreen',
      detail: 'TopUpDetailScreen',
      extra: [{ path: 'bulk-update', screen: 'TopUpBulkUpdateScreen' }],
    },
    { entries: ['cms.cta-setting'], list: 'CtaSettingScreen', extra: [{ path: 'edit', screen: 'CtaSettingEditScreen' }] },
  ]);
}
