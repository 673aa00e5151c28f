import { z } from 'zod';
import { PRE_ORDER_EVENT_ENTRIES } from '../access/entries.ts';
import { endpoint, entriesPermission, exportEndpoint, page, resourceApi } from '../common/endpoint.ts';
import {
  appPreOrderEvent,
  preOrderEventCreateBody,
  preOrderEventDetail,
  preOrderEventListQuery,
  preOrderEventRow,
  preOrderEventUpdateBody,
} from './pre-order-event.schema.ts';
import {
  PRE_ORDER_REPORT_ENTRIES as E,
  eventReportQuery,
  eventReportRow,
  eventReportSummary,
  eventReportSummaryQuery,
  stickerQuery,
  stickerRow,
} from './pre-order-report.schema.ts';

const REPORTS = 'pre-order reports';

/** cms Pre-order Events; the two reports read the events (their filter's choices) with their own view right. */
const events = resourceApi({
  name: 'pre-order-events',
  path: 'pre-order-events',
  tag: 'pre-order events',
  label: 'pre-order event',
  entries: PRE_ORDER_EVENT_ENTRIES,
  viewEntries: [...E.sticker, ...E.eventReport],
  row: preOrderEventRow,
  detail: preOrderEventDetail,
  listQuery: preOrderEventListQuery,
  create: preOrderEventCreateBody,
  update: preOrderEventUpdateBody,
  remove: true,
});

const stickerPath = 'report/pre-order-sticker';
const stickers = {
  list: endpoint({
    id: 'report-pre-order-sticker.list',
    method: 'GET',
    path: stickerPath,
    tag: REPORTS,
    summary: 'The pre-orders to label: one sticker an order (number as QR, customer, store, collection day, items), by event, store, collection day and status',
    access: entriesPermission(stickerPath, E.sticker, 'view'),
    query: stickerQuery,
    data: page(stickerRow),
  }),
  get: endpoint({
    id: 'report-pre-order-sticker.get',
    method: 'GET',
    path: `${stickerPath}/:id`,
    tag: REPORTS,
    summary: 'One pre-order’s sticker (the order’s id)',
    access: entriesPermission(stickerPath, E.sticker, 'view'),
    data: stickerRow,
  }),
};

const eventReportPath = 'report/event-report-summary';
const eventReportList = endpoint({
  id: 'report-event-report-summary.list',
  method: 'GET',
  path: eventReportPath,
  tag: REPORTS,
  summary: 'Per event, store, collection day and product: orders, consumers, units by order status and sales',
  access: entriesPermission(eventReportPath, E.eventReport, 'view'),
  query: eventReportQuery,
  data: page(eventReportRow),
});

/** The consumer app's open pre-order events (its consumer token, as every `app/` route). */
const appEvents = endpoint({
  id: 'app-pre-order-events.list',
  method: 'GET',
  path: 'app/pre-order-events',
  tag: 'consumer app',
  summary: 'The pre-order events open for ordering now: their stores, products and what is left of each quota',
  access: 'public',
  data: z.array(appPreOrderEvent),
  errors: [401],
});

export const preOrdersApi = {
  events: { ...events, export: exportEndpoint(events.list, PRE_ORDER_EVENT_ENTRIES, 'pre-order events') },
  stickers: { ...stickers, export: exportEndpoint(stickers.list, E.sticker, 'the pre-orders’ stickers (Export Pre Order Sticker)') },
  eventReport: {
    list: eventReportList,
    summary: endpoint({
      id: 'report-event-report-summary.summary',
      method: 'GET',
      path: `${eventReportPath}/summary`,
      tag: REPORTS,
      summary: 'The summary over the filters: orders, consumers, units and sales, per order status group, and each product against its quota',
      access: entriesPermission(eventReportPath, E.eventReport, 'view'),
      query: eventReportSummaryQuery,
      data: eventReportSummary,
    }),
    export: exportEndpoint(eventReportList, E.eventReport, 'the summary and the detail (Export Event Report & Summary)'),
  },
  app: { events: appEvents },
};
