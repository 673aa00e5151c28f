import { createHash, createHmac } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RAFFLE_CLOSED,
  RAFFLE_DRAWN,
  RAFFLE_OPEN,
  RAFFLE_UPCOMING,
  drawWinners,
  fromHex,
  type AppRaffleCoupon,
  type AppRaffleRow,
  type AppTransactionResult,
  type RaffleDetail,
  type RaffleRow,
} from '@portal/contract';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { auditEntries } from '../../../test/audit-log.ts';
import { createStaff } from '../../../test/staff.ts';
import { queryRows } from '../../db/client.ts';

const MINUTE = 60_000;

/**
 * Raffles through HTTP: the screens' API with its permissions, conflicts and bad input; coupons earned by the consumer
 * app (transactions, once by transaction id; app entries, never past the maximum under parallel requests); the draw's
 * rules, its reproducibility from the revealed seed, and the seed's secrecy before it.
 */
describe('raffles', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let consumers: { id: number; token: string }[] = [];
  /** Every answer's body before a draw, to prove the seed was never in one. */
  const seen: string[] = [];

  const call = async (method: string, url: string, token: string | undefined, body?: unknown) => {
    const res = await h.call(method, url, { token, body });
    seen.push(res.body);
    return res;
  };
  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await call(method, url, token, body);
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const at = (minutes: number) => new Date(h.clock.now().getTime() + minutes * MINUTE).toISOString();
  const raffle = (extra: Record<string, unknown> = {}) =>
    ok<RaffleDetail>('POST', '/api/v1/raffles', admin, {
      name: 'Undian Uji',
      prizes: [{ name: 'Motor Listrik', quantity: 1 }, { name: 'Voucher Belanja', quantity: 3 }],
      entry_start: at(-10),
      entry_end: at(60),
      draw_at: at(120),
      spend_per_entry: 50_000,
      app_entry: true,
      max_entries_per_consumer: 5,
      ...extra,
    });
  const sale = (id: string, total: number, when = at(0)) => ({ transaction_id: id, channel: 1, total, items: [], at: when });
  const couponsOf = async (raffleId: number, consumerId?: number) =>
    Number(
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from raffle_coupons where raffle_id = ${raffleId} ${consumerId ? sql`and consumer_id = ${consumerId}` : sql``}`,
        )
      )[0]!.n,
    );

  /** Signs everyone in again (moving the clock past the entry end idles sessions out). */
  const signIn = async () => {
    admin = await h.tokenOf('admin.cms');
    const people = await queryRows<{ id: number; phone: string }>(db(), sql`select id, phone from consumers where status = 1 order by id limit 4`);
    consumers = [];
    for (const p of people) {
      const res = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: p.phone, password: DEMO_PASSWORD } });
      consumers.push({ id: Number(p.id), token: res.json<{ data: { token: string } }>().data.token });
    }
  };
  const advance = async (minutes: number) => {
    h.clock.advance(minutes * MINUTE);
    await signIn();
  };

  beforeAll(signIn);

  it('creates a raffle with its commitment, lists it with filters and search, and refuses bad input', async () => {
    const r = await raffle({ name: 'Undian Daftar' });
    expect(r).toMatchObject({ status: RAFFLE_OPEN, winners_count: 4, entries_count: 0, consumers_count: 0, seed: null, winners: [], drawn_at: null, allow_repeat_wins: false });
    expect(r.commitment).toMatch(/^[0-9a-f]{64}$/);
    const later = await raffle({ name: 'Undian Nanti', entry_start: at(60 * 24), entry_end: at(60 * 48), draw_at: at(60 * 72) });
    expect(later.status).toBe(RAFFLE_UPCOMING);

    const list = async (query: string) => (await ok<{ data: RaffleRow[] }>('GET', `/api/v1/raffles?${query}`, admin)).data.map((x) => x.id);
    expect(await list('status=2')).toContain(r.id);
    expect(await list('status=2')).not.toContain(later.id);
    expect(await list('status=1')).toContain(later.id);
    expect(await list('status=1')).not.toContain(r.id);
    expect(await list('search=daftar')).toEqual([r.id]);
    expect(await list('status=2&sort_by=entry_start&sort_dir=desc&limit=1')).toEqual([r.id]);
    const today = new Date(h.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(await list(`active_on=${today}`)).toContain(r.id);
    expect(await list(`active_on=${today}`)).not.toContain(later.id);

    const bad = async (body: Record<string, unknown>) => (await call('POST', '/api/v1/raffles', admin, body)).statusCode;
    const base = { name: 'X', prizes: [{ name: 'P', quantity: 1 }], entry_start: at(0), entry_end: at(10), draw_at: at(20), spend_per_entry: 10_000, max_entries_per_consumer: 1 };
    expect(await bad({ ...base, prizes: [] })).toBe(400);
    expect(await bad({ ...base, draw_at: at(5) })).toBe(400);
    expect(await bad({ ...base, spend_per_entry: null, app_entry: false })).toBe(400);
    expect(await bad({ ...base, entry_start: 'tomorrow' })).toBe(400);
    expect(await bad({ ...base, targeting: 1, province_codes: ['99'] })).toBe(400);
    expect(await bad({ ...base, seed: 'ab'.repeat(32) })).toBe(400);
    expect((await call('GET', '/api/v1/raffles?status=9', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/raffles/abc', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/raffles/2000000000', admin)).statusCode).toBe(404);
  });

  it('finds the demo raffles made through the services: one drawn with its winners, one open with coupons from transactions and app entries', async () => {
    const drawn = (await ok<{ data: RaffleRow[] }>('GET', '/api/v1/raffles?status=4&search=gebyar', admin)).data[0]!;
    const detail = await ok<RaffleDetail>('GET', `/api/v1/raffles/${drawn.id}`, admin);
    expect(detail.winners).toHaveLength(9);
    expect(createHash('sha256').update(fromHex(detail.seed!)).digest('hex')).toBe(detail.commitment);
    const open = (await ok<{ data: RaffleRow[] }>('GET', '/api/v1/raffles?status=2&search=akhir tahun', admin)).data[0]!;
    expect(open.entries_count).toBeGreaterThan(30);
    const sources = await queryRows<{ source: number }>(db(), sql`select distinct source from raffle_coupons where raffle_id = ${open.id} order by source`);
    expect(sources.map((x) => Number(x.source))).toEqual([1, 2]);
  });

  it('holds its permissions: a viewer reads, only create, delete and edit (the draw) rights change', async () => {
    const r = await raffle({ name: 'Undian Hak' });
    await createStaff(db(), 'raffle.viewer', [{ entry: 'cms.raffle', action: 'view' }]);
    await createStaff(db(), 'raffle.none', [{ entry: 'cms.faq', action: 'view' }]);
    const viewer = await h.tokenOf('raffle.viewer');
    const none = await h.tokenOf('raffle.none');
    expect((await call('GET', '/api/v1/raffles', viewer)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/raffles/${r.id}`, viewer)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/raffles', viewer, { name: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/raffles/${r.id}/draw`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/raffles/${r.id}?version=1`, viewer)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/raffle-coupons/export?format=csv&raffle_id=${r.id}`, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/raffles', none)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/raffles', undefined)).statusCode).toBe(401);
    // Staff tokens are not consumer tokens.
    expect((await call('GET', '/api/v1/app/raffles', admin)).statusCode).toBe(401);
  });

  it('earns coupons from transactions once per transaction id, by spend, within the period and the targeting', async () => {
    const r = await raffle({ name: 'Undian Belanja', max_entries_per_consumer: 10 });
    const bali = await raffle({ name: 'Undian Bali', targeting: 1, province_codes: ['51'] });
    await db().execute(sql`update consumers set province_code = '31' where id = ${consumers[0]!.id}`);
    const me = consumers[0]!;
    const first = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', me.token, sale('RAF-T-1', 175_000));
    expect(first.raffle_entries).toContainEqual({ raffle_id: r.id, raffle_name: 'Undian Belanja', coupons: 3 });
    expect(first.raffle_entries.some((e) => e.raffle_id === bali.id)).toBe(false);
    // The same transaction again answers the first result and earns nothing more.
    const again = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', me.token, sale('RAF-T-1', 175_000));
    expect(again).toEqual(first);
    expect(await couponsOf(r.id, me.id)).toBe(3);
    // Below the spend for one coupon, and a transaction from before the period, earn none.
    expect((await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', me.token, sale('RAF-T-2', 49_999))).raffle_entries.some((e) => e.raffle_id === r.id)).toBe(false);
    expect((await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', me.token, sale('RAF-T-3', 500_000, at(-30)))).raffle_entries.some((e) => e.raffle_id === r.id)).toBe(false);
    expect(await couponsOf(r.id, me.id)).toBe(3);
    // The maximum caps a large spend.
    const big = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', me.token, sale('RAF-T-4', 5_000_000));
    expect(big.raffle_entries).toContainEqual({ raffle_id: r.id, raffle_name: 'Undian Belanja', coupons: 7 });
    expect(await couponsOf(r.id, me.id)).toBe(10);

    const listed = await ok<AppRaffleRow[]>('GET', '/api/v1/app/raffles', me.token);
    expect(listed.find((x) => x.id === r.id)).toMatchObject({ your_entries: 10, max_entries_per_consumer: 10 });
    expect(listed.some((x) => x.id === bali.id)).toBe(false);
    const detail = await ok<RaffleDetail>('GET', `/api/v1/raffles/${r.id}`, admin);
    expect(detail).toMatchObject({ entries_count: 10, consumers_count: 1 });
  });

  it('enters from the app up to the maximum, also under parallel requests, and refuses what is not open to the consumer', async () => {
    const r = await raffle({ name: 'Undian Aplikasi', max_entries_per_consumer: 3, spend_per_entry: null });
    const me = consumers[1]!;
    const results = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', `/api/v1/app/raffles/${r.id}/enter`, { token: me.token })));
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(3);
    expect(new Set(results.filter((x) => x.statusCode !== 200).map((x) => x.statusCode))).toEqual(new Set([409]));
    const codes = results.filter((x) => x.statusCode === 200).map((x) => x.json<{ data: AppRaffleCoupon }>().data);
    expect(codes.map((c) => c.your_entries).sort()).toEqual([1, 2, 3]);
    expect(codes.every((c) => /^RAF-[A-Z2-9]{12}$/.test(c.code))).toBe(true);
    expect(await couponsOf(r.id, me.id)).toBe(3);
    expect((await call('POST', `/api/v1/app/raffles/${r.id}/enter`, me.token)).json<{ message: string }>().message).toMatch(/maximum of 3 entries/);

    // Parallel transactions of one consumer never pass the maximum either (2 coupons each, a maximum of 5).
    const s = await raffle({ name: 'Undian Paralel', max_entries_per_consumer: 5, app_entry: false });
    const other = consumers[2]!;
    const sales = await Promise.all(Array.from({ length: 8 }, (_, i) => h.call('POST', '/api/v1/app/transactions', { token: other.token, body: sale(`RAF-P-${i}`, 100_000) })));
    expect(sales.every((x) => x.statusCode === 200)).toBe(true);
    const earned = sales.map((x) => x.json<{ data: AppTransactionResult }>().data.raffle_entries.find((e) => e.raffle_id === s.id)?.coupons ?? 0);
    expect(earned.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await couponsOf(s.id, other.id)).toBe(5);

    expect((await call('POST', `/api/v1/app/raffles/${s.id}/enter`, other.token)).statusCode).toBe(422);
    const later = await raffle({ name: 'Undian Belum', entry_start: at(60 * 24), entry_end: at(60 * 48), draw_at: at(60 * 72) });
    expect((await call('POST', `/api/v1/app/raffles/${later.id}/enter`, other.token)).statusCode).toBe(422);
    expect((await call('POST', '/api/v1/app/raffles/2000000000/enter', other.token)).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/app/raffles/abc/enter', other.token)).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/app/raffles/${r.id}/enter`, undefined)).statusCode).toBe(401);
  });

  it('refuses to delete a raffle with entries, deletes one without, and answers 409 to a stale version', async () => {
    const empty = await raffle({ name: 'Undian Kosong' });
    expect((await call('DELETE', `/api/v1/raffles/${empty.id}?version=${empty.version + 1}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/raffles/${empty.id}?version=${empty.version}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/raffles/${empty.id}`, admin)).statusCode).toBe(404);
    const used = await raffle({ name: 'Undian Terisi' });
    await ok('POST', `/api/v1/app/raffles/${used.id}/enter`, consumers[3]!.token);
    const refused = await call('DELETE', `/api/v1/raffles/${used.id}?version=${used.version}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This raffle has 1 entry and cannot be deleted');
  });

  it('draws after the entry end only, once, reproducibly from the revealed seed, and never shows the seed before', async () => {
    const r = await raffle({ name: 'Undian Final', prizes: [{ name: 'Motor', quantity: 1 }, { name: 'Voucher', quantity: 2 }], max_entries_per_consumer: 4, entry_end: at(30), draw_at: at(90) });
    for (const [i, c] of consumers.entries()) {
      await ok('POST', '/api/v1/app/transactions', c.token, sale(`RAF-F-${i}`, 200_000));
      await ok('POST', `/api/v1/app/raffles/${r.id}/enter`, c.token).catch(() => undefined);
    }
    const entries = await couponsOf(r.id);
    expect(entries).toBe(16);
    expect((await call('POST', `/api/v1/raffles/${r.id}/draw`, admin)).statusCode).toBe(422);
    const before = await ok<RaffleDetail>('GET', `/api/v1/raffles/${r.id}`, admin);
    expect(before.seed).toBeNull();
    await ok('GET', `/api/v1/raffles?search=final`, admin);
    const auditBefore = JSON.stringify(await auditEntries(db()));
    const answersBefore = [...seen];

    await advance(31);
    expect((await ok<{ data: RaffleRow[] }>('GET', '/api/v1/raffles?status=3', admin)).data.map((x) => x.id)).toContain(r.id);
    const drawn = await ok<RaffleDetail>('POST', `/api/v1/raffles/${r.id}/draw`, admin);
    expect(drawn.status).toBe(RAFFLE_DRAWN);
    expect(drawn.drawn_by_name).toBeTruthy();
    expect(drawn.winners.map((w) => w.prize_name)).toEqual(['Motor', 'Voucher', 'Voucher']);
    expect(new Set(drawn.winners.map((w) => w.consumer_id)).size).toBe(3);
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
    const seed = drawn.seed!;

    // The seed was in no answer and no audit entry before the draw, and is what the commitment promised.
    expect(answersBefore.length).toBeGreaterThan(50);
    for (const body of answersBefore) expect(body).not.toContain(seed);
    expect(auditBefore).not.toContain(seed);
    expect(createHash('sha256').update(fromHex(seed)).digest('hex')).toBe(r.commitment);
    const [stored] = await queryRows<{ seed_sealed: string }>(db(), sql`select seed_sealed from raffles where id = ${r.id}`);
    expect(stored!.seed_sealed).not.toContain(seed);

    // Anyone can re-run the draw from the seed and the entry list (the export's rows) and get the same winners.
    const list = await queryRows<{ id: number; consumer_id: number; code: string }>(db(), sql`select id, consumer_id, code from raffle_coupons where raffle_id = ${r.id}`);
    const rerun = drawWinners({
      raffleId: r.id,
      entries: list.map((e) => ({ id: Number(e.id), consumer_id: Number(e.consumer_id), code: e.code })),
      prizes: r.prizes,
      allowRepeatWins: false,
      hmac: (m) => new Uint8Array(createHmac('sha256', fromHex(seed)).update(m).digest()),
    });
    expect(rerun.winners.map((w) => [w.step, w.prize_name, w.code])).toEqual(drawn.winners.map((w) => [w.step, w.prize_name, w.code]));
    expect(drawn.draw_steps).toBe(rerun.steps);

    // Once: a second draw is a conflict; the draw is audited with the commitment and the revealed seed.
    expect((await call('POST', `/api/v1/raffles/${r.id}/draw`, admin)).statusCode).toBe(409);
    const audit = await auditEntries(db(), sql`entity = 'raffle' and entity_id = ${String(r.id)}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'draw']);
    expect(JSON.stringify(audit.find((a) => a.action === 'create'))).toContain(r.commitment);
    expect(JSON.stringify(audit.find((a) => a.action === 'create'))).not.toContain(seed);

    // A frozen list: no coupon joins a drawn raffle, and a drawn raffle is not deleted.
    expect((await call('POST', `/api/v1/app/raffles/${r.id}/enter`, consumers[0]!.token)).statusCode).toBe(422);
    const late = await ok<AppTransactionResult>('POST', '/api/v1/app/transactions', consumers[0]!.token, sale('RAF-F-late', 300_000, at(-40)));
    expect(late.raffle_entries.some((e) => e.raffle_id === r.id)).toBe(false);
    expect(await couponsOf(r.id)).toBe(16);
    expect((await call('DELETE', `/api/v1/raffles/${r.id}?version=${drawn.version}`, admin)).json<{ message: string }>().message).toMatch(/has been drawn/);

    // The export: every entry, the winners with their prize and step.
    const file = await call('GET', `/api/v1/raffle-coupons/export?format=csv&raffle_id=${r.id}`, admin);
    expect(file.statusCode, file.body).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/Export-raffle_\d{8}_\d{6}\.csv/);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(['Entry ID', 'Raffle Coupon', 'Consumer ID', 'Consumer Name', 'App Card ID', 'Earned By', 'Transaction / Entry', 'Earned At (WIB)', 'Prize Won', 'Draw Step']);
    expect(rows).toHaveLength(16);
    const won = rows.filter((x) => x[8]).map((x) => [Number(x[9]), x[8], x[1]]);
    expect(won.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(drawn.winners.map((w) => [w.step, w.prize_name, w.code]));
  });

  it('draws fewer winners than prizes when the entries run out, and none from no entries', async () => {
    const r = await raffle({ name: 'Undian Sepi', entry_end: at(5), draw_at: at(10) });
    await ok('POST', `/api/v1/app/raffles/${r.id}/enter`, consumers[0]!.token);
    await ok('POST', `/api/v1/app/raffles/${r.id}/enter`, consumers[0]!.token);
    const none = await raffle({ name: 'Undian Hampa', entry_end: at(5), draw_at: at(10) });
    await advance(6);
    const drawn = await ok<RaffleDetail>('POST', `/api/v1/raffles/${r.id}/draw`, admin);
    // Two coupons of one consumer, who may win once: one winner.
    expect(drawn.winners).toHaveLength(1);
    expect(drawn.winners[0]).toMatchObject({ prize_name: 'Motor Listrik', consumer_id: consumers[0]!.id });
    const empty = await ok<RaffleDetail>('POST', `/api/v1/raffles/${none.id}/draw`, admin);
    expect(empty).toMatchObject({ winners: [], draw_steps: 0, status: RAFFLE_DRAWN });
    expect(empty.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await ok<{ data: RaffleRow[] }>('GET', '/api/v1/raffles?status=4', admin)).data.map((x) => x.id)).toEqual(expect.arrayContaining([r.id, none.id]));
    expect((await ok<{ data: RaffleRow[] }>('GET', '/api/v1/raffles?status=3', admin)).data.map((x) => x.id)).not.toContain(none.id);
    expect(RAFFLE_CLOSED).toBe(3);
  });

  it('refuses with a reason, not a failure, to draw a raffle whose seed this server cannot open (another app key)', async () => {
    const r = await raffle({ name: 'Undian Kunci Lain', entry_end: at(5), draw_at: at(10) });
    // What a seed sealed under another APP_SECRET looks like to this server: a sealed value its key does not open.
    await db().execute(sql`update raffles set seed_sealed = ${'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA'} where id = ${r.id}`);
    await advance(6);
    const res = await call('POST', `/api/v1/raffles/${r.id}/draw`, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('APP_SECRET');
    expect((await ok<RaffleDetail>('GET', `/api/v1/raffles/${r.id}`, admin)).winners).toEqual([]);
  });
});
