import { ACTIVE_STATUS, subCategoryListQuery, subCategoryUpdateBody, type CategoryRow, subCategoriesApi } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { parentCategoryOptions } from './catalog.options.ts';

export const subCategoryView = defineResource<CategoryRow>({
  name: 'sub-category',
  i18n: 'catalog.subCategory',
  title: 'Sub Category',
  entries: ['orion.category-management/sub-category'],
  listQuery: subCategoryListQuery,
  api: subCategoriesApi,
  export: subCategoriesApi.export,
  search: 'Search name or code',
  filters: [
    { kind: 'select', key: 'parent_id', label: 'Parent Category', options: parentCategoryOptions },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 160 },
  ],
  columns: [
    { key: 'code', label: 'Code', sortable: true },
    { key: 'name', label: 'Name', sortable: true, link: true },
    { key: 'parent_name', label: 'Parent Category', kind: 'tag' },
    { key: 'position', label: 'Position', kind: 'number', sortable: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
    { key: 'product_count', label: 'Products', kind: 'number' },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    update: subCategoryUpdateBody,
    fields: [
      { name: 'code', label: 'Code', input: 'text' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'parent_id', label: 'Parent Category', input: 'select', options: parentCategoryOptions },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'image_url', label: 'Image URL', input: 'text' },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (c) => ({ code: c.code, name: c.name, parent_id: c.parent_id, status: c.status, image_url: c.image_url ?? '', description: c.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Sub Category',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'parent_name', label: 'Parent Category', kind: 'tag' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'position', label: 'Position', kind: 'number' },
        { key: 'product_count', label: 'Products', kind: 'number' },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (c) => c.name,
});
