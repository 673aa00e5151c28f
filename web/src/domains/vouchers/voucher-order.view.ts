import { createElement, lazy, Suspense } from 'react';
import {
  VOUCHER_ORDER_STATUS,
  VOUCHER_PAYMENT_METHOD,
  partnerRow,
  partnersApi,
  voucherOrderCreateBody,
  voucherOrderListQuery,
  voucherOrdersApi,
  type VoucherOrderDetail,
  type VoucherOrderRow,
} from '@portal/contract';
import { dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { pickedId, remoteSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { VoucherLinesInput, type VoucherLine } from './VoucherLinesInput.tsx';
import { VoucherOrderActions } from './VoucherOrderActions.tsx';
import { VoucherOrderDocumentLinks } from './VoucherOrderDocumentLinks.tsx';
import { VoucherOrderTimeline } from './VoucherOrderTimeline.tsx';
import { OrderVouchers } from './OrderVouchers.tsx';

/** The client an order is for: active partners by code or name, searched on the server. */
const partnerPicker = remoteSelect({
  resource: 'partner',
  endpoint: partnersApi.list,
  row: partnerRow.pick({ id: true, partner_code: true, name: true }),
  toOption: (p) => ({ value: p.id, label: `${p.partner_code} · ${p.name}` }),
  query: { status: 1, sort_by: 'name', sort_dir: 'asc' },
  placeholder: 'Type a partner code or name',
});

const PartnerOf = ({ row }: { row: VoucherOrderRow }) => createElement('span', null, `${row.partner_code} · ${row.partner_name}`);
// The detail's items (with the release progress and the quantity editor) load with the detail, not with the list.
const VoucherOrderItems = lazy(async () => ({ default: (await import('./VoucherOrderItems.tsx')).VoucherOrderItems }));
const Items = ({ row }: { row: VoucherOrderDetail }) => createElement(Suspense, { fallback: null }, createElement(VoucherOrderItems, { row }));
/** One field of the order's client as a detail item. */
const partnerItem = (key: keyof VoucherOrderDetail['partner'], label: string) => ({
  key: `partner_${key}`,
  label,
  kind: 'custom' as const,
  component: ({ row }: { row: VoucherOrderDetail }) => createElement('span', null, row.partner[key] ?? '-'),
});
const Contact = ({ row }: { row: VoucherOrderDetail }) => createElement('span', null, `${row.partner.contact_name} · ${row.partner.contact_email} · ${row.partner.contact_phone}`);

/**
 * cms Voucher digital, Order Voucher Management: clients' orders of vouchers with their status in the URL-kept filters;
 * placing one for a client (lines of voucher products and quantities, by transfer or on credit); the detail with the
 * client, lines (release amounts editable before release), payment, timeline and the moves the state allows.
 */
export const voucherOrderView = defineResource<VoucherOrderRow, VoucherOrderDetail>({
  name: 'voucher-order',
  i18n: 'voucher.order',
  title: 'Voucher Order',
  entries: ['cms.voucher-digital/order-voucher-management'],
  listQuery: voucherOrderListQuery,
  api: voucherOrdersApi,
  search: 'Order number or partner',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(VOUCHER_ORDER_STATUS), width: 220 },
    { kind: 'select', key: 'payment_method', label: 'Payment Method', options: enumOptions(VOUCHER_PAYMENT_METHOD), width: 160 },
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Order Date' },
  ],
  columns: [
    { key: 'order_number', label: 'Order Number', link: true, sortable: true, width: 200 },
    { key: 'created_at', label: 'Order Date', kind: 'date', sortable: true },
    { key: 'partner', label: 'Partner', kind: 'custom', component: PartnerOf },
    { key: 'status', label: 'Status', kind: 'status', enum: VOUCHER_ORDER_STATUS, width: 190 },
    { key: 'payment_method', label: 'Payment Method', kind: 'status', enum: VOUCHER_PAYMENT_METHOD, width: 140 },
    { key: 'voucher_count', label: 'Vouchers', kind: 'number', width: 110 },
    { key: 'total_amount', label: 'Total', kind: 'rupiah', sortable: true, width: 160 },
    { key: 'released_count', label: 'Released', kind: 'number', width: 110, defaultHidden: true },
    { key: 'created_by_name', label: 'Placed By', defaultHidden: true },
  ],
  form: {
    create: voucherOrderCreateBody,
    fields: [
      { name: 'partner_id', label: 'Partner', input: 'custom', component: partnerPicker, help: 'An active partner with a cooperation period covering today' },
      { name: 'payment_method', label: 'Payment Method', input: 'select', options: enumOptions(VOUCHER_PAYMENT_METHOD), help: 'On credit, the order must fit within the partner’s available credit' },
      { name: 'items', label: 'Vouchers', input: 'custom', component: VoucherLinesInput, wide: true },
      { name: 'note', label: 'Note', input: 'textarea', wide: true },
    ],
    toBody: (v) => ({
      ...v,
      partner_id: pickedId(v.partner_id),
      items: (Array.isArray(v.items) ? (v.items as VoucherLine[]) : []).map((l) => ({ voucher_product_id: l.voucher_product_id, quantity: l.quantity ?? undefined })),
    }),
  },
  detail: [
    {
      key: 'order',
      title: 'Order',
      items: [
        { key: 'order_number', label: 'Order Number' },
        { key: 'status', label: 'Status', kind: 'status', enum: VOUCHER_ORDER_STATUS },
        { key: 'payment_method', label: 'Payment Method', kind: 'status', enum: VOUCHER_PAYMENT_METHOD },
        { key: 'total_amount', label: 'Total', kind: 'rupiah' },
        { key: 'voucher_count', label: 'Vouchers', kind: 'number' },
        { key: 'note', label: 'Note' },
        { key: 'reason', label: 'Reason' },
        { key: 'created_by_name', label: 'Placed By' },
        { key: 'created_at', label: 'Order Date', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    {
      key: 'partner',
      title: 'Partner',
      items: [
        { key: 'partner_code', label: 'Partner Code' },
        partnerItem('name', 'Company'),
        partnerItem('npwp', 'NPWP'),
        partnerItem('email', 'E-mail'),
        partnerItem('address', 'Address'),
        partnerItem('phone', 'Phone'),
        { key: 'contact', label: 'Contact Person', kind: 'custom', component: Contact },
      ],
    },
    {
      key: 'payment',
      title: 'Payment',
      items: [
        { key: 'payment_ref', label: 'Transfer Reference' },
        { key: 'payment_amount', label: 'Amount Received', kind: 'rupiah' },
        dayDisplay<VoucherOrderDetail>('payment_date', 'Payment Date'),
        { key: 'released_at', label: 'Released At', kind: 'date' },
      ],
    },
    { key: 'items', title: 'Vouchers', component: Items },
    { key: 'documents', title: 'Documents', component: VoucherOrderDocumentLinks },
    { key: 'vouchers', title: 'Issued Vouchers', component: OrderVouchers },
    { key: 'timeline', title: 'Timeline', component: VoucherOrderTimeline },
  ],
  detailActions: VoucherOrderActions,
  rowTitle: (r) => r.order_number,
});
