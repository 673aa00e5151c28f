import { DIGITAL_PRODUCT_TYPE, MOBILE_OPERATOR, PAYMENT_STATUS, TOP_UP_STATUS, topUpListQuery, topUpStaffApi, type TopUpDetail, type TopUpRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { TopUpActions } from './TopUpActions.tsx';
import { TopUpStatusOf } from './TopUpStatusTag.tsx';
import { TopUpTimeline } from './TopUpTimeline.tsx';

/**
 * cms Order Management Digital Product: every top-up with its filters in the URL (status, product type, operator,
 * Jakarta days, a transaction or phone number) and its status by code, text and colour; the detail with the product,
 * consumer, payment, biller, timeline and the moves its state allows.
 */
export const topUpView = defineResource<TopUpRow, TopUpDetail>({
  name: 'top-up',
  i18n: 'topUp.order',
  title: 'Top-up Order',
  entries: ['cms.order-management-digital-product'],
  listQuery: topUpListQuery,
  api: topUpStaffApi,
  export: topUpStaffApi.export,
  search: 'Transaction or phone number',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(TOP_UP_STATUS), width: 250 },
    { kind: 'select', key: 'product_type', label: 'Product Type', options: enumOptions(DIGITAL_PRODUCT_TYPE), width: 150 },
    { kind: 'select', key: 'operator', label: 'Operator', options: enumOptions(MOBILE_OPERATOR), width: 150 },
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Transaction Date' },
  ],
  columns: [
    { key: 'transaction_no', label: 'Transaction No', link: true, width: 200 },
    { key: 'created_at', label: 'Transaction Date', kind: 'date', sortable: true },
    { key: 'status', label: 'Status', kind: 'custom', component: TopUpStatusOf, width: 260 },
    { key: 'product_name', label: 'Product' },
    { key: 'product_type', label: 'Product Type', kind: 'status', enum: DIGITAL_PRODUCT_TYPE, width: 120 },
    { key: 'operator', label: 'Operator', kind: 'status', enum: MOBILE_OPERATOR, width: 110 },
    { key: 'phone_number', label: 'Phone Number', width: 140 },
    { key: 'amount', label: 'Price', kind: 'rupiah', sortable: true, width: 120 },
    { key: 'consumer_name', label: 'Consumer', defaultHidden: true },
    { key: 'payment_status', label: 'Payment', kind: 'status', enum: PAYMENT_STATUS, width: 150, defaultHidden: true },
    { key: 'attempts', label: 'Attempts', kind: 'number', width: 90, defaultHidden: true },
    { key: 'refund_due', label: 'Refund Due', kind: 'rupiah', width: 130, defaultHidden: true },
  ],
  detail: [
    {
      key: 'transaction',
      title: 'Transaction',
      items: [
        { key: 'transaction_no', label: 'Transaction No' },
        { key: 'status', label: 'Status', kind: 'custom', component: TopUpStatusOf },
        { key: 'created_at', label: 'Transaction Date', kind: 'date' },
        { key: 'phone_number', label: 'Phone Number' },
        { key: 'cancel_reason', label: 'Cancel Reason' },
        { key: 'refund_due', label: 'Refund Due', kind: 'rupiah' },
      ],
    },
    {
      key: 'product',
      title: 'Product',
      items: [
        { key: 'product_name', label: 'Product' },
        { key: 'product_type', label: 'Product Type', kind: 'status', enum: DIGITAL_PRODUCT_TYPE },
        { key: 'operator', label: 'Operator', kind: 'status', enum: MOBILE_OPERATOR },
        { key: 'denomination', label: 'Denomination', kind: 'rupiah' },
        { key: 'amount', label: 'Price', kind: 'rupiah' },
      ],
    },
    {
      key: 'consumer',
      title: 'Consumer',
      items: [
        { key: 'consumer_name', label: 'Consumer' },
        { key: 'consumer_phone', label: 'Consumer Phone' },
      ],
    },
    {
      key: 'payment',
      title: 'Payment',
      items: [
        { key: 'payment_status', label: 'Payment', kind: 'status', enum: PAYMENT_STATUS },
        { key: 'payment_ref', label: 'Payment Reference' },
        { key: 'payment_expires_at', label: 'Pay Before', kind: 'date' },
        { key: 'paid_at', label: 'Paid At', kind: 'date' },
      ],
    },
    {
      key: 'biller',
      title: 'Biller',
      items: [
        { key: 'biller_code', label: 'Biller Product Code' },
        { key: 'biller_ref', label: 'Biller Reference' },
        { key: 'attempts', label: 'Attempts', kind: 'number' },
        { key: 'serial_number', label: 'Serial Number' },
        { key: 'biller_message', label: 'Biller Message' },
      ],
    },
    { key: 'timeline', title: 'Timeline', component: TopUpTimeline },
  ],
  rowTitle: (r) => r.transaction_no,
  detailActions: TopUpActions,
});
