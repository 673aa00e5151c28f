import { z } from 'zod';
import { endpoint, exportEndpoint, page, resourceApi } from '../common/endpoint.ts';
import { bigIdParam } from '../common/list-query.ts';
import { importApi } from '../imports/imports.api.ts';
import {
  PARENT_CATEGORY_ENTRIES,
  SUB_CATEGORY_ENTRIES,
  categoryPositionsBody,
  categoryRow,
  parentCategoryCreateBody,
  parentCategoryListQuery,
  parentCategoryUpdateBody,
  subCategoryListQuery,
  subCategoryUpdateBody,
} from './category.schema.ts';
import { DELIVERY_METHOD_ENTRIES, deliveryMethodListQuery, deliveryMethodRow, deliveryMethodUpdateBody, storeDeliveryMethods, storeDeliveryMethodsBody } from './delivery-method.schema.ts';
import { GROUP_STORE_ENTRIES, groupStoreCreateBody, groupStoreListQuery, groupStoreRow, groupStoreUpdateBody } from './group-store.schema.ts';
import {
  PLANOGRAM_ENTRIES,
  planogramCategorySyncBody,
  planogramCreateBody,
  planogramDetail,
  planogramListQuery,
  planogramPositionsBody,
  planogramProductSyncBody,
  planogramRow,
  planogramUpdateBody,
} from './planogram.schema.ts';
import { PRODUCT_ENTRIES, productCreateBody, productListQuery, productRow, productUpdateBody } from './product.schema.ts';
import { regionsApi } from '../common/region.api.ts';
import { productStoreListQuery, storeProductListQuery, storeProductRow, storeProductUpdateBody } from './store-product.schema.ts';
import { STORE_ENTRIES, THREE_PL_ENTRIES, storeCreateBody, storeDeliveryUpdateBody, storeListQuery, storeRow, storeUpdateBody } from './store.schema.ts';
import { COUPON_LOG_ENTRIES, COUPON_SETTING_ENTRIES, FREE_GIFT_ENTRIES, MAX_PURCHASE_ENTRIES, PRE_ORDER_EVENT_ENTRIES, PROMO_ENTRIES } from '../access/entries.ts';

const positions = z.array(z.object({ id: z.number().int(), position: z.number().int() }));

const parentCategories = resourceApi({
  name: 'parent-categories',
  path: 'parent-categories',
  tag: 'categories',
  label: 'parent category',
  entries: PARENT_CATEGORY_ENTRIES,
  viewEntries: [...SUB_CATEGORY_ENTRIES, ...PRODUCT_ENTRIES],
  row: categoryRow,
  listQuery: parentCategoryListQuery,
  create: parentCategoryCreateBody,
  update: parentCategoryUpdateBody,
  remove: true,
});
export const parentCategoriesApi = {
  ...parentCategories,
  export: exportEndpoint(parentCategories.list, PARENT_CATEGORY_ENTRIES, 'parent categories'),
  positions: endpoint({
    id: 'parent-categories.positions',
    method: 'PUT',
    path: 'parent-categories/positions',
    tag: 'categories',
    summary: 'Save the order of parent categories (or of one parent’s sub categories)',
    access: { entries: PARENT_CATEGORY_ENTRIES, action: 'edit' },
    body: categoryPositionsBody,
    data: positions,
  }),
};

const subCategories = resourceApi({
  name: 'sub-categories',
  path: 'sub-categories',
  tag: 'categories',
  label: 'sub category',
  entries: SUB_CATEGORY_ENTRIES,
  viewEntries: [...PARENT_CATEGORY_ENTRIES, ...PRODUCT_ENTRIES, ...PLANOGRAM_ENTRIES],
  row: categoryRow,
  listQuery: subCategoryListQuery,
  update: subCategoryUpdateBody,
});
export const subCategoriesApi = { ...subCategories, export: exportEndpoint(subCategories.list, SUB_CATEGORY_ENTRIES, 'sub categories') };

