import { ACTIVE_STATUS, freeGiftCreateBody, freeGiftListQuery, freeGiftsApi, freeGiftUpdateBody, type FreeGiftDetail, type FreeGiftRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { optionMultiSelect, pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import { FreeGiftStoreUploadButton } from './FreeGiftLinks.tsx';
import { GiftProductsInput, giftLinesToBody, regionStorePicker, tagList } from './promotion.inputs.tsx';

const Gifts = ({ row }: { row: FreeGiftDetail }) => tagList(row.products.map((p) => `${p.quantity} × ${p.plu} · ${p.name}`), 'green');
const Regions = ({ row }: { row: FreeGiftDetail }) => tagList(row.regions.map((r) => r.name), 'blue');
const Stores = ({ row }: { row: FreeGiftDetail }) => tagList(row.stores.map((s) => `${s.code} · ${s.name}`));

/** cms Free Gift Promotion: spend at least a minimum and get gift products, in chosen regions and stores. */
export const freeGiftView = defineResource<FreeGiftRow, FreeGiftDetail>({
  name: 'free-gift',
  i18n: 'promotion.freeGift',
  title: 'Free Gift',
  entries: ['cms.free-gift-promotion'],
  listQuery: freeGiftListQuery,
  api: freeGiftsApi,
  export: freeGiftsApi.export,
  search: 'Search code or name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'province_code', label: 'Region', options: provinceOptions, width: 200 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'code', label: 'Code', link: true, width: 150 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'min_purchase', label: 'Minimum Purchase', kind: 'rupiah', sortable: true },
    dayDisplay<FreeGiftRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<FreeGiftRow>('end_date', 'End Date'),
    { key: 'product_count', label: 'Gifts', kind: 'number', width: 80 },
    { key: 'region_count', label: 'Regions', kind: 'number', width: 90, defaultHidden: true },
    { key: 'store_count', label: 'Stores', kind: 'number', width: 80, defaultHidden: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'created_by_name', label: 'Created By' },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: freeGiftCreateBody,
    update: freeGiftUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'min_purchase', label: 'Minimum Purchase', input: 'rupiah' },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      // Create-only fields last, so the pairs above line up in both modes.
      { name: 'code', label: 'Code', input: 'text', only: 'create', placeholder: 'e.g. FG-GULA-300K' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'products', label: 'Gift Products', input: 'custom', component: GiftProductsInput },
      { name: 'province_codes', label: 'Regions', input: 'custom', component: optionMultiSelect(provinceOptions) },
      { name: 'store_ids', label: 'Stores', input: 'custom', component: regionStorePicker, help: 'Stores of the chosen regions; empty: every store there' },
    ],
    fromDetail: (f) => ({
      name: f.name,
      min_purchase: f.min_purchase,
      status: f.status,
      start_date: f.start_date,
      end_date: f.end_date,
      description: f.description ?? '',
      products: f.products.map((p) => ({ product: { value: p.product_id, label: `${p.plu} · ${p.name}` }, quantity: p.quantity })),
      province_codes: f.regions.map((r) => r.code),
      store_ids: f.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
    }),
    toBody: (v) => ({ ...v, products: giftLinesToBody(v.products), province_codes: Array.isArray(v.province_codes) ? v.province_codes : [], store_ids: pickedIds(v.store_ids) }),
  },
  detail: [
    {
      key: 'general',
      title: 'Free Gift',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'min_purchase', label: 'Minimum Purchase', kind: 'rupiah' },
        dayDisplay<FreeGiftDetail>('start_date', 'Start Date'),
        dayDisplay<FreeGiftDetail>('end_date', 'End Date'),
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'products', title: 'Gift Products', component: Gifts },
    { key: 'regions', title: 'Regions', component: Regions },
    { key: 'stores', title: 'Stores', component: Stores },
  ],
  rowTitle: (f) => `${f.code} · ${f.name}`,
  detailActions: FreeGiftStoreUploadButton,
});
