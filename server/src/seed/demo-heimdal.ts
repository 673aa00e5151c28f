import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { posSalesSignedText, type AppClient, type PosSale } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { PosSalesService } from '../domains/analytics/pos-sales.service.ts';
import { catchUpSalesRollups } from '../domains/analytics/sales-rollup.ts';
import type { Clock } from '../platform/clock.ts';
import { ConsumerAuthService } from '../platform/consumer-auth.ts';
import { signWebhook } from '../platform/webhook-signature.ts';
import { seededRandom } from './demo-sales.ts';
import { DEMO_PASSWORD } from './demo-identity.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Phones as the consumer app's users own them: a device, its platform, and the app versions it ran over the fortnight. */
const DEVICES: readonly (AppClient & { versions: readonly string[] })[] = [
  { device: 'Samsung SM-A546E, Android 14', platform: 'android', versions: ['3.5.2', '3.6.1'] },
  { device: 'iPhone 14, iOS 17.5', platform: 'ios', versions: ['3.5.2', '3.6.0'] },
  { device: 'Xiaomi Redmi Note 13, Android 14', platform: 'android', versions: ['3.4.0', '3.6.1'] },
  { device: 'iPhone 13 mini, iOS 16.7', platform: 'ios', versions: ['3.6.0'] },
  { device: 'OPPO A78, Android 13', platform: 'android', versions: ['3.5.2'] },
];
/** Mobile networks' address ranges (Telkomsel, Indosat, XL) and a home fibre one. */
const NETWORKS = ['114.124', '36.72', '112.215', '180.252'];
/** A phone no consumer has: someone mistyping their number. */
const STRANGER = '6281299990001';

interface Attempt {
  at: Date;
  phone: string;
  password: string;
  client: AppClient;
}

/**
 * Demo data of heimdal's logs, made through the real paths. The consumer login log: a fortnight of the demo app
 * consumers signing in through the consumer API's sign-in (each on their own phone, now and then mistyping the password
 * first), a mistyped phone number, an active consumer without an app password yet, a locked consumer who had one, and an
 * old app build that reports nothing about itself. The voucher-used log: the tills' receipts of the demo redemptions,
 * sent by the POS as every receipt is (a member card on three in four), so a redemption shows the consumer it paid for.
 */
export async function seedHeimdalLogs(db: Db, now: Date, opts: { days: number; perConsumer: number }): Promise<void> {
  await seedSignIns(db, now, opts);
  await seedRedemptionReceipts(db, now);
}

