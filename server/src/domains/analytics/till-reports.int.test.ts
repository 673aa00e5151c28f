import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  jakartaDay,
  maskPhone,
  PERSONAL_DATA_ENTRY,
  posSalesSignedText,
  type AlpDetail,
  type AlpRow,
  type AlpTotals,
  type FreeGiftHandoverRow,
  type FreeGiftProgramme,
  type FreeGiftReportTotals,
  type PosSale,
  type PromoReportRow,
  type PromoReportTotals,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { catchUpSalesRollups } from './sales-rollup.ts';

type Page<T> = { data: T[]; meta: { total: number } };

/*
 * The ALP, Promo and Free Gift reports read back what the tills sent (POST pos/sales): every figure equal to the
 * receipts', each report under its own entry's rights, the member's phone masked without the personal-data right.
 * The receipts are of May 2023, far from the demo's and the other tests'.
 */
describe('pandora till reports: ALP, promos and free gifts as the tills sent them', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  const PERIOD = { from: '2023-05-01', to: '2023-05-31' };
  let secret: string | Buffer;
  let tokens: Record<'alp' | 'promo' | 'gift' | 'giftOpen' | 'exporter' | 'none', string>;
  let A: { id: number; code: string; province_code: string };
  let B: { id: number; code: string };
  let P: { id: number; plu: string }[];
  let member: { id: number; card: string; phone: string; name: string };
  let ids: { promo: number; promo2: number; gift: number };
  const sent: PosSale[] = [];

  const at = (day: number, hour = 10) => `2023-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+07:00`;
  const get = async <T>(path: string, token: string, query: Record<string, string | number | undefined> = {}) => {
    const params = new URLSearchParams(Object.entries({ ...PERIOD, ...query }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    const res = await h.call('GET', `/api/v1/${path}?${params.toString()}`, { token });
    expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (path: string, token: string) => (await h.call('GET', `/api/v1/${path}`, { token })).statusCode;

  beforeAll(async () => {
    secret = posSalesSecretOf(h.services.config);
    const stores = await queryRows<{ id: number; code: string; province_code: string }>(db(), sql`select id, code, province_code from stores where status = 1 order by id limit 2`);
    [A, B] = stores.map((s) => ({ ...s, id: Number(s.id) })) as [typeof A, typeof B];
    P = (await queryRows<{ id: number; plu: string }>(db(), sql`select id, upper(plu) as plu from products where status = 1 and price > 0 order by id limit 4`)).map((p) => ({ id: Number(p.id), plu: p.plu }));
    const [c] = await queryRows<{ id: number; card: string; phone: string; name: string }>(db(), sql`select id, app_card_id as card, phone, name from consumers where status = 1 and app_card_id is not null and phone is not null order by id limit 1`);
    member = { ...c!, id: Number(c!.id) };
    const promo = async (code: string, percent: number) =>
      Number((await queryRows<{ id: number }>(db(), sql`insert into promos (code, name, promo_type, value, channel, start_date, end_date) values (${code}, ${`Promo ${code}`}, 1, ${percent}, 1, '2023-05-01', '2023-05-31') returning id`))[0]!.id);
    ids = { promo: await promo('R-TEN', 10), promo2: await promo('R-FIVE', 5), gift: 0 };
    ids.gift = Number((await queryRows<{ id: number }>(db(), sql`insert into free_gifts (code, name, min_purchase, start_date, end_date) values ('R-GIFT', 'Report gift', 50000, '2023-05-01', '2023-05-31') returning id`))[0]!.id);
    await db().execute(sql`insert into free_gift_products (free_gift_id, product_id, quantity) values (${ids.gift}, ${P[3]!.id}, 2)`);
    await db().execute(sql`insert into free_gift_regions (free_gift_id, province_code) select distinct ${ids.gift}::int, province_code from stores`);
    await db().execute(sql`insert into associates (employee_no, name, store_id, department, monthly_quota, joined_on, status) values
      ('R-EMP-1', 'Rina Kasir', ${A.id}, 'R-Kasir', 40000, '2020-01-01', 1), ('R-EMP-2', 'Rudi Gudang', ${B.id}, 'R-Gudang', 100000, '2020-01-01', 1)`);

    const line = (p: number, quantity: number, price: number, promo?: { code: string; percent: number }) => ({
      plu: P[p]!.plu,
      quantity,
      price,
      ...(promo ? { promo_code: promo.code, discount: (quantity * price * promo.percent) / 100 } : {}),
    });
    const TEN = { code: 'R-TEN', percent: 10 };
    const FIVE = { code: 'R-FIVE', percent: 5 };
    const sale = (id: string, extra: Partial<PosSale>): PosSale => ({ transaction_id: id, store_code: A.code, channel: 1, card_id: null, at: at(3), lines: [line(1, 1, 10_000)], ...extra });
    sent.push(
      sale('RR-1', { lines: [line(0, 2, 20_000, TEN), line(1, 1, 30_000, FIVE)], associate: { employee_no: 'R-EMP-1', discount: 10_000 }, gifts: [{ code: 'R-GIFT', plu: P[3]!.plu, quantity: 2 }], card_id: member.card }),
      sale('RR-2', { at: at(9, 21), lines: [line(0, 1, 20_000, TEN), line(2, 3, 10_000)], associate: { employee_no: 'R-EMP-1', discount: 35_000 } }),
      sale('RR-3', { store_code: B.code, at: at(9, 23), lines: [line(0, 4, 20_000, TEN)], associate: { employee_no: 'R-EMP-2', discount: 5_000 }, gifts: [{ code: 'R-GIFT', plu: P[3]!.plu, quantity: 1 }] }),
      sale('RR-4', { store_code: B.code, at: at(20), lines: [line(1, 2, 30_000, FIVE)] }),
      sale('RR-5', { at: at(31, 23), lines: [line(2, 10, 10_000)], gifts: [{ code: 'R-GIFT', plu: P[3]!.plu, quantity: 1 }], card_id: member.card }),
    );
    const res = await h.call('POST', '/api/v1/pos/sales', { body: { transactions: sent, signature: signWebhook(secret, posSalesSignedText(sent)) } });
    expect(res.statusCode, res.body).toBe(200);
    await catchUpSalesRollups(db(), new Date());

    const staff = async (name: string, grants: { entry: string; action: 'view' | 'export' }[]) => {
      await createStaff(db(), name, grants);
      return h.tokenOf(name);
    };
    tokens = {
      alp: await staff('till.alp', [{ entry: 'pandora.report/alp-report', action: 'view' }]),
      promo: await staff('till.promo', [{ entry: 'pandora.promo-report', action: 'view' }]),
      gift: await staff('till.gift', [{ entry: 'pandora.free-gift-report', action: 'view' }]),
      giftOpen: await staff('till.gift.open', [
        { entry: 'pandora.free-gift-report', action: 'view' },
        { entry: PERSONAL_DATA_ENTRY, action: 'view' },
      ]),
      exporter: await staff('till.export', [
        { entry: 'pandora.report/alp-report', action: 'export' },
        { entry: 'pandora.promo-report', action: 'export' },
        { entry: 'pandora.free-gift-report', action: 'export' },
      ]),
      none: await staff('till.none', [{ entry: 'pandora.sales-dashboard', action: 'view' }]),
    };
  });

  const gross = (s: PosSale) => s.lines.reduce((n, l) => n + l.quantity * l.price, 0);

  it('lists the staff purchases as the tills sent them, flagged against the month’s quota, with their totals', async () => {
    const page = await get<Page<AlpRow>>('report/alp-report', tokens.alp, { limit: 100, employee_no: undefined });
    const mine = page.data.filter((r) => r.employee_no.startsWith('R-EMP'));
    expect(mine.map((r) => r.receipt_no)).toEqual(['RR-3', 'RR-2', 'RR-1']);
    const byReceipt = new Map(mine.map((r) => [r.receipt_no, r]));
    for (const s of sent.filter((x) => x.associate)) {
      expect(byReceipt.get(s.transaction_id)).toMatchObject({ amount: gross(s), discount: s.associate!.discount, employee_no: s.associate!.employee_no });
    }
    // R-EMP-1: 10.000 then 35.000 of a 40.000 quota: the second takes the month 5.000 past it.
    expect(byReceipt.get('RR-1')).toMatchObject({ transaction_type: 'within-quota', quota: 40_000, used: 10_000, quota_used: 25, over_quota: 0, department: 'R-Kasir', store_code: A.code });
    expect(byReceipt.get('RR-2')).toMatchObject({ transaction_type: 'over-quota', used: 45_000, quota_used: 112.5, over_quota: 5_000 });
    expect(byReceipt.get('RR-3')).toMatchObject({ transaction_type: 'within-quota', quota: 100_000, used: 5_000, store_code: B.code });

    const only = await get<Page<AlpRow>>('report/alp-report', tokens.alp, { employee_no: 'r-emp-1' });
    expect(only.data.map((r) => r.receipt_no)).toEqual(['RR-2', 'RR-1']);
    expect((await get<Page<AlpRow>>('report/alp-report', tokens.alp, { department: 'R-Gudang' })).data.map((r) => r.receipt_no)).toEqual(['RR-3']);
    expect((await get<Page<AlpRow>>('report/alp-report', tokens.alp, { transaction_type: 'over-quota', employee_no: 'R-EMP-1' })).data.map((r) => r.receipt_no)).toEqual(['RR-2']);
    expect((await get<Page<AlpRow>>('report/alp-report', tokens.alp, { store_code: B.code.toLowerCase(), employee_no: 'R-EMP-2' })).data.map((r) => r.receipt_no)).toEqual(['RR-3']);
    // The 9th ends at midnight in Jakarta: a period of the 10th onwards has none of these.
    expect((await get<Page<AlpRow>>('report/alp-report', tokens.alp, { from: '2023-05-10', employee_no: 'R-EMP-1' })).data).toEqual([]);

    const totals = await get<AlpTotals>('report/alp-report/totals', tokens.alp, { department: 'R-Kasir' });
    expect(totals).toEqual({ ...PERIOD, transactions: 2, associates: 1, amount: gross(sent[0]!) + gross(sent[1]!), discount: 45_000, quota: 40_000, quota_used: 112.5, over_quota_transactions: 1, over_quota_discount: 5_000 });
    expect(await get<string[]>('report/alp-report/departments', tokens.alp)).toEqual(expect.arrayContaining(['R-Kasir', 'R-Gudang']));
  });

  it('opens one staff purchase with its receipt’s lines, whatever type the path names', async () => {
    const [row] = (await get<Page<AlpRow>>('report/alp-report', tokens.alp, { employee_no: 'R-EMP-1', transaction_type: 'within-quota' })).data;
    const detail = await get<AlpDetail>(`report/alp-report/within-quota/${row!.id}`, tokens.alp);
    expect(detail).toMatchObject({ receipt_no: 'RR-1', transaction_type: 'within-quota', channel: 1, promo_discount: 4_000 + 1_500 });
    expect(detail.lines.map((l) => [l.plu, l.quantity, l.price, l.amount, l.promo_code, l.discount])).toEqual([
      [P[0]!.plu, 2, 20_000, 40_000, 'R-TEN', 4_000],
      [P[1]!.plu, 1, 30_000, 30_000, 'R-FIVE', 1_500],
    ]);
    expect((await get<AlpDetail>(`report/alp-report/over-quota/${row!.id}`, tokens.alp)).transaction_type).toBe('within-quota');
    expect(await status(`report/alp-report/within-quota/999999999`, tokens.alp)).toBe(404);
  });

  it('sums each promo’s lines as the receipts gave them, per promo, store and day', async () => {
    const promoLines = sent.flatMap((s) => s.lines.filter((l) => l.promo_code).map((l) => ({ s, l })));
    const expected = (code: string, keep: (s: PosSale) => boolean = () => true) => {
      const lines = promoLines.filter((x) => x.l.promo_code === code && keep(x.s));
      const g = lines.reduce((n, x) => n + x.l.quantity * x.l.price, 0);
      const d = lines.reduce((n, x) => n + (x.l.discount ?? 0), 0);
      return { transactions: new Set(lines.map((x) => x.s.transaction_id)).size, quantity: lines.reduce((n, x) => n + x.l.quantity, 0), gross: g, discount: d, net: g - d };
    };
    const rows = (await get<Page<PromoReportRow>>('promo-report', tokens.promo, { limit: 100 })).data.filter((r) => r.promo_code.startsWith('R-'));
    expect(rows.map((r) => r.promo_code)).toEqual(['R-TEN', 'R-FIVE']);
    expect(rows[0]).toMatchObject({ promo_id: ids.promo, promo_name: 'Promo R-TEN', promo_type: 1, store_code: null, day: null, ...expected('R-TEN') });
    expect(rows[1]).toMatchObject(expected('R-FIVE'));

    const byStore = (await get<Page<PromoReportRow>>('promo-report', tokens.promo, { view: 'store', promo_id: ids.promo })).data;
    expect(byStore.map((r) => [r.store_code, r.transactions, r.discount])).toEqual(
      [
        [B.code, expected('R-TEN', (s) => s.store_code === B.code).transactions, expected('R-TEN', (s) => s.store_code === B.code).discount],
        [A.code, expected('R-TEN', (s) => s.store_code === A.code).transactions, expected('R-TEN', (s) => s.store_code === A.code).discount],
      ].sort((x, y) => Number(y[2]) - Number(x[2])),
    );
    const byDay = (await get<Page<PromoReportRow>>('promo-report', tokens.promo, { view: 'day', promo_id: ids.promo })).data;
    expect(byDay.map((r) => [r.day, r.transactions])).toEqual([
      ['2023-05-09', 2],
      ['2023-05-03', 1],
    ]);
    expect((await get<Page<PromoReportRow>>('promo-report', tokens.promo, { store_code: A.code })).data.find((r) => r.promo_code === 'R-FIVE')).toMatchObject(expected('R-FIVE', (s) => s.store_code === A.code));
    expect((await get<Page<PromoReportRow>>('promo-report', tokens.promo, { province_code: A.province_code, promo_id: ids.promo2 })).data[0]?.transactions).toBeGreaterThanOrEqual(1);
    expect((await get<Page<PromoReportRow>>('promo-report', tokens.promo, { channel: 2, promo_id: ids.promo })).data).toEqual([]);

    const totals = await get<PromoReportTotals>('promo-report/totals', tokens.promo, { promo_id: ids.promo });
    expect(totals).toEqual({ ...PERIOD, promos: 1, ...expected('R-TEN') });
    // The spec's promo report list takes neither sort_by nor search.
    expect(await status(`promo-report?sort_by=gross`, tokens.promo)).toBe(400);
    expect(await status(`promo-report?search=R-`, tokens.promo)).toBe(400);
    expect((await get<{ code: string }[]>('promo-report/promo-options', tokens.promo, { from: undefined, to: undefined, search: 'r-te' })).map((o) => o.code)).toContain('R-TEN');
  });

  it('lists the gifts handed over, the member’s phone masked without the personal-data right', async () => {
    const masked = (await get<Page<FreeGiftHandoverRow>>('free-gift-report', tokens.gift, { free_gift_id: ids.gift })).data;
    expect(masked.map((r) => [r.receipt_no, r.quantity, r.store_code])).toEqual([
      ['RR-5', 1, A.code],
      ['RR-3', 1, B.code],
      ['RR-1', 2, A.code],
    ]);
    const first = masked.find((r) => r.receipt_no === 'RR-1')!;
    expect(first).toMatchObject({ gift_code: 'R-GIFT', plu: P[3]!.plu, receipt_amount: gross(sent[0]!), consumer_id: member.id, consumer_name: member.name, consumer_phone: maskPhone(member.phone) });
    expect(masked.find((r) => r.receipt_no === 'RR-3')).toMatchObject({ consumer_id: null, consumer_phone: null });

    const before = await queryRows(db(), sql`select 1 from personal_data_access where screen = 'free-gift-report.list'`);
    const open = (await get<Page<FreeGiftHandoverRow>>('free-gift-report', tokens.giftOpen, { free_gift_id: ids.gift })).data;
    expect(open.find((r) => r.receipt_no === 'RR-1')?.consumer_phone).toBe(member.phone);
    expect(await queryRows(db(), sql`select 1 from personal_data_access where screen = 'free-gift-report.list'`)).toHaveLength(before.length + 1);

    const totals = await get<FreeGiftReportTotals>('free-gift-report/totals', tokens.gift, { free_gift_id: ids.gift });
    expect(totals).toEqual({ ...PERIOD, programmes: 1, handovers: 3, receipts: 3, quantity: 4, member_receipts: 2 });
    expect(await status(`free-gift-report?sort_by=at`, tokens.gift)).toBe(400);
    expect(await status(`free-gift-report?search=R`, tokens.gift)).toBe(400);

    const programme = await get<FreeGiftProgramme>(`free-gift-report/${ids.gift}`, tokens.gift);
    expect(programme).toMatchObject({ code: 'R-GIFT', min_purchase: 50_000, gifts: [{ plu: P[3]!.plu, quantity: 2 }], totals: { handovers: 3, receipts: 3, quantity: 4, member_receipts: 2 } });
    expect(programme.by_store.map((s) => [s.store_code, s.quantity])).toEqual([
      [A.code, 3],
      [B.code, 1],
    ]);
    // RR-5 was handed over at 23:00 on the 31st in Jakarta: the 31st, whatever the server's zone.
    expect(programme.by_day.map((d) => [d.day, d.handovers])).toEqual([
      ['2023-05-31', 1],
      ['2023-05-09', 1],
      ['2023-05-03', 1],
    ]);
    expect(await status(`free-gift-report/999999?from=2023-05-01`, tokens.gift)).toBe(404);
  });

  it('opens each report to its own entry only, and its file to its export right', async () => {
    for (const path of ['report/alp-report', 'report/alp-report/totals', 'promo-report', 'promo-report/totals', 'free-gift-report', 'free-gift-report/totals']) {
      expect(await status(path, tokens.none), path).toBe(403);
    }
    expect(await status('promo-report', tokens.alp)).toBe(403);
    expect(await status('report/alp-report', tokens.gift)).toBe(403);
    expect(await status('report/alp-report/export?format=csv', tokens.alp)).toBe(403);

    const file = async (path: string) => {
      const res = await h.call('GET', `/api/v1/${path}`, { token: tokens.exporter });
      expect(res.statusCode, res.body).toBe(200);
      return { name: /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '', body: res.body };
    };
    const alp = await file(`report/alp-report/export?format=csv&from=2023-05-01&to=2023-05-31&employee_no=R-EMP-1`);
    expect(alp.name).toBe('Export Report ALP.csv');
    expect(alp.body).toContain('RR-2');
    expect(alp.body).toContain('Over quota');
    const promo = await file(`promo-report/export?format=csv&from=2023-05-01&to=2023-05-31&view=store&promo_id=${ids.promo}`);
    expect(promo.name).toBe(`Export Promo Report - ${jakartaDay(new Date())}.csv`);
    expect(promo.body).toContain('Store Code');
    expect(promo.body).toContain(B.code);
    const gift = await file(`free-gift-report/export?format=csv&from=2023-05-01&to=2023-05-31&free_gift_id=${ids.gift}`);
    expect(gift.name).toMatch(/^export_free_gift_\d{8}_\d{6}\.csv$/);
    expect(gift.body).toContain(maskPhone(member.phone)!);
    expect(gift.body).not.toContain(member.phone);
  });
});
