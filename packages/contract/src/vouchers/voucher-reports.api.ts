import { z } from 'zod';
import { endpoint, exportEndpoint, page } from '../common/endpoint.ts';
import {
  ALL_VOUCHER_REPORT_ENTRIES,
  VOUCHER_REPORT_ENTRIES,
  outstandingVoucherQuery,
  outstandingVoucherRow,
  outstandingVoucherTotals,
  outstandingVoucherTotalsQuery,
  salesRedeemQuery,
  salesRedeemRow,
  voucherFlowQuery,
  voucherFlowTotals,
  voucherRecapQuery,
  voucherRecapRow,
  voucherRedeemQuery,
  voucherRedeemRow,
  voucherRedeemTotals,
  voucherRedeemTotalsQuery,
  voucherReportOption,
  voucherReportOptionsQuery,
  voucherSellingQuery,
  voucherSellingRow,
  voucherSellingTotals,
  voucherSellingTotalsQuery,
} from './voucher-report.schema.ts';

const TAG = 'voucher reports';
const viewOf = (entries: readonly string[]) => ({ entries, action: 'view' as const });

/** A report's page of rows at `path` (its URL segment is its menu entry's word), viewable under its entry. */
const reportList = <const P extends string, Q extends z.ZodObject, R extends z.ZodType>(path: P, entries: readonly string[], query: Q, row: R, summary: string) =>
  endpoint({ id: `${path}.list`, method: 'GET', path, tag: TAG, summary, access: viewOf(entries), query, data: page(row) });

const outstandingList = reportList(
  'outstanding-voucher-report',
  VOUCHER_REPORT_ENTRIES.outstanding,
  outstandingVoucherQuery,
  outstandingVoucherRow,
  'Vouchers issued and neither used nor expired at the end of a Jakarta day (as_of, default today), per partner and voucher product',
);
const salesRedeemList = reportList(
  'sales-and-redeem-voucher-report',
  VOUCHER_REPORT_ENTRIES.salesRedeem,
  salesRedeemQuery,
  salesRedeemRow,
  'Vouchers sold (released) and redeemed (used at a store) on each Jakarta day of a period (default this month), every day listed',
);
const recapList = reportList(
  'recap-voucher-report',
  VOUCHER_REPORT_ENTRIES.recap,
  voucherRecapQuery,
  voucherRecapRow,
  'Per partner and voucher product: released, used and expired in a period (default this month) and outstanding at its end',
);
const redeemList = reportList(
  'voucher-usage-report',
  VOUCHER_REPORT_ENTRIES.redeem,
  voucherRedeemQuery,
  voucherRedeemRow,
  'The vouchers used at stores in a period (default this month), codes masked; filters partner and store',
);
const sellingList = reportList(
  'voucher-selling-report',
  VOUCHER_REPORT_ENTRIES.selling,
  voucherSellingQuery,
  voucherSellingRow,
  'The voucher orders released in a period (default this month, by the day their vouchers were released); filters partner and payment method',
);

/** pandora's E-voucher Reports (the Voucher Report's rows are `vouchersListApi`; Check Voucher Status is `voucherStatusApi`). */
export const voucherReportsApi = {
  partnerOptions: endpoint({
    id: 'voucher-reports.partner-options',
    method: 'GET',
    path: 'voucher-reports/partner-options',
    tag: TAG,
    summary: 'Partners (inactive ones too) for the reports’ partner filter, searched by code or name',
    access: viewOf(ALL_VOUCHER_REPORT_ENTRIES),
    query: voucherReportOptionsQuery,
    data: z.array(voucherReportOption),
  }),
  storeOptions: endpoint({
    id: 'voucher-reports.store-options',
    method: 'GET',
    path: 'voucher-reports/store-options',
    tag: TAG,
    summary: 'Stores for the Voucher Redeem Report’s store filter, searched by code or name',
    access: viewOf(VOUCHER_REPORT_ENTRIES.redeem),
    query: voucherReportOptionsQuery,
    data: z.array(voucherReportOption),
  }),
  /** The Voucher Report's summary, the Sales and Redeem report's and the Recap's totals: one computation, three entries. */
  flowTotals: endpoint({
    id: 'voucher-reports.flow-totals',
    method: 'GET',
    path: 'voucher-reports/flow-totals',
    tag: TAG,
    summary: 'Vouchers released, used and expired on the days of a period (each by the day it happened) and outstanding at its end, from the day totals',
    access: viewOf([...VOUCHER_REPORT_ENTRIES.voucher, ...VOUCHER_REPORT_ENTRIES.salesRedeem, ...VOUCHER_REPORT_ENTRIES.recap]),
    query: voucherFlowQuery,
    data: voucherFlowTotals,
  }),
  outstanding: {
    list: outstandingList,
    totals: endpoint({
      id: 'outstanding-voucher-report.totals',
      method: 'GET',
      path: 'outstanding-voucher-report/totals',
      tag: TAG,
      summary: 'The Outstanding Voucher Report’s grand totals and the day they are counted at',
      access: viewOf(VOUCHER_REPORT_ENTRIES.outstanding),
      query: outstandingVoucherTotalsQuery,
      data: outstandingVoucherTotals,
    }),
    export: exportEndpoint(outstandingList, VOUCHER_REPORT_ENTRIES.outstanding, 'the Outstanding Voucher Report (OutstandingVoucherReport_<YYYYMMDD>)'),
  },
  salesRedeem: {
    list: salesRedeemList,
    export: exportEndpoint(salesRedeemList, VOUCHER_REPORT_ENTRIES.salesRedeem, 'the Sales and Redeem Voucher Report'),
  },
  recap: {
    list: recapList,
    export: exportEndpoint(recapList, VOUCHER_REPORT_ENTRIES.recap, 'the Recap Voucher Report (VoucherRecapReport_<YYYYMMDD>)'),
  },
  redeem: {
    list: redeemList,
    totals: endpoint({
      id: 'voucher-usage-report.totals',
      method: 'GET',
      path: 'voucher-usage-report/totals',
      tag: TAG,
      summary: 'The Voucher Redeem Report’s totals, in all and per store, from the day totals',
      access: viewOf(VOUCHER_REPORT_ENTRIES.redeem),
      query: voucherRedeemTotalsQuery,
      data: voucherRedeemTotals,
    }),
    export: exportEndpoint(redeemList, VOUCHER_REPORT_ENTRIES.redeem, 'the Voucher Redeem Report with whole codes (VoucherRedeemReport_<YYYYMMDD>)'),
  },
  selling: {
    list: sellingList,
    totals: endpoint({
      id: 'voucher-selling-report.totals',
      method: 'GET',
      path: 'voucher-selling-report/totals',
      tag: TAG,
      summary: 'The Voucher Selling Report’s totals: orders, vouchers released and amount',
      access: viewOf(VOUCHER_REPORT_ENTRIES.selling),
      query: voucherSellingTotalsQuery,
      data: voucherSellingTotals,
    }),
    export: exportEndpoint(sellingList, VOUCHER_REPORT_ENTRIES.selling, 'the Voucher Selling Report'),
  },
};
