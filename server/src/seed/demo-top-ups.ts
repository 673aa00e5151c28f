import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { appTopUpBody, topUpPaymentSignedText, type TopUpStaffAction } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { signWebhook } from '../platform/webhook-signature.ts';
import { SimulatedBiller } from '../domains/orders/biller.ts';
import { BillerCallbackService } from '../domains/orders/biller-callback.service.ts';
import { TopUpAppService } from '../domains/orders/top-up-app.service.ts';
import { topUpBillerJob } from '../domains/orders/top-up-biller.job.ts';
import { expireUnpaidTopUps } from '../domains/orders/top-up-expiry.job.ts';
import { TopUpPaymentService } from '../domains/orders/top-up-payment.service.ts';
import { TopUpWorkflowService } from '../domains/orders/top-up-workflow.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Pulsa denominations sold for every operator that sells pulsa, with their prices (Rupiah). */
const PULSA: readonly (readonly [number, number])[] = [
  [5_000, 6_500],
  [10_000, 11_500],
  [20_000, 21_000],
  [25_000, 26_000],
  [50_000, 50_500],
  [100_000, 99_500],
];
/** [operator code, biller prefix] of the operators whose pulsa is sold. */
const PULSA_OPERATORS: readonly (readonly [number, string])[] = [
  [3, 'TSEL'],
  [1, 'ISAT'],
  [7, 'XL'],
  [8, 'AXIS'],
  [4, 'THREE'],
  [2, 'SMART'],
];
/** Data packages: [operator, name, denomination, price, biller code]. */
const DATA: readonly (readonly [number, string, number, number, string])[] = [
  [3, 'Telkomsel Internet OMG! 15 GB 30 Hari', 100_000, 95_000, 'TSELD15GB'],
  [3, 'Telkomsel Internet 4,5 GB 30 Hari', 50_000, 48_000, 'TSELD4GB'],
  [1, 'Indosat Freedom Internet 12 GB 30 Hari', 65_000, 62_000, 'ISATD12GB'],
  [1, 'Indosat Freedom Harian 1 GB 1 Hari', 5_000, 4_500, 'ISATD1GB'],
  [7, 'XL Xtra Combo Flex S 10 GB 28 Hari', 70_000, 65_000, 'XLD10GB'],
  [8, 'Axis Bronet 6 GB 30 Hari', 50_000, 45_000, 'AXISD6GB'],
  [6, 'XL/Axis Kuota Malam 20 GB 7 Hari', 25_000, 23_000, 'XLAXD20GB'],
  [5, 'Tri Happy 18 GB 30 Hari', 70_000, 66_000, 'TRIHD18GB'],
  [4, 'Three AlwaysOn 10 GB 30 Hari', 60_000, 57_000, 'THREED10GB'],
  [2, 'Smartfren Unlimited Nonstop 12 GB 28 Hari', 75_000, 70_000, 'SMARTD12GB'],
];

/** A number of each network (the last digit is set per top-up: it decides what the simulated biller answers). */
const NUMBER_OF: Readonly<Record<string, string>> = { TSEL: '08123456710', ISAT: '08571234560', XL: '08179876540', AXIS: '08318765430', THREE: '08961122330', SMART: '08814455660' };

/** Where a demo top-up stops: by the number's last digit (see `simulatedOutcome`) and what staff did. */
interface Story {
  code: string;
  digit: number;
  hoursAgo: number;
  pay?: 'PAID' | 'FAILED' | 'none';
  staff?: { action: TopUpStaffAction; note: string };
}
const STORIES: readonly Story[] = [
  { code: 'TSEL20', digit: 1, hoursAgo: 70 },
  { code: 'ISAT50', digit: 2, hoursAgo: 52 },
  { code: 'TSELD15GB', digit: 3, hoursAgo: 49 },
  { code: 'XL25', digit: 4, hoursAgo: 30 },
  { code: 'THREE10', digit: 0, hoursAgo: 27 },
  { code: 'SMART100', digit: 6, hoursAgo: 26, staff: { action: 'retry', note: 'Dikirim ulang setelah operator normal kembali' } },
  { code: 'AXIS50', digit: 9, hoursAgo: 20, staff: { action: 'cancel', note: 'Nomor tujuan tidak aktif, dana dikembalikan' } },
  { code: 'ISATD12GB', digit: 9, hoursAgo: 8 },
  { code: 'TSEL100', digit: 5, hoursAgo: 6 },
  { code: 'XLD10GB', digit: 7, hoursAgo: 4 },
  { code: 'TSEL50', digit: 8, hoursAgo: 3 },
  { code: 'ISAT10', digit: 1, hoursAgo: 48, pay: 'none' },
  { code: 'TSEL25', digit: 2, hoursAgo: 28, pay: 'FAILED' },
  { code: 'XL10', digit: 3, hoursAgo: 0.1, pay: 'none' },
];

