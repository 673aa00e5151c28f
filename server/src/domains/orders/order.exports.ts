import { sql } from 'drizzle-orm';
import { DELIVERY_MODE, ORDER_ENTRIES, ORDER_FULFILMENT, ORDER_STATUS, ORDER_UNPICK_REASON, orderListQuery, orderStaffApi, type OrderListQuery } from '@portal/contract';
import { defineExport, enumLabel, yesNo, type ExportColumn, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
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

/**
 * The order list as a file, with the list's filters: one row an order (all, disbursement and unpick tabs), or one row
 * an order line (the detail tab). The consumer's phone is masked as on screen unless the exporting user holds the right.
 */
export function orderExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const source = (q: OrderListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select ${orderSelect(viewer)}, o.items_total, o.picked_total, o.delivery_fee, o.total, ${REFUND_DUE} as refund_due, o.has_unpick, r.name as cancel_reason`,
    from: FROM,
    where: orderConditions(q),
    keys: ['o.created_at', 'o.id'],
    keyColumns: ['created_at', 'id'],
    dir: q.sort_dir,
  });
  const lines = (q: OrderListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select ${orderSelect(viewer)}, i.id as line_id, i.plu, i.name as item_name, i.price, i.quantity, i.picked_quantity, i.unpick_reason`,
    from: sql`${FROM} join order_items i on i.order_id = o.id`,
    where: orderConditions(q),
    keys: ['o.created_at', 'o.id', 'i.id'],
    keyColumns: ['created_at', 'id', 'line_id'],
    dir: q.sort_dir,
  });
  const decide = decidePersonalData(accessLog, NAME, 'o.consumer_id');
  const def = defineExport({
    name: NAME,
    guard: stepUpForPersonalData,
    sheetName: 'Order Management',
    entries: ORDER_ENTRIES,
    listQuery: orderListQuery,
    columns: [...ORDER_COLUMNS, ...MONEY_COLUMNS],
    source,
    forQuery: async (_db, q) => (q.report === 'detail' ? { columns: [...ORDER_COLUMNS, ...LINE_COLUMNS], source: lines } : { columns: [...ORDER_COLUMNS, ...MONEY_COLUMNS], source }),
    prepare: (db, q, viewer) => decide(db, (q.report === 'detail' ? lines : source)(q, viewer), viewer),
  });
  return [{ def, endpoint: orderStaffApi.export }];
}
