import { ACTIVE_STATUS, PRODUCT_CATEGORY, productCreateBody, productListQuery, productUpdateBody, UOMS, type ProductRow, productsApi } from '@portal/contract';
import { codeOptions, enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { parentCategoryOptions, subCategoryOptions } from './catalog.options.ts';
import { ViewStoreButton } from './CatalogLinks.tsx';

/** orion Product Management and cms Master Data Product show the same records. */
export const productView = defineResource<ProductRow>({
  name: 'product',
  i18n: 'catalog.product',
  title: 'Product',
  entries: ['orion.product-management', 'cms.product'],
  listQuery: productListQuery,
  api: productsApi,
  export: productsApi.export,
  search: 'Search PLU, barcode or name',
  filters: [
    { kind: 'select', key: 'parent_category_id', label: 'Parent Category', options: parentCategoryOptions },
    { kind: 'select', key: 'category_id', label: 'Sub Category', options: subCategoryOptions, width: 240 },
    { kind: 'select', key: 'product_category', label: 'Product Category', options: enumOptions(PRODUCT_CATEGORY), width: 200 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 },
  ],
  columns: [
    { key: 'plu', label: 'PLU', sortable: true, link: true, width: 110 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'brand', label: 'Brand' },
    { key: 'parent_category_name', label: 'Parent Category' },
    { key: 'category_name', label: 'Sub Category', kind: 'tag' },
    { key: 'product_category', label: 'Product Category', kind: 'status', enum: PRODUCT_CATEGORY },
    { key: 'uom', label: 'Unit' },
    { key: 'price', label: 'Price', kind: 'rupiah', sortable: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
    { key: 'barcode', label: 'Barcode', defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: productCreateBody,
    update: productUpdateBody,
    fields: [
      { name: 'plu', label: 'PLU', input: 'text', only: 'create', placeholder: 'e.g. 1000001' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'brand', label: 'Brand', input: 'text' },
      { name: 'barcode', label: 'Barcode', input: 'text', placeholder: '8 to 14 digits' },
      { name: 'category_id', label: 'Sub Category', input: 'select', options: subCategoryOptions },
      { name: 'product_category', label: 'Product Category', input: 'select', options: enumOptions(PRODUCT_CATEGORY) },
      { name: 'uom', label: 'Unit', input: 'select', options: codeOptions(UOMS) },
      { name: 'price', label: 'Price', input: 'rupiah' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'image_url', label: 'Image URL', input: 'text' },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (p) => ({
      name: p.name,
      brand: p.brand ?? '',
      barcode: p.barcode ?? '',
      category_id: p.category_id,
      product_category: p.product_category,
      uom: p.uom,
      price: p.price,
      status: p.status,
      image_url: p.image_url ?? '',
      description: p.description ?? '',
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'Product',
      items: [
        { key: 'plu', label: 'PLU' },
        { key: 'barcode', label: 'Barcode' },
        { key: 'name', label: 'Name' },
        { key: 'brand', label: 'Brand' },
        { key: 'parent_category_name', label: 'Parent Category' },
        { key: 'category_name', label: 'Sub Category', kind: 'tag' },
        { key: 'product_category', label: 'Product Category', kind: 'status', enum: PRODUCT_CATEGORY },
        { key: 'uom', label: 'Unit' },
        { key: 'price', label: 'Price', kind: 'rupiah' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (p) => `${p.plu} · ${p.name}`,
  detailActions: ViewStoreButton,
});