/**
 * Demo digital products (reference data, as the migration's lists are written) and demo top-ups made by the top-up
 * services as the consumer app, the payment gateway, the (simulated) biller and the staff make them, each move at its
 * own time over the last three days: successful, failed and retried, failed and cancelled with a refund due, failed by
 * the system, pending the operator, on hold, unpaid, expired, and a failed payment.
 */
export async function seedTopUps(db: Db, now = new Date()): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from digital_products`);
  if (Number(existing?.n) > 0) return;
  const rows = [
    ...PULSA_OPERATORS.flatMap(([operator, prefix]) =>
      PULSA.map(([denomination, price]) => sql`(1, ${operator}, ${`${prefix === 'TSEL' ? 'Telkomsel' : prefix === 'ISAT' ? 'Indosat' : prefix === 'SMART' ? 'Smartfren' : prefix === 'THREE' ? 'Three' : prefix === 'AXIS' ? 'Axis' : 'XL'} Pulsa ${denomination.toLocaleString('id-ID')}`}, ${denomination}, ${price}, ${`${prefix}${denomination / 1000}`}, 1, ${now}, ${now})`),
    ),
    ...DATA.map(([operator, name, denomination, price, code]) => sql`(2, ${operator}, ${name}, ${denomination}, ${price}, ${code}, 1, ${now}, ${now})`),
  ];
  await db.execute(sql`insert into digital_products (product_type, operator, name, denomination, price, biller_code, status, created_at, updated_at) values ${sql.join(rows, sql`, `)}`);
  // An inactive product, so the list's status filter has something to show.
  await db.execute(sql`update digital_products set status = 2 where biller_code = 'SMART5'`);

  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit ${STORIES.length}`);
  if (!admin || consumers.length < STORIES.length) return;

  // The seed plays the gateway and the biller: it signs with a secret of its own, which the services it builds check.
  const secret = randomBytes(32);
  const workflow = new TopUpWorkflowService(db);
  const app = new TopUpAppService(db);
  const payments = new TopUpPaymentService(db, workflow, secret);
  const callbacks = new BillerCallbackService(db, workflow, secret);
  let at = now;
  const clock = { now: () => at };
  const biller = new SimulatedBiller((answer) => callbacks.receive(answer, new Date(at.getTime() + 2 * MINUTE)), secret);
  const sendToBiller = topUpBillerJob(db, biller, workflow, clock);
  const send = async (id: number) => {
    const [t] = await queryRows<{ attempts: number }>(db, sql`select attempts from top_ups where id = ${id}`);
    await sendToBiller({ top_up_id: id, attempt: Number(t?.attempts) }, { id: `seed-${id}`, retryCount: 0, retryLimit: 0, lastAttempt: true });
  };

  for (const [i, story] of STORIES.entries()) {
    const [product] = await queryRows<{ id: number; price: number }>(db, sql`select id, price from digital_products where biller_code = ${story.code}`);
    const network = Object.keys(NUMBER_OF).find((k) => story.code.startsWith(k)) ?? 'TSEL';
    if (!product) continue;
    at = new Date(now.getTime() - story.hoursAgo * HOUR);
    const body = appTopUpBody.parse({ product_id: Number(product.id), phone_number: `${(NUMBER_OF[network] ?? '').slice(0, -1)}${story.digit}`, client_ref: `demo-${i}` });
    const bought = await app.buy(Number(consumers[i]!.id), body, at);
    if (story.pay === 'none') continue;
    at = new Date(at.getTime() + 3 * MINUTE);
    const event = { event_id: `DEMO-PAY-${bought.transaction_no}`, transaction_no: bought.transaction_no, status: story.pay ?? 'PAID', amount: bought.amount, payment_ref: `PG-${bought.id}-${i}` } as const;
    await payments.receive({ ...event, signature: signWebhook(secret, topUpPaymentSignedText(event)) }, at);
    if (story.pay === 'FAILED') continue;
    await send(bought.id);
    if (!story.staff) continue;
    at = new Date(at.getTime() + 45 * MINUTE);
    const [t] = await queryRows<{ version: number }>(db, sql`select version from top_ups where id = ${bought.id}`);
    const audit = { actor: { userId: Number(admin.id), name: admin.name }, ip: null, now: at };
    await workflow.move(bought.id, { action: story.staff.action, version: Number(t?.version), note: story.staff.note, actor: { kind: 'staff', audit } }, at);
    if (story.staff.action === 'retry') await send(bought.id);
  }
  // The unpaid top-up of two days ago expires, as the expiry job finds it.
  await expireUnpaidTopUps(db, workflow, new Date(now.getTime() - 47 * HOUR));
}
