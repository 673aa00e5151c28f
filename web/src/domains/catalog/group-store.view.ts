import { ACTIVE_STATUS, groupStoreCreateBody, groupStoreListQuery, groupStoreUpdateBody, type GroupStoreRow, groupStoresApi } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms Master Data Group Store (hidden menu entry): a group of stores; its detail lists them. */
export const groupStoreView = defineResource<GroupStoreRow>({
  name: 'group-store',
  i18n: 'ecommerce.groupStore',
  title: 'Group Store',
  entries: ['cms.group-store'],
  listQuery: groupStoreListQuery,
  api: groupStoresApi,
  search: 'Search code or name',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 }],
  columns: [
    { key: 'code', label: 'Code', sortable: true, link: true, width: 160 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'description', label: 'Description' },
    { key: 'store_count', label: 'Stores', kind: 'number', width: 100 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: groupStoreCreateBody,
    update: groupStoreUpdateBody,
    fields: [
      { name: 'code', label: 'Code', input: 'text', only: 'create', placeholder: 'e.g. JABODETABEK' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (g) => ({ name: g.name, status: g.status, description: g.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Group Store',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'store_count', label: 'Stores', kind: 'number' },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (g) => `${g.code} · ${g.name}`,
});
