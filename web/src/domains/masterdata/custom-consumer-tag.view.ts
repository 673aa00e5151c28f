import {
  ACTIVE_STATUS,
  TAG_COLOR,
  customConsumerTagCreateBody,
  customConsumerTagListQuery,
  customConsumerTagUpdateBody,
  customConsumerTagsApi,
  type CustomConsumerTagRow,
} from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { TagChip, TagColorCell, TagColorPicker } from './masterdata.inputs.tsx';

/** cms Master Data › Custom Consumer Tag. */
export const customConsumerTagView = defineResource<CustomConsumerTagRow>({
  name: 'custom-consumer-tag',
  i18n: 'masterdata.tag',
  title: 'Custom Consumer Tag',
  entries: ['cms.custom-consumer-tag'],
  listQuery: customConsumerTagListQuery,
  api: customConsumerTagsApi,
  search: 'Search tag name or description',
  filters: [
    { kind: 'select', key: 'color', label: 'Colour', options: enumOptions(TAG_COLOR), width: 160 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 },
  ],
  columns: [
    { key: 'name', label: 'Tag', sortable: true, link: true, kind: 'custom', component: TagChip },
    { key: 'description', label: 'Description' },
    { key: 'color', label: 'Colour', kind: 'custom', component: TagColorCell, width: 130 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: customConsumerTagCreateBody,
    update: customConsumerTagUpdateBody,
    fields: [
      { name: 'name', label: 'Tag Name', input: 'text', placeholder: 'e.g. VIP' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'color', label: 'Colour', input: 'custom', component: TagColorPicker },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (t) => ({ name: t.name, status: t.status, color: t.color, description: t.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Tag',
      items: [
        { key: 'name', label: 'Tag', kind: 'custom', component: TagChip },
        { key: 'color', label: 'Colour', kind: 'custom', component: TagColorCell },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (t) => t.name,
});
