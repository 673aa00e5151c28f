import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { jakartaDay, type AppCouponRow, type CouponClaimRow, type CouponLogRow, type CouponSettingDetail } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';
import { createStaff } from '../../../test/staff.ts';
import { CouponClaimService } from './coupon-claim.service.ts';
import { COUPON_EXPIRY_JOB } from './coupon-expiry.job.ts';

/** YYYY-MM-DD `days` from today in Asia/Jakarta. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Claims hold their limits: the quota and the per-consumer limit are guarded updates in SQL, so parallel claims never
 * overrun them. On PGlite the claims queue on its one connection; with TEST_DATABASE_URL they run on a pool at once.
 */
describe('coupon claims', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
  });

  const coupon = async (extra: Record<string, unknown> = {}): Promise<CouponSettingDetail> => {
    const body = { name: 'Kupon Uji', coupon_type: 2, promo_type: 2, discount_value: 10_000, start_date: day(0), end_date: day(7), limit_per_consumer: 1, quota: 50, ...extra };
    const res = await h.call('POST', '/api/v1/coupon-settings', { token: admin, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: CouponSettingDetail }>().data;
  };
  const consumers = async (n: number, tag: string): Promise<number[]> => {
    const rows = await queryRows<{ id: number }>(
      db(),
      sql`insert into consumers (name, phone, gender, app_card_id, status)
          select ${tag} || ' ' || g, '62877' || ${tag} || lpad(g::text, 5, '0'), 1, '7799' || ${tag} || lpad(g::text, 6, '0'), 1 from generate_series(1, ${n}) g returning id`,
    );
    return rows.map((r) => Number(r.id));
  };
  const settled = (results: PromiseSettledResult<unknown>[]) => ({
    ok: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as { status?: number }).status),
  });

  it('200 parallel claims of a coupon with a quota of 50 give exactly 50 claims', async () => {
    const c = await coupon({ quota: 50 });
    const ids = await consumers(200, '101');
    const service = new CouponClaimService(db());
    const results = settled(await Promise.allSettled(ids.map((id) => service.claim(id, c.id, h.clock.now()))));
    expect(results.ok).toBe(50);
    expect(new Set(results.refused)).toEqual(new Set([409]));
    const [counts] = await queryRows<{ claimed: number; rows: number; codes: number }>(
      db(),
      sql`select s.claimed, (select count(*) from consumer_coupons where coupon_setting_id = s.id)::int as rows,
            (select count(distinct coupon_code) from consumer_coupons where coupon_setting_id = s.id)::int as codes from coupon_settings s where s.id = ${c.id}`,
    );
    expect(counts).toEqual({ claimed: 50, rows: 50, codes: 50 });
  });

  it('parallel claims by one consumer never exceed the per-consumer limit', async () => {
    const c = await coupon({ quota: 1000, limit_per_consumer: 3 });
    const [id] = await consumers(1, '102');
    const service = new CouponClaimService(db());
    const results = settled(await Promise.allSettled(Array.from({ length: 40 }, () => service.claim(id!, c.id, h.clock.now()))));
    expect(results.ok).toBe(3);
    const [counts] = await queryRows<{ claimed: number; mine: number; rows: number }>(
      db(),
      sql`select s.claimed, k.claimed as mine, (select count(*) from consumer_coupons where coupon_setting_id = s.id and consumer_id = ${id!})::int as rows
          from coupon_settings s join coupon_consumer_claims k on k.coupon_setting_id = s.id where s.id = ${c.id}`,
    );
    expect(counts).toEqual({ claimed: 3, mine: 3, rows: 3 });
  });

  it('the consumer app lists what it may claim, claims, lists its coupons and uses one', async () => {
    const open = await coupon({ name: 'Kupon App', limit_per_consumer: 1, quota: 10 });
    const later = await coupon({ name: 'Belum Mulai', start_date: day(3), end_date: day(9) });
    const elsewhere = await coupon({ name: 'Khusus Bali', targeting: 1, province_codes: ['51'] });
    const me = await createAppConsumer(db(), 'Kupon App', 'Rahasia@123');
    const signIn = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: me.phone, password: 'Rahasia@123' } });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const app = (method: string, url: string, body?: unknown) => h.call(method, `/api/v1/app/${url}`, { token, body });

    const listed = (await app('GET', 'coupons')).json<{ data: AppCouponRow[] }>().data;
    expect(listed.some((r) => r.id === open.id && r.remaining_for_you === 1)).toBe(true);
    expect(listed.some((r) => r.id === later.id || r.id === elsewhere.id)).toBe(false);

    const claimed = await app('POST', `coupons/${open.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const claim = claimed.json<{ data: CouponClaimRow }>().data;
    expect(claim).toMatchObject({ coupon_setting_id: open.id, name: 'Kupon App', status: 1 });
    expect(claim.coupon_code).toMatch(/^CPN-[A-Z2-9]{10}$/);
    expect((await app('POST', `coupons/${open.id}/claim`)).statusCode).toBe(409);
    expect((await app('POST', `coupons/${later.id}/claim`)).statusCode).toBe(422);
    expect((await app('POST', `coupons/${elsewhere.id}/claim`)).statusCode).toBe(422);
    expect((await app('POST', 'coupons/2000000000/claim')).statusCode).toBe(404);
    expect((await app('POST', 'coupons/abc/claim')).statusCode).toBe(400);
    expect((await app('GET', 'coupons')).json<{ data: AppCouponRow[] }>().data.some((r) => r.id === open.id)).toBe(false);

    const mine = (await app('GET', 'my-coupons')).json<{ data: CouponClaimRow[] }>().data;
    expect(mine.map((m) => m.id)).toContain(claim.id);
    const [store] = await queryRows<{ id: number }>(db(), sql`select id from stores order by id limit 1`);
    expect((await app('POST', `my-coupons/${claim.id}/use`, { store_id: store!.id })).statusCode).toBe(400);
    const used = await app('POST', `my-coupons/${claim.id}/use`, { store_id: store!.id, pos_receipt_no: 'R-0001' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json<{ data: CouponClaimRow }>().data).toMatchObject({ status: 4, store_id: store!.id, pos_receipt_no: 'R-0001' });
    expect((await app('POST', `my-coupons/${claim.id}/use`, { store_id: store!.id, pos_receipt_no: 'R-0002' })).json<{ message: string }>().message).toMatch(/already been used/);

    // No consumer token, or a staff token: 401.
    expect((await h.call('GET', '/api/v1/app/coupons')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/app/my-coupons', { token: admin })).statusCode).toBe(401);
  });

  it('the daily expiry job sets Expired on active claims past their end, and only those', async () => {
    const c = await coupon({ name: 'Segera Berakhir', start_date: day(0), end_date: day(0), quota: 5 });
    const ids = await consumers(2, '103');
    const service = new CouponClaimService(db());
    const [a, b] = [await service.claim(ids[0]!, c.id, h.clock.now()), await service.claim(ids[1]!, c.id, h.clock.now())];
    await db().execute(sql`update consumer_coupons set status = 4 where id = ${b.id}`);
    expect(await service.expire(h.clock.now())).toBe(0);

    h.clock.advance(2 * 86_400_000);
    await h.jobs.send(COUPON_EXPIRY_JOB, {});
    await expect.poll(async () => (await queryRows<{ status: number }>(db(), sql`select status from consumer_coupons where id = ${a.id}`))[0]?.status, { timeout: 15_000 }).toBe(3);
    const [usedAfter] = await queryRows<{ status: number }>(db(), sql`select status from consumer_coupons where id = ${b.id}`);
    expect(usedAfter?.status).toBe(4);
  });

  it('the coupon log lists claims with filters, masks phone and e-mail without the personal-data right, and exports the filtered list', async () => {
    // The expiry test moved the clock on by days: sign in afresh.
    admin = await h.tokenOf('admin.cms');
    const c = await coupon({ name: 'Kupon Log', quota: 10 });
    const ids = await consumers(3, '104');
    await db().execute(sql`update consumers set email = 'log.uji' || id || '@gmail.com' where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    const service = new CouponClaimService(db());
    for (const id of ids) await service.claim(id, c.id, h.clock.now());
    const viewer = await h.tokenOf('viewer');
    await createStaff(db(), 'coupon.log.agent', [{ entry: 'cms.coupon-setting', action: 'view' }]);
    const stranger = await h.tokenOf('coupon.log.agent');
    type Page = { data: { data: CouponLogRow[]; meta: { total: number } } };
    const list = async (query: string, token = admin) => {
      const res = await h.call('GET', `/api/v1/coupon-logs?${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>().data;
    };

    // The claims were made at the test clock's time, days ahead of the wall clock by now.
    const clockDay = (days: number) => jakartaDay(new Date(h.clock.now().getTime() + days * 86_400_000));
    const page = await list(`coupon_id=${c.id}&status=1&claimed_from=${clockDay(-1)}&claimed_to=${clockDay(0)}&sort_dir=asc`);
    expect(page.meta.total).toBe(3);
    expect(page.data.map((r) => r.consumer_id)).toEqual(ids);
    expect(page.data[0]).toMatchObject({ coupon_id: c.id, name: 'Kupon Log', status: 1, personal_masked: false, email: `log.uji${ids[0]}@gmail.com` });
    expect((await list(`coupon_id=${c.id}&status=4`)).data).toEqual([]);
    expect((await list(`coupon_id=${c.id}&claimed_from=${clockDay(1)}`)).data).toEqual([]);
    expect((await list(`coupon_id=${c.id}&search=${page.data[0]!.coupon_code.toLowerCase()}`)).data.map((r) => r.id)).toEqual([page.data[0]!.id]);

    const masked = (await list(`coupon_id=${c.id}`, viewer)).data;
    expect(masked.every((r) => r.personal_masked && r.phone_number.includes('*') && r.email?.includes('*'))).toBe(true);
    const detail = await h.call('GET', `/api/v1/coupon-logs/${page.data[0]!.id}`, { token: viewer });
    expect(detail.json<{ data: CouponLogRow }>().data).toMatchObject({ id: page.data[0]!.id, personal_masked: true });

    expect((await h.call('GET', '/api/v1/coupon-logs', { token: stranger })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/coupon-logs?status=9', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/coupon-logs?claimed_from=2026-13-01', { token: admin })).statusCode).toBe(400);

    expect((await h.call('GET', `/api/v1/coupon-logs/export?format=csv&coupon_id=${c.id}`, { token: viewer })).statusCode).toBe(403);
    await createStaff(db(), 'coupon.log.exporter', [
      { entry: 'cms.coupon-log', action: 'view' },
      { entry: 'cms.coupon-log', action: 'export' },
    ]);
    const exporter = await h.tokenOf('coupon.log.exporter');
    const file = await h.call('GET', `/api/v1/coupon-logs/export?format=csv&coupon_id=${c.id}`, { token: exporter });
    expect(file.statusCode, file.body).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/Export-coupon_log_\d{8}_\d{6}\.csv/);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(expect.arrayContaining(['Coupon ID', 'Claimed Date (WIB)', 'Consumer Name', 'Phone Number', 'E-mail', 'Status', 'Store']));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r[header!.indexOf('Phone Number')]!.includes('*') && r[header!.indexOf('Status')] === 'Active')).toBe(true);
  });

  it('generates unique codes from a pattern as a job after a feasibility check, claims take them, and the codes export', async () => {
    admin = await h.tokenOf('admin.cms');
    const c = await coupon({ name: 'Kupon Berkode', quota: 300, limit_per_consumer: 1 });
    const generate = (pattern: string, version = c.version) => h.call('POST', `/api/v1/coupon-settings/${c.id}/codes`, { token: admin, body: { pattern, version } });

    const tooSmall = await generate('HEMAT-##');
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json<{ message: string }>().message).toMatch(/room for 100 codes; a quota of 300 needs room for at least 3.000/);
    expect((await generate('HEMAT')).statusCode).toBe(400);
    expect((await generate('HEMAT-####-XX', c.version + 5)).statusCode).toBe(409);
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('POST', `/api/v1/coupon-settings/${c.id}/codes`, { token: viewer, body: { pattern: 'HEMAT-####-XX', version: c.version } })).statusCode).toBe(403);

    const started = await generate('hemat-####-xx');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ data: CouponSettingDetail }>().data).toMatchObject({ code_pattern: 'HEMAT-####-XX', codes_state: 1, codes_wanted: 300 });
    const detail = async () => (await h.call('GET', `/api/v1/coupon-settings/${c.id}`, { token: admin })).json<{ data: CouponSettingDetail }>().data;
    await expect.poll(async () => (await detail()).codes_state, { timeout: 15_000 }).toBe(2);
    expect((await detail()).codes_made).toBe(300);
    expect((await generate('HEMAT-####-XX', (await detail()).version)).statusCode).toBe(409);
    const [stats] = await queryRows<{ n: number; distinct_codes: number; shaped: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct code)::int as distinct_codes, count(*) filter (where code ~ '^HEMAT-[0-9]{4}-[A-HJ-NP-Z]{2}$')::int as shaped
          from coupon_codes where coupon_setting_id = ${c.id}`,
    );
    expect(stats).toEqual({ n: 300, distinct_codes: 300, shaped: 300 });

    const ids = await consumers(2, '105');
    const service = new CouponClaimService(db());
    const claims = [await service.claim(ids[0]!, c.id, h.clock.now()), await service.claim(ids[1]!, c.id, h.clock.now())];
    expect(claims.every((k) => /^HEMAT-\d{4}-[A-Z]{2}$/.test(k.coupon_code))).toBe(true);
    expect(new Set(claims.map((k) => k.coupon_code)).size).toBe(2);

    const file = await h.call('GET', `/api/v1/coupon-codes/export?format=csv&coupon_setting_id=${c.id}`, { token: admin });
    expect(file.statusCode, file.body).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/Export-coupon_code_\d{8}_\d{6}\.csv/);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(['Coupon Code', 'Claimed']);
    expect(rows).toHaveLength(300);
    expect(rows.filter((r) => r[1] === 'Yes').map((r) => r[0]).sort()).toEqual(claims.map((k) => k.coupon_code).sort());
  });
});
