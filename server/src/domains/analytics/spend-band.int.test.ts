import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, posSalesSignedText, SPEND_BAND_FLOORS, SPEND_BANDS, spendBandOf, type AnalyticsQuery, type PosSale, type SpendBandReport } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { rawSpendBandReport } from '../../../test/spend-band-raw.ts';
import { createStaff } from '../../../test/staff.ts';
import { seededRandom } from '../../seed/demo-sales.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { catchUpSalesRollups, rebuildSalesRollups } from './sales-rollup.ts';

const HOUR = 3_600_000;
/** The tests' sales fall in 2023, away from the demo's and the other sales tests', with the year's turn inside. */
const FIRST_DAY = '2023-10-20';
const DAYS = 90;
const MIGRATION = path.resolve(import.meta.dirname, '../../db/migrations/0045_spend_bands.sql');

describe('pandora Spend Band Report: baskets by value band, from the rollups, equal to the raw transactions', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let token: string;
  let stores: { code: string; province_code: string }[];
  let plus: { plu: string; price: number }[];
  let cards: string[];
  let secret: string | Buffer;
  const random = seededRandom(45);
  let serial = 0;

  const post = (transactions: PosSale[]) => h.call('POST', '/api/v1/pos/sales', { body: { transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) } });
  async function ingest(list: PosSale[]) {
    for (let i = 0; i < list.length; i += 500) {
      const res = await post(list.slice(i, i + 500));
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const query = (q: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const report = async (q: Record<string, string | number | undefined>, as = token) => {
    const res = await h.call('GET', `/api/v1/analytics/spend-band-report?${query(q)}`, { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SpendBandReport }>().data;
  };

  /**
   * A basket at a random store aiming at a value spread over every band (Rp 10.000 to about Rp 2.500.000, evenly on a
   * log scale): one to four products at their price, enough of each to come near the aim; a member's on about half.
   */
  function sale(at: Date, extra: Partial<PosSale> = {}): PosSale {
    const aim = 10_000 * 250 ** random();
    const count = 1 + Math.floor(random() * 4);
    const lines = Array.from({ length: count }, () => {
      const p = plus[Math.floor(random() * plus.length)]!;
      return { plu: p.plu, quantity: Math.max(1, Math.round(aim / count / p.price)), price: p.price };
    }).filter((l, i, all) => all.findIndex((x) => x.plu === l.plu) === i);
    return {
      transaction_id: `SB-${++serial}`,
      store_code: stores[Math.floor(random() * stores.length)]!.code,
      channel: random() < 0.8 ? 1 : 2,
      card_id: random() < 0.5 ? cards[Math.floor(random() * cards.length)]! : null,
      at: at.toISOString(),
      lines,
      ...extra,
    };
  }

  /** `n` sales over the test's days, many late in the evening, where a WITA store's own day is the next one. */
  function sales(n: number): PosSale[] {
    const start = Date.parse(`${FIRST_DAY}T00:00:00+07:00`);
    return Array.from({ length: n }, () => {
      const hour = random() < 0.3 ? 22 + random() * 2 : 8 + random() * 14;
      return sale(new Date(start + Math.floor(random() * DAYS) * 24 * HOUR + hour * HOUR));
    });
  }

  /** A random window (a day up to four months, sometimes whole months), store, region, channel and basis. */
  function randomQuery(): AnalyticsQuery {
    const length = [1, 3, 7, 20, 31, 45, 70, 120][Math.floor(random() * 8)]!;
    const wholeMonths = random() < 0.3;
    const from = wholeMonths ? ['2023-10-01', '2023-11-01', '2023-12-01'][Math.floor(random() * 3)]! : addDays(FIRST_DAY, Math.floor(random() * DAYS) - 10);
    const to = wholeMonths ? (from === '2023-10-01' ? '2023-12-31' : addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1)) : addDays(from, length - 1);
    const store = random() < 0.35 ? stores[Math.floor(random() * stores.length)]! : undefined;
    const province = !store && random() < 0.35 ? stores[Math.floor(random() * stores.length)]!.province_code : undefined;
    return {
      from,
      to,
      ...(store ? { store_code: random() < 0.5 ? store.code : store.code.toLowerCase() } : {}),
      ...(province ? { province_code: province } : {}),
      ...(random() < 0.3 ? { channel: random() < 0.5 ? (1 as const) : (2 as const) } : {}),
      basis: random() < 0.5 ? 'wib' : 'store',
    };
  }

  async function expectReportsEqualRaw(n: number) {
    // Always a period of days holding a whole month on the stores' own days, and a quarter of whole months.
    const fixed: AnalyticsQuery[] = [{ from: '2023-10-25', to: '2023-12-03', basis: 'store' }, { from: '2023-10-01', to: '2023-12-31', basis: 'wib' }];
    let seen = 0;
    for (let i = 0; i < n + fixed.length; i++) {
      const q = fixed[i] ?? randomQuery();
      const got = await report(q);
      expect(got, JSON.stringify(q)).toEqual(await rawSpendBandReport(db(), q, { from: q.from!, to: q.to! }));
      seen += got.total.transactions;
    }
    // The windows held sales (a test of empty reports only would prove little).
    expect(seen).toBeGreaterThan(100);
  }

  beforeAll(async () => {
    secret = posSalesSecretOf(h.services.config);
    await db().execute(sql`insert into stores (code, name, province_code, regency_code)
      select 'SBBALI', 'Toko Kuta', province_code, code from regencies where province_code = '51' order by code limit 1`);
    stores = await queryRows(db(), sql`select code, province_code from stores where status = 1 order by id`);
    plus = (await queryRows<{ plu: string; price: string }>(db(), sql`select plu, price from products where status = 1 and price > 0 order by id limit 60`)).map((p) => ({ plu: p.plu, price: Number(p.price) }));
    cards = (await queryRows<{ app_card_id: string }>(db(), sql`select app_card_id from consumers order by id limit 20`)).map((c) => c.app_card_id);
    await createStaff(db(), 'band.viewer', [
      { entry: 'pandora.spend-band-report', action: 'view' },
      { entry: 'pandora.spend-band-report', action: 'export' },
    ]);
    token = await h.tokenOf('band.viewer');
  });

  it('cuts a basket into its band at the bounds exactly, in the database as in the contract', async () => {
    const totals = SPEND_BAND_FLOORS.flatMap((f) => [f - 1, f, f + 1]).filter((v) => v >= 0);
    const rows = await queryRows<{ total: string; band: string }>(db(), sql`select v as total, spend_band_from(v) as band from unnest(${`{${totals.join(',')}}`}::bigint[]) v`);
    expect(rows.map((r) => [Number(r.total), Number(r.band)])).toEqual(totals.map((t) => [t, spendBandOf(t)]));
    expect(totals).toEqual([0, 1, 49_999, 50_000, 50_001, 99_999, 100_000, 100_001, 199_999, 200_000, 200_001, 499_999, 500_000, 500_001, 999_999, 1_000_000, 1_000_001]);
    expect(totals.map(spendBandOf)).toEqual([0, 0, 0, 50_000, 50_000, 50_000, 100_000, 100_000, 100_000, 200_000, 200_000, 200_000, 500_000, 500_000, 500_000, 1_000_000, 1_000_000]);

    // One basket on each side of every bound, at one store on one day.
    const store = stores[0]!.code;
    const day = '2023-08-15';
    const line = (price: number) => [{ plu: plus[0]!.plu, quantity: 1, price }];
    await ingest(totals.map((total, i) => sale(new Date(`${day}T10:00:00+07:00`), { transaction_id: `EDGE-${i}`, store_code: store, channel: 1, card_id: i % 2 ? cards[0]! : null, lines: line(total) })));
    await catchUpSalesRollups(db(), new Date());
    const got = await report({ from: day, to: day, store_code: store });
    expect(got.bands.map((b) => [b.band, b.transactions, b.sales])).toEqual(
      SPEND_BANDS.map((b) => {
        const inBand = totals.filter((t) => spendBandOf(t) === b.from);
        return [expect.any(String), inBand.length, inBand.reduce((s, t) => s + t, 0)];
      }),
    );
    expect(got.bands.map((b) => b.band)).toEqual(['< Rp 50.000', 'Rp 50.000 – Rp 99.999', 'Rp 100.000 – Rp 199.999', 'Rp 200.000 – Rp 499.999', 'Rp 500.000 – Rp 999.999', '≥ Rp 1.000.000']);
    expect(got.total.transactions).toBe(totals.length);
    expect(got).toEqual(await rawSpendBandReport(db(), { from: day, to: day, store_code: store, basis: 'wib' }, { from: day, to: day }));
  });

  it('equals the raw transactions over random windows, stores, regions, channels and both day bases: after catching up, a late sale and a rebuild', async () => {
    await ingest(sales(700));
    await catchUpSalesRollups(db(), new Date());
    await ingest(sales(500));
    await catchUpSalesRollups(db(), new Date());
    await expectReportsEqualRaw(10);

    // A till that was offline sends a sale of weeks ago; the report counts it after the next catch-up, on its own day.
    const lateDay = addDays(FIRST_DAY, 12);
    const q = { from: lateDay, to: lateDay, store_code: stores[0]!.code };
    const before = await report(q);
    await ingest([sale(new Date(`${lateDay}T23:30:00+07:00`), { store_code: stores[0]!.code, transaction_id: 'SB-LATE', lines: [{ plu: plus[0]!.plu, quantity: 1, price: 75_000 }] })]);
    await catchUpSalesRollups(db(), new Date());
    const after = await report(q);
    expect(after.bands[1]!.transactions).toBe(before.bands[1]!.transactions + 1);
    expect(after.total.sales).toBe(before.total.sales + 75_000);

    // Rebuilt months equal what the catch-ups counted, row for row; a counter spoiled by hand is put right.
    const snapshot = () => queryRows(db(), sql`select 'day' as grain, * from sales_band_day union all select 'month', * from sales_band_month order by 1, 2, 3, 4, 5, 6, 7`);
    const counted = await snapshot();
    await db().execute(sql`update sales_band_day set transactions = transactions + 1 where wib_key = ${addDays(FIRST_DAY, 3)}::date`);
    await rebuildSalesRollups(db(), '2023-08', '2024-01', new Date());
    expect(await snapshot()).toEqual(counted);
    await expectReportsEqualRaw(6);
  });

  it('fills the band rollups of the sales counted before it (migration 0045) exactly as the catch-up counts them', async () => {
    await catchUpSalesRollups(db(), new Date());
    const snapshot = () => queryRows(db(), sql`select 'day' as grain, * from sales_band_day union all select 'month', * from sales_band_month order by 1, 2, 3, 4, 5, 6, 7`);
    const counted = await snapshot();
    expect(counted.length).toBeGreaterThan(0);
    const statements = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--.*\n)*INSERT INTO sales_band_/.test(s));
    expect(statements).toHaveLength(2);
    await db().transaction(async (tx) => {
      await tx.execute(sql`delete from sales_band_day`);
      await tx.execute(sql`delete from sales_band_month`);
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    expect(await snapshot()).toEqual(counted);
  });

  it('exports the bands and the total in order, with the screen’s filters, as CSV and XLSX', async () => {
    const q = { from: addDays(FIRST_DAY, 5), to: addDays(FIRST_DAY, 40), channel: 1, basis: 'store' };
    const shown = await report(q);
    const csv = await h.call('GET', `/api/v1/analytics/spend-band-report/export?${query({ ...q, format: 'csv' })}`, { token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/Export-spend_band_report_\d{8}_\d{6}\.csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Spend Band,Transactions,Share of Transactions (%),Sales (Rp)');
    const rows = lines.slice(1).map((l) => l.split(','));
    const expected = [...shown.bands, { ...shown.total, band: 'Total' }];
    expect(rows.map((r) => [r[2], Number(r[3]), Number(r[4]), Number(r[5]), Number(r[7])])).toEqual(
      expected.map((b) => [b.band, b.transactions, b.transactions_share, b.sales, b.average_basket]),
    );
    expect(rows.every((r) => r[0] === rows[0]![0] && r[1] === rows[0]![1])).toBe(true);

    const xlsx = await h.call('GET', `/api/v1/analytics/spend-band-report/export?${query({ ...q, format: 'xlsx' })}`, { token });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Spend Band Report')!;
    expect(sheet.rowCount).toBe(1 + SPEND_BANDS.length + 1);
    expect(sheet.getRow(sheet.rowCount).getCell(3).value).toBe('Total');
    expect(sheet.getRow(sheet.rowCount).getCell(4).value).toBe(shown.total.transactions);
  });

  it('refuses a reversed or too long period and bad filters with a message; 403 without the report, and its export without the right', async () => {
    const bad = async (q: string, message: string) => {
      const res = await h.call('GET', `/api/v1/analytics/spend-band-report?${q}`, { token });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('from=2024-02-01&to=2024-01-01', 'The end date cannot be before the start date');
    await bad('from=2023-01-01&to=2024-01-02', 'A dashboard shows at most 366 days at once');
    await bad('channel=3', 'Channel must be 1 (offline) or 2 (online)');
    await createStaff(db(), 'band.none', [{ entry: 'pandora.sales-dashboard', action: 'view' }]);
    await createStaff(db(), 'band.view', [{ entry: 'pandora.spend-band-report', action: 'view' }]);
    const none = await h.tokenOf('band.none');
    const viewOnly = await h.tokenOf('band.view');
    expect((await h.call('GET', '/api/v1/analytics/spend-band-report', { token: none })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/analytics/spend-band-report', { token: viewOnly })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/analytics/spend-band-report/export?format=csv', { token: viewOnly })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/analytics/spend-band-report')).statusCode).toBe(401);
  });
});
