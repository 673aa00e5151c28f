import { createElement } from 'react';
import { ACTIVE_STATUS, masterPromoListQuery, masterPromosApi, masterPromoUpdateBody, type MasterPromoRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

const Discount = ({ row }: { row: MasterPromoRow }) => createElement('span', null, `${row.discount_percent}%`);

/** orion Master Promo: the promo price of a product for a period (normal price from the product); rows arrive by import. */
export const masterPromoView = defineResource<MasterPromoRow>({
  name: 'master-promo',
  i18n: 'promotion.masterPromo',
  title: 'Master Promo',
  entries: ['orion.master-promo'],
  listQuery: masterPromoListQuery,
  api: masterPromosApi,
  export: masterPromosApi.export,
  search: 'Search PLU or product name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'plu', label: 'PLU', sortable: true, link: true, width: 120 },
    { key: 'product_name', label: 'Product' },
    { key: 'normal_price', label: 'Normal Price', kind: 'rupiah' },
    { key: 'promo_price', label: 'Promo Price', kind: 'rupiah', sortable: true },
    { key: 'discount_percent', label: 'Discount', kind: 'custom', component: Discount, width: 100 },
    dayDisplay<MasterPromoRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<MasterPromoRow>('end_date', 'End Date'),
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    update: masterPromoUpdateBody,
    fields: [
      { name: 'promo_price', label: 'Promo Price', input: 'rupiah', help: 'Below the normal price' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
    ],
    fromDetail: (r) => ({ promo_price: r.promo_price, status: r.status, start_date: r.start_date, end_date: r.end_date }),
  },
  detail: [
    {
      key: 'general',
      title: 'Master Promo',
      items: [
        { key: 'plu', label: 'PLU' },
        { key: 'product_name', label: 'Product' },
        { key: 'normal_price', label: 'Normal Price', kind: 'rupiah' },
        { key: 'promo_price', label: 'Promo Price', kind: 'rupiah' },
        { key: 'discount_percent', label: 'Discount', kind: 'custom', component: Discount },
        dayDisplay<MasterPromoRow>('start_date', 'Start Date'),
        dayDisplay<MasterPromoRow>('end_date', 'End Date'),
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (r) => `${r.plu} · ${r.product_name}`,
});
