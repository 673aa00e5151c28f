import {
  MONTHLY_RECAP_FIRST_YEAR,
  ORDER_FULFILMENT,
  ORDER_REPORT_ENTRIES,
  ORDER_UNPICK_REASON,
  allItemQuery,
  allTransactionsQuery,
  detailTransactionQuery,
  disbursementQuery,
  jakartaDay,
  monthlyRecapQuery,
  orderReportsApi,
  unpickQuery,
  type AllItemRow,
  type DisbursementRow,
  type MonthlyRecapRow,
  type OrderDetail,
  type OrderLineRow,
  type OrderRow,
} from '@portal/contract';
import type { OptionSource } from '../../ui/options.ts';
import { defineResource, type ColumnDef, type FilterDef } from '../../ui/resource.ts';
import { OrderSlipLink } from './OrderActions.tsx';
import { MonthOf, ReadOnlyOrderItems, StoreOf } from './OrderReportCells.tsx';
import { OrderStatusOf } from './OrderStatusTag.tsx';
import { orderView } from './order.view.ts';

/*
 * pandora's order Reports as generic list views over the order list's own filters: filters, sort and page in the URL,
 * the rows read on the server, the export with the same filters for whoever holds the entry's `export` right. All
 * Transactions opens the order read-only, with its packing slip; the other reports' rows open no record.
 */

/** One of Order Management's filters, as it is there (order id, store codes, order days, status, unpick reason). */
const orderFilter = (key: string): FilterDef => {
  const found = orderView.filters?.find((f) => (f.kind === 'dateRange' ? f.from : f.key) === key);
  if (!found) throw new Error(`Order Management has no filter ${key}`);
  return found;
};
const ORDER_FILTERS = ['order_id', 'store_code', 'date_from'].map(orderFilter);
const pluFilter: FilterDef = { kind: 'text', key: 'plu', label: 'PLU', width: 160 };

const orderNo = <Row>(): ColumnDef<Row> => ({ key: 'order_no', label: 'Order No', width: 210 });
const orderDate = <Row>(): ColumnDef<Row> => ({ key: 'created_at', label: 'Order Date', kind: 'date', sortable: true });
const store = <Row extends { store_code: string; store_name: string }>(sortable = false): ColumnDef<Row> => ({ key: sortable ? 'store_code' : 'store', label: 'Store', kind: 'custom', component: StoreOf, sortable });
const count = <Row>(key: string, label: string, extra: Partial<ColumnDef<Row>> = {}): ColumnDef<Row> => ({ key, label, kind: 'number', width: 110, ...extra });
const rupiah = <Row>(key: string, label: string, extra: Partial<ColumnDef<Row>> = {}): ColumnDef<Row> => ({ key, label, kind: 'rupiah', width: 150, ...extra });

/** All Transactions: Order Management's list and record for the period, without its actions (the packing slip stays). */
export const allTransactionsView = defineResource<OrderRow, OrderDetail>({
  ...orderView,
  name: 'report-all-transactions',
  entries: ORDER_REPORT_ENTRIES.allTransactions,
  listQuery: allTransactionsQuery,
  api: orderReportsApi.allTransactions,
  export: orderReportsApi.allTransactions.export,
  filters: [...ORDER_FILTERS, orderFilter('status'), orderFilter('fulfilment')],
  detail: orderView.detail.map((section) => (section.key === 'items' ? { ...section, component: ReadOnlyOrderItems } : section)),
  detailActions: OrderSlipLink,
});

/** An order line as the Detail Transaction and Unpick reports show it. */
const LINE_COLUMNS: readonly ColumnDef<OrderLineRow>[] = [
  orderNo(),
  orderDate(),
  // The code alone, so the quantities stay in view; the store's name is a column away.
  { key: 'store_code', label: 'Store Code', width: 100 },
  { key: 'store_name', label: 'Store', defaultHidden: true },
  { key: 'plu', label: 'PLU', width: 110 },
  { key: 'product_name', label: 'Product' },
  count('quantity', 'Ordered'),
  count('picked_quantity', 'Picked'),
  count('unpicked_quantity', 'Unpicked'),
  rupiah('price', 'Price', { width: 130 }),
];

