import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { VOUCHER_ORDER_MOVE_BODY, jakartaDay, voucherOrderCreateBody, voucherRedeemSignedText, type VoucherOrderAction, type VoucherPaymentMethod } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { VoucherOrderService } from '../domains/vouchers/voucher-order.service.ts';
import { VoucherRedemptionService } from '../domains/vouchers/voucher-redemption.service.ts';
import { releaseVouchers } from '../domains/vouchers/voucher-release.job.ts';
import { signWebhook } from '../platform/webhook-signature.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A demo order: its client, lines (voucher code → quantity), payment, how many days ago it was placed, and the moves it went through. */
interface DemoOrder {
  partner: string;
  lines: Record<string, number>;
  payment: VoucherPaymentMethod;
  daysAgo: number;
  moves: VoucherOrderAction[];
  note?: string;
}

const DEMO_ORDERS: DemoOrder[] = [
  { partner: 'NKM', lines: { EV100K: 250, EV50K: 400 }, payment: 'transfer', daysAgo: 9, moves: ['pic_process', 'pic_approve', 'payment_verify', 'payment_date_verify', 'release'], note: 'Hadiah akhir tahun karyawan' },
  { partner: 'ADI', lines: { EV50K: 120 }, payment: 'transfer', daysAgo: 7, moves: ['pic_process', 'pic_approve', 'payment_verify', 'payment_date_verify', 'release'], note: 'Hadiah program loyalitas' },
  { partner: 'BHL', lines: { EV250K: 40 }, payment: 'credit', daysAgo: 6, moves: ['pic_process', 'pic_approve', 'payment_verify', 'payment_date_verify'] },
  { partner: 'NKM', lines: { 'EV500K-JKT': 20 }, payment: 'transfer', daysAgo: 5, moves: ['pic_process', 'pic_approve', 'payment_verify'] },
  { partner: 'BHL', lines: { EV100K: 150 }, payment: 'credit', daysAgo: 4, moves: ['pic_process', 'pic_approve'] },
  { partner: 'ADI', lines: { EV100K: 30, EV250K: 10 }, payment: 'transfer', daysAgo: 4, moves: ['pic_process', 'pic_approve', 'payment_reject'] },
  { partner: 'NKM', lines: { EV250K: 500 }, payment: 'transfer', daysAgo: 3, moves: ['pic_reject'] },
  { partner: 'ADI', lines: { EV50K: 60 }, payment: 'transfer', daysAgo: 2, moves: ['pic_process'] },
  { partner: 'NKM', lines: { EV100K: 75 }, payment: 'transfer', daysAgo: 1, moves: [], note: 'Untuk acara ulang tahun perusahaan' },
];

/** The reason each move with one gives in the demo. */
const REASONS: Partial<Record<VoucherOrderAction, string>> = {
  pic_reject: 'Klien meminta penundaan sampai anggaran tahun depan disetujui',
  payment_date_verify: 'Mutasi rekening sesuai: nominal dan tanggal transfer cocok',
  payment_reject: 'Transfer tidak diterima dalam 7 hari setelah penawaran',
};

/**
 * Demo voucher orders made by the service: one in each resting state of the workflow, the CMS admin placing and
 * making the maker moves, the Super Admin the checker moves, a few hours apart over the last days; the two released
 * ones get their vouchers from the release job's own code, and a fifth of them are used at stores since.
 */
export async function seedVoucherOrders(db: Db, now = new Date()): Promise<void> {
  if ((await queryRows(db, sql`select 1 from voucher_orders limit 1`)).length) return;
  const users = await queryRows<{ id: number; username: string; name: string }>(db, sql`select id, username, name from users where username in ('admin.cms', 'superadmin')`);
  const partners = await queryRows<{ id: number; partner_code: string }>(db, sql`select id, partner_code from partners`);
  const products = await queryRows<{ id: number; voucher_code: string }>(db, sql`select id, voucher_code from voucher_products`);
  const maker = users.find((u) => u.username === 'admin.cms');
  const checker = users.find((u) => u.username === 'superadmin');
  if (!maker || !checker || !partners.length || !products.length) return;
  const ctxOf = (u: { id: number; name: string }, at: Date): AuditContext => ({ actor: { userId: Number(u.id), name: u.name }, ip: null, now: at });
  const orders = new VoucherOrderService(db);
  for (const demo of DEMO_ORDERS) {
    const partner = partners.find((p) => p.partner_code === demo.partner);
    if (!partner) continue;
    let at = new Date(now.getTime() - demo.daysAgo * DAY + 2 * HOUR);
    const items = Object.entries(demo.lines).map(([code, quantity]) => ({ voucher_product_id: Number(products.find((p) => p.voucher_code === code)?.id), quantity }));
    let order = await orders.create(voucherOrderCreateBody.parse({ partner_id: Number(partner.id), payment_method: demo.payment, items, note: demo.note ?? null }), ctxOf(maker, at));
    for (const action of demo.moves) {
      at = new Date(at.getTime() + 3 * HOUR);
      const body = VOUCHER_ORDER_MOVE_BODY[action].parse({
        version: order.version,
        ...(REASONS[action] ? { reason: REASONS[action] } : {}),
        ...(action === 'payment_verify' ? { payment_ref: `BCA-${order.order_number.slice(-6)}`, payment_amount: order.total_amount, payment_date: jakartaDay(at) } : {}),
      });
      const by = action === 'pic_process' || action === 'payment_verify' ? maker : checker;
      order = await orders.move(order.id, action, body, ctxOf(by, at));
    }
    if (order.status === 'done') {
      await releaseVouchers(db, { now: () => new Date(at.getTime() + 60_000) }, order.id);
      await redeemSome(db, order.id, at, now);
    }
  }
}

/**
 * A fifth of a released order's vouchers used at the demo's first stores on the days since its release, each through
 * the POS's signed redemption (signed here with a key of the seed's own, which the service it builds checks).
 */
async function redeemSome(db: Db, orderId: number, releasedAt: Date, now: Date): Promise<void> {
  const secret = randomBytes(32);
  const pos = new VoucherRedemptionService(db, secret);
  const stores = (await queryRows<{ code: string }>(db, sql`select code from stores where status = 1 order by id limit 3`)).map((s) => s.code);
  const codes = (await queryRows<{ code: string }>(db, sql`select code from vouchers where order_id = ${orderId} order by id`)).map((v) => v.code);
  const span = now.getTime() - releasedAt.getTime();
  for (const [i, code] of codes.entries()) {
    if (i % 5 !== 0 || !stores.length) continue;
    const at = new Date(releasedAt.getTime() + ((i * 7_919) % 1_000) / 1_000 * span);
    const fields = { voucher_barcode: code, store_code: stores[i % stores.length]!, pos_ref: `DEMO-${orderId}-${i}`, transaction_no: `TRX-DEMO-${orderId}-${i}` };
    await pos.redeem({ ...fields, signature: signWebhook(secret, voucherRedeemSignedText(fields)) }, at);
  }
}
