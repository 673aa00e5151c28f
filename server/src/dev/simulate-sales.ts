import { randomUUID } from 'node:crypto';
import { posSalesSignedText, type AppEventsResult, type AppStoreProduct, type PosSale, type PosSalesResult } from '@portal/contract';
import { signWebhook } from '../platform/webhook-signature.ts';
import type { AppCall } from './simulate-coupons.ts';

/** How many till receipts one round sends for each store. */
const RECEIPTS_PER_STORE = 6;

/**
 * One round of the stores' tills: a signed batch of a few receipts per store (one to five of its products each), sent
 * as the POS sends them, so the sales dashboards move while the simulation runs.
 */
export async function posSalesRound(call: AppCall, token: string, storeCodes: readonly string[], secret: string | Buffer, round: number): Promise<void> {
  try {
    const transactions: PosSale[] = [];
    for (const store of storeCodes) {
      const shelf = await call<AppStoreProduct[]>('GET', `/api/v1/app/stores/${encodeURIComponent(store)}/products?limit=50`, token);
      if (!shelf.length) continue;
      for (let i = 0; i < RECEIPTS_PER_STORE; i++) {
        const lines = [...new Map(Array.from({ length: 1 + ((round + i) % 5) }, (_, k) => shelf[(round * 11 + i * 7 + k * 3) % shelf.length]!).map((p) => [p.plu, p])).values()];
        transactions.push({
          transaction_id: `SIM-POS-${Date.now()}-${store}-${i}`,
          store_code: store,
          channel: 1,
          card_id: null,
          at: new Date().toISOString(),
          lines: lines.map((p, k) => ({ plu: p.plu, quantity: 1 + ((i + k) % 3), price: p.price })),
        });
      }
    }
    if (!transactions.length) return;
    const res = await call<PosSalesResult>('POST', '/api/v1/pos/sales', '', { transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) });
    console.log(`  tills of ${storeCodes.join(', ')}: ${res.accepted} receipts recorded`);
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