const products = resourceApi({
  name: 'products',
  path: 'products',
  label: 'product',
  entries: PRODUCT_ENTRIES,
  // Promo, free-gift, planogram, max-purchase and pre-order event forms search products to choose them.
  viewEntries: [...PROMO_ENTRIES, ...FREE_GIFT_ENTRIES, ...PLANOGRAM_ENTRIES, ...MAX_PURCHASE_ENTRIES, ...COUPON_SETTING_ENTRIES, ...PRE_ORDER_EVENT_ENTRIES],
  row: productRow,
  listQuery: productListQuery,
  create: productCreateBody,
  update: productUpdateBody,
  remove: true,
});
export const productsApi = {
  ...products,
  export: exportEndpoint(products.list, PRODUCT_ENTRIES, 'products'),
  stores: endpoint({
    id: 'products.stores',
    method: 'GET',
    path: 'products/:id/stores',
    tag: 'products',
    summary: 'The stores carrying a product, with its price and stock there',
    access: { entries: PRODUCT_ENTRIES, action: 'view' },
    query: productStoreListQuery,
    data: page(storeProductRow),
  }),
};

const stores = resourceApi({
  name: 'stores',
  path: 'stores',
  label: 'store',
  entries: STORE_ENTRIES,
  // Promo and pre-order event forms search stores to choose them; a group store's detail lists its stores.
  viewEntries: [...THREE_PL_ENTRIES, ...PROMO_ENTRIES, ...FREE_GIFT_ENTRIES, ...GROUP_STORE_ENTRIES, ...COUPON_LOG_ENTRIES, ...PRE_ORDER_EVENT_ENTRIES],
  row: storeRow,
  listQuery: storeListQuery,
  create: storeCreateBody,
  update: storeUpdateBody,
  remove: true,
});
export const storesApi = {
  ...stores,
  export: exportEndpoint(stores.list, STORE_ENTRIES, 'stores'),
  updateDelivery: endpoint({
    id: 'stores.update-delivery',
    method: 'PUT',
    path: 'stores/:id/delivery',
    tag: 'stores',
    summary: "Edit a store's 3PL setting (delivery mode, radius, minimum order)",
    access: { entries: THREE_PL_ENTRIES, action: 'edit' },
    body: storeDeliveryUpdateBody,
    data: storeRow,
  }),
  products: endpoint({
    id: 'stores.products',
    method: 'GET',
    path: 'stores/:id/products',
    tag: 'stores',
    summary: "A store's products with their price and stock there",
    access: { entries: STORE_ENTRIES, action: 'view' },
    query: storeProductListQuery,
    data: page(storeProductRow),
  }),
  deliveryMethods: endpoint({
    id: 'stores.delivery-methods',
    method: 'GET',
    path: 'stores/:id/delivery-methods',
    tag: 'delivery methods',
    summary: 'The delivery methods a store offers',
    access: { entries: [...THREE_PL_ENTRIES, ...STORE_ENTRIES], action: 'view' },
    data: storeDeliveryMethods,
  }),
  saveDeliveryMethods: endpoint({
    id: 'stores.save-delivery-methods',
    method: 'PUT',
    path: 'stores/:id/delivery-methods',
    tag: 'delivery methods',
    summary: "Replace the delivery methods a store offers (with the store's version; 409 when stale)",
    access: { entries: THREE_PL_ENTRIES, action: 'edit' },
    body: storeDeliveryMethodsBody,
    data: storeDeliveryMethods,
  }),
};

export const storeProductsApi = {
  get: endpoint({
    id: 'store-products.get',
    method: 'GET',
    path: 'store-products/:id',
    params: bigIdParam,
    tag: 'stores',
    summary: 'A product as one store carries it',
    access: { entries: STORE_ENTRIES, action: 'view' },
    data: storeProductRow,
  }),
  update: endpoint({
    id: 'store-products.update',
    method: 'PUT',
    path: 'store-products/:id',
    params: bigIdParam,
    tag: 'stores',
    summary: "Edit a store product's price, stock and active flag",
    access: { entries: STORE_ENTRIES, action: 'edit' },
    body: storeProductUpdateBody,
    data: storeProductRow,
  }),
};

