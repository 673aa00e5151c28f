import { ACTIVE_STATUS, parentCategoryCreateBody, parentCategoryListQuery, parentCategoryUpdateBody, type CategoryRow, parentCategoriesApi } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

const common = [
  { key: 'code', label: 'Code', sortable: true },
  { key: 'name', label: 'Name', sortable: true, link: true },
  { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
  { key: 'product_count', label: 'Products', kind: 'number' },
  { key: 'sub_count', label: 'Sub Categories', kind: 'number' },
  { key: 'updated_by_name', label: 'Updated By' },
  { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
] as const;

export const parentCategoryView = defineResource<CategoryRow>({
  name: 'parent-category',
  i18n: 'catalog.parentCategory',
  title: 'Parent Category',
  entries: ['orion.category-management/parent-category'],
  listQuery: parentCategoryListQuery,
  api: parentCategoriesApi,
  export: parentCategoriesApi.export,
  search: 'Search name or code',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 160 }],
  columns: [{ key: 'position', label: 'Position', sortable: true, kind: 'number', width: 100 }, ...common],
  form: {
    create: parentCategoryCreateBody,
    update: parentCategoryUpdateBody,
    fields: [
      { name: 'code', label: 'Code', input: 'text', placeholder: 'e.g. MINUMAN' },
      { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Minuman' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'image_url', label: 'Image URL', input: 'text', placeholder: 'https://… or /images/…' },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (c) => ({ code: c.code, name: c.name, status: c.status, image_url: c.image_url ?? '', description: c.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Parent Category',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'position', label: 'Position', kind: 'number' },
        { key: 'sub_count', label: 'Sub Categories', kind: 'number' },
        { key: 'product_count', label: 'Products', kind: 'number' },
        { key: 'description', label: 'Description' },
        { key: 'image_url', label: 'Image URL' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (c) => c.name,
});
