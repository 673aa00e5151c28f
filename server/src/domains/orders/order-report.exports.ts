import {
  DELIVERY_MODE,
  ORDER_FULFILMENT,
  ORDER_REPORT_ENTRIES,
  ORDER_STATUS,
  ORDER_UNPICK_REASON,
  allItemQuery,
  allTransactionsQuery,
  detailTransactionQuery,
  disbursementQuery,
  jakartaDay,
  monthlyRecapQuery,
  orderReportsApi as api,
  unpickQuery,
  type ExportFormat,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { enumLabel, groupedExport, resourceExport, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { orderListExport } from './order.exports.ts';
import { orderConditions } from './order.resource.ts';
import { inReportPeriod, type OrderReportService } from './order-report.service.ts';

/*
 * The order reports' downloads (CSV, TXT, XLSX; past the pipeline's threshold through the Download List), each with its
 * screen's filters and the `export` right on its entry. Names from spec section 9 where it gives one ('All transaction
 * Report.xlsx', 'Export Monthly Recap.xlsx', the disbursement report with a date stamp), else its general pattern
 * Export-{param}-{suffix} (docs/decisions.md, "Pandora order reports").
 */

const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });
/** The spec's fixed names: the same file name whatever the day (`All transaction Report.xlsx`). */
const fixed = (name: string) => (format: ExportFormat) => `${name}.${format}`;

const ORDER_COLUMNS: readonly ExportColumn[] = [
  { key: 'order_no', label: 'Order No' },
  { key: 'created_at', label: 'Order Date (WIB)', format: 'datetime' },
  { key: 'store_code', label: 'Store Code' },
  { key: 'store_name', label: 'Store' },
];
const PRODUCT_COLUMNS: readonly ExportColumn[] = [
  { key: 'plu', label: 'PLU' },
  { key: 'product_name', label: 'Product' },
];
const QUANTITY_COLUMNS: readonly ExportColumn[] = [number('quantity', 'Ordered'), number('picked_quantity', 'Picked'), number('unpicked_quantity', 'Unpicked')];
const LINE_COLUMNS: readonly ExportColumn[] = [
  ...ORDER_COLUMNS,
  { key: 'status', label: 'Order Status', format: enumLabel(ORDER_STATUS) },
  ...PRODUCT_COLUMNS,
  ...QUANTITY_COLUMNS,
  money('price', 'Price'),
];

export function orderReportExports(reports: OrderReportService, accessLog: PersonalDataAccessLog, clock: Clock): ModuleExport[] {
  const E = ORDER_REPORT_ENTRIES;
  const allTransactions = orderListExport(accessLog, {
    name: 'all_transaction_report',
    fileName: fixed('All transaction Report'),
    sheetName: 'All Transactions',
    entries: E.allTransactions,
    listQuery: allTransactionsQuery,
    conditions: (q) => orderConditions(inReportPeriod(q, clock)),
  });
  const detailTransaction = resourceExport(reports.detailTransaction.def, {
    // The general pattern: `Export-detail_transaction_<YYYYMMDD_HHmmss>.<format>`.
    name: 'Export-detail_transaction',
    sheetName: 'Detail Transaction',
    entries: E.detailTransaction,
    listQuery: detailTransactionQuery,
    columns: [...LINE_COLUMNS, money('amount', 'Picked Amount')],
  });
  const disbursement = resourceExport(reports.disbursement.def, {
    name: 'disbursement_report',
    // Spec section 9, "disbursement report with date stamp": the Jakarta day of the download.
    fileName: (format, at) => `Disbursement Report - ${jakartaDay(at)}.${format}`,
    sheetName: 'Disbursement',
    entries: E.disbursement,
    listQuery: disbursementQuery,
    columns: [
      ...ORDER_COLUMNS,
      { key: 'paid_at', label: 'Paid At (WIB)', format: 'datetime' },
      { key: 'payment_ref', label: 'Payment Reference' },
      { key: 'delivered_at', label: 'Delivered At (WIB)', format: 'datetime' },
      { key: 'fulfilment', label: 'Fulfilment', format: enumLabel(ORDER_FULFILMENT) },
      { key: 'delivery_mode', label: 'Delivery Mode', format: enumLabel(DELIVERY_MODE) },
      money('items_total', 'Items Total'),
      money('picked_total', 'Picked Total'),
      money('delivery_fee', 'Delivery Fee'),
      money('total', 'Paid Total'),
      money('refund_due', 'Refund Due'),
      money('disbursement', 'Disbursement'),
    ],
  });
  const unpick = resourceExport(reports.unpick.def, {
    name: 'Export-unpick',
    sheetName: 'Unpick',
    entries: E.unpick,
    listQuery: unpickQuery,
    columns: [...LINE_COLUMNS, { key: 'unpick_reason', label: 'Unpick Reason', format: enumLabel(ORDER_UNPICK_REASON) }, money('unpicked_value', 'Unpicked Value')],
  });
  const allItem = groupedExport(reports.allItemReport, {
    name: 'Export-all_item',
    sheetName: 'All Item',
    entries: E.allItem,
    listQuery: allItemQuery,
    columns: [number('rank', 'Rank'), ...PRODUCT_COLUMNS, number('orders', 'Orders'), ...QUANTITY_COLUMNS, money('amount', 'Sold Amount')],
  });
  const monthlyRecap = groupedExport(reports.monthlyRecapReport, {
    name: 'monthly_recap',
    fileName: fixed('Export Monthly Recap'),
    sheetName: 'Monthly Recap',
    entries: E.monthlyRecap,
    listQuery: monthlyRecapQuery,
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'store_code', label: 'Store Code' },
      { key: 'store_name', label: 'Store' },
      number('orders', 'Orders'),
      number('paid_orders', 'Paid Orders'),
      money('revenue', 'Revenue'),
      number('cancelled_orders', 'Cancelled Orders'),
      number('unpicked_orders', 'Orders Picked Short'),
      money('unpicked_value', 'Unpicked Value'),
    ],
  });
  return [
    { def: allTransactions, endpoint: api.allTransactions.export },
    { def: detailTransaction, endpoint: api.detailTransaction.export },
    { def: disbursement, endpoint: api.disbursement.export },
    { def: unpick, endpoint: api.unpick.export },
    { def: allItem, endpoint: api.allItem.export },
    { def: monthlyRecap, endpoint: api.monthlyRecap.export },
  ];
}
