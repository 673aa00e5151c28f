import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./catalog.screens.tsx');

/** orion categories and products, cms stores, store products and 3PL settings. */
export function catalogRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['orion.category-management/parent-category'],
      list: 'ParentCategoryListScreen',
      create: 'ParentCategoryCreateScreen',
      detail: 'ParentCategoryDetailScreen',
      edit: 'ParentCategoryEditScreen',
    },
    {
      entries: ['orion.category-management/sub-category'],
      list: 'SubCategoryListScreen',
      detail: 'SubCategoryDetailScreen',
      edit: 'SubCategoryEditScreen',
    },
    {
      entries: ['orion.product-management', 'cms.product'],
      list: 'ProductListScreen',
      create: 'ProductCreateScreen',
      detail: 'ProductDetailScreen',
      edit: 'ProductEditScreen',
      extra: [
        { path: '$id/view-store', screen: 'ProductViewStoreScreen' },
        { path: 'import', screen: 'ProductImportScreen' },
        { path: 'preview', screen: 'ProductImportScreen' },
        { path: 'preview-bulk-image', screen: 'ProductImageImportScreen' },
      ],
    },
    {
      entries: ['cms.store-management', 'cms.store'],
      list: 'StoreListScreen',
      create: 'StoreCreateScreen',
      detail: 'StoreDetailScreen',
      edit: 'StoreEditScreen',
      extra: [
        { path: 'store-product/$id/detail', screen: 'StoreProductDetailScreen' },
        { path: 'store-product/$id/edit', screen: 'StoreProductEditScreen' },
        { path: 'bulk-edit', screen: 'StoreImportScreen' },
        { path: 'preview-edit', screen: 'StoreImportScreen' },
        { path: 'store-product-sync', screen: 'StoreProductSyncScreen' },
      ],
    },
    { entries: ['cms.3pl-setting'], list: 'ThreePlListScreen', detail: 'ThreePlDetailScreen', edit: 'ThreePlEditScreen' },
  ]);
}
