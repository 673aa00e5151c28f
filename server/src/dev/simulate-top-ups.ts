import { topUpPaymentSignedText, type AppDigitalProduct, type AppTopUpDetail } from '@portal/contract';
import { signWebhook } from '../platform/webhook-signature.ts';
import type { AppCall } from './simulate-coupons.ts';

/** A call without a consumer token (the payment gateway's callback). */
export type GatewayCall = <T>(method: string, path: string, body: unknown) => Promise<T>;

/** Telkomsel numbers: the last digit decides what the simulated biller answers (0–4 success, 5 refused, 6 fails once, 7 pending, 8 on hold, 9 fails). */
const numberFor = (round: number, who: string) => `0812${String((round * 7919 + who.length * 104_729) % 10_000_000).padStart(7, '0')}`;

/**
 * One round of a consumer's top-ups through the consumer API: buys a Telkomsel pulsa or data package for a number, pays
 * it through the payment gateway's signed callback (`paymentSecret`, as the portal derives it), and every third round
 * leaves one unpaid, for the expiry job. The simulated biller answers by itself. A refusal is printed, not fatal.
 */
export async function topUpRound(call: AppCall, gateway: GatewayCall, who: { name: string; token: string }, paymentSecret: string | Buffer, round: number): Promise<void> {
  try {
    const products = await call<AppDigitalProduct[]>('GET', `/api/v1/app/digital-products?operator=3&product_type=${1 + (round % 2)}`, who.token);
    const product = products[round % Math.max(products.length, 1)];
    if (!product) return;
    const topUp = await call<AppTopUpDetail>('POST', '/api/v1/app/top-ups', who.token, { product_id: product.id, phone_number: numberFor(round, who.name), client_ref: `SIM-${Date.now()}-${round}` });
    if (round % 3 === 2) {
      console.log(`  ${who.name} bought ${product.name} for ${topUp.phone_number} (${topUp.transaction_no}), not paid yet`);
      return;
    }
    const event = { event_id: `SIM-PAY-${topUp.transaction_no}`, transaction_no: topUp.transaction_no, status: 'PAID' as const, amount: topUp.amount, payment_ref: `SIM-PG-${topUp.id}` };
    const paid = await gateway<{ status: number }>('POST', '/api/v1/payments/top-up-callback', { ...event, signature: signWebhook(paymentSecret, topUpPaymentSignedText(event)) });
    console.log(`  ${who.name} bought and paid ${product.name} for ${topUp.phone_number} (${topUp.transaction_no}): status ${paid.status}`);
  } catch (err) {
    console.warn(`  ${who.name}: ${(err as Error).message}`);
  }
}
