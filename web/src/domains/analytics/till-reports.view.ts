import { z } from 'zod';
import {
  ALP_TRANSACTION_TYPE,
  alpListQuery,
  CHANNEL,
  freeGiftReportQuery,
  PROMO_TYPE,
  promoReportOption,
  promoReportQuery,
  TILL_REPORT_ENTRIES,
  tillReportsApi,
  type AlpDetail,
  type AlpRow,
  type FreeGiftHandoverRow,
  type PromoReportRow,
} from '@portal/contract';
import { enumOptions, remoteOptions, type OptionSource } from '../../ui/options.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import { defineResource, type ColumnDef, type FilterDef } from '../../ui/resource.ts';
import { AlpLines, AlpReceiptLink, GiftProgrammeLink, PercentOf, PromoDrill, PromoScope, TillStoreOf } from './TillReportCells.tsx';

/*
 * pandora's till reports as generic list views: filters and page in the URL (the Promo and Free Gift reports take no
 * sort and no search, as spec section 7 says), the rows read on the server, the export with the same filters for
 * whoever holds the entry's `export` right.
 */

const PERIOD: FilterDef = { kind: 'dateRange', from: 'from', to: 'to', label: 'Period' };
const STORES: FilterDef = { kind: 'text', key: 'store_code', label: 'Store Code (comma-separated)', width: 220 };
const REGION: FilterDef = { kind: 'select', key: 'province_code', label: 'Region', options: provinceOptions, width: 200 };

const count = <Row>(key: string, label: string, extra: Partial<ColumnDef<Row>> = {}): ColumnDef<Row> => ({ key, label, kind: 'number', width: 110, ...extra });
const rupiah = <Row>(key: string, label: string, extra: Partial<ColumnDef<Row>> = {}): ColumnDef<Row> => ({ key, label, kind: 'rupiah', width: 140, ...extra });
const store = <Row extends { store_code: string | null; store_name: string | null }>(): ColumnDef<Row> => ({ key: 'store', label: 'Store', kind: 'custom', component: TillStoreOf });

const departmentOptions: OptionSource = remoteOptions('alp-departments', tillReportsApi.alp.departments, z.string(), (d) => ({ value: d, label: d }));
const promoOptions: OptionSource = remoteOptions('promo-report-options', tillReportsApi.promo.options, promoReportOption, (p) => ({ value: p.id, label: `${p.code} · ${p.name}` }), { searchable: true });
const programmeOptions: OptionSource = remoteOptions('free-gift-report-options', tillReportsApi.freeGift.options, promoReportOption, (p) => ({ value: p.id, label: `${p.code} · ${p.name}` }), {
  searchable: true,
});
const VIEW_OPTIONS: OptionSource = {
  kind: 'static',
  options: [
    { value: 'promo', label: 'By promo', labelId: 'Per promo' },
    { value: 'store', label: 'By promo and store', labelId: 'Per promo dan toko' },
    { value: 'day', label: 'By promo and day', labelId: 'Per promo dan hari' },
  ],
};

