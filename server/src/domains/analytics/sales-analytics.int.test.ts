import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  denseRank,
  posSalesSignedText,
  previousPeriod,
  trendBuckets,
  type AnalyticsQuery,
  type CustomerFigures,
  type CustomerSummary,
  type CustomerTrend,
  type DayPeriod,
  type PosSale,
  type SalesFigures,
  type SalesStoreRow,
  type SalesSummary,
  type SalesTrend,
  type TopCategoryRow,
  type TopPluRow,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { seededRandom } from '../../seed/demo-sales.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { catchUpSalesRollups, rebuildSalesRollups } from './sales-rollup.ts';

const HOUR = 3_600_000;
/** The tests' sales fall in 2024, far from the demo's, with the year's turn inside. */
const FIRST_DAY = '2024-10-20';
const DAYS = 90;

describe('pandora sales: the POS batches, the rollups and every widget equal to the raw transactions', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let token: string;
  let stores: { code: string; province_code: string }[];
  let plus: { plu: string; price: number }[];
  let cards: string[];
  let secret: string | Buffer;
  const random = seededRandom(7);
  let serial = 0;

  const sign = (transactions: PosSale[]) => ({ transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) });
  const post = (body: unknown) => h.call('POST', '/api/v1/pos/sales', { body });

  /** A random basket at a random store at `at` (a member's on about half). */
  function sale(at: Date, extra: Partial<PosSale> = {}): PosSale {
    const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const p = plus[Math.floor(random() ** 2 * plus.length)]!;
      return { plu: p.plu, quantity: 1 + Math.floor(random() * 3), price: p.price };
    }).filter((l, i, all) => all.findIndex((x) => x.plu === l.plu) === i);
    return {
      transaction_id: `T-${++serial}`,
      store_code: stores[Math.floor(random() * stores.length)]!.code,
      channel: random() < 0.8 ? 1 : 2,
      card_id: random() < 0.5 ? cards[Math.floor(random() * cards.length)]! : null,
      at: at.toISOString(),
      lines,
      ...extra,
    };
  }

  /** `n` sales spread over the test's days, many of them late in the evening, where the stores' own days differ. */
  function sales(n: number): PosSale[] {
    const start = Date.parse(`${FIRST_DAY}T00:00:00+07:00`);
    return Array.from({ length: n }, () => {
      const day = Math.floor(random() * DAYS);
      const hour = random() < 0.3 ? 22 + random() * 2 : 8 + random() * 14;
      return sale(new Date(start + day * 24 * HOUR + hour * HOUR));
    });
  }

  async function ingest(list: PosSale[]) {
    for (let i = 0; i < list.length; i += 500) {
      const res = await post(sign(list.slice(i, i + 500)));
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const get = async <T>(widget: string, query: Record<string, string | number | undefined>, as = token) => {
    const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    const res = await h.call('GET', `/api/v1/analytics/${widget.includes('/') ? widget : `sales/${widget}`}?${params.toString()}`, { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  // The same figures straight from the transactions and their lines.
  function rawWhere(q: AnalyticsQuery, p: DayPeriod): SQL {
    const day = q.basis === 'store' ? sql`(t.at at time zone store_time_zone(s.province_code))::date` : sql`(t.at at time zone 'Asia/Jakarta')::date`;
    const parts = [sql`${day} between ${p.from}::date and ${p.to}::date`];
    if (q.store_code) parts.push(sql`lower(s.code) in (select json_array_elements_text(${JSON.stringify(q.store_code.toLowerCase().split(','))}::json))`);
    if (q.province_code) parts.push(sql`s.province_code in (select json_array_elements_text(${JSON.stringify(q.province_code.split(','))}::json))`);
    if (q.channel) parts.push(sql`t.channel = ${q.channel}`);
    return sql.join(parts, sql` and `);
  }
  async function rawFigures(q: AnalyticsQuery, p: DayPeriod): Promise<SalesFigures> {
    const [r] = await queryRows(
      db(),
      sql`select coalesce(sum(t.total), 0) as sales, count(*) as transactions, coalesce(sum(t.quantity), 0) as quantity,
          coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales, count(t.consumer_id) as member_transactions
        from sales_transactions t join stores s on s.id = t.store_id where ${rawWhere(q, p)}`,
    );
    return { sales: Number(r!.sales), transactions: Number(r!.transactions), quantity: Number(r!.quantity), member_sales: Number(r!.member_sales), member_transactions: Number(r!.member_transactions) };
  }
  /** The raw figures of each day or month of a period that has any. */
  async function rawTrend(q: AnalyticsQuery, p: DayPeriod, bucket: 'day' | 'month') {
    const day = q.basis === 'store' ? sql`(t.at at time zone store_time_zone(s.province_code))::date` : sql`(t.at at time zone 'Asia/Jakarta')::date`;
    const rows = await queryRows(
      db(),
      sql`select to_char(${day}, ${bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket, coalesce(sum(t.total), 0) as sales, count(*) as transactions, coalesce(sum(t.quantity), 0) as quantity,
          coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales, count(t.consumer_id) as member_transactions
        from sales_transactions t join stores s on s.id = t.store_id where ${rawWhere(q, p)} group by 1`,
    );
    return rows.map((r) => ({ bucket: String(r.bucket), sales: Number(r.sales), transactions: Number(r.transactions), quantity: Number(r.quantity), member_sales: Number(r.member_sales), member_transactions: Number(r.member_transactions) }));
  }
  async function rawCustomers(q: AnalyticsQuery, p: DayPeriod): Promise<CustomerFigures> {
    const [r] = await queryRows(
      db(),
      sql`select count(distinct t.consumer_id) as customers, count(t.consumer_id) as member_transactions,
          coalesce(sum(t.line_count) filter (where t.consumer_id is not null), 0) as member_lines, coalesce(sum(t.quantity) filter (where t.consumer_id is not null), 0) as member_quantity,
          coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales, count(*) as transactions, coalesce(sum(t.line_count), 0) as lines,
          coalesce(sum(t.quantity), 0) as quantity, coalesce(sum(t.total), 0) as sales
        from sales_transactions t join stores s on s.id = t.store_id where ${rawWhere(q, p)}`,
    );
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as CustomerFigures;
  }
  async function rawTop(q: AnalyticsQuery, p: DayPeriod, dim: 'category' | 'plu', measure: 'sales' | 'quantity') {
    const key = dim === 'plu' ? sql`l.plu` : sql`coalesce(l.category_id, 0)`;
    const rows = await queryRows(
      db(),
      sql`select ${key} as k, sum(l.amount) as sales, sum(l.quantity) as quantity, count(*) as lines
        from sales_transactions t join stores s on s.id = t.store_id join sales_lines l on l.transaction_pk = t.id
        where ${rawWhere(q, p)} group by 1 order by ${sql.raw(measure)} desc, 1`,
    );
    return denseRank(
      rows.map((r) => ({ k: String(r.k), sales: Number(r.sales), quantity: Number(r.quantity), lines: Number(r.lines) })),
      (r) => r[measure],
    );
  }

  /** A random window (a few days up to a year, sometimes whole months), store, region, channel and basis. */
  function randomQuery(): AnalyticsQuery {
    const length = [1, 3, 7, 20, 31, 45, 70, 120][Math.floor(random() * 8)]!;
    const from = random() < 0.3 ? ['2024-10-01', '2024-11-01', '2024-12-01'][Math.floor(random() * 3)]! : addDays(FIRST_DAY, Math.floor(random() * DAYS) - 10);
    const to = random() < 0.3 ? (from === '2024-10-01' ? '2024-12-31' : addDays(from, length - 1)) : addDays(from, length - 1);
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

  /** Every widget of `n` random queries against the raw figures. */
  async function expectWidgetsEqualRaw(n: number) {
    // Always one period of days holding a whole month (charted by day: the monthly rows have no days).
    const fixed: AnalyticsQuery[] = [{ from: '2024-10-25', to: '2024-12-03', basis: 'wib' }, { from: '2024-11-01', to: '2024-11-30', basis: 'store' }];
    for (let i = 0; i < n + fixed.length; i++) {
      const q = fixed[i] ?? randomQuery();
      const p = { from: q.from!, to: q.to! };
      const label = JSON.stringify(q);
      const summary = await get<SalesSummary>('summary', q);
      expect(summary.current, label).toEqual(await rawFigures(q, p));
      expect(summary.previous, label).toEqual(await rawFigures(q, previousPeriod(p)));

      const trend = await get<SalesTrend>('trend', q);
      expect(trend.rows.map((r) => r.bucket)).toEqual(trendBuckets(p));
      const rawBuckets = new Map((await rawTrend(q, p, trend.bucket)).map((r) => [r.bucket, r]));
      for (const r of trend.rows) {
        const { bucket, ...figures } = r;
        expect(figures, `${label} ${bucket}`).toEqual(rawBuckets.get(bucket) ? { ...rawBuckets.get(bucket)!, bucket: undefined } : { sales: 0, transactions: 0, quantity: 0, member_sales: 0, member_transactions: 0 });
      }

      const channels = await get<(SalesFigures & { channel: number })[]>('by-channel', q);
      for (const c of channels) expect(c, label).toEqual({ channel: c.channel, ...(await rawFigures({ ...q, channel: c.channel as 1 | 2 }, p)) });

      const storesPage = await get<{ data: SalesStoreRow[]; meta: { total: number } }>('by-store', { ...q, limit: 100 });
      for (const s of storesPage.data) {
        const { rank: _r, store_id: _i, store_code, store_name: _n, province_name: _p, ...figures } = s;
        expect(figures, `${label} ${store_code}`).toEqual(await rawFigures({ ...q, store_code }, p));
      }
      expect(storesPage.data.map((s) => s.rank)).toEqual(denseRank(storesPage.data, (s) => s.sales).map((s) => s.rank));

      const customers = await get<CustomerSummary>('customers/summary', q);
      expect(customers.current, label).toEqual(await rawCustomers(q, p));
      expect(customers.previous, label).toEqual(await rawCustomers(q, previousPeriod(p)));
      const customerTrend = await get<CustomerTrend>('customers/trend', q);
      for (const r of customerTrend.rows.filter((x) => x.customers > 0).slice(0, 2)) {
        const first = customerTrend.bucket === 'day' ? r.bucket : `${r.bucket}-01`;
        const last = customerTrend.bucket === 'day' ? r.bucket : addDays(`${addDays(first, 32).slice(0, 7)}-01`, -1);
        const { bucket: _b, ...figures } = r;
        expect(figures, `${label} ${r.bucket}`).toEqual(await rawCustomers(q, { from: first < p.from ? p.from : first, to: last > p.to ? p.to : last }));
      }

      const measure = random() < 0.5 ? 'sales' : 'quantity';
      const categories = await get<{ data: TopCategoryRow[]; meta: { total: number } }>('top-categories', { ...q, measure, limit: 100 });
      const rawCategories = await rawTop(q, p, 'category', measure);
      expect(categories.meta.total, label).toBe(rawCategories.length);
      expect(categories.data.map((c) => ({ k: String(c.category_id), sales: c.sales, quantity: c.quantity, lines: c.lines, rank: c.rank }))).toEqual(rawCategories.slice(0, 100));

      const page = 1 + Math.floor(random() * 2);
      const top = await get<{ data: TopPluRow[]; meta: { total: number } }>('top-plus', { ...q, measure, limit: 5, page });
      const rawPlus = await rawTop(q, p, 'plu', measure);
      expect(top.meta.total, label).toBe(rawPlus.length);
      expect(top.data.map((c) => ({ k: c.plu, sales: c.sales, quantity: c.quantity, lines: c.lines, rank: c.rank }))).toEqual(rawPlus.slice((page - 1) * 5, page * 5));
      const previousPlus = new Map((await rawTop(q, previousPeriod(p), 'plu', measure)).map((r) => [r.k, r]));
      for (const t of top.data) expect(t.previous_sales, `${label} ${t.plu}`).toBe(previousPlus.get(t.plu)?.sales ?? 0);
    }
  }

  beforeAll(async () => {
    secret = posSalesSecretOf(h.services.config);
    // A store in Bali (WITA), whose own day starts an hour before Jakarta's.
    await db().execute(sql`insert into stores (code, name, province_code, regency_code)
      select 'BALI01', 'Toko Denpasar', province_code, code from regencies where province_code = '51' order by code limit 1`);
    stores = await queryRows(db(), sql`select code, province_code from stores where status = 1 order by id`);
    plus = (await queryRows<{ plu: string; price: string }>(db(), sql`select plu, price from products where status = 1 and price > 0 order by id limit 60`)).map((p) => ({ plu: p.plu, price: Number(p.price) }));
    cards = (await queryRows<{ app_card_id: string }>(db(), sql`select app_card_id from consumers order by id limit 20`)).map((c) => c.app_card_id);
    expect(stores.length).toBeGreaterThan(1);
    await createStaff(db(), 'sales.viewer', [
      { entry: 'pandora.sales-dashboard', action: 'view' },
      { entry: 'pandora.customer-analytics', action: 'view' },
      { entry: 'pandora.sales-dashboard', action: 'export' },
      { entry: 'pandora.sales-analytics', action: 'export' },
    ]);
    token = await h.tokenOf('sales.viewer');
  });

  it('records a signed batch once, members by their card; refuses a bad signature and an unknown store, recording nothing', async () => {
    const batch = [sale(new Date('2024-09-01T10:00:00+07:00'), { card_id: cards[0]!, transaction_id: 'ONCE-1' }), sale(new Date('2024-09-01T11:00:00+07:00'), { card_id: null, transaction_id: 'ONCE-2' })];
    const first = await post(sign(batch));
    expect(first.json()).toEqual({ message: 'Success', data: { accepted: 2, duplicates: [] } });
    const again = await post(sign([...batch, sale(new Date('2024-09-01T12:00:00+07:00'), { transaction_id: 'ONCE-3' })]));
    expect(again.json().data).toEqual({ accepted: 1, duplicates: ['ONCE-1', 'ONCE-2'] });
    const rows = await queryRows<{ transaction_id: string; member: boolean; total: string; lines: string }>(
      db(),
      sql`select transaction_id, consumer_id is not null as member, total, (select count(*) from sales_lines l where l.transaction_pk = t.id) as lines
        from sales_transactions t where transaction_id like 'ONCE-%' order by transaction_id`,
    );
    const expected = [...batch, null].map((t, i) => (t ? [t.transaction_id, t.card_id !== null, t.lines.reduce((n, l) => n + l.quantity * l.price, 0), t.lines.length] : [`ONCE-${i + 1}`, expect.any(Boolean), expect.any(Number), expect.any(Number)]));
    expect(rows.map((r) => [r.transaction_id, r.member, Number(r.total), Number(r.lines)])).toEqual(expected);

    const forged = await post({ ...sign([sale(new Date(), { transaction_id: 'FORGED' })]), signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(401);
    const unknown = [sale(new Date(), { transaction_id: 'UNKNOWN-1' }), sale(new Date(), { transaction_id: 'UNKNOWN-2', store_code: 'NO-SUCH' })];
    const refused = await post(sign(unknown));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Unknown store: NO-SUCH', details: [{ path: 'transactions.1.store_code', message: 'Store NO-SUCH does not exist' }] });
    const bad = await post({ transactions: [{ ...sale(new Date()), lines: [] }], signature: 'b'.repeat(64) });
    expect(bad.statusCode).toBe(400);
    expect((await queryRows(db(), sql`select 1 from sales_transactions where transaction_id in ('FORGED', 'UNKNOWN-1', 'UNKNOWN-2')`)).length).toBe(0);
  });

  it('keeps every widget equal to the raw transactions: after catching up in steps, after a late transaction and after a rebuild', async () => {
    await ingest(sales(900));
    await catchUpSalesRollups(db(), new Date());
    await ingest(sales(600));
    // The job may have counted some of them already (it runs a few seconds after a batch): the watermark is at the end.
    await catchUpSalesRollups(db(), new Date());
    const [mark] = await queryRows<{ last_id: string; high: string }>(db(), sql`select last_id, (select max(id) from sales_transactions) as high from rollup_watermarks where name = 'sales'`);
    expect(mark!.last_id).toBe(mark!.high);
    await expectWidgetsEqualRaw(8);

    // A till that was offline sends a sale of weeks ago; the next catch-up counts it on its own day.
    const late = sale(new Date(`${addDays(FIRST_DAY, 10)}T23:30:00+07:00`), { store_code: stores[0]!.code, transaction_id: 'LATE-1' });
    const q: AnalyticsQuery = { from: addDays(FIRST_DAY, 10), to: addDays(FIRST_DAY, 10), store_code: stores[0]!.code, basis: 'wib' };
    const before = await get<SalesSummary>('summary', q);
    await ingest([late]);
    expect((await get<SalesSummary>('summary', q)).current).toEqual(before.current);
    await catchUpSalesRollups(db(), new Date());
    expect((await get<SalesSummary>('summary', q)).current.transactions).toBe(before.current.transactions + 1);

    // Rebuilt months equal what the catch-ups counted, row for row.
    const snapshot = async () => queryRows(db(), sql`select 'day' as grain, * from sales_plu_day union all select 'month', * from sales_plu_month order by 1, 2, 3, 4, 5, 6, 7`);
    const counted = await snapshot();
    await db().execute(sql`update sales_rollup_day set sales = sales + 1 where wib_key = ${addDays(FIRST_DAY, 3)}::date`);
    await rebuildSalesRollups(db(), '2024-10', '2025-01', new Date());
    expect(await snapshot()).toEqual(counted);
    await expectWidgetsEqualRaw(8);
  });

  it('exports each ranking whole, in the screen’s order, with its filters', async () => {
    const q = { from: addDays(FIRST_DAY, 5), to: addDays(FIRST_DAY, 40), basis: 'wib', measure: 'quantity' };
    const csv = async (path: string) => {
      const res = await h.call('GET', `/api/v1/analytics/sales/${path}/export?${new URLSearchParams({ ...q, format: 'csv' }).toString()}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`Export-${path === 'by-store' ? 'sales_by_store' : 'top_sales_plu'}_\\d{8}_\\d{6}\\.csv`));
      return res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((line) => line.split(','));
    };
    const stores = await get<{ data: SalesStoreRow[]; meta: { total: number } }>('by-store', { ...q, limit: 100 });
    const storeRows = await csv('by-store');
    expect(storeRows.map((r) => [Number(r[0]), r[1]])).toEqual(stores.data.map((s) => [s.rank, s.store_code]));
    const plus = await get<{ data: TopPluRow[]; meta: { total: number } }>('top-plus', { ...q, limit: 100 });
    const pluRows = await csv('top-plus');
    expect(pluRows).toHaveLength(plus.meta.total);
    expect(pluRows.slice(0, 100).map((r) => [Number(r[0]), r[1]])).toEqual(plus.data.map((p) => [p.rank, p.plu]));
  });

  it('counts a WITA store’s late evening on its own next day by the store basis, on the Jakarta day by default', async () => {
    const wita = stores.find((s) => s.province_code === '51')!;
    const t = sale(new Date('2024-08-10T23:30:00+07:00'), { store_code: wita.code, transaction_id: 'WITA-1' });
    await ingest([t]);
    await catchUpSalesRollups(db(), new Date());
    const on = async (day: string, basis: 'wib' | 'store') => (await get<SalesSummary>('summary', { from: day, to: day, store_code: wita.code, basis })).current.transactions;
    expect([await on('2024-08-10', 'wib'), await on('2024-08-11', 'wib')]).toEqual([1, 0]);
    expect([await on('2024-08-10', 'store'), await on('2024-08-11', 'store')]).toEqual([0, 1]);
  });

  it('refuses a reversed or too long period and bad filters with a message, and a user without the dashboard', async () => {
    const bad = async (query: string, message: string) => {
      const res = await h.call('GET', `/api/v1/analytics/sales/summary?${query}`, { token });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('from=2024-02-01&to=2024-01-01', 'The end date cannot be before the start date');
    await bad('from=2023-01-01&to=2024-01-02', 'A dashboard shows at most 366 days at once');
    await bad('province_code=Jakarta', 'Region codes must be codes separated by commas');
    await bad('channel=3', 'Channel must be 1 (offline) or 2 (online)');
    await createStaff(db(), 'no.sales', [{ entry: 'cms.dashboard', action: 'view' }]);
    const res = await h.call('GET', '/api/v1/analytics/sales/summary', { token: await h.tokenOf('no.sales') });
    expect(res.statusCode).toBe(403);
  });
});
