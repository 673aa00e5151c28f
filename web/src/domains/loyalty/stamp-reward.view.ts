import { ACTIVE_STATUS, stampRewardCreateBody, stampRewardListQuery, stampRewardsApi, stampRewardUpdateBody, type StampRewardRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedId } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { programmePicker } from './stamp.pickers.ts';
import { RewardImage } from './stamp.inputs.tsx';

/** cms Digital stamp, Reward: what a consumer redeems a programme's stamps for, while stock lasts. */
export const stampRewardView = defineResource<StampRewardRow>({
  name: 'stamp-reward',
  i18n: 'loyalty.reward',
  title: 'Reward',
  entries: ['cms.reward'],
  listQuery: stampRewardListQuery,
  api: stampRewardsApi,
  search: 'Search name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'name', label: 'Name', sortable: true, link: true },
    { key: 'programme_name', label: 'Stamp Programme' },
    { key: 'stamps_required', label: 'Stamps Required', kind: 'number', sortable: true, width: 150 },
    { key: 'stock', label: 'Stock', kind: 'number', width: 100 },
    dayDisplay<StampRewardRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<StampRewardRow>('end_date', 'End Date'),
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: stampRewardCreateBody,
    update: stampRewardUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'programme_id', label: 'Stamp Programme', input: 'custom', component: programmePicker, wide: false },
      { name: 'stamps_required', label: 'Stamps Required', input: 'number' },
      { name: 'stock', label: 'Stock', input: 'number', help: 'Each redemption takes one' },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'image_url', label: 'Image Address', input: 'text', placeholder: 'https://… or /images/…' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (r) => ({
      name: r.name,
      programme_id: { value: r.programme_id, label: r.programme_name },
      stamps_required: r.stamps_required,
      stock: r.stock,
      start_date: r.start_date,
      end_date: r.end_date,
      image_url: r.image_url ?? '',
      status: r.status,
      description: r.description ?? '',
    }),
    toBody: (v) => ({ ...v, programme_id: pickedId(v.programme_id), image_url: typeof v.image_url === 'string' && v.image_url.trim() ? v.image_url.trim() : null }),
  },
  detail: [
    {
      key: 'general',
      title: 'Reward',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'programme_name', label: 'Stamp Programme' },
        { key: 'stamps_required', label: 'Stamps Required', kind: 'number' },
        { key: 'stock', label: 'Stock', kind: 'number' },
        dayDisplay<StampRewardRow>('start_date', 'Start Date'),
        dayDisplay<StampRewardRow>('end_date', 'End Date'),
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'image', title: 'Image', component: RewardImage },
  ],
  rowTitle: (r) => r.name,
});
