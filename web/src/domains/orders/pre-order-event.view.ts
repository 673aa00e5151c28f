import {
  ACTIVE_STATUS,
  PRE_ORDER_EVENT_ENTRIES,
  preOrderEventCreateBody,
  preOrderEventListQuery,
  preOrderEventUpdateBody,
  preOrdersApi,
  type PreOrderEventDetail,
  type PreOrderEventRow,
} from '@portal/contract';
import { DayInput } from '../../ui/DayInput.tsx';
import { JakartaDateTimeInput } from '../../ui/JakartaDateTimeInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { storePicker } from '../catalog/ecommerce.pickers.ts';
import { CollectionWindowOf, EventPhaseOf, EventProductsInput, EventProductsOf, EventQuotaOf, EventStoresOf, productLinesToBody } from './PreOrderEventParts.tsx';

/**
 * cms Pre-order Events: a seasonal campaign's order window, collection window, participating stores and products with
 * their quotas; the list shows where each event stands and how much of its quotas is pre-ordered.
 */
export const preOrderEventView = defineResource<PreOrderEventRow, PreOrderEventDetail>({
  name: 'pre-order-event',
  i18n: 'orders.preOrderEvent',
  title: 'Pre-order Event',
  entries: PRE_ORDER_EVENT_ENTRIES,
  listQuery: preOrderEventListQuery,
  api: preOrdersApi.events,
  export: preOrdersApi.events.export,
  search: 'Search code or name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'date', key: 'ordering_on', label: 'Taking Orders On' },
  ],
  columns: [
    { key: 'code', label: 'Code', link: true, width: 170 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'phase', label: 'Now', kind: 'custom', component: EventPhaseOf, width: 130 },
    { key: 'order_start', label: 'Order Start', kind: 'date', sortable: true },
    { key: 'order_end', label: 'Order End', kind: 'date' },
    { key: 'collection_start', label: 'Collection', kind: 'custom', component: CollectionWindowOf, sortable: true },
    { key: 'store_count', label: 'Stores', kind: 'number', width: 80 },
    { key: 'product_count', label: 'Products', kind: 'number', width: 90 },
    { key: 'quota', label: 'Pre-ordered / Quota', kind: 'custom', component: EventQuotaOf, width: 230 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: preOrderEventCreateBody,
    update: preOrderEventUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Hampers Lebaran 2027' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'order_start', label: 'Order Start', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'order_end', label: 'Order End', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'collection_start', label: 'Collection Start', input: 'custom', component: DayInput, wide: false, help: 'The first day pre-orders are collected or delivered' },
      { name: 'collection_end', label: 'Collection End', input: 'custom', component: DayInput, wide: false },
      // Create-only fields last, so the pairs above line up in both modes.
      { name: 'code', label: 'Code', input: 'text', only: 'create', placeholder: 'e.g. LEBARAN-2027', help: 'What the consumer app sends with a pre-order' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'store_ids', label: 'Stores', input: 'custom', component: storePicker, help: 'Where pre-orders are collected, or delivered from' },
      { name: 'products', label: 'Products', input: 'custom', component: EventProductsInput, help: 'Each product’s quota is for the whole event, every store together' },
    ],
    fromDetail: (e) => ({
      name: e.name,
      status: e.status,
      order_start: e.order_start,
      order_end: e.order_end,
      collection_start: e.collection_start,
      collection_end: e.collection_end,
      description: e.description ?? '',
      store_ids: e.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
      products: e.products.map((p) => ({ product: { value: p.product_id, label: `${p.plu} · ${p.name}` }, quota: p.quota })),
    }),
    toBody: (v) => ({ ...v, store_ids: pickedIds(v.store_ids), products: productLinesToBody(v.products) }),
  },
  detail: [
    {
      key: 'general',
      title: 'Pre-order Event',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'phase', label: 'Now', kind: 'custom', component: EventPhaseOf },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'order_start', label: 'Order Start', kind: 'date' },
        { key: 'order_end', label: 'Order End', kind: 'date' },
        { key: 'collection_start', label: 'Collection', kind: 'custom', component: CollectionWindowOf },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'products', title: 'Products and Quotas', component: EventProductsOf },
    { key: 'stores', title: 'Stores', component: EventStoresOf },
  ],
  rowTitle: (e) => `${e.code} · ${e.name}`,
});
