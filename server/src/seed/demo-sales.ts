import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jakartaDay, posSalesSignedText, type PosSale } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { PosSalesService } from '../domains/analytics/pos-sales.service.ts';
import { catchUpSalesRollups } from '../domains/analytics/sales-rollup.ts';
import { StaffPurchaseService } from '../domains/consumers/staff-purchase.service.ts';
import { TillOfferService } from '../domains/promotion/till-offer.service.ts';
import { signWebhook } from '../platform/webhook-signature.ts';
import { loadDemoTills, STAFF_PURCHASE_SHARE } from './demo-tills.ts';
import { ringUp } from './till-terms.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BATCH = 1_000;

/** A small deterministic generator (mulberry32), so every demo database holds the same sales. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * How busy a day is against an ordinary weekday: weekends and paydays (the 25th to the 1st) busier, the weeks before
 * Lebaran and Christmas busiest. The scale generator's SQL follows the same shape.
 */
export function dayWeight(day: Date): number {
  const weekday = day.getUTCDay();
  const date = day.getUTCDate();
  const month = day.getUTCMonth();
  let w = weekday === 0 || weekday === 6 ? 1.35 : 1;
  if (date >= 25 || date === 1) w *= 1.2;
  if (month === 11 && date >= 15) w *= 1.4;
  if (month === 2) w *= 1.25;
  return w;
}

export interface DemoSalesOptions {
  /** Days of sales before today (today's come too, up to now). */
  days: number;
  /** Transactions on an ordinary weekday across all the stores. */
  perDay: number;
}

/** The demo's sales: about thirteen months of a couple of dozen baskets a day at the demo's stores; fewer at the tests' scale. */
export const demoSalesOptions = (scale: number): DemoSalesOptions => (scale >= 1 ? { days: 400, perDay: 24 } : { days: 45, perDay: 6 });

/**
 * The stores' sales as their tills send them: signed batches through the POS service (with a key of the seed's own,
 * which the service it builds checks), realistic baskets (popular products more often, one to eight lines, members on
 * about three baskets in five, busier evenings, weekends and paydays), and the delivered online orders already
 * recorded by the order seed. The tills ring each basket up by their store's terms of the day (till-terms.ts): the
 * promos running there, the free gifts a basket reaches, and now and then one of the store's associates buying with
 * the staff discount (a month's bulk purchase past a quota among them). Then the rollups catch up, as their job would.
 */
export async function seedSales(db: Db, now: Date, opts: DemoSalesOptions): Promise<void> {
  if ((await queryRows(db, sql`select 1 from sales_transactions where channel = 1 limit 1`)).length) return;
  const stores = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where status = 1 order by id`);
  const products = await queryRows<{ plu: string; price: string }>(db, sql`select plu, price from products where status = 1 and price > 0 order by id limit 600`);
  const cards = await queryRows<{ app_card_id: string }>(db, sql`select app_card_id from consumers where status = 1 order by id limit 200`);
  if (!stores.length || !products.length) return;
  const secret = randomBytes(32);
  const pos = new PosSalesService(db, secret, undefined, { offers: new TillOfferService(), staff: new StaffPurchaseService() });
  const random = seededRandom(20_260_101);
  // What the tills apply has a generator of its own, so the baskets stay those the seed has always made.
  const tillRandom = seededRandom(20_260_102);
  const tills = await loadDemoTills(db);
  const pick = <T>(list: readonly T[], skew = 1): T => list[Math.floor(list.length * random() ** skew)]!;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let batch: PosSale[] = [];
  const send = async () => {
    if (!batch.length) return;
    await pos.ingest({ transactions: batch, signature: signWebhook(secret, posSalesSignedText(batch)) }, now);
    batch = [];
  };
  let n = 0;
  for (let d = opts.days; d >= 0; d--) {
    const day = new Date(today - d * DAY);
    const count = Math.round(opts.perDay * dayWeight(day) * (0.85 + random() * 0.3));
    for (let i = 0; i < count; i++) {
      // Jakarta 08:00 to 22:00, most of it after work.
      const hour = 8 + Math.floor(14 * random() ** 0.7);
      const at = new Date(day.getTime() - 7 * HOUR + hour * HOUR + Math.floor(random() * HOUR));
      if (at > now) continue;
      const lines = 1 + Math.floor(8 * random() ** 1.6);
      const basket = new Map<string, { plu: string; quantity: number; price: number }>();
      for (let k = 0; k < lines; k++) {
        const p = pick(products, 2.2);
        const quantity = 1 + Math.floor(3 * random() ** 2);
        basket.set(p.plu, { plu: p.plu, quantity: (basket.get(p.plu)?.quantity ?? 0) + quantity, price: Number(p.price) });
      }
      const transaction_id = `POS-DEMO-${String(++n).padStart(7, '0')}`;
      const store = pick(stores, 1.3);
      const card_id = cards.length && random() < 0.6 ? pick(cards).app_card_id : null;
      const staff = tills.associatesOf(Number(store.id));
      const associate = staff.length && tillRandom() < STAFF_PURCHASE_SHARE ? staff[Math.floor(tillRandom() ** 2 * Math.min(3, staff.length))] : undefined;
      const receipt = { transaction_id, store_code: store.code, channel: 1 as const, card_id, at: at.toISOString(), lines: [...basket.values()] };
      batch.push(ringUp(receipt, tills.termsAt(Number(store.id), jakartaDay(at)), associate));
      if (batch.length >= BATCH) await send();
    }
    const bulk = tills.bulkPurchaseOn(day, now, products);
    if (bulk) batch.push(bulk);
  }
  await send();
  await catchUpSalesRollups(db, now);
}
