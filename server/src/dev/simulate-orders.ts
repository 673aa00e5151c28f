import type { AppOrderBody, AppOrderPlaced, AppStoreProduct, PaymentCallbackResult } from '@portal/contract';
import { paymentSignature } from '../domains/orders/payment-callback.service.ts';
import type { AppCall } from './simulate-coupons.ts';
import { sendBrowseEvents } from './simulate-sales.ts';

/** One order in UNPAID_EVERY is left unpaid, so the expiry job expires it after its 30 minutes. */
const UNPAID_EVERY = 5;
const ADDRESSES = ['Jl. Melati No. 12, Kebayoran Baru', 'Jl. Kenanga No. 7, Tebet', 'Jl. Mawar No. 21, Cempaka Putih', 'Jl. Anggrek No. 3, Palmerah'];

/**
 * One round of a consumer's shopping through the consumer API: browses a store's products (the app reporting what was
 * seen, opened and put in the cart), places an order of a few
 * in stock (delivery or pick-up, within each product's per-order limit), and pays it through the payment gateway's
 * signed callback, signed with `secret` as the gateway would; every UNPAID_EVERY-th order is left unpaid to expire.
 * A refusal (stock or a limit spent meanwhile) is printed, not fatal.
 */
export async function orderRound(call: AppCall, who: { name: string; token: string }, storeCode: string, secret: string | Buffer, round: number): Promise<void> {
  try {
    const shelf = await call<AppStoreProduct[]>('GET', `/api/v1/app/stores/${encodeURIComponent(storeCode)}/products?limit=50`, who.token);
    const inStock = shelf.filter((p) => p.stock >= 3 && (p.max_per_order === null || p.max_per_order >= 1));
    if (!inStock.length) {
      console.log(`  ${who.name}: nothing in stock at ${storeCode}`);
      return;
    }
    const lines = 1 + (round % 4);
    const items = Array.from({ length: Math.min(lines, inStock.length) }, (_, k) => inStock[(round * 7 + k * 5) % inStock.length]!)
      .filter((p, k, all) => all.indexOf(p) === k)
      .map((p, k) => ({ plu: p.plu, quantity: Math.min(1 + ((round + k) % 2), p.max_per_order ?? 2) }));
    const pickUp = round % 3 === 2;
    const body: AppOrderBody = {
      store_code: storeCode,
      fulfilment: pickUp ? 2 : 1,
      delivery_mode: pickUp ? null : round % 2 ? 1 : 2,
      delivery_address: pickUp ? null : ADDRESSES[round % ADDRESSES.length]!,
      items,
      client_ref: `SIM-${Date.now()}-${round}`,
    };
    await sendBrowseEvents(call, who.token, storeCode, shelf, items.map((i) => i.plu), items.map((i) => i.plu));
    const order = await call<AppOrderPlaced>('POST', '/api/v1/app/orders', who.token, body);
    const what = `${order.order_no} at ${storeCode} (${order.items.length} item${order.items.length === 1 ? '' : 's'}, ${pickUp ? 'pick-up' : 'delivery'}, Rp${order.total.toLocaleString('id-ID')})`;
    if (round % UNPAID_EVERY === UNPAID_EVERY - 1) {
      console.log(`  ${who.name} ordered ${what}, left unpaid: expires at ${new Date(order.payment_expires_at).toLocaleTimeString('en-GB', { timeZone: 'Asia/Jakarta' })} WIB`);
      return;
    }
    const event = { event_id: `SIM-PAY-${order.order_no}`, order_no: order.order_no, status: 'PAID' as const, amount: order.total, payment_ref: `SIM-PG-${Date.now()}` };
    const paid = await call<PaymentCallbackResult>('POST', '/api/v1/payments/callback', '', { ...event, signature: paymentSignature(secret, event) });
    console.log(`  ${who.name} ordered ${what}, paid: status ${paid.status}`);
  } catch (err) {
    console.warn(`  ${who.name}: ${(err as Error).message}`);
  }
}
