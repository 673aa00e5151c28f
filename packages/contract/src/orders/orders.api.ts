import { z } from 'zod';
import { ORDER_ENTRIES } from '../access/entries.ts';
import { endpoint, entriesPermission, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { idParam } from '../common/list-query.ts';
import {
  appMyOrdersQuery,
  appOrderBody,
  appOrderDetail,
  appOrderPlaced,
  appOrderRow,
  appStoreCodeParam,
  appStoreProduct,
  appStoreProductsQuery,
} from './order-app.schema.ts';
import { cancelReason, orderDetail, orderDriverBody, orderItemsBody, orderListQuery, orderMoveBody, orderRow, orderUnpickAllBody } from './order.schema.ts';
import { paymentCallbackBody, paymentCallbackResult } from './payment.schema.ts';

/**
 * The consumer app's side of orders under `app/`: public to the staff access guard, behind the consumer-token guard
 * (401 without a consumer token).
 */
const APP_TAG = 'consumer app';
export const orderAppApi = {
  place: endpoint({
    id: 'app-orders.place',
    method: 'POST',
    path: 'app/orders',
    tag: APP_TAG,
    summary: 'Places an order at a store (delivery or pick-up): the store’s prices, max-purchase limits and stock held in one transaction; sent again with the same client_ref, it answers the first order',
    access: 'public',
    body: appOrderBody,
    data: appOrderPlaced,
    errors: [401, 422],
  }),
  mine: endpoint({
    id: 'app-orders.list',
    method: 'GET',
    path: 'app/orders',
    tag: APP_TAG,
    summary: 'The consumer’s own orders, newest first, with their status',
    access: 'public',
    query: appMyOrdersQuery,
    data: z.array(appOrderRow),
    errors: [401],
  }),
  one: endpoint({
    id: 'app-orders.get',
    method: 'GET',
    path: 'app/orders/:id',
    tag: APP_TAG,
    summary: 'One of the consumer’s orders: its lines as picked, the delivery and every status it went through (404 for another’s order)',
    access: 'public',
    params: idParam,
    data: appOrderDetail,
    errors: [401],
  }),
  storeProducts: endpoint({
    id: 'app-stores.products',
    method: 'GET',
    path: 'app/stores/:code/products',
    tag: APP_TAG,
    summary: 'A store’s products on sale in the app, with price, promo price, stock and the per-order limit',
    access: 'public',
    params: appStoreCodeParam,
    query: appStoreProductsQuery,
    data: z.array(appStoreProduct),
    errors: [401, 404],
  }),
};

/** The payment gateway's callback: no session; the signature in the body is the lock. */
export const paymentApi = {
  callback: endpoint({
    id: 'payments.callback',
    method: 'POST',
    path: 'payments/callback',
    tag: 'payment gateway',
    summary: 'The payment gateway reports an order paid or failed; signed (HMAC-SHA256 of the event), once per event id (a replay changes nothing)',
    access: 'public',
    body: paymentCallbackBody,
    data: paymentCallbackResult,
    errors: [401, 404, 409, 422],
  }),
};

const orders = resourceApi({
  name: 'orders',
  path: 'orders',
  tag: 'order management',
  label: 'order',
  entries: ORDER_ENTRIES,
  row: orderRow,
  detail: orderDetail,
  listQuery: orderListQuery,
});
const edit = entriesPermission('orders', ORDER_ENTRIES, 'edit');

/** cms Order Management: the list with the spec's filters, the order, its workflow moves, picking and drivers, the export. */
export const orderStaffApi = {
  ...orders,
  move: endpoint({
    id: 'orders.move',
    method: 'POST',
    path: 'orders/:id/move',
    tag: 'order management',
    summary: 'Moves the order by one staff action of the declared workflow (409 for a move its state does not allow, or a stale version)',
    access: edit,
    params: idParam,
    body: orderMoveBody,
    data: orderDetail,
    errors: [422],
  }),
  items: endpoint({
    id: 'orders.items',
    method: 'PUT',
    path: 'orders/:id/items',
    tag: 'order management',
    summary: 'Sets how many of each line the store picked (lowered or unpicked with a reason; stock given back or taken again), while the store checks the order',
    access: edit,
    params: idParam,
    body: orderItemsBody,
    data: orderDetail,
    errors: [422],
  }),
  unpickAll: endpoint({
    id: 'orders.unpick-all',
    method: 'PUT',
    path: 'orders/:id/unpick-all',
    tag: 'order management',
    summary: 'Unpicks every line with one reason (stock given back), while the store checks the order',
    access: edit,
    params: idParam,
    body: orderUnpickAllBody,
    data: orderDetail,
  }),
  driver: endpoint({
    id: 'orders.driver',
    method: 'POST',
    path: 'orders/:id/driver',
    tag: 'order management',
    summary: 'Assigns a new driver (3PL or internal) to a delivery order waiting for one, on the road, or going out again',
    access: edit,
    params: idParam,
    body: orderDriverBody,
    data: orderDetail,
  }),
  cancelReasons: endpoint({
    id: 'orders.cancel-reasons',
    method: 'GET',
    path: 'orders/cancel-reasons',
    tag: 'order management',
    summary: 'The active reasons a cancel may name, in their order',
    access: entriesPermission('orders', ORDER_ENTRIES, 'view'),
    data: z.array(cancelReason),
  }),
  export: exportEndpoint(orders.list, ORDER_ENTRIES, 'the order list (the detail tab: every order line)'),
};

export const ordersApi = { orderAppApi, paymentApi, orderStaffApi };
