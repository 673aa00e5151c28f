import {
  VOUCHER_USED_LOG_ENTRIES,
  voucherUsedLogListQuery,
  voucherUsedLogOption,
  voucherUsedLogsApi,
  type VoucherUsedLogDetail,
  type VoucherUsedLogRow,
} from '@portal/contract';
import { createElement } from 'react';
import { remoteOptions } from '../../ui/options.ts';
import { defineResource, type DisplayDef } from '../../ui/resource.ts';
import { RedemptionConsumerCell, RedemptionLinks } from './HeimdalLogLinks.tsx';

const optionOf = (o: { id: number; code: string; name: string }) => ({ value: o.id, label: `${o.code} · ${o.name}` });
const storeOptions = remoteOptions('voucher-used-log-store', voucherUsedLogsApi.stores, voucherUsedLogOption, optionOf, { searchable: true });
const partnerOptions = remoteOptions('voucher-used-log-partner', voucherUsedLogsApi.partners, voucherUsedLogOption, optionOf, { searchable: true });

const Voucher = ({ row }: { row: VoucherUsedLogRow }) => createElement('span', null, `${row.voucher_code} · ${row.voucher_name}`);
const Store = ({ row }: { row: VoucherUsedLogRow }) => createElement('span', null, `${row.store_code} · ${row.store_name}`);
const Partner = ({ row }: { row: VoucherUsedLogRow }) => createElement('span', null, `${row.partner_code} · ${row.partner_name}`);

/** What a redemption shows above each of its three pages. */
export const REDEMPTION_ITEMS: readonly DisplayDef<VoucherUsedLogDetail>[] = [
  { key: 'used_at', label: 'Used At', kind: 'date' },
  { key: 'masked_code', label: 'Voucher Barcode' },
  { key: 'voucher', label: 'Voucher', kind: 'custom', component: Voucher },
  { key: 'denomination', label: 'Amount', kind: 'rupiah' },
  { key: 'store', label: 'Store', kind: 'custom', component: Store },
  { key: 'order_number', label: 'Order Number' },
  { key: 'pos_transaction_no', label: 'POS Transaction' },
  { key: 'consumer_name', label: 'Consumer' },
];

/**
 * heimdal Voucher Used Log: every e-voucher redemption, newest first, with the period, store, partner and consumer in
 * the URL; the code masked as the vouchers domain masks it (the export has it whole); from each, its consumer, its order
 * and receipt, and its voucher.
 */
export const voucherUsedLogView = defineResource<VoucherUsedLogRow, VoucherUsedLogDetail>({
  name: 'voucher-used-log',
  i18n: 'heimdal.voucherUsed',
  title: 'Voucher Used Log',
  entries: VOUCHER_USED_LOG_ENTRIES,
  listQuery: voucherUsedLogListQuery,
  api: voucherUsedLogsApi,
  export: voucherUsedLogsApi.export,
  search: 'Voucher barcode, POS transaction or order number',
  filters: [
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Used At' },
    { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, width: 220 },
    { kind: 'select', key: 'partner_id', label: 'Partner', options: partnerOptions, width: 240 },
    { kind: 'text', key: 'consumer_id', label: 'Consumer ID', width: 130 },
  ],
  columns: [
    { key: 'used_at', label: 'Used At', kind: 'date', sortable: true, width: 190 },
    { key: 'masked_code', label: 'Voucher Barcode', width: 190 },
    { key: 'voucher', label: 'Voucher', kind: 'custom', component: Voucher },
    { key: 'denomination', label: 'Amount', kind: 'rupiah', width: 130 },
    { key: 'consumer', label: 'Consumer', kind: 'custom', component: RedemptionConsumerCell },
    { key: 'consumer_phone', label: 'Phone', width: 150, defaultHidden: true },
    { key: 'order_number', label: 'Order Number', width: 190 },
    { key: 'pos_transaction_no', label: 'POS Transaction', width: 170 },
    { key: 'store', label: 'Store', kind: 'custom', component: Store },
    { key: 'partner', label: 'Partner', kind: 'custom', component: Partner, defaultHidden: true },
    { key: 'pages', label: 'Details', kind: 'custom', component: RedemptionLinks, fixed: 'right', width: 120 },
  ],
  detail: [{ key: 'redemption', title: 'Redemption', items: REDEMPTION_ITEMS }],
  rowTitle: (r) => `${r.masked_code} · ${r.voucher_name}`,
  rowActions: false,
});
