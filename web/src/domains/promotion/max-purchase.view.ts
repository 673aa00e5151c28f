import { ACTIVE_STATUS, maxPurchaseCreateBody, maxPurchaseLimitationsApi, maxPurchaseListQuery, maxPurchaseUpdateBody, type MaxPurchaseRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedId } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { singleProductPicker } from '../catalog/ecommerce.pickers.ts';

/** orion Max Purchase Limitation: at most N of a product per order (and per day) in a period; one active rule per product. */
export const maxPurchaseView = defineResource<MaxPurchaseRow>({
  name: 'max-purchase-limitation',
  i18n: 'promotion.maxPurchase',
  title: 'Max Purchase Limitation',
  entries: ['orion.max-purchase-limitation'],
  listQuery: maxPurchaseListQuery,
  api: maxPurchaseLimitationsApi,
  export: maxPurchaseLimitationsApi.export,
  search: 'Search PLU or product name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'plu', label: 'PLU', sortable: true, link: true, width: 120 },
    { key: 'product_name', label: 'Product' },
    { key: 'max_qty', label: 'Max per Order', kind: 'number', sortable: true, width: 130 },
    { key: 'daily_limit', label: 'Limit per Day', kind: 'number', width: 120 },
    dayDisplay<MaxPurchaseRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<MaxPurchaseRow>('end_date', 'End Date'),
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: maxPurchaseCreateBody,
    update: maxPurchaseUpdateBody,
    fields: [
      { name: 'product_id', label: 'Product', input: 'custom', component: singleProductPicker },
      { name: 'max_qty', label: 'Max per Order', input: 'number', help: '1 to 999' },
      { name: 'daily_limit', label: 'Limit per Day', input: 'number', help: 'Optional; at least the maximum per order' },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
    ],
    fromDetail: (r) => ({
      product_id: { value: r.product_id, label: `${r.plu} · ${r.product_name}` },
      max_qty: r.max_qty,
      daily_limit: r.daily_limit ?? undefined,
      start_date: r.start_date,
      end_date: r.end_date,
      status: r.status,
    }),
    toBody: (v) => ({ ...v, product_id: pickedId(v.product_id), daily_limit: typeof v.daily_limit === 'number' ? v.daily_limit : null }),
  },
  detail: [
    {
      key: 'general',
      title: 'Max Purchase Limitation',
      items: [
        { key: 'plu', label: 'PLU' },
        { key: 'product_name', label: 'Product' },
        { key: 'max_qty', label: 'Max per Order', kind: 'number' },
        { key: 'daily_limit', label: 'Limit per Day', kind: 'number' },
        dayDisplay<MaxPurchaseRow>('start_date', 'Start Date'),
        dayDisplay<MaxPurchaseRow>('end_date', 'End Date'),
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (r) => `${r.plu} · ${r.product_name}`,
});