/** Detail Transaction: one row an order line of the period's orders. */
export const detailTransactionView = defineResource<OrderLineRow>({
  name: 'report-detail-transaction',
  i18n: 'orders.reports.detailTransaction',
  title: 'Detail Transaction',
  entries: ORDER_REPORT_ENTRIES.detailTransaction,
  listQuery: detailTransactionQuery,
  api: { list: orderReportsApi.detailTransaction.list },
  export: orderReportsApi.detailTransaction.export,
  filters: [...ORDER_FILTERS, orderFilter('status'), pluFilter],
  columns: [...LINE_COLUMNS, rupiah('amount', 'Picked Amount'), { key: 'status', label: 'Status', kind: 'custom', component: OrderStatusOf, width: 230 }],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.order_no} · ${r.plu}`,
});

/** Disbursement: the delivered orders of the period and what goes to their stores. */
export const disbursementView = defineResource<DisbursementRow>({
  name: 'report-disbursement',
  i18n: 'orders.reports.disbursement',
  title: 'Disbursement',
  entries: ORDER_REPORT_ENTRIES.disbursement,
  listQuery: disbursementQuery,
  api: { list: orderReportsApi.disbursement.list },
  export: orderReportsApi.disbursement.export,
  filters: ORDER_FILTERS,
  // The money first: what was paid, what is owed back, what goes to the store.
  columns: [
    orderNo(),
    orderDate(),
    store(),
    rupiah('total', 'Paid Total'),
    rupiah('refund_due', 'Refund Due'),
    rupiah('disbursement', 'Disbursement'),
    rupiah('delivery_fee', 'Delivery Fee'),
    rupiah('items_total', 'Items Total', { defaultHidden: true }),
    rupiah('picked_total', 'Picked Total', { defaultHidden: true }),
    { key: 'delivered_at', label: 'Delivered At', kind: 'date' },
    { key: 'fulfilment', label: 'Fulfilment', kind: 'status', enum: ORDER_FULFILMENT, width: 120 },
    { key: 'paid_at', label: 'Paid At', kind: 'date', defaultHidden: true },
    { key: 'payment_ref', label: 'Payment Reference', defaultHidden: true },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.order_no,
});

/** Unpick: the lines picked short, with their reason. */
export const unpickView = defineResource<OrderLineRow>({
  name: 'report-unpick',
  i18n: 'orders.reports.unpick',
  title: 'Unpick',
  entries: ORDER_REPORT_ENTRIES.unpick,
  listQuery: unpickQuery,
  api: { list: orderReportsApi.unpick.list },
  export: orderReportsApi.unpick.export,
  filters: [...ORDER_FILTERS, orderFilter('unpick_reason'), pluFilter],
  columns: [...LINE_COLUMNS, { key: 'unpick_reason', label: 'Unpick Reason', kind: 'status', enum: ORDER_UNPICK_REASON, width: 200 }, rupiah('unpicked_value', 'Unpicked Value')],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.order_no} · ${r.plu}`,
});

/** All Item: the period's products, ranked by what was sold. */
export const allItemView = defineResource<AllItemRow>({
  name: 'report-all-item',
  i18n: 'orders.reports.allItem',
  title: 'All Item',
  entries: ORDER_REPORT_ENTRIES.allItem,
  listQuery: allItemQuery,
  api: { list: orderReportsApi.allItem.list },
  export: orderReportsApi.allItem.export,
  search: 'Search PLU or product',
  filters: [orderFilter('store_code'), orderFilter('date_from'), orderFilter('status')],
  columns: [
    count('rank', 'Rank'),
    { key: 'plu', label: 'PLU', width: 110, sortable: true },
    { key: 'product_name', label: 'Product' },
    count('orders', 'Orders', { sortable: true }),
    count('quantity', 'Ordered', { sortable: true }),
    count('picked_quantity', 'Picked', { sortable: true }),
    count('unpicked_quantity', 'Unpicked', { sortable: true }),
    rupiah('amount', 'Sold Amount', { sortable: true, width: 170 }),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.plu} · ${r.product_name}`,
});

/** The years the recap offers: this one back to the first. */
export const thisYear = () => Number(jakartaDay(new Date()).slice(0, 4));
const recapYears = (): OptionSource => ({
  kind: 'static',
  options: Array.from({ length: Math.max(1, thisYear() - MONTHLY_RECAP_FIRST_YEAR + 1) }, (_, i) => ({ value: thisYear() - i, label: String(thisYear() - i) })),
});

/** Monthly Recap: per month and store of a year. */
export const monthlyRecapView = defineResource<MonthlyRecapRow>({
  name: 'report-monthly-recap',
  i18n: 'orders.reports.monthlyRecap',
  title: 'Monthly Recap',
  entries: ORDER_REPORT_ENTRIES.monthlyRecap,
  listQuery: monthlyRecapQuery,
  api: { list: orderReportsApi.monthlyRecap.list },
  export: orderReportsApi.monthlyRecap.export,
  filters: [{ kind: 'select', key: 'year', label: 'Year', options: recapYears(), width: 120 }, orderFilter('store_code')],
  columns: [
    { key: 'month', label: 'Month', kind: 'custom', component: MonthOf, sortable: true, width: 110 },
    store(true),
    count('orders', 'Orders', { sortable: true, width: 90 }),
    count('paid_orders', 'Paid Orders', { width: 90 }),
    rupiah('revenue', 'Revenue', { sortable: true }),
    count('cancelled_orders', 'Cancelled', { sortable: true, width: 100 }),
    count('unpicked_orders', 'Orders Picked Short', { width: 100 }),
    rupiah('unpicked_value', 'Unpicked Value', { sortable: true }),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.month} · ${r.store_code}`,
});
