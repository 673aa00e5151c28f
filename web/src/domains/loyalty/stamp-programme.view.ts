import { createElement } from 'react';
import {
  ACTIVE_STATUS,
  EXTRA_STAMP,
  MEMBER_SCOPE,
  STAMP_MULTIPLIER,
  STAMP_REWARD_TYPE,
  STAMP_SEASONALITY,
  stampProgrammeCreateBody,
  stampProgrammeListQuery,
  stampProgrammesApi,
  stampProgrammeUpdateBody,
  type StampProgrammeDetail,
  type StampProgrammeRow,
} from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { storePicker } from '../catalog/ecommerce.pickers.ts';
import { StoreScope, tagList } from '../../ui/StoreScope.tsx';
import { SponsorPluInput } from './stamp.inputs.tsx';

const SponsorPlus = ({ row }: { row: StampProgrammeDetail }) => tagList(row.sponsor_plus, 'blue');
const Stores = ({ row }: { row: StampProgrammeDetail }) => createElement(StoreScope, { stores: row.stores });
const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);

/** cms Digital stamp, Stamp: the stamp programmes and their earning rules. */
export const stampProgrammeView = defineResource<StampProgrammeRow, StampProgrammeDetail>({
  name: 'stamp-programme',
  i18n: 'loyalty.stamp',
  title: 'Stamp Programme',
  entries: ['cms.stamp'],
  listQuery: stampProgrammeListQuery,
  api: stampProgrammesApi,
  search: 'Search name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'reward_type', label: 'Reward Type', options: enumOptions(STAMP_REWARD_TYPE), width: 220 },
    { kind: 'select', key: 'seasonality', label: 'Seasonality', options: enumOptions(STAMP_SEASONALITY), width: 150 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'name', label: 'Name', sortable: true, link: true },
    { key: 'reward_type', label: 'Reward Type', kind: 'status', enum: STAMP_REWARD_TYPE, width: 200 },
    { key: 'seasonality', label: 'Seasonality', kind: 'status', enum: STAMP_SEASONALITY, width: 120 },
    dayDisplay<StampProgrammeRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<StampProgrammeRow>('end_date', 'End Date'),
    { key: 'member_scope', label: 'Member Scope', kind: 'status', enum: MEMBER_SCOPE, width: 140, defaultHidden: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: stampProgrammeCreateBody,
    update: stampProgrammeUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'seasonality', label: 'Seasonality', input: 'select', options: enumOptions(STAMP_SEASONALITY) },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'reward_type', label: 'Reward Type', input: 'select', options: enumOptions(STAMP_REWARD_TYPE) },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'min_transaction', label: 'Minimal Total Transaction', input: 'rupiah', help: 'Reward types 1 and 3: stamps for each whole multiple' },
      { name: 'stamps_per_multiple', label: 'Stamps per Multiple', input: 'number', help: 'Reward types 1 and 3' },
      { name: 'sponsor_plus', label: 'Sponsor Products (PLU)', input: 'custom', component: SponsorPluInput, help: 'Reward types 2 and 3' },
      { name: 'stamps_per_unit', label: 'Stamps per Sponsor Unit', input: 'number', help: 'Reward types 2 and 3' },
      { name: 'extra_stamp', label: 'Extra Stamp', input: 'select', options: enumOptions(EXTRA_STAMP) },
      { name: 'extra_stamp_amount', label: 'Extra Stamps', input: 'number', help: 'Added once to a transaction that earns stamps' },
      { name: 'multiplier', label: 'Multiplier', input: 'select', options: enumOptions(STAMP_MULTIPLIER) },
      { name: 'multiplier_value', label: 'Multiplier Value', input: 'number', help: 'Multiplied: the factor; Unit: stamps added per unit' },
      { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
      { name: 'stamp_validity_days', label: 'Stamp Validity (days)', input: 'number', help: 'Earned stamps expire after this many days, first earned first; empty: never' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'store_ids', label: 'Stores', input: 'custom', component: storePicker, help: 'Empty: every store' },
    ],
    fromDetail: (p) => ({
      name: p.name,
      description: p.description ?? '',
      seasonality: p.seasonality,
      start_date: p.start_date,
      end_date: p.end_date,
      reward_type: p.reward_type,
      status: p.status,
      min_transaction: p.min_transaction ?? undefined,
      stamps_per_multiple: p.stamps_per_multiple ?? undefined,
      sponsor_plus: p.sponsor_plus,
      stamps_per_unit: p.stamps_per_unit ?? undefined,
      extra_stamp: p.extra_stamp,
      extra_stamp_amount: p.extra_stamp_amount,
      multiplier: p.multiplier,
      multiplier_value: p.multiplier_value,
      member_scope: p.member_scope,
      stamp_validity_days: p.stamp_validity_days ?? undefined,
      store_ids: p.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
    }),
    toBody: (v) => ({
      ...v,
      min_transaction: numberOrNull(v.min_transaction),
      stamps_per_multiple: numberOrNull(v.stamps_per_multiple),
      stamps_per_unit: numberOrNull(v.stamps_per_unit),
      stamp_validity_days: numberOrNull(v.stamp_validity_days),
      sponsor_plus: Array.isArray(v.sponsor_plus) ? v.sponsor_plus : [],
      store_ids: pickedIds(v.store_ids),
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'Stamp Programme',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'seasonality', label: 'Seasonality', kind: 'status', enum: STAMP_SEASONALITY },
        dayDisplay<StampProgrammeDetail>('start_date', 'Start Date'),
        dayDisplay<StampProgrammeDetail>('end_date', 'End Date'),
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'member_scope', label: 'Member Scope', kind: 'status', enum: MEMBER_SCOPE },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    {
      key: 'rule',
      title: 'Earning Rule',
      items: [
        { key: 'reward_type', label: 'Reward Type', kind: 'status', enum: STAMP_REWARD_TYPE },
        { key: 'min_transaction', label: 'Minimal Total Transaction', kind: 'rupiah' },
        { key: 'stamps_per_multiple', label: 'Stamps per Multiple', kind: 'number' },
        { key: 'stamps_per_unit', label: 'Stamps per Sponsor Unit', kind: 'number' },
        { key: 'extra_stamp', label: 'Extra Stamp', kind: 'status', enum: EXTRA_STAMP },
        { key: 'extra_stamp_amount', label: 'Extra Stamps', kind: 'number' },
        { key: 'multiplier', label: 'Multiplier', kind: 'status', enum: STAMP_MULTIPLIER },
        { key: 'multiplier_value', label: 'Multiplier Value', kind: 'number' },
        { key: 'stamp_validity_days', label: 'Stamp Validity (days)', kind: 'number' },
      ],
    },
    { key: 'sponsor', title: 'Sponsor Products (PLU)', component: SponsorPlus },
    { key: 'stores', title: 'Stores', component: Stores },
  ],
  rowTitle: (r) => r.name,
});
