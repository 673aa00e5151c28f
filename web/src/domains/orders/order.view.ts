import { DELIVERY_MODE, ORDER_FULFILMENT, ORDER_STATUS, ORDER_UNPICK_REASON, PAYMENT_STATUS, orderListQuery, orderStaffApi, type OrderDetail, type OrderRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { OrderActions } from './OrderActions.tsx';
import { OrderItemsPanel } from './OrderItemsPanel.tsx';
import { OrderStatusOf } from './OrderStatusTag.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';

/**
 * cms Order Management: every order with the spec's filters (order_id, store_code comma-separated, date_from,
 * date_until, the report tab, unpick_reason) and its status by code, text and colour; the detail with its lines, payment,
 * delivery, store, timeline and the moves its state allows.
 */
export const orderView = defineResource<OrderRow, OrderDetail>({
  name: 'order',
  i18n: 'orders.order',
  title: 'Order',
  entries: ['cms.order-management'],
  listQuery: orderListQuery,
  api: orderStaffApi,
  export: orderStaffApi.export,
  filters: [
    { kind: 'text', key: 'order_id', label: 'Order ID', width: 200 },
    { kind: 'text', key: 'store_code', label: 'Store Code (comma-separated)', width: 220 },
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Order Date' },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ORDER_STATUS), width: 230 },
    { kind: 'select', key: 'unpick_reason', label: 'Unpick Reason', options: enumOptions(ORDER_UNPICK_REASON), width: 200 },
    { kind: 'select', key: 'fulfilment', label: 'Fulfilment', options: enumOptions(ORDER_FULFILMENT), width: 140 },
  ],
  columns: [
    { key: 'order_no', label: 'Order No', link: true, width: 240 },
    { key: 'created_at', label: 'Order Date', kind: 'date', sortable: true },
    { key: 'status', label: 'Status', kind: 'custom', component: OrderStatusOf, width: 230 },
    { key: 'store_code', label: 'Store Code', width: 110 },
    { key: 'store_name', label: 'Store' },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'consumer_phone', label: 'Phone Number', defaultHidden: true },
    { key: 'fulfilment', label: 'Fulfilment', kind: 'status', enum: ORDER_FULFILMENT, width: 120 },
    { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE, width: 120, defaultHidden: true },
    { key: 'payment_status', label: 'Payment', kind: 'status', enum: PAYMENT_STATUS, width: 150 },
    { key: 'total', label: 'Total', kind: 'rupiah', sortable: true, width: 140 },
    { key: 'refund_due', label: 'Refund Due', kind: 'rupiah', width: 130, defaultHidden: true },
    { key: 'has_unpick', label: 'Picked Short', kind: 'boolean', width: 110, defaultHidden: true },
  ],
  detail: [
    {
      key: 'order',
      title: 'Order',
      items: [
        { key: 'order_no', label: 'Order No' },
        { key: 'status', label: 'Status', kind: 'custom', component: OrderStatusOf },
        { key: 'created_at', label: 'Order Date', kind: 'date' },
        { key: 'fulfilment', label: 'Fulfilment', kind: 'status', enum: ORDER_FULFILMENT },
        { key: 'store_code', label: 'Store Code' },
        { key: 'store_name', label: 'Store' },
        { key: 'store_address', label: 'Store Address' },
        { key: 'store_phone', label: 'Store Phone' },
        { key: 'consumer_name', label: 'Consumer' },
        { key: 'consumer_phone', label: 'Phone Number' },
        { key: 'consumer_email', label: 'E-mail' },
        { key: 'cancel_reason', label: 'Cancel Reason' },
        { key: 'cancel_note', label: 'Note' },
      ],
    },
    { key: 'items', title: 'Items', component: OrderItemsPanel },
    {
      key: 'payment',
      title: 'Payment',
      items: [
        { key: 'payment_status', label: 'Payment', kind: 'status', enum: PAYMENT_STATUS },
        { key: 'payment_ref', label: 'Payment Reference' },
        { key: 'payment_expires_at', label: 'Pay Before', kind: 'date' },
        { key: 'paid_at', label: 'Paid At', kind: 'date' },
        { key: 'items_total', label: 'Items Total', kind: 'rupiah' },
        { key: 'delivery_fee', label: 'Delivery Fee', kind: 'rupiah' },
        { key: 'total', label: 'Paid Total', kind: 'rupiah' },
        { key: 'picked_total', label: 'Picked Total', kind: 'rupiah' },
        { key: 'refund_due', label: 'Refund Due', kind: 'rupiah' },
      ],
    },
    {
      key: 'delivery',
      title: 'Delivery',
      items: [
        { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
        { key: 'delivery_address', label: 'Delivery Address' },
        { key: 'driver_name', label: 'Driver Name' },
        { key: 'driver_phone', label: 'Driver Phone' },
        { key: 'driver_assigned_at', label: 'Driver Assigned At', kind: 'date' },
      ],
    },
    { key: 'timeline', title: 'Timeline', component: OrderTimeline },
  ],
  rowTitle: (r) => r.order_no,
  detailActions: OrderActions,
});
