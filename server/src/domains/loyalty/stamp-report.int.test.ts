import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { AppRedemption, CouponLogRow, StampCouponRow, StampProgrammeDetail, StampReportRow, StampReportTotals, StampRewardRow } from '@portal/contract';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { queryRows } from '../../db/client.ts';
import { StampExpiryService } from './stamp-expiry.job.ts';
import { StampLedgerService } from './stamp-ledger.service.ts';

const DAY_MS = 86_400_000;
/** YYYY-MM-DD of an instant in Asia/Jakarta. */
const jakarta = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

describe('the stamp report, stamp coupons and stamp expiry', () => {
  const h = useHarness();
  let admin: string;
  let consumer: string;
  let consumerId: number;
  let programme: StampProgrammeDetail;
  let reward: StampRewardRow;
  let stores: { id: number; code: string; name: string }[];
  const db = () => h.testDb.database.db;
  // Movements two days before the test clock's day, at noon in Jakarta: a day of their own in the report.
  const base = () => new Date(`${jakarta(new Date(h.clock.now().getTime() - 2 * DAY_MS))}T05:00:00Z`);

  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const statusOf = async (url: string, token: string) => (await h.call('GET', url, { token })).statusCode;
  const report = (query: string, token = admin) => ok<{ data: StampReportRow[]; meta: { total: number } }>('GET', `/api/v1/stamp-report?${query}`, token);
  const totals = (query: string, token = admin) => ok<StampReportTotals>('GET', `/api/v1/stamp-report/totals?${query}`, token);

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    const [person] = await queryRows<{ id: number; phone: string }>(db(), sql`select id, phone from consumers where status = 1 order by id limit 1`);
    consumerId = Number(person!.id);
    consumer = (await ok<{ token: string }>('POST', '/api/v1/app/auth/sign-in', '', { phone: person!.phone, password: DEMO_PASSWORD })).token;
    stores = (await queryRows<{ id: number; code: string; name: string }>(db(), sql`select id, code, name from stores order by id limit 2`)).map((s) => ({ ...s, id: Number(s.id) }));
    const from = jakarta(new Date(h.clock.now().getTime() - 30 * DAY_MS));
    const to = jakarta(new Date(h.clock.now().getTime() + 30 * DAY_MS));
    programme = await ok<StampProgrammeDetail>('POST', '/api/v1/stamp-programmes', admin, {
      name: 'Uji Laporan',
      start_date: from,
      end_date: to,
      seasonality: 'regular',
      reward_type: 1,
      min_transaction: 10_000,
      stamps_per_multiple: 1,
    });
    reward = await ok<StampRewardRow>('POST', '/api/v1/stamp-rewards', admin, { programme_id: programme.id, name: 'Hadiah Laporan', stamps_required: 4, stock: 5, start_date: from, end_date: to });
    // Transactions through the consumer app at two stores on the report's day: 5 + 3 stamps at the first, 2 at the second.
    const sale = (id: string, store: string, total: number, at: Date) => ({ transaction_id: id, channel: 1, total, items: [], bank_promotion: false, store_code: store, at: at.toISOString() });
    await ok('POST', '/api/v1/app/transactions', consumer, sale('RPT-1', stores[0]!.code, 50_000, base()));
    await ok('POST', '/api/v1/app/transactions', consumer, sale('RPT-2', stores[0]!.code, 30_000, new Date(base().getTime() + 3_600_000)));
    await ok('POST', '/api/v1/app/transactions', consumer, sale('RPT-3', stores[1]!.code, 20_000, base()));
  });

  it('reports stamps in and out by day, programme and store from the rollup, with the movement filter and totals', async () => {
    const day = jakarta(base());
    const q = `programme_id=${programme.id}&day_from=${day}&day_to=${day}`;
    const all = await report(`${q}&sort_by=stamps_in&sort_dir=desc`);
    expect(all.meta.total).toBe(2);
    expect(all.data.map((r) => [r.store_code, r.stamps_in, r.stamps_out, r.movements])).toEqual([
      [stores[0]!.code, 8, 0, 2],
      [stores[1]!.code, 2, 0, 1],
    ]);
    expect(all.data[0]).toMatchObject({ id: `${day}:${programme.id}:${stores[0]!.id}`, day, programme_name: 'Uji Laporan', store_name: stores[0]!.name, net: 8 });
    expect(await totals(q)).toEqual({ day_from: day, day_to: day, stamps_in: 10, stamps_out: 0, net: 10, movements: 3 });
    expect((await report(`${q}&store_id=${stores[1]!.id}`)).data.map((r) => r.stamps_in)).toEqual([2]);
    expect((await report(`${q}&movement=out`)).data).toEqual([]);
    expect((await report(`${q}&movement=in`)).meta.total).toBe(2);

    // A redemption today (the clock's day) is Stamp Out at no store.
    const redeemed = await ok<AppRedemption>('POST', `/api/v1/app/stamp-rewards/${reward.id}/redeem`, consumer);
    expect(redeemed.stamps_used).toBe(4);
    const today = jakarta(h.clock.now());
    const out = await report(`programme_id=${programme.id}&movement=out&day_from=${today}&day_to=${today}`);
    expect(out.data.map((r) => [r.store_id, r.stamps_in, r.stamps_out, r.net])).toEqual([[null, 0, 4, -4]]);
    // The default range is this month (Asia/Jakarta), which holds today.
    const month = await totals(`programme_id=${programme.id}&movement=out`);
    expect(month).toMatchObject({ day_from: `${today.slice(0, 7)}-01`, day_to: today, stamps_out: 4 });
  });

  it('answers 400 for bad filters and 403 without the report right; exports the filtered report as Export-stamp_report', async () => {
    const day = jakarta(base());
    for (const bad of ['movement=sideways', 'day_from=2026-02-30', 'day_from=2026-03-02&day_to=2026-03-01', 'day_from=2024-01-01&day_to=2026-01-01', 'programme_id=abc', 'sort_by=secret']) {
      expect(await statusOf(`/api/v1/stamp-report?${bad}`, admin), bad).toBe(400);
    }
    expect(await statusOf(`/api/v1/stamp-report/totals?movement=x`, admin)).toBe(400);
    const noAccess = await h.tokenOf('no.access');
    expect(await statusOf('/api/v1/stamp-report', noAccess)).toBe(403);
    expect(await statusOf('/api/v1/stamp-report/totals', noAccess)).toBe(403);
    expect(await statusOf('/api/v1/stamp-report', '')).toBe(401);
    const viewer = await h.tokenOf('viewer');
    expect((await report(`programme_id=${programme.id}&day_from=${day}&day_to=${day}`, viewer)).meta.total).toBe(2);
    expect(await statusOf(`/api/v1/stamp-report/export?format=csv`, viewer)).toBe(403);

    await createStaff(db(), 'stamp.report.exporter', [
      { entry: 'cms.report', action: 'view' },
      { entry: 'cms.report', action: 'export' },
    ]);
    const exporter = await h.tokenOf('stamp.report.exporter');
    const file = await h.call('GET', `/api/v1/stamp-report/export?format=csv&programme_id=${programme.id}&day_from=${day}&day_to=${day}&sort_by=stamps_in`, { token: exporter });
    expect(file.statusCode, file.body).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/Export-stamp_report_\d{8}_\d{6}\.csv/);
    const rows = parse(file.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Date, r.Programme, r['Store Code'], r['Stamp In'], r['Stamp Out']])).toEqual([
      [day, 'Uji Laporan', stores[0]!.code, '8', '0'],
      [day, 'Uji Laporan', stores[1]!.code, '2', '0'],
    ]);
  });

  it('holds the demo seed’s redemptions: each made its stamp coupon through the service, some used at a store', async () => {
    const seeded = await queryRows<{ coupons: number; used: number; debits: number }>(
      db(),
      sql`select count(*)::int as coupons, (count(*) filter (where k.status = 4 and k.store_id is not null))::int as used,
          (select count(*)::int from stamp_ledger l where l.code = 20 and l.source_kind = 'redemption' and l.source_ref in (select id::text from consumer_coupons where reward_id is not null and reward_id <> ${reward.id})) as debits
        from consumer_coupons k where k.reward_id is not null and k.reward_id <> ${reward.id}`,
    );
    expect(seeded[0]!.coupons).toBeGreaterThan(5);
    expect(seeded[0]!.used).toBeGreaterThan(0);
    expect(seeded[0]!.debits).toBe(seeded[0]!.coupons);
    expect((await ok<{ meta: { total: number } }>('GET', '/api/v1/stamp-coupons?status=4', admin)).meta.total).toBe(seeded[0]!.used);
  });

  it('shows the coupon a redemption issued: reward, programme, stamps, the phone masked without the personal-data right', async () => {
    const [coupon] = await queryRows<{ id: number }>(db(), sql`select id from consumer_coupons where reward_id = ${reward.id} order by id limit 1`);
    const id = Number(coupon!.id);
    const detail = await ok<StampCouponRow>('GET', `/api/v1/stamp-coupons/${id}`, admin);
    expect(detail).toMatchObject({ id, reward_id: reward.id, reward_name: 'Hadiah Laporan', programme_id: programme.id, programme_name: 'Uji Laporan', consumer_id: consumerId, stamps_used: 4, status: 1, used_at: null, personal_masked: false });
    expect(detail.coupon_code).toMatch(/^STP-/);
    const viewer = await h.tokenOf('viewer');
    const masked = await ok<StampCouponRow>('GET', `/api/v1/stamp-coupons/${id}`, viewer);
    expect(masked.personal_masked).toBe(true);
    expect(masked.phone_number).toContain('*');
    const list = await ok<{ data: StampCouponRow[]; meta: { total: number } }>('GET', `/api/v1/stamp-coupons?reward_id=${reward.id}`, admin);
    expect(list.data.map((r) => r.id)).toEqual([id]);
    expect((await ok<{ data: StampCouponRow[] }>('GET', `/api/v1/stamp-coupons?programme_id=${programme.id}&status=4`, admin)).data).toEqual([]);

    // A coupon a coupon setting's claim made is no stamp coupon.
    const [plain] = await queryRows<{ id: number }>(db(), sql`select id from consumer_coupons where reward_id is null order by id limit 1`);
    if (plain) expect(await statusOf(`/api/v1/stamp-coupons/${plain.id}`, admin)).toBe(404);
    expect(await statusOf('/api/v1/stamp-coupons/abc', admin)).toBe(400);
    expect(await statusOf(`/api/v1/stamp-coupons/${id}`, await h.tokenOf('no.access'))).toBe(403);

    // The coupon log names the reward (section 3 reward_id); the consumer's coupon history carries it for the link.
    const log = await ok<CouponLogRow>('GET', `/api/v1/coupon-logs/${id}`, admin);
    expect(log.reward_id).toBe(reward.id);
    const history = await ok<{ data: { id: number; reward_id: number | null }[] }>('GET', `/api/v1/consumers/${consumerId}/coupons`, admin);
    expect(history.data.find((c) => c.id === id)?.reward_id).toBe(reward.id);
  });

  it('expires stamps past the programme’s validity first earned first, never below zero, and once when run twice', async () => {
    const ledger = new StampLedgerService(db());
    const expiry = new StampExpiryService(db(), ledger);
    const current = await ok<StampProgrammeDetail>('GET', `/api/v1/stamp-programmes/${programme.id}`, admin);
    const stale = await h.call('PUT', `/api/v1/stamp-programmes/${programme.id}`, { token: admin, body: { ...editable(current), stamp_validity_days: 3, version: current.version - 1 || 999 } });
    expect(stale.statusCode).toBe(409);
    expect((await h.call('PUT', `/api/v1/stamp-programmes/${programme.id}`, { token: admin, body: { ...editable(current), stamp_validity_days: 0, version: current.version } })).statusCode).toBe(400);
    await ok('PUT', `/api/v1/stamp-programmes/${programme.id}`, admin, { ...editable(current), stamp_validity_days: 3, version: current.version });

    // A second consumer: 6 stamps ten days ago, 4 five days ago, 2 today; 3 spent yesterday.
    const [other] = await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 and id <> ${consumerId} order by id limit 1`);
    const otherId = Number(other!.id);
    const now = h.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const move = (code: 10 | 20, quantity: number, at: Date, ref: string) =>
      ledger.post({ consumerId: otherId, programmeId: programme.id, code, quantity, source: code === 10 ? 'transaction' : 'redemption', sourceRef: ref, actor: { kind: 'system', id: null }, at });
    await move(10, 6, ago(10), 'EXP-1');
    await move(10, 4, ago(5), 'EXP-2');
    await move(10, 2, now, 'EXP-3');
    await move(20, 3, ago(1), 'EXP-4');
    const balance = async (id: number) =>
      Number((await queryRows<{ b: number }>(db(), sql`select balance as b from stamp_balances where consumer_id = ${id} and programme_id = ${programme.id}`))[0]?.b ?? 0);
    const consumerBefore = await balance(consumerId);

    // Valid 3 days: what was earned 10 and 5 days ago is past it; 3 of it is spent, so 7 expire; today's 2 stay.
    await expiry.expire(now);
    expect(await balance(otherId)).toBe(2);
    const expired = await queryRows(db(), sql`select code, quantity, source_kind, programme_balance_after from stamp_ledger where consumer_id = ${otherId} and code = 21`);
    expect(expired).toEqual([{ code: 21, quantity: 7, source_kind: 'expiry', programme_balance_after: 2 }]);
    // The first consumer earned two days ago (still valid) and spent 4 of its 10: nothing of it expires yet.
    expect(await balance(consumerId)).toBe(consumerBefore);

    // Twice on a day: nothing more. Days later, the rest is past its validity; the balance reaches zero, never below.
    await expiry.expire(now);
    expect((await queryRows(db(), sql`select id from stamp_ledger where consumer_id = ${otherId} and code = 21`)).length).toBe(1);
    const later = new Date(now.getTime() + 4 * DAY_MS);
    await expiry.expire(later);
    expect(await balance(otherId)).toBe(0);
    expect(await balance(consumerId)).toBe(0);
    await expiry.expire(later);
    const codes = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from stamp_ledger where code = 21 and programme_id = ${programme.id}`);
    expect(Number(codes[0]!.n)).toBe(3);
    // The report's rollup moved with each expiry row.
    const out = await totals(`programme_id=${programme.id}&movement=out&day_from=${jakarta(now)}&day_to=${jakarta(later)}`);
    expect(out.stamps_out).toBe(4 + 7 + 2 + 6);
  });
});

/** The editable fields of a programme's detail, as its form sends them. */
function editable(p: StampProgrammeDetail) {
  const { id: _i, created_at: _c, created_by_name: _cb, updated_at: _u, updated_by_name: _ub, version: _v, stores: _s, ...rest } = p;
  return rest;
}
