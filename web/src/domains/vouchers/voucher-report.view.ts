import { createElement } from 'react';
import {
  VOUCHER_PAYMENT_METHOD,
  VOUCHER_REPORT_ENTRIES,
  VOUCHER_STATUS,
  outstandingVoucherQuery,
  salesRedeemQuery,
  voucherListQuery,
  voucherRecapQuery,
  voucherRedeemQuery,
  voucherReportOption,
  voucherReportsApi,
  voucherSellingQuery,
  vouchersListApi,
  type OutstandingVoucherRow,
  type SalesRedeemRow,
  type VoucherRecapRow,
  type VoucherRedeemRow,
  type VoucherRow,
  type VoucherSellingRow,
} from '@portal/contract';
import { dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource, type ColumnDef, type FilterDef } from '../../ui/resource.ts';

/*
 * pandora's E-voucher Reports as generic list views: filters, sort and page in the URL, the rows read on the server,
 * the export with the same filters for whoever holds the entry's `export` right. Rows open no record page.
 */

const optionOf = (o: { id: number; code: string; name: string }) => ({ value: o.id, label: `${o.code} · ${o.name}` });
/** Partners (inactive ones too: they have history), searched on the server; open to every report's viewers. */
const partnerOptions = remoteOptions('voucher-report-partner', voucherReportsApi.partnerOptions, voucherReportOption, optionOf, { searchable: true });
const storeOptions = remoteOptions('voucher-report-store', voucherReportsApi.storeOptions, voucherReportOption, optionOf, { searchable: true });

const partnerFilter: FilterDef = { kind: 'select', key: 'partner_id', label: 'Partner', options: partnerOptions, width: 260 };
const periodFilter = (label: string): FilterDef => ({ kind: 'dateRange', from: 'date_from', to: 'date_until', label });

/** A cell of two fields of the row: `code · name`. */
function pair<Row extends object>(key: string, label: string, code: keyof Row & string, name: keyof Row & string, extra: Partial<ColumnDef<Row>> = {}): ColumnDef<Row> {
  const Pair = ({ row }: { row: Row }) => createElement('span', null, [row[code], row[name]].filter((v) => v !== null && v !== undefined && v !== '').join(' · ') || '-');
  return { key, label, kind: 'custom', component: Pair, ...extra };
}
const partnerColumn = <Row extends { partner_code: string; partner_name: string }>() => pair<Row>('partner', 'Partner', 'partner_code', 'partner_name');
const countColumn = <Row>(key: string, label: string, sortable = false): ColumnDef<Row> => ({ key, label, kind: 'number', width: 120, sortable });
const valueColumn = <Row>(key: string, label: string, sortable = false): ColumnDef<Row> => ({ key, label, kind: 'rupiah', width: 170, sortable });

