import { createElement } from 'react';
import { ACTIVE_STATUS, CHANNEL, MEMBER_SCOPE, PROMO_TYPE, promoCreateBody, promoListQuery, promosApi, promoUpdateBody, type PromoDetail, type PromoRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { productPicker, storePicker } from '../catalog/ecommerce.pickers.ts';
import { hasMaskedPhones, PhoneTagsInput, promoValueText, tagList } from './promotion.inputs.tsx';

const PromoValue = ({ row }: { row: PromoRow }) => createElement('span', null, promoValueText(row.promo_type, row.value));
const Products = ({ row }: { row: PromoDetail }) => tagList(row.products.map((p) => `${p.plu} · ${p.name}`));
const Stores = ({ row }: { row: PromoDetail }) => tagList(row.stores.map((s) => `${s.code} · ${s.name}`));
const Consumers = ({ row }: { row: PromoDetail }) => tagList(row.consumers);

/** cms Promo Management: percentage or amount promos, offline or online, for products, stores and consumers. */
export const promoView = defineResource<PromoRow, PromoDetail>({
  name: 'promo',
  i18n: 'promotion.promo',
  title: 'Promo',
  entries: ['cms.promo-management'],
  listQuery: promoListQuery,
  api: promosApi,
  export: promosApi.export,
  search: 'Search code or name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'channel', label: 'Channel', options: enumOptions(CHANNEL), width: 130 },
    { kind: 'select', key: 'promo_type', label: 'Promo Type', options: enumOptions(PROMO_TYPE), width: 150 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'code', label: 'Code', sortable: true, link: true, width: 130 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'promo_type', label: 'Promo Type', kind: 'tag', enum: PROMO_TYPE },
    { key: 'value', label: 'Value', kind: 'custom', component: PromoValue },
    { key: 'channel', label: 'Channel', kind: 'status', enum: CHANNEL },
    dayDisplay<PromoRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<PromoRow>('end_date', 'End Date', { sortable: true }),
    { key: 'product_count', label: 'Products', kind: 'number', width: 100 },
    { key: 'store_count', label: 'Stores', kind: 'number', width: 90, defaultHidden: true },
    { key: 'consumer_count', label: 'Consumers', kind: 'number', width: 110, defaultHidden: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'created_by_name', label: 'Created By', defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: promoCreateBody,
    update: promoUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'promo_type', label: 'Promo Type', input: 'select', options: enumOptions(PROMO_TYPE) },
      { name: 'value', label: 'Value', input: 'number', help: 'Percent (1 to 100) for a percentage, Rupiah for an amount' },
      { name: 'channel', label: 'Channel', input: 'select', options: enumOptions(CHANNEL) },
      { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'min_purchase', label: 'Minimum Purchase', input: 'rupiah' },
      { name: 'max_discount', label: 'Maximum Discount', input: 'rupiah', help: 'Percentage promos only; empty for no cap' },
      // Create-only: last of the pairs so they line up in both modes.
      { name: 'code', label: 'Promo Code', input: 'text', only: 'create', placeholder: 'e.g. KOPI15' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'product_ids', label: 'Products', input: 'custom', component: productPicker, help: 'Empty: every product' },
      { name: 'store_ids', label: 'Stores', input: 'custom', component: storePicker, help: 'Empty: every store' },
      { name: 'consumers', label: 'Consumers', input: 'custom', component: PhoneTagsInput, help: 'Phone numbers; empty: every consumer of the member scope' },
    ],
    fromDetail: (p) => ({
      name: p.name,
      promo_type: p.promo_type,
      value: p.value,
      channel: p.channel,
      member_scope: p.member_scope,
      start_date: p.start_date,
      end_date: p.end_date,
      min_purchase: p.min_purchase,
      max_discount: p.max_discount ?? undefined,
      status: p.status,
      description: p.description ?? '',
      product_ids: p.products.map((x) => ({ value: x.id, label: `${x.plu} · ${x.name}` })),
      store_ids: p.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
      consumers: p.consumers,
    }),
    // Masked numbers are not sent back: without `consumers` an update keeps the stored list.
    toBody: ({ consumers, ...v }) => ({
      ...v,
      product_ids: pickedIds(v.product_ids),
      store_ids: pickedIds(v.store_ids),
      ...(hasMaskedPhones(consumers) ? {} : { consumers: Array.isArray(consumers) ? consumers : [] }),
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'Promo',
      items: [
        { key: 'code', label: 'Promo Code' },
        { key: 'name', label: 'Name' },
        { key: 'promo_type', label: 'Promo Type', kind: 'tag', enum: PROMO_TYPE },
        { key: 'value', label: 'Value', kind: 'custom', component: PromoValue },
        { key: 'channel', label: 'Channel', kind: 'status', enum: CHANNEL },
        { key: 'member_scope', label: 'Member Scope', kind: 'tag', enum: MEMBER_SCOPE },
        dayDisplay<PromoDetail>('start_date', 'Start Date'),
        dayDisplay<PromoDetail>('end_date', 'End Date'),
        { key: 'min_purchase', label: 'Minimum Purchase', kind: 'rupiah' },
        { key: 'max_discount', label: 'Maximum Discount', kind: 'rupiah' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'products', title: 'Products', component: Products },
    { key: 'stores', title: 'Stores', component: Stores },
    { key: 'consumers', title: 'Consumers', component: Consumers },
  ],
  rowTitle: (p) => `${p.code} · ${p.name}`,
});
