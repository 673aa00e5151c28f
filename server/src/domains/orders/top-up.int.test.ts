import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { topUpPaymentSignedText, type AppTopUpDetail, type ImportBatch, type ImportRow, type TopUpDetail, type TopUpRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { billerSecretOf, signBillerCallback } from './biller.ts';
import { paymentSecretOf } from './payment-callback.service.ts';
import { expireUnpaidTopUps } from './top-up-expiry.job.ts';
import { TopUpWorkflowService } from './top-up-workflow.service.ts';

/** Top-up and bills through HTTP: products, the consumer's purchase, both signed callbacks, staff moves, export, bulk update. */
describe('top-up and bills', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-top-up-'));
  const h = useHarness({ DATA_DIR: dataDir });
  const db = () => h.testDb.database.db;
  let root: string;
  let admin: string;
  let viewer: string;
  let consumer: string;
  let other: string;
  let telkomsel20: { id: number; price: number };

  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    const people = await queryRows<{ phone: string }>(db(), sql`select phone from consumers where status = 1 order by id limit 2`);
    consumer = (await h.consumerAuth.signIn(people[0]!.phone, DEMO_PASSWORD)).token;
    other = (await h.consumerAuth.signIn(people[1]!.phone, DEMO_PASSWORD)).token;
    const [p] = await queryRows<{ id: number; price: number }>(db(), sql`select id, price from digital_products where biller_code = 'TSEL20'`);
    telkomsel20 = { id: Number(p!.id), price: Number(p!.price) };
  });

  const buy = async (phone: string, token = consumer, clientRef: string | null = null): Promise<AppTopUpDetail> => {
    const res = await h.call('POST', '/api/v1/app/top-ups', { token, body: { product_id: telkomsel20.id, phone_number: phone, client_ref: clientRef } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AppTopUpDetail }>().data;
  };
  const pay = (t: { transaction_no: string; amount: number }, eventId = `EV-${t.transaction_no}`, status: 'PAID' | 'FAILED' = 'PAID') => {
    const event = { event_id: eventId, transaction_no: t.transaction_no, status, amount: t.amount, payment_ref: `PG-${t.transaction_no}` };
    return h.call('POST', '/api/v1/payments/top-up-callback', { body: { ...event, signature: signWebhook(paymentSecretOf(h.services.config), topUpPaymentSignedText(event)) } });
  };
  const detail = async (id: number, token = root) => (await h.call('GET', `/api/v1/top-ups/${id}`, { token })).json<{ data: TopUpDetail }>().data;
  /** Waits for the jobs (biller send, simulated answer) to bring the top-up to `status`. */
  const reach = async (id: number, status: number): Promise<TopUpDetail> => {
    for (let i = 0; i < 150; i++) {
      const t = await detail(id);
      if (t.status === status) return t;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`top-up ${id} never reached ${status}: ${(await detail(id)).status}`);
  };

  it('seeds digital products and top-ups made by the flows, in every resting state', async () => {
    const statuses = await queryRows<{ status: number }>(db(), sql`select distinct status from top_ups order by status`);
    expect(statuses.map((s) => Number(s.status))).toEqual([100, 110, 111, 251, 252, 400, 451, 452, 453]);
    const products = await h.call('GET', '/api/v1/digital-products?limit=100&product_type=2', { token: root });
    expect(products.json<{ data: { meta: { total: number } } }>().data.meta.total).toBe(10);
  });

  it('keeps digital products with the generic layer: 401, 403, 400, 409 on a stale version or a code taken', async () => {
    const body = { product_type: 1, operator: 3, name: 'Telkomsel Pulsa 15.000', denomination: 15_000, price: 16_000, biller_code: 'TSEL15', status: 1 };
    expect((await h.call('POST', '/api/v1/digital-products', { body })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/digital-products', { token: admin, body })).statusCode).toBe(403);
    expect((await h.call('POST', '/api/v1/digital-products', { token: root, body: { ...body, operator: 9 } })).statusCode).toBe(400);
    const made = await h.call('POST', '/api/v1/digital-products', { token: root, body });
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json<{ data: { id: number; version: number } }>().data;
    expect((await h.call('POST', '/api/v1/digital-products', { token: root, body: { ...body, biller_code: 'tsel15' } })).statusCode).toBe(409);
    const edit = { ...body, price: 15_500, version: row.version };
    expect((await h.call('PUT', `/api/v1/digital-products/${row.id}`, { token: root, body: edit })).statusCode).toBe(200);
    expect((await h.call('PUT', `/api/v1/digital-products/${row.id}`, { token: root, body: edit })).statusCode).toBe(409);
  });

  it('sells a top-up to a consumer: 401 without a token, 400 for a bad number, 422 for another operator’s number, once by client_ref', async () => {
    expect((await h.call('GET', '/api/v1/app/digital-products')).statusCode).toBe(401);
    const offered = (await h.call('GET', '/api/v1/app/digital-products?operator=3&product_type=1', { token: consumer })).json<{ data: { price: number; operator: number }[] }>().data;
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((p) => p.operator === 3)).toBe(true);
    const bad = await h.call('POST', '/api/v1/app/top-ups', { token: consumer, body: { product_id: telkomsel20.id, phone_number: '12345' } });
    expect(bad.statusCode).toBe(400);
    const indosat = await h.call('POST', '/api/v1/app/top-ups', { token: consumer, body: { product_id: telkomsel20.id, phone_number: '085712345678' } });
    expect(indosat.statusCode).toBe(422);
    const first = await buy('+6281234500001', consumer, 'app-ref-1');
    expect(first).toMatchObject({ status: 100, phone_number: '081234500001', amount: telkomsel20.price, payment_status: 'WAITING FOR PAYMENT' });
    expect(first.transaction_no).toMatch(/^TU-\d{8}-\d{6}$/);
    expect((await buy('081234500001', consumer, 'app-ref-1')).id).toBe(first.id);
    const mine = (await h.call('GET', '/api/v1/app/top-ups', { token: consumer })).json<{ data: { id: number }[] }>().data;
    expect(mine[0]?.id).toBe(first.id);
    expect((await h.call('GET', `/api/v1/app/top-ups/${first.id}`, { token: other })).statusCode).toBe(404);
  });

  it('is paid through the signed callback (bad signature 401, replay a no-op, wrong amount 422), sent to the biller and answered', async () => {
    const t = await buy('081234500002');
    const event = { event_id: `EV-${t.id}`, transaction_no: t.transaction_no, status: 'PAID' as const, amount: t.amount, payment_ref: 'PG-1' };
    expect((await h.call('POST', '/api/v1/payments/top-up-callback', { body: { ...event, signature: '0'.repeat(64) } })).statusCode).toBe(401);
    expect((await pay({ ...t, amount: t.amount + 1 }, 'EV-wrong')).statusCode).toBe(422);
    const paid = await pay(t);
    expect(paid.json<{ data: unknown }>().data).toEqual({ transaction_no: t.transaction_no, status: 250, replay: false });
    expect((await pay(t)).json<{ data: { replay: boolean } }>().data.replay).toBe(true);
    const done = await reach(t.id, 400);
    expect(done.serial_number).toMatch(/^SN/);
    expect(done.timeline.map((e) => e.action)).toEqual(['buy', 'pay', 'send', 'biller_success']);
    expect((await h.call('GET', `/api/v1/app/top-ups/${t.id}`, { token: consumer })).json<{ data: AppTopUpDetail }>().data.statuses.map((s) => s.status)).toEqual([100, 200, 250, 400]);
  });

  it('takes the biller’s signed callback once: bad signature 401, replay a no-op, a stale attempt 409', async () => {
    const t = await buy('081234500007'); // 7: the simulated biller answers pending
    await pay(t);
    const pending = await reach(t.id, 251);
    const secret = billerSecretOf(h.services.config);
    const answer = signBillerCallback(secret, { event_id: `B-${t.id}-1`, transaction_no: t.transaction_no, biller_ref: pending.biller_ref ?? '', status: 'SUCCESS', serial_number: 'SN-TEST-1', message: null });
    expect((await h.call('POST', '/api/v1/billers/callback', { body: { ...answer, status: 'FAILED' } })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/billers/callback', { body: { ...answer, signature: signWebhook('another-secret-of-at-least-32-chars!!', 'x') } })).statusCode).toBe(401);
    const stale = signBillerCallback(secret, { event_id: `B-${t.id}-0`, transaction_no: t.transaction_no, biller_ref: 'SIM-OLD', status: 'FAILED', serial_number: null, message: null });
    expect((await h.call('POST', '/api/v1/billers/callback', { body: stale })).statusCode).toBe(409);
    const ok = await h.call('POST', '/api/v1/billers/callback', { body: answer });
    expect(ok.json<{ data: unknown }>().data).toEqual({ transaction_no: t.transaction_no, status: 400, replay: false });
    expect((await h.call('POST', '/api/v1/billers/callback', { body: answer })).json<{ data: unknown }>().data).toEqual({ transaction_no: t.transaction_no, status: 400, replay: true });
    expect((await detail(t.id)).serial_number).toBe('SN-TEST-1');
  });

  it('lets staff retry a failed top-up (sent again, then successful) and cancel with a reason; refuses stale versions and moves the state forbids', async () => {
    const t = await buy('081234500006'); // 6: fails first, succeeds on a retry
    await pay(t);
    const failed = await reach(t.id, 451);
    const move = (body: unknown, token = admin) => h.call('POST', `/api/v1/top-ups/${t.id}/move`, { token, body });
    expect((await h.call('POST', `/api/v1/top-ups/${t.id}/move`, { body: { action: 'retry', version: failed.version } })).statusCode).toBe(401);
    expect((await move({ action: 'retry', version: failed.version }, viewer)).statusCode).toBe(403);
    expect((await move({ action: 'retry', version: failed.version - 1 })).statusCode).toBe(409);
    expect((await move({ action: 'cancel', version: failed.version, note: 'x' })).statusCode).toBe(400);
    const retried = await move({ action: 'retry', version: failed.version });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ data: TopUpDetail }>().data).toMatchObject({ status: 250, attempts: 2 });
    const done = await reach(t.id, 400);
    expect(done.timeline.find((e) => e.action === 'retry')).toMatchObject({ actor_kind: 'staff', actor_name: 'Budi Santoso' });
    expect((await move({ action: 'cancel', version: done.version, note: 'Terlambat' })).statusCode).toBe(409);
    const [audit] = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'top-up' and entity_id = ${String(t.id)} order by id desc limit 1`);
    expect(audit?.action).toBe('top-up.retry');

    const unpaid = await buy('081234500003');
    const u = await detail(unpaid.id);
    const cancelled = await h.call('POST', `/api/v1/top-ups/${unpaid.id}/move`, { token: admin, body: { action: 'cancel', version: u.version, note: 'Permintaan pelanggan' } });
    expect(cancelled.json<{ data: TopUpDetail }>().data).toMatchObject({ status: 453, cancel_reason: 'Permintaan pelanggan', refund_due: 0 });
  });

  it('lists with the filters in Jakarta days and search, masking the numbers for staff without the personal-data right', async () => {
    const list = async (q: string, token = root) => (await h.call('GET', `/api/v1/top-ups?${q}`, { token })).json<{ data: { data: TopUpRow[]; meta: { total: number } } }>().data;
    const failed = await list('status=451&limit=100');
    expect(failed.data.every((r) => r.status === 451)).toBe(true);
    expect((await list('operator=3&product_type=1&limit=100')).data.every((r) => r.operator === 3 && r.product_type === 1)).toBe(true);
    const byPhone = await list('search=0812-3450-0002');
    expect(byPhone.data.map((r) => r.phone_number)).toEqual(['081234500002']);
    const one = byPhone.data[0]!;
    expect((await list(`search=${one.transaction_no.toLowerCase()}`)).data.map((r) => r.id)).toEqual([one.id]);
    const masked = await list('search=081234500002', viewer);
    expect(masked.data[0]).toMatchObject({ phone_number: '0812*****002', personal_masked: true });
    expect((await list('date_from=2000-01-01&date_until=2000-01-02')).data).toEqual([]);
    expect((await h.call('GET', '/api/v1/top-ups?date_from=2026-02-02&date_until=2026-02-01', { token: root })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/top-ups', { token: (await h.tokenOf('no.access')) })).statusCode).toBe(403);
  });

  it('exports the filtered list as Top_Up_&_Bills_Order_Management_<date>_<time>', async () => {
    await h.stepUp(root);
    const res = await h.call('GET', '/api/v1/top-ups/export?format=csv&status=400', { token: root });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="Top_Up_&_Bills_Order_Management_\d{8}_\d{6}\.csv"/);
    expect(res.body).toContain('Transaction successful');
    expect(res.body).not.toContain('Transaction Failed');
  });

  it('updates by file through the import pipeline: refused rows by cell, then every valid row through the workflow', async () => {
    const retry = await buy('081234500009'); // 9: fails every time
    await pay(retry);
    await reach(retry.id, 451);
    const cancel = await buy('081234500019');
    await pay(cancel);
    await reach(cancel.id, 451);
    const done = (await queryRows<{ transaction_no: string }>(db(), sql`select transaction_no from top_ups where status = 400 order by id limit 1`))[0]!.transaction_no;
    const file = csv([
      ['Transaction No', 'Target Status', 'Note'],
      [retry.transaction_no, 250, 'Kirim ulang'],
      [cancel.transaction_no, 453, 'Nomor tidak aktif, refund'],
      ['TU-NOPE', 250, ''],
      [done, 250, ''],
      [cancel.transaction_no.replace(/\d$/, (d) => String((Number(d) + 5) % 10)), 453, ''],
      [retry.transaction_no, 453, 'dua kali'],
    ]);
    const body = multipart('bulk.csv', file);
    const up = await h.call('POST', '/api/v1/imports/top-up-bulk-update', { token: admin, body: body.payload, headers: body.headers });
    expect(up.statusCode, up.body).toBe(200);
    const batch = await h.imports.waitFor(up.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    const rows = (await h.call('GET', `/api/v1/imports/batches/${batch.id}/rows?limit=100`, { token: admin })).json<{ data: { data: ImportRow[] } }>().data.data;
    expect(batch).toMatchObject({ status: 'VALIDATED', total_rows: 6, valid_rows: 2 });
    expect(rows[2]!.errors).toEqual([{ column: 'transaction_no', message: 'No top-up has the transaction number TU-NOPE' }]);
    expect(rows[3]!.errors[0]).toMatchObject({ column: 'target_status', message: expect.stringContaining('cannot be moved to 250') });
    expect(rows[5]!.errors[0]?.column).toBe('transaction_no');
    const confirm = await h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token: admin, body: { version: batch.version } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    const c = await detail(cancel.id);
    expect(c).toMatchObject({ status: 453, cancel_reason: 'Nomor tidak aktif, refund', refund_due: cancel.amount });
    expect(c.timeline.at(-1)).toMatchObject({ action: 'cancel', actor_kind: 'staff' });
    expect((await detail(retry.id)).attempts).toBe(2);
  });

  it('edits the CTA as one record with its version, and the app reads it while active', async () => {
    const cta = (await h.call('GET', '/api/v1/top-up-cta', { token: admin })).json<{ data: { version: number } }>().data;
    const body = { title: 'Pulsa murah', subtitle: null, button_text: 'Isi Sekarang', deep_link: 'superapp://top-up', is_active: true, version: cta.version };
    expect((await h.call('PUT', '/api/v1/top-up-cta', { token: viewer, body })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/v1/top-up-cta', { token: admin, body: { ...body, deep_link: 'javascript:alert(1)' } })).statusCode).toBe(400);
    expect((await h.call('PUT', '/api/v1/top-up-cta', { token: admin, body })).statusCode).toBe(200);
    expect((await h.call('PUT', '/api/v1/top-up-cta', { token: admin, body })).statusCode).toBe(409);
    expect((await h.call('GET', '/api/v1/app/top-up-cta', { token: consumer })).json<{ data: unknown }>().data).toEqual({ title: 'Pulsa murah', subtitle: null, button_text: 'Isi Sekarang', deep_link: 'superapp://top-up' });
  });

  it('expires unpaid top-ups past their deadline, and a payment after that is refused with 409', async () => {
    const t = await buy('081234500004');
    const later = new Date(h.clock.now().getTime() + 16 * 60_000);
    expect(await expireUnpaidTopUps(db(), new TopUpWorkflowService(db()), later)).toBeGreaterThanOrEqual(1);
    expect((await detail(t.id)).status).toBe(110);
    expect((await pay(t)).statusCode).toBe(409);
  });
});