export const groupStoresApi = {
  ...resourceApi({
    name: 'group-stores',
    path: 'group-stores',
    tag: 'group stores',
    label: 'group store',
    entries: GROUP_STORE_ENTRIES,
    // The store form picks a group.
    viewEntries: STORE_ENTRIES,
    row: groupStoreRow,
    listQuery: groupStoreListQuery,
    create: groupStoreCreateBody,
    update: groupStoreUpdateBody,
    remove: true,
  }),
  stores: endpoint({
    id: 'group-stores.stores',
    method: 'GET',
    path: 'group-stores/:id/stores',
    tag: 'group stores',
    summary: 'The stores of a group store',
    access: { entries: GROUP_STORE_ENTRIES, action: 'view' },
    query: storeListQuery,
    data: page(storeRow),
  }),
};

export const deliveryMethodsApi = resourceApi({
  name: 'delivery-methods',
  path: 'delivery-methods',
  tag: 'delivery methods',
  label: 'delivery method',
  entries: DELIVERY_METHOD_ENTRIES,
  viewEntries: STORE_ENTRIES,
  row: deliveryMethodRow,
  listQuery: deliveryMethodListQuery,
  update: deliveryMethodUpdateBody,
});

const planogramEdit = { entries: PLANOGRAM_ENTRIES, action: 'edit' } as const;
export const planogramsApi = {
  ...resourceApi({
    name: 'planograms',
    path: 'planograms',
    label: 'planogram',
    entries: PLANOGRAM_ENTRIES,
    row: planogramRow,
    detail: planogramDetail,
    listQuery: planogramListQuery,
    create: planogramCreateBody,
    update: planogramUpdateBody,
    remove: true,
  }),
  positions: endpoint({
    id: 'planograms.positions',
    method: 'PUT',
    path: 'planograms/positions',
    tag: 'planograms',
    summary: 'Save the display order of the planograms',
    access: planogramEdit,
    body: planogramPositionsBody,
    data: positions,
  }),
  categorySync: endpoint({
    id: 'planograms.category-sync',
    method: 'POST',
    path: 'planograms/:id/category-sync',
    tag: 'planograms',
    summary: 'Replace the synced sub categories (a non-empty list; spec section 5)',
    access: planogramEdit,
    body: planogramCategorySyncBody,
    data: planogramDetail,
  }),
  productSync: endpoint({
    id: 'planograms.product-sync',
    method: 'POST',
    path: 'planograms/:id/product-sync',
    tag: 'planograms',
    summary: 'Replace the synced products (a non-empty list; spec section 5)',
    access: planogramEdit,
    body: planogramProductSyncBody,
    data: planogramDetail,
  }),
  clearCategorySync: endpoint({
    id: 'planograms.clear-category-sync',
    method: 'DELETE',
    path: 'planograms/:id/category-sync',
    tag: 'planograms',
    summary: 'Remove every synced sub category',
    access: planogramEdit,
    data: planogramDetail,
  }),
  clearProductSync: endpoint({
    id: 'planograms.clear-product-sync',
    method: 'DELETE',
    path: 'planograms/:id/product-sync',
    tag: 'planograms',
    summary: 'Remove every synced product',
    access: planogramEdit,
    data: planogramDetail,
  }),
};

/** Reference data for address dropdowns everywhere: any signed-in user may read it. */
/** The catalogue's bulk operations by spreadsheet. */
export const catalogImportsApi = {
  productEdit: importApi('product-edit', { title: 'Bulk edit products', entries: PRODUCT_ENTRIES, action: 'edit' }),
  productImage: importApi('product-image', { title: 'Bulk product images', entries: PRODUCT_ENTRIES, action: 'edit' }),
  storeEdit: importApi('store-edit', { title: 'Bulk edit stores', entries: STORE_ENTRIES, action: 'edit' }),
  storeProductSync: importApi('store-product-sync', { title: 'Sync store products', entries: STORE_ENTRIES, action: 'edit' }),
};

export const catalogApi = {
  catalogImportsApi,
  parentCategoriesApi,
  subCategoriesApi,
  productsApi,
  storesApi,
  storeProductsApi,
  groupStoresApi,
  deliveryMethodsApi,
  planogramsApi,
  regionsApi,
};