/** Voucher Report: the issued vouchers, codes masked, with their status today (the export holds the whole codes). */
export const voucherReportView = defineResource<VoucherRow>({
  name: 'voucher-report',
  i18n: 'voucher.report',
  title: 'Voucher Report',
  entries: VOUCHER_REPORT_ENTRIES.voucher,
  listQuery: voucherListQuery,
  api: { list: vouchersListApi.list },
  export: vouchersListApi.export,
  filters: [partnerFilter, { kind: 'select', key: 'status', label: 'Status', options: enumOptions(VOUCHER_STATUS), width: 150 }, periodFilter('Release Date')],
  columns: [
    { key: 'masked_code', label: 'Voucher Barcode', width: 200 },
    { key: 'voucher_name', label: 'Voucher' },
    { key: 'denomination', label: 'Denomination', kind: 'rupiah', sortable: true, width: 150 },
    { key: 'partner_name', label: 'Partner' },
    { key: 'order_number', label: 'Order Number', width: 200 },
    { key: 'released_at', label: 'Released At', kind: 'date', sortable: true },
    dayDisplay<VoucherRow>('valid_until', 'Valid Until'),
    { key: 'status', label: 'Status', kind: 'status', enum: VOUCHER_STATUS, width: 120 },
    { key: 'used_at', label: 'Used At', kind: 'date', sortable: true },
    { key: 'used_store_code', label: 'Store', width: 110 },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.masked_code,
});

/** Outstanding Voucher Report: what the chain still owes in vouchers at the end of a day, per partner and product. */
export const outstandingVoucherView = defineResource<OutstandingVoucherRow>({
  name: 'outstanding-voucher-report',
  i18n: 'voucher.outstanding',
  title: 'Outstanding Voucher Report',
  entries: VOUCHER_REPORT_ENTRIES.outstanding,
  listQuery: outstandingVoucherQuery,
  api: { list: voucherReportsApi.outstanding.list },
  export: voucherReportsApi.outstanding.export,
  filters: [{ kind: 'date', key: 'as_of', label: 'As Of' }, partnerFilter],
  columns: [
    pair<OutstandingVoucherRow>('partner_name', 'Partner', 'partner_code', 'partner_name', { sortable: true }),
    pair<OutstandingVoucherRow>('voucher_name', 'Voucher', 'voucher_code', 'voucher_name', { sortable: true }),
    countColumn('outstanding_count', 'Outstanding Vouchers', true),
    valueColumn('outstanding_value', 'Outstanding Value', true),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.partner_name} · ${r.voucher_name}`,
});

/** Sales and Redeem Voucher Report: each day of the period, sold (released) and redeemed (used). */
export const salesRedeemView = defineResource<SalesRedeemRow>({
  name: 'sales-and-redeem-voucher-report',
  i18n: 'voucher.salesRedeem',
  title: 'Sales and Redeem Voucher Report',
  entries: VOUCHER_REPORT_ENTRIES.salesRedeem,
  listQuery: salesRedeemQuery,
  api: { list: voucherReportsApi.salesRedeem.list },
  export: voucherReportsApi.salesRedeem.export,
  filters: [partnerFilter, periodFilter('Date')],
  columns: [
    dayDisplay<SalesRedeemRow>('day', 'Date', { sortable: true }),
    countColumn('released_count', 'Vouchers Sold'),
    valueColumn('released_value', 'Sold Value'),
    countColumn('used_count', 'Vouchers Redeemed'),
    valueColumn('used_value', 'Redeemed Value'),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.day,
});

/** Recap Voucher Report: per partner and product, the period's flows and the outstanding at its end. */
export const voucherRecapView = defineResource<VoucherRecapRow>({
  name: 'recap-voucher-report',
  i18n: 'voucher.recap',
  title: 'Recap Voucher Report',
  entries: VOUCHER_REPORT_ENTRIES.recap,
  listQuery: voucherRecapQuery,
  api: { list: voucherReportsApi.recap.list },
  export: voucherReportsApi.recap.export,
  filters: [partnerFilter, periodFilter('Date')],
  columns: [
    pair<VoucherRecapRow>('partner_name', 'Partner', 'partner_code', 'partner_name', { sortable: true }),
    pair<VoucherRecapRow>('voucher_name', 'Voucher', 'voucher_code', 'voucher_name', { sortable: true }),
    countColumn('released_count', 'Released'),
    valueColumn('released_value', 'Released Value', true),
    countColumn('used_count', 'Used'),
    valueColumn('used_value', 'Used Value', true),
    countColumn('expired_count', 'Expired'),
    valueColumn('expired_value', 'Expired Value', true),
    countColumn('outstanding_count', 'Outstanding at Period End'),
    valueColumn('outstanding_value', 'Outstanding Value at Period End', true),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.partner_name} · ${r.voucher_name}`,
});

/** Voucher Redeem Report (voucher-usage-report): the vouchers used at stores in the period. */
export const voucherRedeemView = defineResource<VoucherRedeemRow>({
  name: 'voucher-usage-report',
  i18n: 'voucher.redeem',
  title: 'Voucher Redeem Report',
  entries: VOUCHER_REPORT_ENTRIES.redeem,
  listQuery: voucherRedeemQuery,
  api: { list: voucherReportsApi.redeem.list },
  export: voucherReportsApi.redeem.export,
  filters: [partnerFilter, { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, width: 240 }, periodFilter('Redeem Date')],
  columns: [
    { key: 'used_at', label: 'Used At', kind: 'date', sortable: true },
    pair<VoucherRedeemRow>('store', 'Store', 'store_code', 'store_name'),
    { key: 'masked_code', label: 'Voucher Barcode', width: 200 },
    pair<VoucherRedeemRow>('voucher', 'Voucher', 'voucher_code', 'voucher_name'),
    valueColumn('denomination', 'Denomination'),
    { key: 'partner_name', label: 'Partner' },
    { key: 'order_number', label: 'Order Number', width: 200 },
    { key: 'pos_transaction_no', label: 'POS Transaction' },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.masked_code,
});

/** Voucher Selling Report: the orders whose vouchers were released in the period. */
export const voucherSellingView = defineResource<VoucherSellingRow>({
  name: 'voucher-selling-report',
  i18n: 'voucher.selling',
  title: 'Voucher Selling Report',
  entries: VOUCHER_REPORT_ENTRIES.selling,
  listQuery: voucherSellingQuery,
  api: { list: voucherReportsApi.selling.list },
  export: voucherReportsApi.selling.export,
  filters: [
    partnerFilter,
    { kind: 'select', key: 'payment_method', label: 'Payment Method', options: enumOptions(VOUCHER_PAYMENT_METHOD), width: 170 },
    periodFilter('Release Date'),
  ],
  columns: [
    { key: 'order_number', label: 'Order Number', width: 200 },
    partnerColumn<VoucherSellingRow>(),
    { key: 'payment_method', label: 'Payment Method', kind: 'status', enum: VOUCHER_PAYMENT_METHOD, width: 140 },
    countColumn('voucher_count', 'Vouchers Ordered'),
    countColumn('released_count', 'Vouchers Released'),
    valueColumn('total_amount', 'Total'),
    dayDisplay<VoucherSellingRow>('payment_date', 'Payment Date'),
    { key: 'receipt_no', label: 'Receipt Number', width: 190 },
    { key: 'released_at', label: 'Released At', kind: 'date', sortable: true },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.order_number,
});

