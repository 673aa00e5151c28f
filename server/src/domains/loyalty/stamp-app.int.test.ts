import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppRedemption, AppStampReward, AppStamps, AppTransactionResult, StampProgrammeDetail, StampRewardRow } from '@portal/contract';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

/** YYYY-MM-DD `days` from today in Asia/Jakarta. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('the consumer app: earning by transactions and redeeming rewards', () => {
  const h = useHarness();
  let admin: string;
  let consumer: string;
  let other: string;
  let consumerId: number;
  let programme: StampProgrammeDetail;
  let reward: StampRewardRow;

  const db = () => h.testDb.database.db;
  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (method: string, url: string, token: string | undefined, body?: unknown) => {
    const res = await h.call(method, url, { token, body });
    return { status: res.statusCode, message: res.json<{ message: string }>().message };
  };
  const sale = (transaction_id: string, extra: Record<string, unknown> = {}) => ({
    transaction_id,
    channel: 1,
    total: 120_000,
    items: [{ plu: 'X-1', quantity: 2, price: 60_000 }],
    bank_promotion: true,
    at: new Date().toISOString(),
    ...extra,
  });
  const programmeBalance = async () =>
    Number((await queryRows<{ b: number }>(db(), sql`select coalesce((select balance from stamp_balances where consumer_id = ${consumerId} and programme_id = ${programme.id}), 0) as b`))[0]!.b);
  const ledgerAgrees = async () => {
    const [r] = await queryRows<{ kept: number; summed: number }>(
      db(),
      sql`select c.stamp_balance as kept, (select coalesce(sum(case when code in (10, 30) then quantity else -quantity end), 0)::int from stamp_ledger where consumer_id = c.id) as summed
        from consumers c where c.id = ${consumerId}`,
    );
    expect(Number(r!.kept)).toBe(Number(r!.summed));
  };

  const programmeBody = {
    name: 'Uji Aplikasi',
    start_date: day(-1),
    end_date: day(30),
    seasonality: 'regular',
    reward_type: 1,
    min_transaction: 50_000,
    stamps_per_multiple: 1,
    extra_stamp: 1,
    extra_stamp_amount: 2,
  };

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    const people = await queryRows<{ id: number; phone: string }>(db(), sql`select id, phone from consumers where status = 1 order by id limit 2`);
    consumerId = Number(people[0]!.id);
    const signIn = async (phone: string) => (await ok<{ token: string }>('POST', '/api/v1/app/auth/sign-in', '', { phone, password: DEMO_PASSWORD })).token;
    consumer = await signIn(people[0]!.phone);
    other = await signIn(people[1]!.phone);
    programme = await ok<StampProgrammeDetail>('POST', '/api/v1/stamp-programmes', admin, programmeBody);
    reward = await ok<StampRewardRow>('POST', '/api/v1/stamp-rewards', admin, {
      programme_id: programme.id,
      name: 'Kupon Uji',
      stamps_required: 3,
      stock: 2,
      start_date: day(-1),
      end_date: day(30),
    });
  });

  it('earns by every active programme that admits the transaction, and shows it in the balances', async () => {
    const before = await ok<AppStamps>('GET', '/api/v1/app/stamps', consumer);
    const result = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-1'));
    // Two multiples of Rp50.000, plus the bank-promotion extra of 2.
    expect(result.earned).toContainEqual({ programme_id: programme.id, programme_name: 'Uji Aplikasi', quantity: 4 });
    expect(result.balance).toBe(before.balance + result.total_earned);
    const after = await ok<AppStamps>('GET', '/api/v1/app/stamps', consumer);
    expect(after.balance).toBe(result.balance);
    expect(after.programmes).toContainEqual({ programme_id: programme.id, programme_name: 'Uji Aplikasi', balance: 4 });
    expect(after.movements[0]).toMatchObject({ code: 10, reference: 'TRX-APP-1' });
    await ledgerAgrees();
  });

  it('earns once per transaction id: sent again, even at the same time, it answers the first result', async () => {
    const first = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-2'));
    const again = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-2', { total: 999_000 }));
    expect(again).toEqual(first);
    const burst = await Promise.all(Array.from({ length: 10 }, () => ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-3'))));
    expect(new Set(burst.map((r) => JSON.stringify(r))).size).toBe(1);
    const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from stamp_ledger where source_kind = 'transaction' and source_ref = 'TRX-APP-3'`);
    expect(Number(rows[0]!.n)).toBe(burst[0]!.earned.length);
    expect((await status('POST', '/api/v1/app/transactions', other, sale('TRX-APP-2'))).status).toBe(409);
    await ledgerAgrees();
  });

  it('earns exactly once each under 200 concurrent events, some ids repeated, and keeps ledger, balances and rollup equal', async () => {
    // Up to four consumers beside the two the other tests hold.
    const people = await queryRows<{ id: number; phone: string }>(db(), sql`select c.id, c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id
        where c.status = 1 and c.id not in (select id from consumers where status = 1 order by id limit 2)
          and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 4`);
    const signIn = async (phone: string) => (await ok<{ token: string }>('POST', '/api/v1/app/auth/sign-in', '', { phone, password: DEMO_PASSWORD })).token;
    expect(people.length).toBeGreaterThanOrEqual(2);
    const tokens = await Promise.all(people.map((p) => signIn(p.phone)));
    const ids = people.map((p) => Number(p.id));
    const rollup = async () =>
      Number(
        (await queryRows<{ n: number }>(db(), sql`select coalesce(sum(stamps), 0)::int as n from stamp_daily_rollup where code = 10 and day = ${day(0)}::date`))[0]!.n,
      );
    const rollupBefore = await rollup();
    // 150 distinct events over the consumers; 50 of them sent a second time in the same burst.
    const events = Array.from({ length: 150 }, (_, i) => ({ token: tokens[i % tokens.length]!, id: `TRX-BURST-${i}`, total: 50_000 * (1 + (i % 3)) }));
    const sent = [...events, ...events.filter((_, i) => i % 3 === 0)];
    // One event of an unknown store in the same burst fails alone: it shares a batch with others and costs them nothing.
    const unknownStore = status('POST', '/api/v1/app/transactions', tokens[0], sale('TRX-BURST-NO-STORE', { store_code: 'NO-SUCH-STORE' }));
    const answers = await Promise.all(
      sent.map(async (e) => ({ id: e.id, result: await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', e.token, sale(e.id, { total: e.total })) })),
    );
    expect(await unknownStore).toEqual({ status: 400, message: 'Store NO-SUCH-STORE does not exist' });
    expect(answers).toHaveLength(200);
    const byId = new Map<string, AppTransactionResult>();
    for (const a of answers) {
      const first = byId.get(a.id);
      if (first) expect(a.result).toEqual(first);
      else byId.set(a.id, a.result);
    }
    // Each event once in the ledger, with what its answer says it earned.
    const rows = await queryRows<{ ref: string; n: number; q: number; after: number }>(
      db(),
      sql`select source_ref as ref, count(*)::int as n, sum(quantity)::int as q, max(balance_after)::int as after from stamp_ledger
        where source_kind = 'transaction' and source_ref like 'TRX-BURST-%' group by source_ref`,
    );
    const ledger = new Map(rows.map((r) => [r.ref, r]));
    let earnedAll = 0;
    for (const [id, result] of byId) {
      expect(result.total_earned, id).toBeGreaterThan(0);
      expect(Number(ledger.get(id)?.n), id).toBe(result.earned.length);
      expect(Number(ledger.get(id)?.q), id).toBe(result.total_earned);
      // Events written in one batch each answer the consumer's total after that event, as its last ledger row has it.
      expect(Number(ledger.get(id)?.after), id).toBe(result.balance);
      earnedAll += result.total_earned;
    }
    expect(ledger.size).toBe(150);
    expect((await rollup()) - rollupBefore).toBe(earnedAll);
    // Balances per programme and in total equal the ledger for every consumer of the burst.
    const off = await queryRows(
      db(),
      sql`select c.id from consumers c where c.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and (
          c.stamp_balance <> (select coalesce(sum(case when code in (10, 30) then quantity else -quantity end), 0) from stamp_ledger where consumer_id = c.id)
          or exists (select 1 from stamp_balances b where b.consumer_id = c.id and b.balance <> (select coalesce(sum(case when code in (10, 30) then quantity else -quantity end), 0)
            from stamp_ledger l where l.consumer_id = c.id and l.programme_id = b.programme_id)))`,
    );
    expect(off).toEqual([]);
    // The highest balance a consumer's answers show is their balance after the burst.
    for (const [i, token] of tokens.entries()) {
      const now = await ok<AppStamps>('GET', '/api/v1/app/stamps', token);
      const mine = answers.filter((a) => events.find((e) => e.id === a.id)!.token === tokens[i]).map((a) => a.result.balance);
      expect(Math.max(...mine)).toBe(now.balance);
    }
  });

  it('earns by a programme edit at once: no cached rules', async () => {
    const before = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-EDIT-1'));
    expect(before.earned.find((e) => e.programme_id === programme.id)?.quantity).toBe(4);
    const current = await ok<StampProgrammeDetail>('GET', `/api/v1/stamp-programmes/${programme.id}`, admin);
    await ok('PUT', `/api/v1/stamp-programmes/${programme.id}`, admin, { ...programmeBody, stamps_per_multiple: 3, version: current.version });
    const after = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-EDIT-2'));
    // Two multiples of 3, plus the extra of 2.
    expect(after.earned.find((e) => e.programme_id === programme.id)?.quantity).toBe(8);
    await ok('PUT', `/api/v1/stamp-programmes/${programme.id}`, admin, { ...programmeBody, version: current.version + 1 });
    await ledgerAgrees();
  });

  it('earns nothing outside the period and answers 400 for bad input, 401 without a consumer token', async () => {
    const early = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-OLD', { at: `${day(-3)}T10:00:00+07:00` }));
    expect(early.earned.find((e) => e.programme_id === programme.id)).toBeUndefined();
    expect((await status('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-4', { store_code: 'NOPE-404' }))).status).toBe(400);
    expect((await status('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-5', { at: 'yesterday' }))).status).toBe(400);
    expect((await status('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-6', { total: -1 }))).status).toBe(400);
    expect((await status('POST', '/api/v1/app/transactions', consumer, sale('', {}))).status).toBe(400);
    expect((await status('POST', '/api/v1/app/transactions', undefined, sale('TRX-APP-7'))).status).toBe(401);
    expect((await status('GET', '/api/v1/app/stamps', admin)).status).toBe(401);
  });

  it('looks a consumer token up only among consumer sessions, never among staff sessions', async () => {
    const staffLookups = vi.spyOn(h.services.sessions, 'resolve');
    try {
      await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumer, sale('TRX-APP-NO-STAFF'));
      await ok<AppStamps>('GET', '/api/v1/app/stamps', consumer);
      expect(staffLookups).not.toHaveBeenCalled();
      // A staff route still resolves the staff token it is given.
      await ok('GET', '/api/v1/stamp-programmes', admin);
      expect(staffLookups).toHaveBeenCalledTimes(1);
    } finally {
      staffLookups.mockRestore();
    }
  });

  it('redeems a reward: debits the programme, takes one from stock and issues a coupon; refuses without stamps or stock', async () => {
    const listed = await ok<AppStampReward[]>('GET', '/api/v1/app/stamp-rewards', consumer);
    expect(listed.map((r) => r.id)).toContain(reward.id);
    const before = await programmeBalance();
    const coupon = await ok<AppRedemption>('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer);
    expect(coupon).toMatchObject({ reward_id: reward.id, reward_name: 'Kupon Uji', stamps_used: 3, programme_balance: before - 3 });
    expect(coupon.coupon_code).toMatch(/^STP-[A-Z2-9]{10}$/);
    expect(await programmeBalance()).toBe(before - 3);
    const [claim] = await queryRows(db(), sql`select consumer_id, reward_id, status, stamps_used from consumer_coupons where id = ${coupon.coupon_id}`);
    expect(claim).toEqual({ consumer_id: consumerId, reward_id: reward.id, status: 1, stamps_used: 3 });
    const stock = async () => (await ok<StampRewardRow>('GET', `/api/v1/stamp-rewards/${reward.id}`, admin)).stock;
    expect(await stock()).toBe(1);

    // The other consumer holds no stamps of this programme: refused, and the stock is as it was.
    const poor = await status('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, other);
    expect(poor).toEqual({ status: 422, message: 'Not enough stamps' });
    expect(await stock()).toBe(1);

    await ok<AppRedemption>('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer);
    expect(await stock()).toBe(0);
    expect(await status('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer)).toEqual({ status: 422, message: 'This reward is out of stock' });
    expect((await status('POST', '/api/v1/app/stamp-rewards/999999/redeem', consumer)).status).toBe(404);
    expect((await status('POST', '/api/v1/app/stamp-rewards/abc/redeem', consumer)).status).toBe(400);
    await ledgerAgrees();
  });
});
