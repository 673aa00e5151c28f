import { createElement } from 'react';
import {
  ACTIVE_STATUS,
  voucherProductCreateBody,
  voucherProductListQuery,
  voucherProductsApi,
  voucherProductUpdateBody,
  type VoucherProductDetail,
  type VoucherProductRow,
} from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { StoreScope } from '../../ui/StoreScope.tsx';
import { storePicker } from '../catalog/ecommerce.pickers.ts';

const Stores = ({ row }: { row: VoucherProductDetail }) => createElement(StoreScope, { stores: row.stores });

/** cms Voucher digital, Voucher Management: the voucher products business clients order, their value, validity, terms and stores. */
export const voucherProductView = defineResource<VoucherProductRow, VoucherProductDetail>({
  name: 'voucher-product',
  i18n: 'voucher.product',
  title: 'Voucher',
  entries: ['cms.voucher-digital/voucher-management'],
  listQuery: voucherProductListQuery,
  api: voucherProductsApi,
  search: 'Search name or voucher code',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 }],
  columns: [
    { key: 'voucher_code', label: 'Voucher Code', sortable: true, width: 150 },
    { key: 'name', label: 'Name', link: true, sortable: true },
    { key: 'denomination', label: 'Denomination', kind: 'rupiah', sortable: true, width: 150 },
    { key: 'validity_days', label: 'Validity (days)', kind: 'number', sortable: true, width: 130 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: voucherProductCreateBody,
    update: voucherProductUpdateBody,
    fields: [
      { name: 'voucher_code', label: 'Voucher Code', input: 'text', placeholder: 'EV100K', help: 'Letters, digits, dot, dash and underscore; saved in capitals' },
      { name: 'name', label: 'Name', input: 'text', placeholder: 'E-Voucher Belanja Rp 100.000' },
      { name: 'denomination', label: 'Denomination', input: 'rupiah', help: 'What one voucher is worth at the till: Rp 10.000 to Rp 10.000.000, in whole thousands' },
      { name: 'validity_days', label: 'Validity (days)', input: 'number', help: 'Counted from the day a voucher is released, that day included' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'terms', label: 'Terms & Conditions', input: 'textarea', help: 'Printed with every voucher' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'store_ids', label: 'Stores', input: 'custom', component: storePicker, help: 'Where it is redeemed; empty: every store' },
    ],
    fromDetail: (p) => ({
      voucher_code: p.voucher_code,
      name: p.name,
      denomination: p.denomination,
      validity_days: p.validity_days,
      status: p.status,
      terms: p.terms,
      description: p.description ?? '',
      store_ids: p.stores.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` })),
    }),
    toBody: (v) => ({ ...v, store_ids: pickedIds(v.store_ids) }),
  },
  detail: [
    {
      key: 'general',
      title: 'Voucher',
      items: [
        { key: 'voucher_code', label: 'Voucher Code' },
        { key: 'name', label: 'Name' },
        { key: 'denomination', label: 'Denomination', kind: 'rupiah' },
        { key: 'validity_days', label: 'Validity (days)', kind: 'number' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'terms', label: 'Terms & Conditions' },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'stores', title: 'Stores', component: Stores },
  ],
  rowTitle: (r) => `${r.voucher_code} · ${r.name}`,
});
