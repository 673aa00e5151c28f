import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnDigit, voucherRedeemSignedText, type VoucherRedeemResult, type VoucherRow, type VoucherStatusRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { rebuildVoucherDayTotals } from './voucher-day-totals.ts';
import { posSecretOf } from './voucher-redemption.service.ts';

type Problem = { message: string; details?: { path: string; message: string }[] };

/** The POS's redemption and Check Voucher Status through HTTP, over the vouchers the demo's released orders made. */
describe('voucher redemption and status', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let codes: string[];
  let store: { code: string; name: string };
  let checker: string;

  beforeAll(async () => {
    codes = (await queryRows<{ code: string }>(db(), sql`select code from vouchers where used_at is null order by id`)).map((v) => v.code);
    const [s] = await queryRows<{ code: string; name: string }>(db(), sql`select code, name from stores where status = 1 order by id limit 1`);
    store = s!;
    await createStaff(db(), 'voucher.checker', [{ entry: 'pandora.check-voucher-status', action: 'view' }]);
    checker = await h.tokenOf('voucher.checker');
  });

  const redeem = (voucher: string, ref: string, over: Record<string, unknown> = {}) => {
    const fields = { voucher_barcode: voucher, store_code: store.code, pos_ref: ref, transaction_no: `TRX-${ref}`, ...over };
    const signature = signWebhook(posSecretOf(h.services.config), voucherRedeemSignedText(fields as never));
    return h.call('POST', '/api/v1/pos/vouchers/redeem', { body: { signature, ...fields } });
  };
  const status = (barcode: string, token = checker) => h.call('GET', `/api/v1/vouchers/status?voucher_barcode=${encodeURIComponent(barcode)}`, { token });

  it('marks a voucher used once: the same POS reference gets the first answer, another is refused (409) naming where and when', async () => {
    const code = codes[0]!;
    expect((await status(code)).json<{ data: VoucherStatusRow }>().data).toMatchObject({ status: 'active', used_at: null, partner_code: 'NKM' });
    const first = await redeem(code, 'POS-1');
    expect(first.statusCode, first.body).toBe(200);
    const used = first.json<{ data: VoucherRedeemResult }>().data;
    expect(used).toMatchObject({ voucher_barcode: code, store_code: store.code, replayed: false });
    expect([50_000, 100_000]).toContain(used.denomination);
    const again = await redeem(code, 'POS-1');
    expect(again.json<{ data: VoucherRedeemResult }>().data).toEqual({ ...used, replayed: true });
    const other = await redeem(code, 'POS-2');
    expect(other.statusCode).toBe(409);
    expect(other.json<Problem>().message).toContain(`already used at ${store.code} ${store.name}`);
    const seen = (await status(code)).json<{ data: VoucherStatusRow }>().data;
    expect(seen).toMatchObject({ status: 'used', used_store_code: store.code, pos_transaction_no: 'TRX-POS-1' });
  });

  it('keeps the report totals by day equal to the vouchers themselves after releases and redemptions', async () => {
    for (const [i, code] of codes.slice(4, 9).entries()) expect((await redeem(code, `TOTALS-${i}`)).statusCode).toBe(200);
    const [byTotals] = await queryRows<Record<string, string>>(
      db(),
      sql`select sum(released_count) as released, sum(released_value) as released_value, sum(used_count) as used, sum(used_value) as used_value,
        sum(expired_count) as expiring, sum(expired_value) as expiring_value from voucher_day_totals`,
    );
    const [byRows] = await queryRows<Record<string, string>>(
      db(),
      sql`select count(*) as released, sum(denomination) as released_value, count(used_at) as used, coalesce(sum(denomination) filter (where used_at is not null), 0) as used_value,
        count(*) filter (where used_at is null) as expiring, coalesce(sum(denomination) filter (where used_at is null), 0) as expiring_value from vouchers`,
    );
    expect(Object.fromEntries(Object.entries(byTotals!).map(([k, v]) => [k, Number(v)]))).toEqual(Object.fromEntries(Object.entries(byRows!).map(([k, v]) => [k, Number(v)])));
    // Each used voucher is counted on its day at its store; each unused one on the day after its last valid day.
    const mismatched = await queryRows(
      db(),
      sql`with u as (select (used_at at time zone 'Asia/Jakarta')::date as day, partner_id, voucher_product_id, used_store_id as store_id, count(*) as n
            from vouchers where used_at is not null group by 1, 2, 3, 4),
          t as (select day, partner_id, voucher_product_id, store_id, used_count as n from voucher_day_totals where store_id <> 0)
        (select * from u except select * from t) union all (select * from t except select * from u)`,
    );
    expect(mismatched).toEqual([]);
    const expiring = await queryRows(
      db(),
      sql`select e.day, e.n, t.expired_count from (select valid_until + 1 as day, partner_id, voucher_product_id, count(*) as n from vouchers where used_at is null group by 1, 2, 3) e
        left join voucher_day_totals t on t.day = e.day and t.partner_id = e.partner_id and t.voucher_product_id = e.voucher_product_id and t.store_id = 0
        where t.expired_count is distinct from e.n`,
    );
    expect(expiring).toEqual([]);
    // Rebuilt from the vouchers, the totals are what the writers kept (a row they brought back to zero aside).
    const totals = () => queryRows(db(), sql`select * from voucher_day_totals where released_count <> 0 or used_count <> 0 or expired_count <> 0 order by day, partner_id, voucher_product_id, store_id`);
    const kept = await totals();
    await rebuildVoucherDayTotals(db());
    expect(await totals()).toEqual(kept);
  });

  it('refuses a bad signature (401), a barcode that is not one (400), none issued (404), an expired voucher and a store outside its scope (422)', async () => {
    const code = codes[1]!;
    const forged = await h.call('POST', '/api/v1/pos/vouchers/redeem', {
      body: { voucher_barcode: code, store_code: store.code, pos_ref: 'X', transaction_no: 'T', signature: 'a'.repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    const typo = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    expect((await redeem(typo, 'POS-typo')).statusCode).toBe(400);
    const body = '12345678901234567';
    expect((await redeem(body + luhnDigit(body), 'POS-none')).statusCode).toBe(404);
    expect((await redeem(code, 'POS-nostore', { store_code: 'NOPE' })).statusCode).toBe(404);

    await db().execute(sql`update vouchers set valid_until = current_date - 400 where code = ${code}`);
    const expired = await redeem(code, 'POS-exp');
    expect(expired.statusCode).toBe(422);
    expect(expired.json<Problem>().message).toContain('expired on');
    expect((await status(code)).json<{ data: VoucherStatusRow }>().data.status).toBe('expired');

    const scoped = codes[2]!;
    await db().execute(sql`update vouchers set voucher_product_id = (select id from voucher_products where voucher_code = 'EV500K-JKT') where code = ${scoped}`);
    const [outside] = await queryRows<{ code: string }>(
      db(),
      sql`select s.code from stores s where not exists (select 1 from voucher_product_stores x join voucher_products p on p.id = x.voucher_product_id where p.voucher_code = 'EV500K-JKT' and x.store_id = s.id) order by s.id limit 1`,
    );
    const elsewhere = await redeem(scoped, 'POS-scope', { store_code: outside!.code });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json<Problem>().message).toContain('cannot be used at store');
  });

  it('lets exactly one of many racing redemptions of each voucher win', async () => {
    const racing = codes.slice(10, 30);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => redeem(racing[i % racing.length]!, `RACE-${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(racing.length);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(100 - racing.length);
    const [n] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from vouchers where code = any(${`{${racing.join(',')}}`}::text[]) and used_at is not null`);
    expect(Number(n?.n)).toBe(racing.length);
  });

  it('lists an order’s vouchers with masked codes and their status, and exports them whole to whoever may export', async () => {
    const [order] = await queryRows<{ id: number; n: number }>(db(), sql`select order_id as id, count(*)::int as n from vouchers group by order_id order by order_id limit 1`);
    const admin = await h.tokenOf('admin.cms');
    const page = await h.call('GET', `/api/v1/vouchers?order_id=${order!.id}&limit=100`, { token: admin });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<{ data: { data: VoucherRow[]; meta: { total: number } } }>().data;
    expect(rows.meta.total).toBe(Number(order!.n));
    expect(rows.data.every((r) => /^\d{4} •••• •••• \d{4}$/.test(r.masked_code))).toBe(true);
    expect(JSON.stringify(rows.data)).not.toContain(codes[0]);
    const used = (await h.call('GET', `/api/v1/vouchers?order_id=${order!.id}&status=used&limit=100`, { token: admin })).json<{ data: { data: VoucherRow[] } }>().data.data;
    expect(used.map((r) => r.status)).toEqual(used.map(() => 'used'));
    expect(used.length).toBeGreaterThan(0);

    const file = await h.call('GET', `/api/v1/vouchers/export?format=csv&order_id=${order!.id}`, { token: admin });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/VoucherReport_\d{8}\.csv/);
    expect(file.body).toContain(codes[0]);
    expect((await h.call('GET', `/api/v1/vouchers/export?format=csv&order_id=${order!.id}`, { token: await h.tokenOf('viewer') })).statusCode).toBe(403);
  });

  it('answers Check Voucher Status only with a barcode and only to whoever may view it', async () => {
    expect((await h.call('GET', '/api/v1/vouchers/status', { token: checker })).statusCode).toBe(400);
    expect((await status('')).statusCode).toBe(400);
    expect((await status(codes[3]!, await h.tokenOf('viewer'))).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v1/vouchers/status?voucher_barcode=${codes[3]!}`)).statusCode).toBe(401);
    const spaced = `${codes[3]!.slice(0, 6)} ${codes[3]!.slice(6, 12)}-${codes[3]!.slice(12)}`;
    expect((await status(spaced)).json<{ data: VoucherStatusRow }>().data.voucher_barcode).toBe(codes[3]);
  });
});
