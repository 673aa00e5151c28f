import {
  DELIVERY_MODE,
  PARENT_CATEGORY_ENTRIES,
  PRODUCT_CATEGORY,
  PRODUCT_ENTRIES,
  STORE_ENTRIES,
  SUB_CATEGORY_ENTRIES,
  parentCategoryListQuery,
  productListQuery,
  storeListQuery,
  subCategoryListQuery,
  parentCategoriesApi,
  productsApi,
  storesApi,
  subCategoriesApi,
} from '@portal/contract';
import { CHANGED_COLUMNS, STATUS_COLUMN, enumLabel, resourceExport, yesNo, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { parentCategoryDef, subCategoryDef } from './category.resource.ts';
import { productDef } from './product.resource.ts';
import { storeDef } from './store.resource.ts';

/* The catalogue's lists as files: each with the list's own filters, search and order (spec section 9 names export_product). */


export const productExport = resourceExport(productDef, {
  name: 'export_product',
  sheetName: 'Products',
  entries: PRODUCT_ENTRIES,
  listQuery: productListQuery,
  columns: [
    { key: 'plu', label: 'PLU' },
    { key: 'barcode', label: 'Barcode' },
    { key: 'name', label: 'Name' },
    { key: 'brand', label: 'Brand' },
    { key: 'parent_category_name', label: 'Parent Category' },
    { key: 'category_name', label: 'Sub Category' },
    { key: 'product_category', label: 'Product Category', format: enumLabel(PRODUCT_CATEGORY) },
    { key: 'uom', label: 'Unit' },
    { key: 'price', label: 'Price (Rp)', format: 'money' },
    STATUS_COLUMN,
    ...CHANGED_COLUMNS,
  ],
});

export const storeExport = resourceExport(storeDef, {
  name: 'export_store',
  sheetName: 'Stores',
  entries: STORE_ENTRIES,
  listQuery: storeListQuery,
  columns: [
    { key: 'code', label: 'Store Code' },
    { key: 'name', label: 'Name' },
    { key: 'address', label: 'Address' },
    { key: 'province_name', label: 'Province' },
    { key: 'regency_name', label: 'Regency / City' },
    { key: 'district_name', label: 'District' },
    { key: 'village_name', label: 'Village' },
    { key: 'postal_code', label: 'Postal Code' },
    { key: 'phone', label: 'Phone' },
    { key: 'email', label: 'E-mail' },
    { key: 'open_time', label: 'Open' },
    { key: 'close_time', label: 'Close' },
    { key: 'is_pickup', label: 'Pickup', format: yesNo },
    { key: 'is_delivery', label: 'Delivery', format: yesNo },
    { key: 'delivery_mode', label: 'Delivery Mode', format: enumLabel(DELIVERY_MODE) },
    { key: 'group_store_name', label: 'Group Store' },
    STATUS_COLUMN,
    ...CHANGED_COLUMNS,
  ],
});

const categoryColumns: ExportColumn[] = [
  { key: 'code', label: 'Code' },
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
  { key: 'position', label: 'Position', format: 'number' },
  { key: 'product_count', label: 'Products', format: 'number' },
  STATUS_COLUMN,
  ...CHANGED_COLUMNS,
];

export const parentCategoryExport = resourceExport(parentCategoryDef, {
  name: 'export_parent_category',
  sheetName: 'Parent Categories',
  entries: PARENT_CATEGORY_ENTRIES,
  listQuery: parentCategoryListQuery,
  columns: [...categoryColumns.slice(0, 4), { key: 'sub_count', label: 'Sub Categories', format: 'number' }, ...categoryColumns.slice(4)],
});

export const subCategoryExport = resourceExport(subCategoryDef, {
  name: 'export_sub_category',
  sheetName: 'Sub Categories',
  entries: SUB_CATEGORY_ENTRIES,
  listQuery: subCategoryListQuery,
  columns: [{ key: 'parent_name', label: 'Parent Category' }, ...categoryColumns],
});

/** Each export with the contract endpoint that serves it. */
export const CATALOG_EXPORTS: readonly ModuleExport[] = [
  { def: productExport, endpoint: productsApi.export },
  { def: storeExport, endpoint: storesApi.export },
  { def: parentCategoryExport, endpoint: parentCategoriesApi.export },
  { def: subCategoryExport, endpoint: subCategoriesApi.export },
];
