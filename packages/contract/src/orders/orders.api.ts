import { endpoint } from '../common/endpoint.ts';
import { appOrderBody, appOrderPlaced } from './order-app.schema.ts';
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

export const ordersApi = { orderAppApi, paymentApi };
