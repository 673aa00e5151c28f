import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { seedCatalog } from './demo-catalog.ts';
import { seedContent } from './demo-content.ts';
import { seedCoupons } from './demo-coupons.ts';
import { seedVoucherOrders } from './demo-voucher-orders.ts';
import { seedVoucherPartners, seedVoucherProducts } from './demo-vouchers.ts';
import { seedRaffles } from './demo-raffles.ts';
import { seedConsumers, DEMO_CONSUMERS } from './demo-consumers.ts';
import { seedEcommerce } from './demo-ecommerce.ts';
import { seedTillOffers } from './demo-till-offers.ts';
import { seedHelpdesk } from './demo-helpdesk.ts';
import { seedIdentity } from './demo-identity.ts';
import { seedMasterdata } from './demo-masterdata.ts';
import { demoOrderCount, seedOrders } from './demo-orders.ts';
import { demoPreOrderCounts, seedPreOrders } from './demo-pre-orders.ts';
import { seedCourierHandovers } from './demo-courier-handovers.ts';
import { seedStamps } from './demo-stamps.ts';
import { seedSurveys } from './demo-surveys.ts';
import { seedTopUps } from './demo-top-ups.ts';
import { demoSalesOptions, seedSales } from './demo-sales.ts';
import { seedAppEvents } from './demo-events.ts';
import { seedHeimdalLogs } from './demo-heimdal.ts';
import { PosSalesService } from '../domains/analytics/pos-sales.service.ts';
import { randomBytes } from 'node:crypto';

export async function isEmpty(db: Db): Promise<boolean> {
  const r = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(r[0]?.n ?? 0) === 0;
}

export interface DemoOptions {
  /** Catalog scale (see catalogScale); 0 seeds no catalog. */
  scale?: number;
  /** The app key (appKeyOf(config)) the raffles' seeds are sealed with; without it no raffles are seeded. */
  appKey?: string | Buffer;
}

/** Demo data for a new database; each domain adds its part here. The catalog needs the regions loaded first. */
export async function seedDemo(db: Db, opts: DemoOptions = {}): Promise<void> {
  await seedIdentity(db);
  await seedMasterdata(db);
  const scale = opts.scale ?? 1;
  if (scale > 0) await seedCatalog(db, scale);
  if (scale > 0) await seedEcommerce(db);
  // The year's in-store promos and free gifts the demo's tills apply (the full demo only: the tests' keeps the above).
  if (scale >= 1) await seedTillOffers(db, new Date());
  if (scale > 0) await seedConsumers(db, Math.round(DEMO_CONSUMERS * Math.min(scale, 1)));
  // The consumers' stamp histories, through the stamp ledger (stamps are the loyalty domain's).
  if (scale > 0) await seedStamps(db);
  await seedContent(db);
  // After the consumers seed: tickets and chats are given to existing consumers (none: FAQs and templates only).
  await seedHelpdesk(db);
  // After the consumers: some of them answer the published survey.
  await seedSurveys(db);
  if (scale > 0) await seedCoupons(db);
  // After the stamps: the raffles' coupons come from transactions, which earn stamps too.
  if (scale > 0 && opts.appKey) await seedRaffles(db, opts.appKey);
  // After the stamps and raffles: a delivered order earns by their programmes as an online sale.
  // A delivered order is recorded in the sales analytics as an online sale, as the sale job does.
  if (scale > 0) await seedOrders(db, new PosSalesService(db, randomBytes(32)), new Date(), demoOrderCount(scale));
  // Pre-order events (one taking orders, one past) and their pre-orders, placed and moved by the same order services.
  if (scale > 0) await seedPreOrders(db, new PosSalesService(db, randomBytes(32)), new Date(), demoPreOrderCounts(scale));
  // 3PL delivery orders handed over to the simulated courier by the hand-over job: booked, or failed for heimdal's Grab Retry.
  if (scale > 0) await seedCourierHandovers(db, new Date());
  // The stores' till sales, sent by the POS in signed batches; then the sales rollups catch up.
  if (scale > 0) await seedSales(db, new Date(), demoSalesOptions(scale));
  // The consumer app's impressions, clicks and add-to-carts on planograms, products and content.
  if (scale > 0) await seedAppEvents(db, new Date(), scale >= 1 ? 120 : 10);
  // Digital products, and top-ups bought, paid and answered by the simulated biller through the top-up services.
  if (scale > 0) await seedTopUps(db);
  if (scale > 0) await seedVoucherProducts(db);
  if (scale > 0) await seedVoucherPartners(db, new Date());
  if (scale > 0) await seedVoucherOrders(db, new Date());
  // heimdal's logs: consumers signing in to the app through its sign-in, and the tills' receipts of the voucher redemptions.
  if (scale > 0) await seedHeimdalLogs(db, new Date(), scale >= 1 ? { days: 14, perConsumer: 6 } : { days: 7, perConsumer: 2 });
}
