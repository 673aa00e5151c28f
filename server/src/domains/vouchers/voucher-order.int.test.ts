import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isVoucherCode, jakartaDay, type VoucherOrderDetail, type VoucherOrderRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { releaseVouchers } from './voucher-release.job.ts';

type Answer = { message: string; data: VoucherOrderDetail };
type Problem = { message: string; details?: { path: string; message: string }[] };
const ENTRY = 'cms.voucher-digital/order-voucher-management';

/** Order Voucher Management through HTTP: placing, the workflow's moves by grant and by person, credit, release. */
describe('voucher orders', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let maker: string;
  let checker: string;
  let viewer: string;
  let partner: number;
  let lapsed: number;
  let ev50: number;
  let ev100: number;
  let withdrawn: number;

  const insertPartner = async (code: string, credit: number, period: [number, number]) => {
    const [p] = await queryRows<{ id: number }>(
      db(),
      sql`insert into partners (partner_code, name, address, email, phone, contact_name, contact_email, contact_phone, credit_limit)
        values (${code}, ${`PT ${code} Sejahtera`}, 'Jl. Sudirman 1, Jakarta', ${`${code.toLowerCase()}@example.co.id`}, '0215550001', 'Rina', 'rina@example.co.id', '081234567890', ${credit})
        returning id`,
    );
    const day = (d: number) => jakartaDay(new Date(h.clock.now().getTime() + d * 86_400_000));
    await db().execute(sql`insert into partner_periods (partner_id, agreement_no, starts_on, ends_on) values (${p!.id}, ${`PKS/${code}`}, ${day(period[0])}::date, ${day(period[1])}::date)`);
    return Number(p!.id);
  };

  beforeAll(async () => {
    await createStaff(db(), 'ev.maker', [
      { entry: ENTRY, action: 'view' },
      { entry: ENTRY, action: 'create' },
      { entry: ENTRY, action: 'edit' },
    ]);
    await createStaff(db(), 'ev.checker', [
      { entry: ENTRY, action: 'view' },
      { entry: ENTRY, action: 'edit' },
      { entry: ENTRY, action: 'approve' },
    ]);
    maker = await h.tokenOf('ev.maker');
    checker = await h.tokenOf('ev.checker');
    viewer = await h.tokenOf('viewer');
    partner = await insertPartner('TSTA', 1_000_000, [-30, 30]);
    lapsed = await insertPartner('TSTB', 0, [-60, -1]);
    const products = await queryRows<{ id: number; voucher_code: string }>(db(), sql`select id, voucher_code from voucher_products`);
    const idOf = (code: string) => Number(products.find((p) => p.voucher_code === code)?.id);
    [ev50, ev100, withdrawn] = [idOf('EV50K'), idOf('EV100K'), idOf('EV25K-OLD')];
  });

  const place = (body: Record<string, unknown>, token = maker) => h.call('POST', '/api/v1/voucher-orders', { token, body });
  const order = (over: Record<string, unknown> = {}) => ({
    partner_id: partner,
    payment_method: 'transfer',
    items: [
      { voucher_product_id: ev50, quantity: 3 },
      { voucher_product_id: ev100, quantity: 2 },
    ],
    note: 'Hadiah akhir tahun karyawan',
    ...over,
  });
  const placed = async (over: Record<string, unknown> = {}) => {
    const res = await place(order(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>().data;
  };
  const move = (o: { id: number; version: number }, path: string, token: string, body: Record<string, unknown> = {}) =>
    h.call('POST', `/api/v1/voucher-orders/${o.id}/${path}`, { token, body: { version: o.version, ...body } });
  const moved = async (o: { id: number; version: number }, path: string, token: string, body: Record<string, unknown> = {}) => {
    const res = await move(o, path, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>();
  };
  const payment = (o: VoucherOrderDetail) => ({ payment_ref: 'BCA-TRF-0091', payment_amount: o.total_amount, payment_date: jakartaDay(h.clock.now()) });

  it('seeds demo orders made by the service in every state, the released ones with their vouchers', async () => {
    const states = await queryRows<{ status: string }>(db(), sql`select distinct status from voucher_orders order by status`);
    expect(states.map((s) => s.status)).toEqual(['done', 'new', 'on_payment_verification', 'on_release_process', 'payment_rejected', 'pic_processing', 'pic_rejected', 'waiting_for_payment']);
    const released = await queryRows<{ order_number: string; released_count: number; vouchers: number; wanted: number }>(
      db(),
      sql`select o.order_number, o.released_count, (select count(*)::int from vouchers v where v.order_id = o.id) as vouchers,
        (select sum(release_amount)::int from voucher_order_items i where i.order_id = o.id) as wanted
      from voucher_orders o where o.status = 'done' and o.released_at is not null`,
    );
    expect(released).toHaveLength(2);
    for (const r of released) expect([Number(r.released_count), Number(r.vouchers)]).toEqual([Number(r.wanted), Number(r.wanted)]);
  });

  it('places an order with its total in Rupiah, its number by the Jakarta day, its lines and its first timeline entry', async () => {
    const o = await placed();
    expect(o).toMatchObject({ status: 'new', total_amount: 350_000, voucher_count: 5, released_count: 0, partner_code: 'TSTA', created_by_name: 'ev.maker' });
    expect(o.order_number).toMatch(new RegExp(`^EVO-${jakartaDay(h.clock.now()).replaceAll('-', '')}-\\d{6}$`));
    expect(o.items.map((i) => [i.voucher_code, i.quantity, i.release_amount, i.amount])).toEqual([
      ['EV100K', 2, 2, 200_000],
      ['EV50K', 3, 3, 150_000],
    ]);
    expect(o.events.map((e) => [e.action, e.to_status, e.actor_name])).toEqual([['place', 'new', 'ev.maker']]);
    const list = (await h.call('GET', `/api/v1/voucher-orders?partner_id=${partner}&status=new`, { token: viewer })).json<{ data: { data: VoucherOrderRow[] } }>().data.data;
    expect(list.map((r) => r.order_number)).toContain(o.order_number);
    const byNumber = (await h.call('GET', `/api/v1/voucher-orders?order_number=${o.order_number.toLowerCase()}`, { token: viewer })).json<{ data: { data: VoucherOrderRow[] } }>().data.data;
    expect(byNumber.map((r) => r.id)).toEqual([o.id]);
  });

  it('refuses what cannot be placed: no session, no right, bad fields (400), an inactive or lapsed client and a withdrawn voucher (422)', async () => {
    expect((await h.call('POST', '/api/v1/voucher-orders', { body: order() })).statusCode).toBe(401);
    expect((await place(order(), viewer)).statusCode).toBe(403);
    expect((await place(order(), checker)).statusCode).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [] }, 'items'],
      [{ items: [{ voucher_product_id: ev50, quantity: 0 }] }, 'items.0.quantity'],
      [{ items: [{ voucher_product_id: ev50, quantity: 1 }, { voucher_product_id: ev50, quantity: 2 }] }, 'items'],
      [{ items: [{ voucher_product_id: 999_999, quantity: 1 }] }, 'items.0.voucher_product_id'],
      [{ payment_method: 'cash' }, 'payment_method'],
      [{ partner_id: 999_999 }, 'partner_id'],
    ];
    for (const [over, path] of cases) {
      const res = await place(order(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<Problem>().details?.map((d) => d.path), JSON.stringify(over)).toContain(path);
    }
    const gone = await place(order({ items: [{ voucher_product_id: withdrawn, quantity: 1 }] }));
    expect(gone.statusCode).toBe(422);
    expect(gone.json<Problem>().message).toBe('EV25K-OLD is no longer sold: remove it from the order');
    const late = await place(order({ partner_id: lapsed }));
    expect(late.statusCode).toBe(422);
    expect(late.json<Problem>().message).toContain('has no cooperation period covering today');
  });

  it('walks the workflow with the spec’s toasts, maker and checker apart by grant and by person, 409 from a wrong state or a stale version', async () => {
    let o = await placed();
    // The maker cannot approve (no grant); the checker cannot approve a new order (wrong state).
    expect((await move(o, 'pic-approve', maker)).statusCode).toBe(403);
    expect((await move(o, 'pic-approve', checker)).statusCode).toBe(409);
    let step = await moved(o, 'pic-process', checker);
    expect(step.message).toBe('PIC processing successful');
    o = step.data;
    // The PIC's processing numbers the quotation by the Jakarta month; the receipt waits for the payment date check.
    expect(o.quotation_no).toMatch(new RegExp(`^QUO/${jakartaDay(h.clock.now()).slice(0, 7).replace('-', '/')}/\\d{6}$`));
    expect(o.receipt_no).toBeNull();
    // The checker processed it, so someone else approves it: the checker cannot, even holding the grant.
    const self = await move(o, 'pic-approve', checker);
    expect(self.statusCode).toBe(422);
    expect(self.json<Problem>().message).toContain('must be done by someone else');
    const root = await h.tokenOf('superadmin');
    expect((await move({ ...o, version: o.version - 1 }, 'pic-approve', root)).statusCode).toBe(409);
    step = await moved(o, 'pic-approve', root);
    expect(step.message).toBe('PIC Approval successful');
    o = step.data;
    expect(o.status).toBe('waiting_for_payment');

    // Payment verify records the transfer: its amount must be the total, its day not in the future.
    const short = await move(o, 'payment-verify', maker, { ...payment(o), payment_amount: o.total_amount - 1 });
    expect(short.statusCode).toBe(422);
    expect(short.json<Problem>().message).toContain('does not match');
    const future = await move(o, 'payment-verify', maker, { ...payment(o), payment_date: jakartaDay(new Date(h.clock.now().getTime() + 3 * 86_400_000)) });
    expect(future.statusCode).toBe(400);
    expect(future.json<Problem>().details?.[0]?.path).toBe('payment_date');
    expect((await move(o, 'payment-verify', maker, { payment_ref: 'X' })).statusCode).toBe(400);
    step = await moved(o, 'payment-verify', maker, payment(o));
    expect(step.message).toBe('Verify Payment Success');
    o = step.data;
    expect(o).toMatchObject({ status: 'on_payment_verification', payment_ref: 'BCA-TRF-0091', payment_amount: 350_000 });
    expect((await move(o, 'payment-date-verify', checker, {})).statusCode).toBe(400);
    step = await moved(o, 'payment-date-verify', checker, { reason: 'Mutasi rekening BCA 29/11 sesuai' });
    o = step.data;
    expect(o.status).toBe('on_release_process');
    expect(o.receipt_no).toMatch(/^KWT\/\d{4}\/\d{2}\/\d{6}$/);

    // Before release, a line's release amount can be lowered (not above what was ordered), by its voucher code.
    const over = await h.call('PUT', `/api/v1/voucher-orders/${o.id}/items?code=ev50k`, { token: maker, body: { version: o.version, release_amount: 4 } });
    expect(over.statusCode).toBe(400);
    const unknown = await h.call('PUT', `/api/v1/voucher-orders/${o.id}/items?code=EV250K`, { token: maker, body: { version: o.version, release_amount: 1 } });
    expect(unknown.statusCode).toBe(404);
    const lowered = await h.call('PUT', `/api/v1/voucher-orders/${o.id}/items?code=ev50k`, { token: maker, body: { version: o.version, release_amount: 2 } });
    expect(lowered.statusCode, lowered.body).toBe(200);
    o = lowered.json<Answer>().data;
    expect(o.items.find((i) => i.voucher_code === 'EV50K')?.release_amount).toBe(2);

    step = await moved(o, 'release', checker);
    expect(step.message).toBe('Release Voucher Success');
    o = step.data;
    expect(o.status).toBe('done');
    expect((await move(o, 'release', checker)).statusCode).toBe(409);
    expect((await h.call('PUT', `/api/v1/voucher-orders/${o.id}/items?code=EV50K`, { token: maker, body: { version: o.version, release_amount: 1 } })).statusCode).toBe(409);

    // The job generates the released vouchers: 2 + 2, unique, well-formed, valid for each product's days from the release.
    for (let i = 0; i < 100 && !(await detail(o.id)).released_at; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await detail(o.id)).toMatchObject({ released_count: 4 });
    const vouchers = await queryRows<{ code: string; voucher_product_id: number; valid_until: string }>(
      db(),
      sql`select code, voucher_product_id, to_char(valid_until, 'YYYY-MM-DD') as valid_until from vouchers where order_id = ${o.id}`,
    );
    expect(vouchers).toHaveLength(4);
    expect(vouchers.every((v) => isVoucherCode(v.code))).toBe(true);
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(4);
    const until = jakartaDay(new Date(h.clock.now().getTime() + 364 * 86_400_000));
    expect(vouchers.map((v) => v.valid_until)).toEqual([until, until, until, until]);
    // Running the job again adds nothing.
    await releaseVouchers(db(), h.clock, o.id);
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from vouchers where order_id = ${o.id}`);
    expect(Number(count?.n)).toBe(4);

    const audit = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'voucher-order' and entity_id = ${String(o.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual([
      'voucher-order.create',
      'voucher-order.pic_process',
      'voucher-order.pic_approve',
      'voucher-order.payment_verify',
      'voucher-order.payment_date_verify',
      'voucher-order.release-amount',
      'voucher-order.release',
    ]);
    expect(o.events.map((e) => e.action)).toEqual(['place', 'pic_process', 'pic_approve', 'payment_verify', 'payment_date_verify', 'release']);
  });

  const detail = async (id: number) => (await h.call('GET', `/api/v1/voucher-orders/${id}`, { token: viewer })).json<Answer>().data;

  it('rejects with a reason at the PIC and at payment, each final', async () => {
    const a = await placed();
    expect((await move(a, 'pic-reject', checker, { reason: 'no' })).statusCode).toBe(400);
    const rejected = await moved(a, 'pic-reject', checker, { reason: 'Kuota voucher klien bulan ini habis' });
    expect(rejected.message).toBe('PIC rejection successful');
    expect(rejected.data).toMatchObject({ status: 'pic_rejected', reason: 'Kuota voucher klien bulan ini habis' });
    expect((await move(rejected.data, 'pic-process', maker)).statusCode).toBe(409);

    let b = await placed();
    b = (await moved(b, 'pic-process', maker)).data;
    b = (await moved(b, 'pic-approve', checker)).data;
    const refused = await moved(b, 'payment-reject', checker, { reason: 'Transfer tidak diterima dalam 7 hari' });
    expect(refused.message).toBe('Reject Order Success');
    expect(refused.data.status).toBe('payment_rejected');
  });

  it('keeps a credit order within the client’s credit limit, placements racing on the last of it', async () => {
    // Limit Rp 1.000.000: an open credit order of Rp 350.000 leaves Rp 650.000.
    const first = await placed({ payment_method: 'credit' });
    const tooMuch = await place(order({ payment_method: 'credit', items: [{ voucher_product_id: ev100, quantity: 7 }] }));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json<Problem>().message).toContain('available credit of Rp 650.000');
    // Three racing orders of Rp 300.000: two fit, the third is refused.
    const race = await Promise.all([1, 2, 3].map(() => place(order({ payment_method: 'credit', items: [{ voucher_product_id: ev100, quantity: 3 }] }))));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 200, 422]);
    // A rejected credit order frees its share; transfer orders never count.
    await moved(first, 'pic-reject', checker, { reason: 'Klien membatalkan pesanan' });
    expect((await place(order({ payment_method: 'credit', items: [{ voucher_product_id: ev50, quantity: 7 }] }))).statusCode).toBe(200);
    expect((await place(order({ items: [{ voucher_product_id: ev100, quantity: 50 }] }))).statusCode).toBe(200);
  });
});
