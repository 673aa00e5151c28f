import { productStoreListQuery, storeProductListQuery, storeProductUpdateBody, type StoreProductRow, productsApi, storeProductsApi, storesApi } from '@portal/contract';
import { booleanOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { subCategoryOptions } from './catalog.options.ts';

const activeOptions = booleanOptions({ label: 'Active', labelId: 'Aktif' }, { label: 'Inactive', labelId: 'Tidak Aktif' });
const stockOptions = booleanOptions({ label: 'In stock', labelId: 'Tersedia' }, { label: 'Out of stock', labelId: 'Habis' });

/**
 * A product as one store carries it. Its list is a store's products (`stores/{id}/products`, set by the store detail
 * screen); its pages live under Store Management's `store-product/{id}/…` as the spec routes them.
 */
export const storeProductView = defineResource<StoreProductRow>({
  name: 'store-product',
  i18n: 'catalog.storeProduct',
  title: 'Store Product',
  entries: ['cms.store-management', 'cms.store'],
  listQuery: storeProductListQuery,
  api: { list: storesApi.products, get: storeProductsApi.get, update: storeProductsApi.update },
  paths: (route) => ({ detail: (id) => `${route}/store-product/${id}/detail`, edit: (id) => `${route}/store-product/${id}/edit` }),
  search: 'Search PLU or name',
  filters: [
    { kind: 'select', key: 'category_id', label: 'Sub Category', options: subCategoryOptions, width: 220 },
    { kind: 'select', key: 'is_active', label: 'Active', options: activeOptions, width: 140 },
    { kind: 'select', key: 'in_stock', label: 'Stock', options: stockOptions, width: 150 },
  ],
  columns: [
    { key: 'plu', label: 'PLU', sortable: true, link: true, width: 110 },
    { key: 'product_name', label: 'Product', sortable: false },
    { key: 'category_name', label: 'Sub Category', kind: 'tag' },
    { key: 'price', label: 'Price', kind: 'rupiah', sortable: true },
    { key: 'promo_price', label: 'Promo Price', kind: 'rupiah' },
    { key: 'stock', label: 'Stock', kind: 'number', sortable: true },
    { key: 'is_active', label: 'Active', kind: 'boolean' },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    update: storeProductUpdateBody,
    fields: [
      { name: 'price', label: 'Price', input: 'rupiah' },
      { name: 'promo_price', label: 'Promo Price', input: 'rupiah', help: 'Leave empty for no promo' },
      { name: 'stock', label: 'Stock', input: 'number' },
      { name: 'is_active', label: 'Active', input: 'boolean' },
    ],
    fromDetail: (r) => ({ price: r.price, promo_price: r.promo_price ?? undefined, stock: r.stock, is_active: r.is_active }),
  },
  detail: [
    {
      key: 'general',
      title: 'Store Product',
      items: [
        { key: 'store_name', label: 'Store' },
        { key: 'plu', label: 'PLU' },
        { key: 'product_name', label: 'Product' },
        { key: 'category_name', label: 'Sub Category', kind: 'tag' },
        { key: 'price', label: 'Price', kind: 'rupiah' },
        { key: 'promo_price', label: 'Promo Price', kind: 'rupiah' },
        { key: 'stock', label: 'Stock', kind: 'number' },
        { key: 'is_active', label: 'Active', kind: 'boolean' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (r) => `${r.store_code} · ${r.plu} ${r.product_name}`,
});

/** The stores carrying one product (orion view-store): same rows, keyed by store. */
export const productStoreView = defineResource<StoreProductRow>({
  ...storeProductView,
  name: 'product-store',
  entries: ['orion.product-management', 'cms.product'],
  // The product's stores: the same rows, listed under the product (`listParams` names it).
  api: { ...storeProductView.api, list: productsApi.stores },
  listQuery: productStoreListQuery,
  // A store's price and stock are edited from Store Management; here they are only read.
  rowActions: false,
  search: 'Search store code or name',
  filters: [{ kind: 'select', key: 'is_active', label: 'Active', options: activeOptions, width: 140 }],
  columns: [
    { key: 'store_code', label: 'Store Code', sortable: true, width: 110 },
    { key: 'store_name', label: 'Store' },
    { key: 'price', label: 'Price', kind: 'rupiah', sortable: true },
    { key: 'promo_price', label: 'Promo Price', kind: 'rupiah' },
    { key: 'stock', label: 'Stock', kind: 'number', sortable: true },
    { key: 'is_active', label: 'Active', kind: 'boolean' },
    { key: 'updated_at', label: 'Updated At', kind: 'date' },
  ],
});
