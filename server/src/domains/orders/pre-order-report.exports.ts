import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ORDER_FULFILMENT,
  ORDER_STATUS,
  PRE_ORDER_EVENT_ENTRIES,
  PRE_ORDER_REPORT_ENTRIES as E,
  eventReportQuery,
  preOrderEventListQuery,
  preOrdersApi as api,
  stickerQuery,
  type ExportFormat,
  type StickerQuery,
} from '@portal/contract';
import { CHANGED_COLUMNS, STATUS_COLUMN, defineExport, enumLabel, groupedExport, resourceExport, type ExportColumn, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import { reportExports, type ModuleExport } from '../../platform/module.ts';
import { decidePersonalData, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { maskNameSql, maskPhoneSql, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { preOrderEventDef } from './pre-order-event.resource.ts';
import { eventReportDetail, preOrderConditions, productSummaryFrom } from './pre-order-report.service.ts';

/*
 * The pre-order downloads: the events (the general pattern Export-{param}-{suffix}), and spec section 9's 'Export Pre
 * Order Sticker.xlsx' and 'Export Event Report & Summary.xlsx' (CSV and TXT too, as every export; the event report's
 * Summary sheet is an XLSX sheet, so those hold its Detail only).
 */

/** The spec's fixed names: the same file name whatever the day. */
const fixed = (name: string) => (format: ExportFormat) => `${name}.${format}`;
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });
const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });

const STICKER_NAME = 'pre_order_sticker';
const STICKER_FROM = sql`from orders o join pre_order_events e on e.id = o.pre_order_event_id join stores s on s.id = o.store_id join consumers c on c.id = o.consumer_id`;
const STICKER_COLUMNS: readonly ExportColumn[] = [
  { key: 'order_no', label: 'Order No' },
  { key: 'event_code', label: 'Event Code' },
  { key: 'event_name', label: 'Event' },
  { key: 'collection_day', label: 'Collection Day' },
  { key: 'store_code', label: 'Store Code' },
  { key: 'store_name', label: 'Store' },
  { key: 'consumer_name', label: 'Customer' },
  { key: 'consumer_phone', label: 'Phone Number' },
  { key: 'fulfilment', label: 'Fulfilment', format: enumLabel(ORDER_FULFILMENT) },
  { key: 'status', label: 'Status', format: enumLabel(ORDER_STATUS) },
  { key: 'items', label: 'Items' },
  number('units', 'Units'),
  { key: 'created_at', label: 'Order Date (WIB)', format: 'datetime' },
];

/** One row a sticker: its lines as one text ("2 × PLU Name; …"), the customer masked as on screen without the right. */
const stickerSource = (q: StickerQuery, viewer: ExportViewer): ExportSource => ({
  select: sql`select o.id, o.order_no, e.code as event_code, e.name as event_name, o.collection_day::text as collection_day, s.code as store_code,
      s.name as store_name, ${viewer.personalData ? sql`c.name` : maskNameSql(sql`c.name`)} as consumer_name,
      ${viewer.personalData ? sql`c.phone` : maskPhoneSql(sql`c.phone`)} as consumer_phone, o.fulfilment, o.status,
      (select string_agg(i.quantity || ' × ' || i.plu || ' ' || i.name, '; ' order by i.id) from order_items i where i.order_id = o.id) as items,
      (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id) as units, o.created_at`,
  from: STICKER_FROM,
  where: [...preOrderConditions(q), q.search ? sql`o.order_no like ${`${q.search.trim().toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}` : undefined],
  keys: [q.sort_by === 'created_at' ? 'o.created_at' : 'o.collection_day', 'o.id'],
  dir: q.sort_dir,
});

const FIGURE_COLUMNS: readonly ExportColumn[] = [
  number('orders', 'Orders'),
  number('consumers', 'Consumers'),
  number('quantity', 'Units Held'),
  money('sales', 'Sales'),
  number('waiting_quantity', 'Units Waiting for Payment'),
  number('paid_quantity', 'Units Paid, in Preparation'),
  number('picked_up_quantity', 'Units Picked Up or Delivered'),
  number('cancelled_quantity', 'Units Cancelled'),
  number('unpaid_quantity', 'Units Unpaid'),
];
const PRODUCT_COLUMNS: readonly ExportColumn[] = [
  { key: 'plu', label: 'PLU' },
  { key: 'product_name', label: 'Product' },
];

export function preOrderExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const events = resourceExport(preOrderEventDef, {
    name: 'Export-pre_order_events',
    sheetName: 'Pre-order Events',
    entries: PRE_ORDER_EVENT_ENTRIES,
    listQuery: preOrderEventListQuery,
    columns: [
      { key: 'code', label: 'Code' },
      { key: 'name', label: 'Name' },
      { key: 'order_start', label: 'Order Start (WIB)', format: 'datetime' },
      { key: 'order_end', label: 'Order End (WIB)', format: 'datetime' },
      { key: 'collection_start', label: 'Collection Start' },
      { key: 'collection_end', label: 'Collection End' },
      number('store_count', 'Stores'),
      number('product_count', 'Products'),
      number('quota_total', 'Quota'),
      number('ordered_total', 'Pre-ordered'),
      STATUS_COLUMN,
      ...CHANGED_COLUMNS,
    ],
  });
  const decide = decidePersonalData(accessLog, STICKER_NAME, 'o.consumer_id');
  const stickers = defineExport<typeof stickerQuery>({
    name: STICKER_NAME,
    fileName: fixed('Export Pre Order Sticker'),
    sheetName: 'Pre Order Sticker',
    entries: E.sticker,
    listQuery: stickerQuery,
    columns: STICKER_COLUMNS,
    source: stickerSource,
    guard: stepUpForPersonalData,
    prepare: (db, q, viewer) => decide(db, stickerSource(q, viewer), viewer),
  });
  const eventReport = groupedExport<typeof eventReportQuery>(eventReportDetail, {
    name: 'event_report_summary',
    fileName: fixed('Export Event Report & Summary'),
    sheetName: 'Detail',
    entries: E.eventReport,
    listQuery: eventReportQuery,
    columns: [
      { key: 'event_code', label: 'Event Code' },
      { key: 'collection_day', label: 'Collection Day' },
      { key: 'store_code', label: 'Store Code' },
      { key: 'store_name', label: 'Store' },
      ...PRODUCT_COLUMNS,
      ...FIGURE_COLUMNS,
    ],
    leadSheets: [
      {
        sheetName: 'Summary',
        columns: [
          { key: 'event_code', label: 'Event Code' },
          ...PRODUCT_COLUMNS,
          number('quota', 'Quota'),
          number('ordered', 'Pre-ordered (Whole Event)'),
          number('remaining', 'Quota Left'),
          ...FIGURE_COLUMNS,
        ],
        source: (q: z.output<typeof eventReportQuery>) => ({
          select: sql`select r.*`,
          from: productSummaryFrom(q),
          where: [],
          keys: ['r.event_code', 'r.plu', 'r.product_id'],
          dir: 'asc',
        }),
      },
    ],
  });
  return [
    { def: events, endpoint: api.events.export },
    // pandora's two reports read the reports database, as their screens do; cms's events list the main one.
    ...reportExports([
      { def: stickers, endpoint: api.stickers.export },
      { def: eventReport, endpoint: api.eventReport.export },
    ]),
  ];
}
