import { createElement } from 'react';
import {
  CONSUMER_ENTRIES,
  CONSUMER_STATUS,
  consumerListQuery,
  consumersApi,
  consumerUpdateBody,
  GENDER,
  type ConsumerDetail,
  type ConsumerRow, consumerExportsApi } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { regionFields } from '../../ui/RegionCascader.tsx';
import { optionMultiSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { provinceOptions, regencyOptions } from '../../ui/region-options.ts';
import { TagChip } from '../masterdata/masterdata.inputs.tsx';
import { ConsumerActions } from './ConsumerActions.tsx';
import { consumerTagOptions } from './consumer.options.ts';
import { ConsumerTabs } from './ConsumerTabs.tsx';

const Region = ({ row }: { row: ConsumerRow }) => createElement('span', null, [row.regency_name, row.province_name].filter(Boolean).join(', ') || '-');
const Tags = ({ row }: { row: ConsumerDetail }) =>
  row.tags.length ? createElement('span', null, row.tags.map((t) => createElement(TagChip, { key: t.id, row: t }))) : createElement('span', null, '-');

/** cms Consumer: the list with the section 3 filters, the one-customer view (profile, actions, tabs) and the profile edit. */
export const consumerView = defineResource<ConsumerRow, ConsumerDetail>({
  name: 'consumer',
  i18n: 'consumers.consumer',
  title: 'Consumer',
  entries: CONSUMER_ENTRIES,
  listQuery: consumerListQuery,
  api: consumersApi,
  export: consumerExportsApi.consumers,
  search: 'Search name, phone, e-mail or card',
  filters: [
    { kind: 'text', key: 'consumer_id', label: 'Consumer ID', width: 130 },
    { kind: 'select', key: 'province_code', label: 'Province', options: provinceOptions, width: 190 },
    { kind: 'select', key: 'regency_code', label: 'Regency / City', options: regencyOptions, width: 210 },
    { kind: 'select', key: 'gender', label: 'Gender', options: enumOptions(GENDER), width: 130 },
    { kind: 'date', key: 'date_of_birth', label: 'Date of Birth' },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(CONSUMER_STATUS), width: 140 },
  ],
  columns: [
    { key: 'id', label: 'ID', width: 90 },
    { key: 'name', label: 'Name', sortable: true, link: true },
    { key: 'phone', label: 'Phone', width: 160 },
    { key: 'email', label: 'E-mail' },
    { key: 'gender', label: 'Gender', kind: 'status', enum: GENDER, width: 110 },
    dayDisplay<ConsumerRow>('date_of_birth', 'Date of Birth'),
    { key: 'region', label: 'Region', kind: 'custom', component: Region },
    { key: 'app_card_id', label: 'App Card', defaultHidden: true },
    { key: 'physical_card_id', label: 'Physical Card', defaultHidden: true },
    { key: 'stamp_balance', label: 'Stamps', kind: 'number', width: 90 },
    { key: 'status', label: 'Status', kind: 'status', enum: CONSUMER_STATUS, width: 120 },
    { key: 'created_at', label: 'Registered At', kind: 'date', sortable: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    update: consumerUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'gender', label: 'Gender', input: 'select', options: enumOptions(GENDER) },
      { name: 'date_of_birth', label: 'Date of Birth', input: 'custom', component: DayInput, wide: false },
      { name: 'tag_ids', label: 'Tags', input: 'custom', component: optionMultiSelect(consumerTagOptions), wide: false },
      ...regionFields({ depth: 'regency' }),
    ],
    fromDetail: (c) => ({
      name: c.name,
      gender: c.gender,
      date_of_birth: c.date_of_birth ?? undefined,
      province_code: c.province_code,
      regency_code: c.regency_code,
      tag_ids: c.tags.map((t) => t.id),
    }),
  },
  detail: [
    {
      key: 'profile',
      title: 'Profile',
      items: [
        { key: 'id', label: 'Consumer ID' },
        { key: 'status', label: 'Status', kind: 'status', enum: CONSUMER_STATUS },
        { key: 'name', label: 'Name' },
        { key: 'gender', label: 'Gender', kind: 'status', enum: GENDER },
        { key: 'phone', label: 'Phone' },
        { key: 'email', label: 'E-mail' },
        { key: 'email_verified', label: 'E-mail Verified', kind: 'boolean' },
        { key: 'has_password', label: 'Has Password', kind: 'boolean' },
        dayDisplay<ConsumerDetail>('date_of_birth', 'Date of Birth'),
        { key: 'region', label: 'Region', kind: 'custom', component: Region },
        { key: 'app_card_id', label: 'App Card' },
        { key: 'physical_card_id', label: 'Physical Card' },
        { key: 'stamp_balance', label: 'Stamps', kind: 'number' },
        { key: 'tags', label: 'Tags', kind: 'custom', component: Tags },
        { key: 'created_at', label: 'Registered At', kind: 'date' },
        { key: 'last_login_at', label: 'Last Login', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'history', component: ConsumerTabs },
  ],
  detailActions: ConsumerActions,
  rowTitle: (c) => c.name,
});
