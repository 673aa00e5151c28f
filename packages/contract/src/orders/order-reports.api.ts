import { z } from 'zod';
import { endpoint, entriesPermission, exportEndpoint, page, resourceApi } from '../common/endpoint.ts';
import {
  ORDER_REPORT_ENTRIES as E,
  allItemQuery,
  allItemRow,
  allTransactionsQuery,
  detailTransactionQuery,
  disbursementQuery,
  disbursementRow,
  disbursementTotals,
  disbursementTotalsQuery,
  monthlyRecapQuery,
  monthlyRecapRow,
  monthlyRecapTotals,
  monthlyRecapTotalsQuery,
  orderLineRow,
  unpickQuery,
  unpickTotals,
  unpickTotalsQuery,
} from './order-report.schema.ts';
import { orderDetail, orderRow } from './order.schema.ts';

const TAG = 'order reports';

/** A report's page of rows at `report/<name>` (its menu entry's route word), viewable under its entry. */
const reportList = <const P extends string, Q extends z.ZodObject, R extends z.ZodType>(path: P, entries: readonly string[], query: Q, row: R, summary: string) =>
  endpoint({ id: `${path.replace('/', '-')}.list`, method: 'GET', path, tag: TAG, summary, access: entriesPermission(path, entries, 'view'), query, data: page(row) });

/** A report's totals over its filters (not only the page), at `report/<name>/totals`. */
const reportTotals = <const P extends string, Q extends z.ZodType, D extends z.ZodType>(path: P, entries: readonly string[], query: Q, data: D, summary: string) =>
  endpoint({ id: `${path.replace('/', '-')}.totals`, method: 'GET', path: `${path}/totals`, tag: TAG, summary, access: entriesPermission(path, entries, 'view'), query, data });

const allTransactions = resourceApi({
  name: 'report-all-transactions',
  path: 'report/all-transactions',
  tag: TAG,
  label: 'order',
  entries: E.allTransactions,
  row: orderRow,
  detail: orderDetail,
  listQuery: allTransactionsQuery,
});
const detailTransactionList = reportList(
  'report/detail-transaction',
  E.detailTransaction,
  detailTransactionQuery,
  orderLineRow,
  'One row an order line of the orders placed in a period (default this month): ordered, picked and unpicked, price and amount',
);
const disbursementList = reportList(
  'report/disbursement',
  E.disbursement,
  disbursementQuery,
  disbursementRow,
  'The delivered orders placed in a period (default this month): what each paid, what is owed back for lines picked short, and the rest, due to its store',
);
const unpickList = reportList(
  'report/unpick',
  E.unpick,
  unpickQuery,
  orderLineRow,
  'The order lines picked short, of the orders placed in a period (default this month), with their reason',
);
const allItemList = reportList(
  'report/all-item',
  E.allItem,
  allItemQuery,
  allItemRow,
  'Per product, the lines of the paid orders placed in a period (default this month): ordered, picked, unpicked and sold, ranked by what was sold',
);
const monthlyRecapList = reportList(
  'report/monthly-recap',
  E.monthlyRecap,
  monthlyRecapQuery,
  monthlyRecapRow,
  'Per month and store of a year (default this year): orders, paid orders, revenue, cancelled orders and the value of lines picked short',
);

/** pandora's order Reports: read-only, each under its own menu entry; the cms order actions stay Order Management's. */
export const orderReportsApi = {
  allTransactions: {
    ...allTransactions,
    export: exportEndpoint(allTransactions.list, E.allTransactions, 'every order of the period (All transaction Report)'),
  },
  detailTransaction: {
    list: detailTransactionList,
    export: exportEndpoint(detailTransactionList, E.detailTransaction, 'the order lines of the period (Export-detail_transaction_<YYYYMMDD_HHmmss>)'),
  },
  disbursement: {
    list: disbursementList,
    totals: reportTotals('report/disbursement', E.disbursement, disbursementTotalsQuery, disbursementTotals, 'The delivered orders’ totals over the filters'),
    export: exportEndpoint(disbursementList, E.disbursement, 'the delivered orders of the period (Disbursement Report - <YYYY-MM-DD>)'),
  },
  unpick: {
    list: unpickList,
    totals: reportTotals('report/unpick', E.unpick, unpickTotalsQuery, unpickTotals, 'The lines picked short over the filters, in all and per reason'),
    export: exportEndpoint(unpickList, E.unpick, 'the order lines picked short (Export-unpick_<YYYYMMDD_HHmmss>)'),
  },
  allItem: {
    list: allItemList,
    export: exportEndpoint(allItemList, E.allItem, 'the products of the period, ranked (Export-all_item_<YYYYMMDD_HHmmss>)'),
  },
  monthlyRecap: {
    list: monthlyRecapList,
    totals: reportTotals('report/monthly-recap', E.monthlyRecap, monthlyRecapTotalsQuery, monthlyRecapTotals, 'The year’s figures over the store filter'),
    export: exportEndpoint(monthlyRecapList, E.monthlyRecap, 'the months and stores of the year (Export Monthly Recap)'),
  },
};
