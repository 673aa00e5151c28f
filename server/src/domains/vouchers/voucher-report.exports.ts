import { sql } from 'drizzle-orm';
import {
  VOUCHER_PAYMENT_METHOD,
  VOUCHER_REPORT_ENTRIES,
  jakartaDay,
  outstandingVoucherQuery,
  salesRedeemQuery,
  voucherRecapQuery,
  voucherRedeemQuery,
  voucherReportsApi,
  voucherSellingQuery,
  type ExportFormat,
} from '@portal/contract';
import { enumLabel, groupedExport, resourceExport, type ExportColumn, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { VoucherReportService } from './voucher-report.service.ts';

/** Spec section 9's e-voucher names: the prefix, an underscore and the Jakarta day of the download (`VoucherRecapReport_20261129.xlsx`). */
const dayStamped = (prefix: string) => (format: ExportFormat, at: Date) => `${prefix}_${jakartaDay(at).replaceAll('-', '')}.${format}`;

const PARTNER_PRODUCT_COLUMNS: readonly ExportColumn[] = [
  { key: 'partner_code', label: 'Partner Code' },
  { key: 'partner_name', label: 'Partner' },
  { key: 'voucher_code', label: 'Voucher Code' },
  { key: 'voucher_name', label: 'Voucher' },
];
const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });

/** The statements choose which side of the day totals to read from their first day (see outstandingAt). */
const readsDayTotals =
  (reports: VoucherReportService) =>
  async (_db: unknown, _q: unknown, viewer: ExportViewer): Promise<ExportViewer> => {
    await reports.prepare();
    return viewer;
  };

/**
 * The e-voucher reports' downloads (CSV, TXT, XLSX; large ones through the Download List), each with its screen's
 * filters and the `export` right on its entry. The Voucher Report's is the issued vouchers' export (voucher.exports.ts).
 */
export function voucherReportExports(reports: VoucherReportService): ModuleExport[] {
  const api = voucherReportsApi;
  const outstanding = groupedExport(reports.outstandingReport, {
    prepare: readsDayTotals(reports),
    name: 'OutstandingVoucherReport',
    fileName: dayStamped('OutstandingVoucherReport'),
    sheetName: 'Outstanding Vouchers',
    entries: VOUCHER_REPORT_ENTRIES.outstanding,
    listQuery: outstandingVoucherQuery,
    columns: [{ key: 'as_of', label: 'As Of', format: 'date' }, ...PARTNER_PRODUCT_COLUMNS, number('outstanding_count', 'Outstanding Vouchers'), money('outstanding_value', 'Outstanding Value')],
  });
  const salesRedeem = groupedExport(reports.salesRedeemReport, {
    prepare: readsDayTotals(reports),
    // The section 9 general pattern Export-{param}-{suffix}: `Export-sales_and_redeem_voucher_report_<YYYYMMDD_HHmmss>.<format>`.
    name: 'Export-sales_and_redeem_voucher_report',
    sheetName: 'Sales and Redeem Vouchers',
    entries: VOUCHER_REPORT_ENTRIES.salesRedeem,
    listQuery: salesRedeemQuery,
    columns: [
      { key: 'day', label: 'Date', format: 'date' },
      number('released_count', 'Vouchers Sold'),
      money('released_value', 'Sold Value'),
      number('used_count', 'Vouchers Redeemed'),
      money('used_value', 'Redeemed Value'),
    ],
  });
  const recap = groupedExport(reports.recapReport, {
    prepare: readsDayTotals(reports),
    name: 'VoucherRecapReport',
    fileName: dayStamped('VoucherRecapReport'),
    sheetName: 'Voucher Recap',
    entries: VOUCHER_REPORT_ENTRIES.recap,
    listQuery: voucherRecapQuery,
    columns: [
      ...PARTNER_PRODUCT_COLUMNS,
      number('released_count', 'Released'),
      money('released_value', 'Released Value'),
      number('used_count', 'Used'),
      money('used_value', 'Used Value'),
      number('expired_count', 'Expired'),
      money('expired_value', 'Expired Value'),
      number('outstanding_count', 'Outstanding at Period End'),
      money('outstanding_value', 'Outstanding Value at Period End'),
    ],
  });
  const redeem = resourceExport(reports.redeem.def, {
    name: 'VoucherRedeemReport',
    fileName: dayStamped('VoucherRedeemReport'),
    sheetName: 'Voucher Redemptions',
    entries: VOUCHER_REPORT_ENTRIES.redeem,
    listQuery: voucherRedeemQuery,
    // A used voucher's whole code is worth nothing more: the file carries it, to match the POS's own records.
    computed: () => sql`v.code as voucher_barcode`,
    columns: [
      { key: 'used_at', label: 'Used At (WIB)', format: 'datetime' },
      { key: 'store_code', label: 'Store Code' },
      { key: 'store_name', label: 'Store' },
      { key: 'voucher_barcode', label: 'Voucher Barcode' },
      { key: 'voucher_code', label: 'Voucher Code' },
      { key: 'voucher_name', label: 'Voucher' },
      money('denomination', 'Denomination'),
      { key: 'partner_name', label: 'Partner' },
      { key: 'order_number', label: 'Order Number' },
      { key: 'pos_transaction_no', label: 'POS Transaction' },
    ],
  });
  const selling = resourceExport(reports.selling.def, {
    // The section 9 general pattern: `Export-voucher_selling_report_<YYYYMMDD_HHmmss>.<format>`.
    name: 'Export-voucher_selling_report',
    sheetName: 'Voucher Selling',
    entries: VOUCHER_REPORT_ENTRIES.selling,
    listQuery: voucherSellingQuery,
    columns: [
      { key: 'order_number', label: 'Order Number' },
      { key: 'partner_code', label: 'Partner Code' },
      { key: 'partner_name', label: 'Partner' },
      { key: 'payment_method', label: 'Payment Method', format: enumLabel(VOUCHER_PAYMENT_METHOD) },
      number('voucher_count', 'Vouchers Ordered'),
      number('released_count', 'Vouchers Released'),
      money('total_amount', 'Total'),
      { key: 'payment_date', label: 'Payment Date', format: 'date' },
      { key: 'payment_ref', label: 'Payment Reference' },
      { key: 'receipt_no', label: 'Receipt Number' },
      { key: 'released_at', label: 'Released At (WIB)', format: 'datetime' },
    ],
  });
  return [
    { def: outstanding, endpoint: api.outstanding.export },
    { def: salesRedeem, endpoint: api.salesRedeem.export },
    { def: recap, endpoint: api.recap.export },
    { def: redeem, endpoint: api.redeem.export },
    { def: selling, endpoint: api.selling.export },
  ];
}
