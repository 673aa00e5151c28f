import { randomUUID } from 'node:crypto';
import { posSalesSignedText, posTermsSignedText, type AppEventsResult, type AppStoreProduct, type PosSale, type PosSalesResult, type PosTerms } from '@portal/contract';
import { signWebhook } from '../platform/webhook-signature.ts';
import { ringUp } from '../seed/till-terms.ts';
import type { AppCall } from './simulate-coupons.ts';

/** How many till receipts one round sends for each store. */
const RECEIPTS_PER_STORE = 6;

/**
 * One round of the stores' tills: a signed batch of a few receipts per store (one to five of its products each), sent
 * as the POS sends them, so the sales dashboards move while the simulation runs. Each till first asks for its terms of
 * the day (GET pos/terms) and rings its baskets up by them: the promos on their products, the free gifts a basket
 * reaches, and now and then one of the store's associates buying with the staff discount.
 */
export async function posSalesRound(call: AppCall, token: string, storeCodes: readonly string[], secret: string | Buffer, round: number): Promise<void> {
  try {
    const transactions: PosSale[] = [];
    for (const store of storeCodes) {
      const shelf = await call<AppStoreProduct[]>('GET', `/api/v1/app/stores/${encodeURIComponent(store)}/products?limit=50`, token);
      if (!shelf.length) continue;
      const at = new Date().toISOString();
      const terms = await call<PosTerms>('GET', `/api/v1/pos/terms?${new URLSearchParams({ store_code: store, at, signature: signWebhook(secret, posTermsSignedText({ store_code: store, at })) }).toString()}`, '');
      // A product of a promo running here, when the store carries one: shoppers pick up what is on promotion.
      const promoPlu = terms.promos.flatMap((p) => p.plus ?? [])[round % Math.max(1, terms.promos.flatMap((p) => p.plus ?? []).length)];
      const onPromo = promoPlu ? (await call<AppStoreProduct[]>('GET', `/api/v1/app/stores/${encodeURIComponent(store)}/products?search=${encodeURIComponent(promoPlu)}&limit=1`, token))[0] : undefined;
      for (let i = 0; i < RECEIPTS_PER_STORE; i++) {
        const picked = Array.from({ length: 1 + ((round + i) % 5) }, (_, k) => shelf[(round * 11 + i * 7 + k * 3) % shelf.length]!);
        const lines = [...new Map([...picked, ...(onPromo && i % 2 === 1 ? [onPromo] : [])].map((p) => [p.plu, p])).values()];
        // The first receipt of every third round at a store is one of its associates'.
        const associate = i === 0 && round % 3 === 0 ? terms.associates[round % Math.max(1, terms.associates.length)] : undefined;
        const basket = {
          transaction_id: `SIM-POS-${Date.now()}-${store}-${i}`,
          store_code: store,
          channel: 1 as const,
          card_id: null,
          at,
          lines: lines.map((p, k) => ({ plu: p.plu, quantity: 1 + ((i + k) % 3) + (i === RECEIPTS_PER_STORE - 1 ? 6 : 0), price: p.price })),
        };
        transactions.push(ringUp(basket, terms, associate));
      }
    }
    if (!transactions.length) return;
    const res = await call<PosSalesResult>('POST', '/api/v1/pos/sales', '', { transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) });
    const promos = transactions.reduce((n, t) => n + t.lines.filter((l) => l.promo_code).length, 0);
    const gifts = transactions.reduce((n, t) => n + (t.gifts?.length ?? 0), 0);
    const staff = transactions.filter((t) => t.associate).length;
    console.log(`  tills of ${storeCodes.join(', ')}: ${res.accepted} receipts recorded (${promos} promo lines, ${gifts} gifts, ${staff} staff purchases)`);
  } catch (err) {
    console.warn(`  tills: ${(err as Error).message}`);
  }
}

/** What the consumer's app reports of a browse: the products seen, those opened and those put in the cart. */
export async function sendBrowseEvents(call: AppCall, token: string, storeCode: string, seen: readonly AppStoreProduct[], opened: readonly string[], carted: readonly string[]): Promise<void> {
  const at = new Date().toISOString();
  const event = (type: 'impression' | 'click' | 'add_to_cart', plu: string) => ({ event_id: randomUUID(), type, plu, store_code: storeCode, at });
  const events = [...seen.slice(0, 20).map((p) => event('impression', p.plu)), ...opened.map((plu) => event('click', plu)), ...carted.map((plu) => event('add_to_cart', plu))];
  try {
    await call<AppEventsResult>('POST', '/api/v1/app/events', token, { events });
  } catch (err) {
    console.warn(`  events: ${(err as Error).message}`);
  }
}
