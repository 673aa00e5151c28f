import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaDay, type ImportBatch, type ImportDefinitionInfo, type ImportRow, type VoucherOrderDetail } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { createStaff } from '../../../test/staff.ts';

const ENTRY = 'cms.method-of-payment/bulk-voucher';
const ORDERS = 'cms.voucher-digital/order-voucher-management';

/** Bulk Voucher through HTTP: payment verify and release of many orders by file, all or none, by grant. */
describe('bulk voucher', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let maker: string;
  let checker: string;
  let partner: number;
  let product: number;

  beforeAll(async () => {
    await createStaff(db(), 'bulk.maker', [ENTRY, ORDERS].flatMap((entry) => (['view', 'create', 'edit'] as const).map((action) => ({ entry, action }))));
    await createStaff(db(), 'bulk.checker', [ENTRY, ORDERS].flatMap((entry) => (['view', 'edit', 'approve'] as const).map((action) => ({ entry, action }))));
    maker = await h.tokenOf('bulk.maker');
    checker = await h.tokenOf('bulk.checker');
    const [p] = await queryRows<{ id: number }>(db(), sql`select id from partners where partner_code = 'NKM'`);
    const [v] = await queryRows<{ id: number }>(db(), sql`select id from voucher_products where voucher_code = 'EV50K'`);
    [partner, product] = [Number(p!.id), Number(v!.id)];
  });

  /** An order of `n` EV50K vouchers placed and approved: waiting for payment. */
  const awaitingPayment = async (n: number): Promise<VoucherOrderDetail> => {
    let o = (await h.call('POST', '/api/v1/voucher-orders', { token: maker, body: { partner_id: partner, payment_method: 'transfer', items: [{ voucher_product_id: product, quantity: n }] } })).json<{ data: VoucherOrderDetail }>().data;
    o = (await h.call('POST', `/api/v1/voucher-orders/${o.id}/pic-process`, { token: maker, body: { version: o.version } })).json<{ data: VoucherOrderDetail }>().data;
    return (await h.call('POST', `/api/v1/voucher-orders/${o.id}/pic-approve`, { token: checker, body: { version: o.version } })).json<{ data: VoucherOrderDetail }>().data;
  };
  const upload = async (key: string, token: string, rows: (string | number)[][]) => {
    const body = multipart('bulk.csv', csv(rows));
    const up = await h.call('POST', `/api/v1/imports/${key}`, { token, body: body.payload, headers: body.headers });
    expect(up.statusCode, up.body).toBe(200);
    return h.imports.waitFor(up.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
  };
  const rowsOf = async (batch: ImportBatch, token: string) => (await h.call('GET', `/api/v1/imports/batches/${batch.id}/rows?limit=100`, { token })).json<{ data: { data: ImportRow[] } }>().data.data;
  const statusOf = async (id: number) => (await queryRows<{ status: string }>(db(), sql`select status from voucher_orders where id = ${id}`))[0]?.status;

  it('verifies the payments of many orders by file, each checked as the single move checks it, the spec’s toast declared', async () => {
    const info = (await h.call('GET', '/api/v1/imports/bulk-voucher-payment-verify', { token: maker })).json<{ data: ImportDefinitionInfo }>().data;
    expect(info.done_message).toBe('Payment Verify Bulk Voucher is Successful');
    const [a, b, c] = [await awaitingPayment(2), await awaitingPayment(3), await awaitingPayment(4)];
    const today = jakartaDay(h.clock.now());
    const [done] = await queryRows<{ order_number: string }>(db(), sql`select order_number from voucher_orders where status = 'done' limit 1`);
    const batch = await upload('bulk-voucher-payment-verify', maker, [
      ['Order Number', 'Transfer Reference', 'Amount Received', 'Payment Date'],
      [a.order_number, 'BCA-1', a.total_amount, today],
      [b.order_number.toLowerCase(), 'BCA-2', b.total_amount, today],
      [c.order_number, 'BCA-3', c.total_amount - 1_000, today],
      ['EVO-20000101-999999', 'BCA-4', 1, today],
      [done!.order_number, 'BCA-5', 1, today],
    ]);
    expect(batch).toMatchObject({ status: 'VALIDATED', total_rows: 5, valid_rows: 2 });
    const rows = await rowsOf(batch, maker);
    expect(rows[2]!.errors[0]).toMatchObject({ column: 'payment_amount' });
    expect(rows[3]!.errors[0]).toMatchObject({ column: 'order_number', message: 'No voucher order has the number EVO-20000101-999999' });
    expect(rows[4]!.errors[0]?.message).toContain('cannot be moved by payment verify');
    // A role without the bulk entry may not upload.
    expect((await h.call('GET', '/api/v1/imports/bulk-voucher-payment-verify', { token: await h.tokenOf('viewer') })).statusCode).toBe(403);

    const confirm = await h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token: maker, body: { version: batch.version } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual(['on_payment_verification', 'on_payment_verification', 'waiting_for_payment']);
    const [event] = await queryRows<{ actor: string; note: string }>(
      db(),
      sql`select u.username as actor, e.note from voucher_order_events e join users u on u.id = e.actor_id where e.order_id = ${b.id} and e.action = 'payment_verify'`,
    );
    expect(event).toMatchObject({ actor: 'bulk.maker', note: expect.stringContaining('BCA-2') });
  });

  it('releases many orders by file, all or none: one whose state changed after validation refuses the whole file', async () => {
    const ready = async () => {
      let o = await awaitingPayment(2);
      o = (await h.call('POST', `/api/v1/voucher-orders/${o.id}/payment-verify`, { token: maker, body: { version: o.version, payment_ref: 'BCA-R', payment_amount: o.total_amount, payment_date: jakartaDay(h.clock.now()) } })).json<{ data: VoucherOrderDetail }>().data;
      return (await h.call('POST', `/api/v1/voucher-orders/${o.id}/payment-date-verify`, { token: checker, body: { version: o.version, reason: 'Mutasi sesuai' } })).json<{ data: VoucherOrderDetail }>().data;
    };
    const [a, b] = [await ready(), await ready()];
    // The maker's role has no approve: the release file is the checker's.
    const file = multipart('r.csv', csv([['Order Number'], [a.order_number]]));
    const refused = await h.call('POST', '/api/v1/imports/bulk-voucher-release', { token: maker, body: file.payload, headers: file.headers });
    expect(refused.statusCode).toBe(403);

    const first = await upload('bulk-voucher-release', checker, [['Order Number'], [a.order_number], [b.order_number]]);
    expect(first).toMatchObject({ status: 'VALIDATED', valid_rows: 2 });
    // b is released singly after validation: confirming the file now fails as a whole, a stays on release process.
    await h.call('POST', `/api/v1/voucher-orders/${b.id}/release`, { token: checker, body: { version: b.version } });
    await h.call('POST', `/api/v1/imports/batches/${first.id}/confirm`, { token: checker, body: { version: first.version } });
    const failed = await h.imports.waitFor(first.id, ['COMPLETED', 'FAILED']);
    expect(failed.status).toBe('FAILED');
    expect(await statusOf(a.id)).toBe('on_release_process');

    const second = await upload('bulk-voucher-release', checker, [['Order Number'], [a.order_number]]);
    await h.call('POST', `/api/v1/imports/batches/${second.id}/confirm`, { token: checker, body: { version: second.version } });
    expect((await h.imports.waitFor(second.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    expect(await statusOf(a.id)).toBe('done');
    // Its vouchers follow from the release job.
    for (let i = 0; i < 100 && !(await queryRows(db(), sql`select 1 from voucher_orders where id = ${a.id} and released_at is not null`)).length; i++) await new Promise((r) => setTimeout(r, 100));
    const [n] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from vouchers where order_id = ${a.id}`);
    expect(Number(n?.n)).toBe(2);
  });
});
