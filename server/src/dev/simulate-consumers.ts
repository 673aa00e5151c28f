/**
 * `npm run simulate:consumers [-- --url http://localhost:3000 --rounds 10 --every 4]`: signs a few demo consumers in to
 * a running portal through the consumer API and makes them chat and shop, so the live chat and the stamp screens have
 * something to show. Each round one consumer writes; every consumer prints the agents' answers it receives; every
 * consumer sends a purchase (earning stamps by the active programmes) and the round's consumer redeems the cheapest
 * reward its stamps pay for, and answers a survey offered to it; it then claims a coupon and, every other round,
 * uses one (at store `--store`, default 1), and enters a raffle open to app entries (purchases earn raffle coupons
 * too); then it browses a store's products (`--stores`, default S0001–S0004, one a round), places an order and pays it
 * through the payment gateway's signed callback (every fifth left unpaid to expire), the app reporting what was seen,
 * opened and put in the cart; and the stores' tills send a signed batch of receipts. The demo consumers are the first
 * five of the consumers seed (password `Demo@12345`); `--phones 6281…,6281…` names others.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { paymentSecretOf } from '../domains/orders/payment-callback.service.ts';
import { DEMO_PASSWORD } from '../seed/demo-identity.ts';
import { DEMO_APP_CONSUMERS } from '../seed/demo-helpdesk.ts';
import { answerOneSurvey } from './simulate-surveys.ts';
import { couponRound } from './simulate-coupons.ts';
import { orderRound } from './simulate-orders.ts';
import { posSalesRound } from './simulate-sales.ts';
import { posSalesSecretOf } from '../domains/analytics/pos-sales.service.ts';
import { raffleRound } from './simulate-raffles.ts';
import { topUpRound } from './simulate-top-ups.ts';

const LINES = [
  'Halo, saya mau tanya soal kupon saya',
  'Kenapa stempel saya belum masuk ya?',
  'Pesanan saya kapan dikirim?',
  'Apakah promo minggu ini berlaku di semua toko?',
  'Terima kasih atas bantuannya!',
  'Kartu fisik saya hilang, bagaimana menggantinya?',
  'Bisa bayar pakai QRIS di toko?',
];

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first ones get the demo password.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

interface Envelope<T> {
  data: T;
  message?: string;
}

async function call<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json.data;
}

/** A purchase through the consumer API (it earns by every active programme), then, for `redeem`, the cheapest reward affordable. */
async function shop(base: string, who: { token: string; name: string }, round: number, redeem: boolean): Promise<void> {
  const total = 25_000 + ((round * 7919 + who.name.length * 104_729) % 40) * 5_000;
  const sale = { transaction_id: `SIM-${Date.now()}-${round}-${who.name.length}`, channel: 1 + (round % 2), total, bank_promotion: round % 3 === 0, at: new Date().toISOString() };
  const earned = await call<{ total_earned: number; balance: number; raffle_entries: { raffle_name: string; coupons: number }[] }>(base, 'POST', '/api/v1/app/transactions', who.token, sale);
  const raffles = earned.raffle_entries.map((e) => `, +${e.coupons} ${e.raffle_name} coupon${e.coupons === 1 ? '' : 's'}`).join('');
  console.log(`  ${who.name} bought Rp${total.toLocaleString('id-ID')}: +${earned.total_earned} stamps (${earned.balance})${raffles}`);
  if (!redeem) return;
  const [rewards, stamps] = await Promise.all([
    call<{ id: number; name: string; programme_id: number; stamps_required: number }[]>(base, 'GET', '/api/v1/app/stamp-rewards', who.token),
    call<{ programmes: { programme_id: number; balance: number }[] }>(base, 'GET', '/api/v1/app/stamps', who.token),
  ]);
  const held = new Map(stamps.programmes.map((p) => [p.programme_id, p.balance]));
  const reward = rewards.find((r) => (held.get(r.programme_id) ?? 0) >= r.stamps_required);
  if (!reward) return;
  const coupon = await call<{ coupon_code: string }>(base, 'POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, who.token);
  console.log(`  ${who.name} redeemed ${reward.name}: coupon ${coupon.coupon_code}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:3000' }, rounds: { type: 'string', default: '10' }, every: { type: 'string', default: '4' }, phones: { type: 'string' }, store: { type: 'string', default: '1' }, stores: { type: 'string', default: 'S0001,S0002,S0003,S0004' } },
  });
  const base = values.url.replace(/\/$/, '');
  const phones = values.phones ? values.phones.split(',').map((p) => p.trim()) : Array.from({ length: DEMO_APP_CONSUMERS }, (_, k) => demoPhone(k + 1));
  const consumers: { name: string; token: string; seen: number }[] = [];
  for (const phone of phones) {
    try {
      const s = await call<{ token: string; name: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone, password: DEMO_PASSWORD });
      const chat = await call<{ messages: { id: number }[] }>(base, 'POST', '/api/v1/app/chat', s.token);
      consumers.push({ name: s.name, token: s.token, seen: chat.messages.at(-1)?.id ?? 0 });
      console.log(`signed in ${s.name} (${phone})`);
    } catch (err) {
      console.warn(`cannot sign in ${phone}: ${(err as Error).message}`);
    }
  }
  if (!consumers.length) throw new Error(`No consumer could sign in at ${base}. Is the portal running with its demo data?`);

  // The gateway's secret as the portal derives it from the same environment and data directory (paymentSecretOf).
  const config = loadConfig({ ...process.env, APP_ENV: process.env.APP_ENV || 'development' });
  const paymentSecret = paymentSecretOf(config);
  const posSecret = posSalesSecretOf(config);
  const storeCodes = values.stores.split(',').map((c) => c.trim()).filter(Boolean);
  const rounds = Number(values.rounds);
  const everyMs = Number(values.every) * 1000;
  for (let round = 0; round < rounds; round++) {
    const who = consumers[round % consumers.length]!;
    const line = LINES[(round * 3 + consumers.length) % LINES.length]!;
    await call(base, 'POST', '/api/v1/app/chat/messages', who.token, { message: line });
    console.log(`${who.name}: ${line}`);
    for (const c of consumers) await shop(base, c, round, c === who);
    const answered = await answerOneSurvey((method, path, body) => call(base, method, path, who.token, body), round);
    if (answered) console.log(`${who.name} answered the survey "${answered}"`);
    await couponRound((method, path, token, body) => call(base, method, path, token, body), who, Number(values.store), round);
    await raffleRound((method, path, token, body) => call(base, method, path, token, body), who);
    await topUpRound((method, path, token, body) => call(base, method, path, token, body), (method, path, body) => call(base, method, path, undefined, body), who, paymentSecret, round);
    await orderRound((method, path, token, body) => call(base, method, path, token, body), who, storeCodes[round % storeCodes.length]!, paymentSecret, round);
    await posSalesRound((method, path, token, body) => call(base, method, path, token, body), who.token, storeCodes, posSecret, round);
    await new Promise((r) => setTimeout(r, everyMs));
    for (const c of consumers) {
      const fresh = await call<{ id: number; sender: number; user_name: string | null; body: string }[]>(base, 'GET', `/api/v1/app/chat/messages?after_id=${c.seen}`, c.token);
      for (const m of fresh) {
        c.seen = Math.max(c.seen, m.id);
        if (m.sender === 2) console.log(`  → ${c.name} received from ${m.user_name ?? 'agent'}: ${m.body}`);
      }
    }
  }
  console.log('done');
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
