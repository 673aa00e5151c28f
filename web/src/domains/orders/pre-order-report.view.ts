import {
  ORDER_FULFILMENT,
  ORDER_STATUS,
  PRE_ORDER_REPORT_ENTRIES,
  eventReportQuery,
  preOrderEventRow,
  preOrdersApi,
  stickerQuery,
  type EventReportRow,
  type StickerRow,
} from '@portal/contract';
import { dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions, remoteOptions, type OptionSource } from '../../ui/options.ts';
import { defineResource, type FilterDef } from '../../ui/resource.ts';
import { StoreOf } from './OrderReportCells.tsx';
import { OrderStatusOf } from './OrderStatusTag.tsx';
import { StickerCustomerOf, StickerItemsOf, StickerQrOf } from './PreOrderSticker.tsx';

/*
 * pandora's pre-order reports as generic list views: filters, sort and page in the URL, rows read on the server, the
 * export (spec section 9's names) with the same filters for whoever holds the entry's `export` right.
 */

/** The events to filter by, newest first, read with the report's own view right. */
export const eventOptions: OptionSource = remoteOptions(
  'pre-order-event',
  preOrdersApi.events.list,
  preOrderEventRow.pick({ id: true, code: true, name: true }),
  (e) => ({ value: e.id, label: `${e.code} · ${e.name}` }),
  { query: { sort_by: 'order_start', sort_dir: 'desc', limit: 100 }, searchable: true },
);

const FILTERS: readonly FilterDef[] = [
  { kind: 'select', key: 'event_id', label: 'Event', options: eventOptions, width: 280 },
  { kind: 'text', key: 'store_code', label: 'Store Code (comma-separated)', width: 220 },
  { kind: 'dateRange', from: 'collection_from', to: 'collection_until', label: 'Collection Day' },
];

/** Pre-order Sticker: one row a pre-order, what its label shows. */
export const stickerView = defineResource<StickerRow>({
  name: 'report-pre-order-sticker',
  i18n: 'orders.reports.preOrderSticker',
  title: 'Pre-order Sticker',
  entries: PRE_ORDER_REPORT_ENTRIES.sticker,
  listQuery: stickerQuery,
  api: preOrdersApi.stickers,
  export: preOrdersApi.stickers.export,
  search: 'Order number',
  filters: [
    ...FILTERS,
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ORDER_STATUS), width: 230 },
    { kind: 'select', key: 'fulfilment', label: 'Fulfilment', options: enumOptions(ORDER_FULFILMENT), width: 140 },
  ],
  columns: [
    { key: 'qr', label: 'QR', kind: 'custom', component: StickerQrOf, width: 72 },
    { key: 'order_no', label: 'Order No', width: 210 },
    dayDisplay<StickerRow>('collection_day', 'Collection Day', { sortable: true }),
    // The report opens on one event: its code is a column away.
    { key: 'event_code', label: 'Event', width: 150, defaultHidden: true },
    { key: 'store', label: 'Store', kind: 'custom', component: StoreOf },
    { key: 'customer', label: 'Customer', kind: 'custom', component: StickerCustomerOf },
    { key: 'items', label: 'Items', kind: 'custom', component: StickerItemsOf },
    { key: 'fulfilment', label: 'Fulfilment', kind: 'status', enum: ORDER_FULFILMENT, width: 120 },
    { key: 'status', label: 'Status', kind: 'custom', component: OrderStatusOf, width: 230 },
    { key: 'created_at', label: 'Order Date', kind: 'date', sortable: true, defaultHidden: true },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.order_no,
});

const count = (key: string, label: string, extra: { sortable?: boolean; defaultHidden?: boolean } = {}) => ({ key, label, kind: 'number' as const, width: 110, ...extra });

/** Event Report & Summary, its detail: per event, store, collection day and product. */
export const eventReportView = defineResource<EventReportRow>({
  name: 'report-event-report-summary',
  i18n: 'orders.reports.eventReport',
  title: 'Event Report & Summary',
  entries: PRE_ORDER_REPORT_ENTRIES.eventReport,
  listQuery: eventReportQuery,
  api: { list: preOrdersApi.eventReport.list },
  export: preOrdersApi.eventReport.export,
  filters: FILTERS,
  columns: [
    dayDisplay<EventReportRow>('collection_day', 'Collection Day', { sortable: true }),
    { key: 'event_code', label: 'Event', width: 150, defaultHidden: true },
    { key: 'store_code', label: 'Store', kind: 'custom', component: StoreOf, sortable: true },
    { key: 'plu', label: 'PLU', width: 110 },
    { key: 'product_name', label: 'Product' },
    count('orders', 'Orders'),
    count('consumers', 'Consumers'),
    count('quantity', 'Units Held', { sortable: true }),
    { key: 'sales', label: 'Sales', kind: 'rupiah', width: 150, sortable: true },
    count('waiting_quantity', 'Waiting for Payment'),
    count('paid_quantity', 'Paid, in Preparation'),
    count('picked_up_quantity', 'Picked Up or Delivered'),
    count('cancelled_quantity', 'Cancelled'),
    count('unpaid_quantity', 'Unpaid', { defaultHidden: true }),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.collection_day} · ${r.store_code} · ${r.plu}`,
});
