import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./promotion.screens.tsx');

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo (with its bulk edit). */
export function promotionRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.promo-management'],
      list: 'PromoListScreen',
      create: 'PromoCreateScreen',
      detail: 'PromoDetailScreen',
      edit: 'PromoEditScreen',
      extra: [{ path: 'import', screen: 'PromoImportScreen' }],
    },
    {
      entries: ['cms.free-gift-promotion'],
      list: 'FreeGiftListScreen',
      create: 'FreeGiftCreateScreen',
      detail: 'FreeGiftDetailScreen',
      edit: 'FreeGiftEditScreen',
      extra: [{ path: '$id/store-upload', screen: 'FreeGiftStoreUploadScreen' }],
    },
    {
      entries: ['orion.max-purchase-limitation'],
      list: 'MaxPurchaseListScreen',
      create: 'MaxPurchaseCreateScreen',
      detail: 'MaxPurchaseDetailScreen',
      edit: 'MaxPurchaseEditScreen',
    },
    {
      entries: ['orion.master-promo'],
      list: 'MasterPromoListScreen',
      detail: 'MasterPromoDetailScreen',
      edit: 'MasterPromoEditScreen',
      extra: [
        { path: 'bulk-edit', screen: 'MasterPromoBulkEditScreen' },
        { path: 'import', screen: 'MasterPromoImportScreen' },
      ],
    },
  ]);
}