async function seedSignIns(db: Db, now: Date, opts: { days: number; perConsumer: number }): Promise<void> {
  if ((await queryRows(db, sql`select 1 from consumer_login_log limit 1`)).length) return;
  const appUsers = await queryRows<{ id: number; phone: string }>(
    db,
    sql`select c.id, c.phone from consumers c join consumer_credentials cc on cc.consumer_id = c.id where c.status = 1 order by c.id limit ${DEVICES.length}`,
  );
  if (!appUsers.length) return;
  const random = seededRandom(20_261_717);
  const clock = { at: now, now() { return this.at; } } satisfies Clock & { at: Date };
  const auth = new ConsumerAuthService(db, clock);
  const addressOf = (k: number) => `${NETWORKS[k % NETWORKS.length]}.${10 + ((k * 37) % 200)}.${1 + Math.floor(random() * 250)}`;
  const when = (maxDaysAgo: number) => new Date(now.getTime() - Math.floor(random() * maxDaysAgo * DAY) - HOUR);

  const attempts: Attempt[] = [];
  for (const [k, user] of appUsers.entries()) {
    const phone = DEVICES[k % DEVICES.length]!;
    const client = (n: number): AppClient => ({ device: phone.device, platform: phone.platform, app_version: phone.versions[Math.min(phone.versions.length - 1, Math.floor((n / opts.perConsumer) * phone.versions.length))], ip: addressOf(k) });
    // The app's number as people type it: 08…, +62 8… or 628….
    const typed = [`0${user.phone.slice(2)}`, `+${user.phone}`, user.phone];
    for (let n = 0; n < opts.perConsumer; n++) {
      const at = when(opts.days);
      if (n % 3 === 1) attempts.push({ at: new Date(at.getTime() - 40_000), phone: typed[n % typed.length]!, password: 'Demo@1234', client: client(n) });
      attempts.push({ at, phone: typed[n % typed.length]!, password: DEMO_PASSWORD, client: client(n) });
    }
  }
  attempts.push({ at: when(opts.days), phone: `0${STRANGER.slice(2)}`, password: DEMO_PASSWORD, client: { device: 'vivo Y36, Android 13', platform: 'android', app_version: '3.6.1', ip: addressOf(7) } });
  attempts.push({ at: when(2), phone: STRANGER, password: 'Rahasia123', client: { device: 'vivo Y36, Android 13', platform: 'android', app_version: '3.6.1', ip: addressOf(7) } });
  // An old build of the app says nothing about itself; its consumer signs in all the same.
  const first = appUsers[0]!;
  attempts.push({ at: when(opts.days), phone: first.phone, password: DEMO_PASSWORD, client: { ip: addressOf(9) } });

  // An active consumer who never set an app password, and a locked one who had.
  const [noPassword] = await queryRows<{ phone: string }>(
    db,
    sql`select c.phone from consumers c where c.status = 1 and not exists (select 1 from consumer_credentials cc where cc.consumer_id = c.id) order by c.id limit 1`,
  );
  if (noPassword) attempts.push({ at: when(3), phone: noPassword.phone, password: DEMO_PASSWORD, client: { device: 'iPhone 12, iOS 17.2', platform: 'ios', app_version: '3.6.0', ip: addressOf(3) } });
  const [locked] = await queryRows<{ id: number; phone: string }>(db, sql`select id, phone from consumers where status = 2 order by id limit 1`);
  if (locked) {
    await auth.setPassword(Number(locked.id), DEMO_PASSWORD);
    attempts.push({ at: when(4), phone: locked.phone, password: DEMO_PASSWORD, client: { device: 'Samsung SM-A155F, Android 14', platform: 'android', app_version: '3.5.2', ip: addressOf(5) } });
  }

  // In the order they happened, so each consumer's last login is their latest sign-in.
  for (const a of attempts.sort((x, y) => x.at.getTime() - y.at.getTime())) {
    clock.at = a.at;
    await auth.signIn(a.phone, a.password, a.client).catch(() => undefined);
  }
}

/** The tills' receipts of the redemptions whose receipt the POS has not sent yet, each paid in part by its voucher. */
async function seedRedemptionReceipts(db: Db, now: Date): Promise<void> {
  const used = await queryRows<{ transaction_no: string; store_code: string; used_at: string; denomination: string }>(
    db,
    sql`select v.pos_transaction_no as transaction_no, s.code as store_code, to_json(v.used_at) #>> '{}' as used_at, v.denomination from vouchers v join stores s on s.id = v.used_store_id
      where v.used_at is not null and v.pos_transaction_no is not null
        and not exists (select 1 from sales_transactions st where st.transaction_id = v.pos_transaction_no)
      order by v.used_at, v.id`,
  );
  if (!used.length) return;
  const products = await queryRows<{ plu: string; price: string }>(db, sql`select plu, price from products where status = 1 and price > 0 order by id limit 300`);
  const cards = await queryRows<{ app_card_id: string }>(db, sql`select app_card_id from consumers where status = 1 order by id limit 60`);
  if (!products.length) return;
  const random = seededRandom(20_261_718);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(list.length * random())]!;
  const receipts: PosSale[] = used.map((u, i) => {
    // Enough shopping for the voucher to pay part of it: lines until the basket passes the voucher's worth.
    const basket = new Map<string, { plu: string; quantity: number; price: number }>();
    let gross = 0;
    while (gross <= Number(u.denomination) && basket.size < 25) {
      const p = pick(products);
      const quantity = 1 + Math.floor(random() * 3);
      basket.set(p.plu, { plu: p.plu, quantity: (basket.get(p.plu)?.quantity ?? 0) + quantity, price: Number(p.price) });
      gross += quantity * Number(p.price);
    }
    const card = cards.length && i % 4 !== 3 ? pick(cards).app_card_id : null;
    return { transaction_id: u.transaction_no, store_code: u.store_code, channel: 1, card_id: card, at: new Date(u.used_at).toISOString(), lines: [...basket.values()] };
  });
  const secret = randomBytes(32);
  const pos = new PosSalesService(db, secret);
  for (let i = 0; i < receipts.length; i += 500) {
    const transactions = receipts.slice(i, i + 500);
    await pos.ingest({ transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) }, now);
  }
  await catchUpSalesRollups(db, now);
}