/** ALP Report: the associates' staff purchases, each opening its receipt at `{transactionType}/{id}/detail`. */
export const alpReportView = defineResource<AlpRow, AlpDetail>({
  name: 'report-alp',
  i18n: 'analytics.tillReports.alp',
  title: 'ALP Report',
  entries: TILL_REPORT_ENTRIES.alp,
  listQuery: alpListQuery,
  api: { list: tillReportsApi.alp.list, get: tillReportsApi.alp.get },
  export: tillReportsApi.alp.export,
  filters: [
    PERIOD,
    STORES,
    { kind: 'select', key: 'department', label: 'Department', options: departmentOptions, width: 180 },
    { kind: 'text', key: 'employee_no', label: 'Employee No', width: 160 },
    { kind: 'select', key: 'transaction_type', label: 'Transaction Type', options: enumOptions(ALP_TRANSACTION_TYPE), width: 170 },
  ],
  columns: [
    { key: 'at', label: 'Date', kind: 'date', sortable: true },
    { key: 'receipt_no', label: 'Receipt No', kind: 'custom', component: AlpReceiptLink, width: 200 },
    store(),
    { key: 'employee_no', label: 'Employee No', width: 120 },
    { key: 'associate_name', label: 'Associate' },
    { key: 'department', label: 'Department', width: 120 },
    { key: 'transaction_type', label: 'Transaction Type', kind: 'status', enum: ALP_TRANSACTION_TYPE, width: 150 },
    rupiah('amount', 'Amount'),
    rupiah('discount', 'Staff Discount'),
    rupiah('quota', 'Monthly Quota', { defaultHidden: true }),
    rupiah('used', 'Used in Month'),
    { key: 'quota_used', label: 'Quota Used', kind: 'custom', component: PercentOf, width: 110 },
    rupiah('over_quota', 'Over Quota'),
  ],
  detail: [
    {
      key: 'purchase',
      title: 'Staff purchase',
      items: [
        { key: 'at', label: 'Date', kind: 'date' },
        { key: 'transaction_type', label: 'Transaction Type', kind: 'status', enum: ALP_TRANSACTION_TYPE },
        { key: 'store', label: 'Store', kind: 'custom', component: TillStoreOf },
        { key: 'channel', label: 'Channel', kind: 'status', enum: CHANNEL },
        { key: 'employee_no', label: 'Employee No' },
        { key: 'associate_name', label: 'Associate' },
        { key: 'department', label: 'Department' },
        { key: 'position', label: 'Position' },
      ],
    },
    {
      key: 'money',
      title: 'Amounts',
      items: [
        { key: 'amount', label: 'Amount', kind: 'rupiah' },
        { key: 'promo_discount', label: 'Promo Discounts', kind: 'rupiah' },
        { key: 'discount', label: 'Staff Discount', kind: 'rupiah' },
        { key: 'quota', label: 'Monthly Quota', kind: 'rupiah' },
        { key: 'used', label: 'Used in Month', kind: 'rupiah' },
        { key: 'quota_used', label: 'Quota Used', kind: 'custom', component: PercentOf },
        { key: 'over_quota', label: 'Over Quota', kind: 'rupiah' },
      ],
    },
    { key: 'lines', title: 'Receipt lines', component: AlpLines },
  ],
  rowActions: false,
  rowTitle: (r) => r.receipt_no,
});

/** Promo Report: per promo (or promo and store, or promo and day) over the period. */
export const promoReportView = defineResource<PromoReportRow>({
  name: 'report-promo',
  i18n: 'analytics.tillReports.promo',
  title: 'Promo Report',
  entries: TILL_REPORT_ENTRIES.promo,
  listQuery: promoReportQuery,
  api: { list: tillReportsApi.promo.list },
  export: tillReportsApi.promo.export,
  filters: [
    PERIOD,
    { kind: 'select', key: 'view', label: 'Rows', options: VIEW_OPTIONS, width: 190 },
    { kind: 'select', key: 'promo_id', label: 'Promo', options: promoOptions, width: 240 },
    STORES,
    REGION,
    { kind: 'select', key: 'channel', label: 'Channel', options: enumOptions(CHANNEL), width: 130 },
  ],
  columns: [
    { key: 'promo_code', label: 'Promo Code', kind: 'custom', component: PromoDrill, width: 160 },
    { key: 'promo_name', label: 'Promo' },
    { key: 'promo_type', label: 'Promo Type', kind: 'status', enum: PROMO_TYPE, width: 120 },
    { key: 'scope', label: 'Store / Day', kind: 'custom', component: PromoScope, width: 200 },
    count('transactions', 'Transactions'),
    count('quantity', 'Quantity'),
    rupiah('gross', 'Gross Sales'),
    rupiah('discount', 'Discount'),
    rupiah('net', 'Net Sales'),
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.promo_code,
});

/** Free Gift Report: the gifts handed over; a programme opens at `{id}/detail`. */
export const freeGiftReportView = defineResource<FreeGiftHandoverRow>({
  name: 'report-free-gift',
  i18n: 'analytics.tillReports.freeGift',
  title: 'Free Gift Report',
  entries: TILL_REPORT_ENTRIES.freeGift,
  listQuery: freeGiftReportQuery,
  api: { list: tillReportsApi.freeGift.list },
  export: tillReportsApi.freeGift.export,
  filters: [PERIOD, { kind: 'select', key: 'free_gift_id', label: 'Free Gift', options: programmeOptions, width: 260 }, STORES, REGION],
  columns: [
    { key: 'at', label: 'Date', kind: 'date' },
    { key: 'gift', label: 'Free Gift', kind: 'custom', component: GiftProgrammeLink, width: 220 },
    { key: 'plu', label: 'PLU', width: 110 },
    { key: 'product_name', label: 'Gift Product' },
    count('quantity', 'Quantity', { width: 90 }),
    { key: 'receipt_no', label: 'Receipt No', width: 190 },
    rupiah('receipt_amount', 'Receipt Amount'),
    store(),
    { key: 'consumer_name', label: 'Member' },
    { key: 'consumer_phone', label: 'Phone Number', width: 150 },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.gift_code} · ${r.receipt_no}`,
});
