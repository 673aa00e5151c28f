import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaDay, posSalesSignedText, posTermsSignedText, type PosSale, type PosTerms } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { posSalesRound } from '../../dev/simulate-sales.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';

/*
 * What a till applies on a receipt (POST pos/sales): a promo per line, the associate's staff discount, the free gifts
 * handed over; checked by the promotion and consumers rules (422 naming each place), recorded with the receipt in its
 * transaction, once per transaction id, and signed. The tests' receipts are of 2024, far from the demo's.
 */
describe('POS receipts with promos, staff purchases and free gifts', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let secret: string | Buffer;
  let A: { id: number; code: string; province_code: string };
  let B: { id: number; code: string };
  let P: { id: number; plu: string }[];
  let promoId: number;
  let giftId: number;

  const sign = (transactions: PosSale[]) => ({ transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) });
  const post = (body: unknown) => h.call('POST', '/api/v1/pos/sales', { body });
  const JUNE = '2024-06-10T10:00:00+07:00';
  const receipt = (id: string, extra: Partial<PosSale> = {}): PosSale => ({
    transaction_id: id,
    store_code: A.code,
    channel: 1,
    card_id: null,
    at: JUNE,
    lines: [{ plu: P[1]!.plu, quantity: 1, price: 50_000 }],
    ...extra,
  });
  const historyOf = (receiptNo: string) =>
    queryRows<{ transaction_pk: string | null; amount: string; discount: string; quota: string; used_before: string; over_quota: boolean }>(
      db(),
      sql`select transaction_pk, amount, discount, quota, used_before, over_quota from associate_history where receipt_no = ${receiptNo}`,
    );
  const recorded = async (ids: string[]) =>
    (await queryRows<{ transaction_id: string }>(db(), sql`select transaction_id from sales_transactions where transaction_id in (select json_array_elements_text(${JSON.stringify(ids)}::json))`)).map((r) => r.transaction_id);

  beforeAll(async () => {
    secret = posSalesSecretOf(h.services.config);
    const stores = await queryRows<{ id: number; code: string; province_code: string }>(db(), sql`select id, code, province_code from stores where status = 1 order by id limit 2`);
    [A, B] = [stores[0]!, stores[1]!].map((s) => ({ ...s, id: Number(s.id) })) as [typeof A, typeof B];
    P = (await queryRows<{ id: number; plu: string }>(db(), sql`select id, plu from products where status = 1 and price > 0 order by id limit 4`)).map((p) => ({ id: Number(p.id), plu: p.plu }));
    [{ id: promoId }] = (await queryRows<{ id: number }>(
      db(),
      sql`insert into promos (code, name, promo_type, value, channel, member_scope, start_date, end_date, max_discount)
        values ('T-PROMO', 'Test 10%', 1, 10, 1, 0, '2024-01-01', '2024-12-31', 50000) returning id`,
    )) as [{ id: number }];
    promoId = Number(promoId);
    await db().execute(sql`insert into promo_products (promo_id, product_id) values (${promoId}, ${P[0]!.id})`);
    await db().execute(sql`insert into promo_stores (promo_id, store_id) values (${promoId}, ${A.id})`);
    await db().execute(sql`insert into promos (code, name, promo_type, value, channel, member_scope, start_date, end_date) values ('T-MEMBER', 'Members', 2, 1000, 1, 1, '2024-01-01', '2024-12-31')`);
    [{ id: giftId }] = (await queryRows<{ id: number }>(db(), sql`insert into free_gifts (code, name, min_purchase, start_date, end_date) values ('T-GIFT', 'Test gift', 100000, '2024-01-01', '2024-12-31') returning id`)) as [{ id: number }];
    giftId = Number(giftId);
    await db().execute(sql`insert into free_gift_products (free_gift_id, product_id, quantity) values (${giftId}, ${P[2]!.id}, 2)`);
    await db().execute(sql`insert into free_gift_regions (free_gift_id, province_code) values (${giftId}, ${A.province_code})`);
    await db().execute(sql`insert into free_gift_stores (free_gift_id, store_id) values (${giftId}, ${A.id})`);
    await db().execute(sql`insert into associates (employee_no, name, store_id, department, monthly_quota, joined_on, status) values
      ('T-EMP-1', 'Test Satu', ${A.id}, 'Kasir', 50000, '2020-01-01', 1), ('T-EMP-2', 'Test Dua', ${A.id}, 'Kasir', 50000, '2020-01-01', 2),
      ('T-EMP-3', 'Test Tiga', ${A.id}, 'Gudang', 50000, '2020-01-01', 1)`);
  });

  it('signs a receipt without what a till applies exactly as before', () => {
    const plain: PosSale = { transaction_id: 'X-1', store_code: 'S1', channel: 1, card_id: null, at: JUNE, lines: [{ plu: 'P1', quantity: 2, price: 1500 }] };
    expect(posSalesSignedText([plain])).toBe(`X-1|S1|1||${JUNE}|P1:2:1500`);
    const applied: PosSale = { ...plain, lines: [{ plu: 'P1', quantity: 2, price: 1500, promo_code: 'X', discount: 300 }], associate: { employee_no: 'E-1', discount: 200 }, gifts: [{ code: 'G', plu: 'P9', quantity: 1 }] };
    expect(posSalesSignedText([applied])).toBe(`X-1|S1|1||${JUNE}|P1:2:1500:X:300|A:E-1:200|G:G:P9:1`);
  });

  it('records the promo per line, the gift and the staff purchase with the receipt, once', async () => {
    const sale = receipt('TR-1', {
      lines: [
        { plu: P[0]!.plu, quantity: 2, price: 100_000, promo_code: 't-promo', discount: 20_000 },
        { plu: P[1]!.plu, quantity: 1, price: 50_000 },
      ],
      associate: { employee_no: 't-emp-1', discount: 23_000 },
      gifts: [{ code: 'T-GIFT', plu: P[2]!.plu, quantity: 1 }],
    });
    const res = await post(sign([sale]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accepted: 1, duplicates: [] });
    const [t] = await queryRows<{ id: string; total: string }>(db(), sql`select id, total from sales_transactions where transaction_id = 'TR-1'`);
    expect(Number(t!.total)).toBe(250_000);
    const lines = await queryRows<{ promo_id: number | null; discount: string | null }>(db(), sql`select promo_id, discount from sales_lines where transaction_pk = ${t!.id} order by line_no`);
    expect(lines.map((l) => [l.promo_id === null ? null : Number(l.promo_id), l.discount === null ? null : Number(l.discount)])).toEqual([
      [promoId, 20_000],
      [null, null],
    ]);
    const gifts = await queryRows(db(), sql`select free_gift_id, product_id, plu, quantity, store_id, consumer_id from sales_gifts where transaction_pk = ${t!.id}`);
    expect(gifts.map((g) => ({ ...g, free_gift_id: Number(g.free_gift_id), product_id: Number(g.product_id), store_id: Number(g.store_id) }))).toEqual([
      { free_gift_id: giftId, product_id: P[2]!.id, plu: P[2]!.plu.toUpperCase(), quantity: 1, store_id: A.id, consumer_id: null },
    ]);
    const [history] = await historyOf('TR-1');
    expect(history).toMatchObject({ over_quota: false });
    expect([history!.transaction_pk, history!.amount, history!.discount, history!.quota, history!.used_before].map(Number)).toEqual([Number(t!.id), 250_000, 23_000, 50_000, 0]);

    // Sent again (a lost answer), even after the promo ended meanwhile: taken as it was, nothing added.
    await db().execute(sql`update promos set status = 2 where id = ${promoId}`);
    const again = await post(sign([sale]));
    await db().execute(sql`update promos set status = 1 where id = ${promoId}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ accepted: 0, duplicates: ['TR-1'] });
    expect(await historyOf('TR-1')).toHaveLength(1);
    expect(await queryRows(db(), sql`select 1 from sales_gifts where transaction_pk = ${t!.id}`)).toHaveLength(1);
  });

  it('refuses a batch with an inapplicable promo, associate or gift, naming each place, and records none of it', async () => {
    const gross = { plu: P[0]!.plu, quantity: 2, price: 100_000 };
    const batch: PosSale[] = [
      receipt('TR-BAD-0', { lines: [{ ...gross, promo_code: 'NO-SUCH', discount: 1000 }] }),
      receipt('TR-BAD-1', { store_code: B.code, lines: [{ ...gross, promo_code: 'T-PROMO', discount: 1000 }] }),
      receipt('TR-BAD-2', { lines: [{ plu: P[1]!.plu, quantity: 1, price: 10_000, promo_code: 'T-PROMO', discount: 1000 }] }),
      receipt('TR-BAD-3', { at: '2025-03-01T10:00:00+07:00', lines: [{ ...gross, promo_code: 'T-PROMO', discount: 1000 }] }),
      receipt('TR-BAD-4', { lines: [{ ...gross, promo_code: 'T-MEMBER', discount: 1000 }] }),
      receipt('TR-BAD-5', { associate: { employee_no: 'NOBODY-9', discount: 100 } }),
      receipt('TR-BAD-6', { associate: { employee_no: 'T-EMP-2', discount: 100 } }),
      receipt('TR-BAD-7', { gifts: [{ code: 'T-GIFT', plu: P[2]!.plu, quantity: 1 }] }),
      receipt('TR-BAD-8', { lines: [gross], gifts: [{ code: 'T-GIFT', plu: P[3]!.plu, quantity: 1 }] }),
      receipt('TR-BAD-9', { store_code: B.code, lines: [gross], gifts: [{ code: 'T-GIFT', plu: P[2]!.plu, quantity: 1 }] }),
      receipt('TR-BAD-10', { lines: [gross], gifts: [{ code: 'T-GIFT', plu: P[2]!.plu, quantity: 3 }] }),
      receipt('TR-GOOD'),
    ];
    const res = await post(sign(batch));
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json<{ message: string; details: { path: string; message: string }[] }>();
    expect(body.details.map((d) => d.path)).toEqual([
      'transactions.0.lines.0.promo_code',
      'transactions.1.lines.0.promo_code',
      'transactions.2.lines.0.promo_code',
      'transactions.3.lines.0.promo_code',
      'transactions.4.lines.0.promo_code',
      'transactions.5.associate.employee_no',
      'transactions.6.associate.employee_no',
      'transactions.7.gifts.0.code',
      'transactions.8.gifts.0.code',
      'transactions.9.gifts.0.code',
      'transactions.10.gifts.0.code',
    ]);
    const says = Object.fromEntries(body.details.map((d) => [d.path.split('.')[1], d.message]));
    expect(says['0']).toBe('Transaction TR-BAD-0: Promo NO-SUCH does not exist');
    expect(says['1']).toBe(`Transaction TR-BAD-1: Promo T-PROMO does not apply at store ${B.code}`);
    expect(says['2']).toBe(`Transaction TR-BAD-2: Product ${P[1]!.plu.toUpperCase()} is not in promo T-PROMO`);
    expect(says['3']).toMatch(/Promo T-PROMO runs 01\/Jan\/2024 – 31\/Dec\/2024, not on 01\/Mar\/2025/);
    expect(says['4']).toMatch(/T-MEMBER is for app members/);
    expect(says['5']).toMatch(/Associate NOBODY-9 does not exist/);
    expect(says['6']).toMatch(/Associate T-EMP-2 is inactive/);
    expect(says['7']).toMatch(/needs a purchase of at least Rp 100\.000, the receipt comes to Rp 50\.000/);
    expect(says['8']).toMatch(/is not a gift of T-GIFT/);
    expect(says['9']).toMatch(`Free gift T-GIFT is not given at store ${B.code}`);
    expect(says['10']).toMatch(/gives at most 2 of/);
    expect(body.message).toBe('Transaction TR-BAD-0: Promo NO-SUCH does not exist (and 10 more)');
    expect(await recorded(batch.map((s) => s.transaction_id))).toEqual([]);
  });

  it('refuses by shape what a till cannot have applied (400)', async () => {
    const noCode = await post(sign([receipt('TR-SHAPE-1', { lines: [{ plu: P[0]!.plu, quantity: 1, price: 1000, discount: 100 }] })]));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.body).toContain('transactions.0.lines.0.promo_code');
    const tooMuch = await post(sign([receipt('TR-SHAPE-2', { lines: [{ plu: P[0]!.plu, quantity: 1, price: 1000, promo_code: 'T-PROMO', discount: 1001 }] })]));
    expect(tooMuch.statusCode).toBe(400);
    const staff = await post(sign([receipt('TR-SHAPE-3', { lines: [{ plu: P[0]!.plu, quantity: 1, price: 1000, promo_code: 'T-PROMO', discount: 500 }], associate: { employee_no: 'T-EMP-1', discount: 501 } })]));
    expect(staff.statusCode).toBe(400);
    expect(staff.body).toContain('transactions.0.associate.discount');
  });

  it('signs what the till applied: a changed discount or associate is refused (401)', async () => {
    const sale = receipt('TR-SIGNED', { lines: [{ plu: P[0]!.plu, quantity: 1, price: 100_000, promo_code: 'T-PROMO', discount: 10_000 }], associate: { employee_no: 'T-EMP-1', discount: 1_000 } });
    const body = sign([sale]);
    const forged = [{ ...sale, lines: [{ ...sale.lines[0]!, discount: 90_000 }] }];
    expect((await post({ ...body, transactions: forged })).statusCode).toBe(401);
    expect((await post({ ...body, transactions: [{ ...sale, associate: { employee_no: 'T-EMP-3', discount: 1_000 } }] })).statusCode).toBe(401);
    expect(await recorded(['TR-SIGNED'])).toEqual([]);
  });

  it('flags the purchases past the month’s quota, again when an earlier receipt arrives late', async () => {
    const staff = (id: string, at: string, discount: number) =>
      receipt(id, { at, lines: [{ plu: P[1]!.plu, quantity: 4, price: 100_000 }], associate: { employee_no: 'T-EMP-3', discount } });
    expect((await post(sign([staff('TR-Q-2', '2024-07-10T10:00:00+07:00', 30_000), staff('TR-Q-3', '2024-07-20T10:00:00+07:00', 30_000)]))).statusCode).toBe(200);
    expect((await historyOf('TR-Q-2'))[0]).toMatchObject({ over_quota: false });
    expect((await historyOf('TR-Q-3'))[0]).toMatchObject({ over_quota: true });
    // Another month starts again from nothing.
    expect((await post(sign([staff('TR-Q-8', '2024-07-31T23:30:00+07:00', 1_000), staff('TR-Q-9', '2024-08-01T00:30:00+07:00', 40_000)]))).statusCode).toBe(200);
    expect((await historyOf('TR-Q-8'))[0]).toMatchObject({ over_quota: true });
    expect((await historyOf('TR-Q-9'))[0]).toMatchObject({ over_quota: false });
    // A receipt of 5 July arrives late: the 10th's now takes the month past its quota too.
    expect((await post(sign([staff('TR-Q-1', '2024-07-05T10:00:00+07:00', 25_000)]))).statusCode).toBe(200);
    const rows = await Promise.all(['TR-Q-1', 'TR-Q-2', 'TR-Q-3'].map(async (id) => (await historyOf(id))[0]!));
    expect(rows.map((r) => [Number(r.used_before), r.over_quota])).toEqual([
      [0, false],
      [25_000, true],
      [55_000, true],
    ]);
  });

  it('records the staff purchase in the receipt’s own transaction: one failing undoes the other', async () => {
    await db().execute(sql`alter table associate_history add constraint t_refuse_one check (receipt_no <> 'TR-ATOMIC')`);
    try {
      const res = await post(sign([receipt('TR-ATOMIC', { associate: { employee_no: 'T-EMP-1', discount: 1_000 } })]));
      expect(res.statusCode).not.toBe(200);
    } finally {
      await db().execute(sql`alter table associate_history drop constraint t_refuse_one`);
    }
    expect(await recorded(['TR-ATOMIC'])).toEqual([]);
    const ok = await post(sign([receipt('TR-ATOMIC', { associate: { employee_no: 'T-EMP-1', discount: 1_000 } })]));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await historyOf('TR-ATOMIC')).toHaveLength(1);
  });

  it('takes what the simulator’s tills ring up by their terms of the day', async () => {
    const today = jakartaDay(new Date());
    await db().execute(sql`insert into promos (code, name, promo_type, value, channel, member_scope, start_date, end_date, max_discount)
      values ('T-TODAY', 'Today 10%', 1, 10, 1, 0, ${today}, ${today}, 20000)`);
    await db().execute(sql`insert into promo_stores (promo_id, store_id) select id, ${A.id} from promos where code = 'T-TODAY'`);
    const [person] = await queryRows<{ phone: string }>(
      db(),
      sql`select c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id where c.status = 1
        and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 1`,
    );
    const token = (await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: person!.phone, password: DEMO_PASSWORD } })).json<{ data: { token: string } }>().data.token;
    const call = async <T>(method: string, path: string, as?: string, body?: unknown): Promise<T> => {
      const res = await h.call(method, path, { ...(as ? { token: as } : {}), ...(body !== undefined ? { body } : {}) });
      if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: T }>().data;
    };
    await posSalesRound(call, token, [A.code], secret, 0);
    const receipts = await queryRows<{ id: string }>(db(), sql`select id from sales_transactions where transaction_id like ${`SIM-POS-%-${A.code}-%`}`);
    expect(receipts).toHaveLength(6);
    const [promoLines] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from sales_lines l join promos p on p.id = l.promo_id where p.code = 'T-TODAY'`);
    expect(promoLines!.n).toBeGreaterThan(0);
    expect(await queryRows(db(), sql`select 1 from associate_history where receipt_no like 'SIM-POS-%'`)).toHaveLength(1);
  });

  it('tells a signed till its terms of the day: promos, gifts and associates', async () => {
    const at = JUNE;
    const get = (q: Record<string, string>) => h.call('GET', `/api/v1/pos/terms?${new URLSearchParams(q).toString()}`);
    const signature = signWebhook(secret, posTermsSignedText({ store_code: A.code, at }));
    const res = await get({ store_code: A.code, at, signature });
    expect(res.statusCode, res.body).toBe(200);
    const terms = res.json<{ data: PosTerms }>().data;
    expect(terms.day).toBe('2024-06-10');
    expect(terms.promos.find((p) => p.code === 'T-PROMO')).toEqual({ code: 'T-PROMO', promo_type: 1, value: 10, max_discount: 50_000, min_purchase: 0, member_scope: 0, plus: [P[0]!.plu.toUpperCase()], listed_consumers: false });
    expect(terms.promos.find((p) => p.code === 'T-MEMBER')).toMatchObject({ plus: null, member_scope: 1 });
    expect(terms.gifts.find((g) => g.code === 'T-GIFT')).toEqual({ code: 'T-GIFT', min_purchase: 100_000, items: [{ plu: P[2]!.plu.toUpperCase(), quantity: 2 }] });
    expect(terms.associates.find((a) => a.employee_no === 'T-EMP-1')).toMatchObject({ monthly_quota: 50_000, used_this_month: 24_000 });
    expect(terms.associates.some((a) => a.employee_no === 'T-EMP-2')).toBe(false);
    const elsewhere = (await get({ store_code: B.code, at, signature: signWebhook(secret, posTermsSignedText({ store_code: B.code, at })) })).json<{ data: PosTerms }>().data;
    expect(elsewhere.promos.some((p) => p.code === 'T-PROMO')).toBe(false);
    expect((await get({ store_code: A.code, at, signature: 'a'.repeat(64) })).statusCode).toBe(401);
    expect((await get({ store_code: 'NOPE', at, signature: signWebhook(secret, posTermsSignedText({ store_code: 'NOPE', at })) })).statusCode).toBe(422);
  });
});
