import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DELIVERY_MODE, ORDER_ENTRIES, ORDER_FULFILMENT, ORDER_STATUS, ORDER_UNPICK_REASON, orderListQuery, orderStaffApi, type OrderListQuery } from '@portal/contract';
import { defineExport, enumLabel, yesNo, type ExportColumn, type ExportDef, type ExportSource, type ExportViewer, type ListQuerySchema } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { decidePersonalData, shownContact, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { orderConditions, REFUND_DUE } from './order.resource.ts';

/** The section 9 general pattern Export-{param}-{suffix}: `Export-order_management-<YYYYMMDD_HHmmss>.<format>`. */
const NAME = 'Export-order_management';
const FROM = sql`from orders o join stores s on s.id = o.store_id join consumers c on c.id = o.consumer_id left join cancel_reasons r on r.id = o.cancel_reason_id`;

const ORDER_COLUMNS: readonly ExportColumn[] = [
  { key: 'order_no', label: 'Order No' },
  { key: 'created_at', label: 'Order Date (WIB)', format: 'datetime' },
  { key: 'store_code', label: 'Store Code' },
  { key: 'store_name', label: 'Store' },
  { key: 'consumer_name', label: 'Consumer' },
  { key: 'shown_phone', label: 'Phone Number' },
  { key: 'fulfilment', label: 'Fulfilment', format: enumLabel(ORDER_FULFILMENT) },
  { key: 'delivery_mode', label: 'Delivery Mode', format: enumLabel(DELIVERY_MODE) },
  { key: 'status', label: 'Status Code', format: 'number' },
  { key: 'status_text', label: 'Status', format: enumLabel(ORDER_STATUS) },
  { key: 'payment_status', label: 'Payment Status' },
  { key: 'paid_at', label: 'Paid At (WIB)', format: 'datetime' },
];
const MONEY_COLUMNS: readonly ExportColumn[] = [
  { key: 'items_total', label: 'Items Total (Rp)', format: 'number' },
  { key: 'picked_total', label: 'Picked Total (Rp)', format: 'number' },
  { key: 'delivery_fee', label: 'Delivery Fee (Rp)', format: 'number' },
  { key: 'total', label: 'Paid Total (Rp)', format: 'number' },
  { key: 'refund_due', label: 'Refund Due (Rp)', format: 'number' },
  { key: 'has_unpick', label: 'Picked Short', format: yesNo },
  { key: 'cancel_reason', label: 'Cancel Reason' },
];
const LINE_COLUMNS: readonly ExportColumn[] = [
  { key: 'plu', label: 'PLU' },
  { key: 'item_name', label: 'Item' },
  { key: 'price', label: 'Price (Rp)', format: 'number' },
  { key: 'quantity', label: 'Ordered', format: 'number' },
  { key: 'picked_quantity', label: 'Picked', format: 'number' },
  { key: 'unpick_reason', label: 'Unpick Reason', format: enumLabel(ORDER_UNPICK_REASON) },
];

const orderSelect = (viewer: ExportViewer) => sql`o.id, o.order_no, o.created_at, s.code as store_code, s.name as store_name, c.name as consumer_name,
  ${shownContact(viewer)}, o.fulfilment, o.delivery_mode, o.status, o.status as status_text, o.payment_status, o.paid_at`;

/** An order list's export: its name, sheet, entries and query, and the orders its query selects. */
export interface OrderListExport<L extends ListQuerySchema> extends Pick<ExportDef<L>, 'name' | 'fileName' | 'sheetName' | 'entries' | 'listQuery'> {
  /** The list's conditions on the orders `o`. */
  conditions: (q: z.output<L>) => (SQL | undefined)[];
  /** One row an order line rather than one an order (the cms detail tab). */
  perLine?: (q: z.output<L>) => boolean;
}

/**
 * An order list as a file, with the list's filters: one row an order, or one row an order line. The consumer's phone is
 * masked as on screen unless the exporting user holds the right (and has passed the step-up), an unmasked file recorded.
 */
export function orderListExport<L extends ListQuerySchema>(accessLog: PersonalDataAccessLog, opts: OrderListExport<L>): ExportDef<L> {
  const { conditions, perLine = () => false, ...named } = opts;
  const dir = (q: z.output<L>) => (q as { sort_dir: 'asc' | 'desc' }).sort_dir;
  const source = (q: z.output<L>, viewer: ExportViewer): ExportSource => ({
    select: sql`select ${orderSelect(viewer)}, o.items_total, o.picked_total, o.delivery_fee, o.total, ${REFUND_DUE} as refund_due, o.has_unpick, r.name as cancel_reason`,
    from: FROM,
    where: conditions(q),
    keys: ['o.created_at', 'o.id'],
    keyColumns: ['created_at', 'id'],
    dir: dir(q),
  });
  const lines = (q: z.output<L>, viewer: ExportViewer): ExportSource => ({
    select: sql`select ${orderSelect(viewer)}, i.id as line_id, i.plu, i.name as item_name, i.price, i.quantity, i.picked_quantity, i.unpick_reason`,
    from: sql`${FROM} join order_items i on i.order_id = o.id`,
    where: conditions(q),
    keys: ['o.created_at', 'o.id', 'i.id'],
    keyColumns: ['created_at', 'id', 'line_id'],
    dir: dir(q),
  });
  const decide = decidePersonalData(accessLog, opts.name, 'o.consumer_id');
  const orders = { columns: [...ORDER_COLUMNS, ...MONEY_COLUMNS], source };
  const orderLines = { columns: [...ORDER_COLUMNS, ...LINE_COLUMNS], source: lines };
  return defineExport<L>({
    ...named,
    guard: stepUpForPersonalData,
    ...orders,
    forQuery: async (_db, q) => (perLine(q) ? orderLines : orders),
    prepare: (db, q, viewer) => decide(db, (perLine(q) ? lines : source)(q, viewer), viewer),
  });
}

/** cms Order Management's export: the all, disbursement and unpick tabs one row an order, the detail tab one row a line. */
export function orderExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const def = orderListExport(accessLog, {
    name: NAME,
    sheetName: 'Order Management',
    entries: ORDER_ENTRIES,
    listQuery: orderListQuery,
    conditions: orderConditions,
    perLine: (q: OrderListQuery) => q.report === 'detail',
  });
  return [{ def, endpoint: orderStaffApi.export }];
}
