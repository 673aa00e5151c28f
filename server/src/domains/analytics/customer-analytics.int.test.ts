import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  CUSTOMER_DETAIL_TYPES,
  CUSTOMER_MEASURES,
  customerMeasure,
  denseRank,
  posSalesSignedText,
  type AnalyticsQuery,
  type CustomerChannelRow,
  type CustomerDetailType,
  type CustomerFigures,
  type CustomerRegionRow,
  type CustomerStoreRow,
  type DayPeriod,
  type PosSale,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { rawSalesWhere } from '../../../test/sales-raw.ts';
import { createStaff } from '../../../test/staff.ts';
import { seededRandom } from '../../seed/demo-sales.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { catchUpSalesRollups } from './sales-rollup.ts';

const HOUR = 3_600_000;
/** The tests' sales fall in late 2023, far from the demo's, with the year's turn inside. */
const FIRST_DAY = '2023-10-20';
const DAYS = 90;

type Page<T> = { data: T[]; meta: { page: number; limit: number; total: number } };
type Key = 'channel' | 'province_code' | 'store_id';

describe('pandora customer analytics: the breakdowns by channel, region and store equal the raw transactions', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let token: string;
  let stores: { id: number; code: string; province_code: string }[];
  let plus: { plu: string; price: number }[];
  let cards: string[];
  let secret: string | Buffer;
  const random = seededRandom(16);
  let serial = 0;

  /** A random basket at a random store at `at`: a member's on about 60% (a few cards, so members come back). */
  function sale(at: Date): PosSale {
    const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
      const p = plus[Math.floor(random() ** 2 * plus.length)]!;
      return { plu: p.plu, quantity: 1 + Math.floor(random() * 4), price: p.price };
    }).filter((l, i, all) => all.findIndex((x) => x.plu === l.plu) === i);
    return {
      transaction_id: `C-${++serial}`,
      store_code: stores[Math.floor(random() * stores.length)]!.code,
      channel: random() < 0.75 ? 1 : 2,
      card_id: random() < 0.6 ? cards[Math.floor(random() * cards.length)]! : null,
      at: at.toISOString(),
      lines,
    };
  }

  async function ingest(n: number) {
    const start = Date.parse(`${FIRST_DAY}T00:00:00+07:00`);
    const list = Array.from({ length: n }, () => {
      const hour = random() < 0.3 ? 22 + random() * 2 : 8 + random() * 14;
      return sale(new Date(start + Math.floor(random() * DAYS) * 24 * HOUR + hour * HOUR));
    });
    for (let i = 0; i < list.length; i += 500) {
      const transactions = list.slice(i, i + 500);
      const res = await h.call('POST', '/api/v1/pos/sales', { body: { transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) } });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  const query = (q: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const get = async <T>(widget: string, q: Record<string, string | number | undefined>, as = token) => {
    const res = await h.call('GET', `/api/v1/analytics/customers/${widget}?${query(q)}`, { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  /** Each key's figures straight from the transactions: its customers are its distinct card holders. */
  async function rawBy(q: AnalyticsQuery, p: DayPeriod, key: Key): Promise<Map<string, CustomerFigures>> {
    const k: SQL = key === 'channel' ? sql`t.channel` : key === 'province_code' ? sql`s.province_code` : sql`t.store_id`;
    const rows = await queryRows(
      db(),
      sql`select ${k} as k, count(distinct t.consumer_id) as customers, count(t.consumer_id) as member_transactions,
          coalesce(sum(t.line_count) filter (where t.consumer_id is not null), 0) as member_lines, coalesce(sum(t.quantity) filter (where t.consumer_id is not null), 0) as member_quantity,
          coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales, count(*) as transactions, coalesce(sum(t.line_count), 0) as lines,
          coalesce(sum(t.quantity), 0) as quantity, coalesce(sum(t.total), 0) as sales
        from sales_transactions t join stores s on s.id = t.store_id where ${rawSalesWhere(q, p)} group by 1`,
    );
    return new Map(rows.map((r) => {
      const { k: key, ...figures } = r;
      return [String(key), Object.fromEntries(Object.entries(figures).map(([name, v]) => [name, Number(v)])) as CustomerFigures];
    }));
  }

  /** The raw keys ranked as the page ranks them: those with a denominator, by the measure as shown, dense, then by key. */
  function rawRanking(raw: Map<string, CustomerFigures>, type: CustomerDetailType, order: 'asc' | 'desc', byKey: (a: string, b: string) => number) {
    const rows = [...raw.entries()]
      .filter(([, f]) => f[CUSTOMER_MEASURES[type].denominator] > 0)
      .map(([key, f]) => ({ key, ...f, value: customerMeasure(type, f) }))
      .sort((a, b) => (order === 'desc' ? b.value - a.value : a.value - b.value) || byKey(a.key, b.key));
    return denseRank(rows, (r) => r.value);
  }

  /** A random window (a day up to four months, sometimes whole months), store, region, channel and basis. */
  function randomQuery(): AnalyticsQuery {
    const length = [1, 5, 14, 31, 62, 95][Math.floor(random() * 6)]!;
    const from = random() < 0.3 ? ['2023-10-01', '2023-11-01', '2023-12-01'][Math.floor(random() * 3)]! : addDays(FIRST_DAY, Math.floor(random() * DAYS) - 10);
    const to = random() < 0.3 && from === '2023-10-01' ? '2023-12-31' : addDays(from, length - 1);
    const store = random() < 0.25 ? stores[Math.floor(random() * stores.length)]! : undefined;
    const province = !store && random() < 0.35 ? stores[Math.floor(random() * stores.length)]!.province_code : undefined;
    return {
      from,
      to,
      ...(store ? { store_code: store.code } : {}),
      ...(province ? { province_code: province } : {}),
      ...(random() < 0.35 ? { channel: random() < 0.5 ? (1 as const) : (2 as const) } : {}),
      basis: random() < 0.5 ? 'wib' : 'store',
    };
  }

  beforeAll(async () => {
    secret = posSalesSecretOf(h.services.config);
    // A store in Bali (WITA), whose own day starts an hour before Jakarta's: the store basis cuts its days apart.
    await db().execute(sql`insert into stores (code, name, province_code, regency_code)
      select 'BALI02', 'Toko Kuta', province_code, code from regencies where province_code = '51' order by code limit 1`);
    stores = (await queryRows<{ id: number; code: string; province_code: string }>(db(), sql`select id, code, province_code from stores where status = 1 order by id`)).map((s) => ({ ...s, id: Number(s.id) }));
    plus = (await queryRows<{ plu: string; price: string }>(db(), sql`select plu, price from products where status = 1 and price > 0 order by id limit 60`)).map((p) => ({ plu: p.plu, price: Number(p.price) }));
    cards = (await queryRows<{ app_card_id: string }>(db(), sql`select app_card_id from consumers order by id limit 25`)).map((c) => c.app_card_id);
    expect(new Set(stores.map((s) => s.province_code)).size).toBeGreaterThan(1);
    await createStaff(db(), 'customers.analyst', [
      { entry: 'pandora.customer-analytics', action: 'view' },
      { entry: 'pandora.customer-analytics', action: 'export' },
    ]);
    token = await h.tokenOf('customers.analyst');
    await ingest(1400);
    await catchUpSalesRollups(db(), new Date());
  });

  it('counts each channel’s, region’s and store’s customers once within it, and ranks regions and stores by every measure as the raw transactions do', async () => {
    const fixed: AnalyticsQuery[] = [{ from: '2023-10-25', to: '2023-12-03', basis: 'wib' }, { from: '2023-11-01', to: '2023-12-31', basis: 'store', channel: 1 }];
    let compared = 0;
    for (let i = 0; i < 8 + fixed.length; i++) {
      const q = fixed[i] ?? randomQuery();
      const p = { from: q.from!, to: q.to! };
      const label = JSON.stringify(q);

      const channels = await get<CustomerChannelRow[]>('by-channel', q);
      const rawChannels = await rawBy(q, p, 'channel');
      expect(channels.map((c) => [String(c.channel), { ...c, channel: undefined }]), label).toEqual([...rawChannels.entries()].sort().map(([k, f]) => [k, { ...f, channel: undefined }]));

      const type = CUSTOMER_DETAIL_TYPES[i % CUSTOMER_DETAIL_TYPES.length]!;
      const order = random() < 0.5 ? 'desc' : 'asc';
      const regions = await get<Page<CustomerRegionRow>>('by-region', { ...q, type, order, limit: 100 });
      const rawRegions = rawRanking(await rawBy(q, p, 'province_code'), type, order, (a, b) => a.localeCompare(b));
      expect(regions.meta.total, label).toBe(rawRegions.length);
      expect(regions.data.map(({ province_name: _n, ...r }) => r), `${label} ${type}`).toEqual(rawRegions.map(({ key, ...r }) => ({ ...r, province_code: key })));

      const limit = 3;
      const page = 1 + Math.floor(random() * 2);
      const storesPage = await get<Page<CustomerStoreRow>>('by-store', { ...q, type, order, limit, page });
      const rawStores = rawRanking(await rawBy(q, p, 'store_id'), type, order, (a, b) => Number(a) - Number(b));
      expect(storesPage.meta, label).toEqual({ page, limit, total: rawStores.length });
      expect(
        storesPage.data.map(({ store_code: _c, store_name: _n, province_name: _p, ...r }) => r),
        `${label} ${type} page ${page}`,
      ).toEqual(rawStores.slice((page - 1) * limit, page * limit).map(({ key, ...r }) => ({ ...r, store_id: Number(key) })));
      for (const s of storesPage.data) expect(s.store_code).toBe(stores.find((x) => x.id === s.store_id)?.code);
      // The value is the contract's measure of the row's own figures: one formula on both sides.
      for (const r of [...regions.data, ...storesPage.data]) expect(r.value).toBe(customerMeasure(type, r));
      compared += channels.length + regions.data.length + storesPage.data.length;
    }
    // The windows held sales: the comparisons were of rows, not of empty lists.
    expect(compared).toBeGreaterThan(30);
  });

  it('counts a member who shopped in two stores as a customer of each, and once in their region and channel', async () => {
    const [card] = cards;
    const day = '2023-09-05';
    const province = stores.find((s) => stores.filter((x) => x.province_code === s.province_code).length > 1)!.province_code;
    const twoStores = stores.filter((s) => s.province_code === province).slice(0, 2);
    expect(twoStores).toHaveLength(2);
    const transactions: PosSale[] = twoStores.map((s, i) => ({
      transaction_id: `TWO-${i}`,
      store_code: s.code,
      channel: 1,
      card_id: card!,
      at: new Date(`${day}T1${i}:00:00+07:00`).toISOString(),
      lines: [{ plu: plus[0]!.plu, quantity: 2, price: plus[0]!.price }],
    }));
    const res = await h.call('POST', '/api/v1/pos/sales', { body: { transactions, signature: signWebhook(secret, posSalesSignedText(transactions)) } });
    expect(res.statusCode, res.body).toBe(200);
    await catchUpSalesRollups(db(), new Date());
    const q = { from: day, to: day, type: 'apc-per-customer' };
    const byStore = await get<Page<CustomerStoreRow>>('by-store', q);
    expect(byStore.data.map((s) => [s.store_code, s.customers, s.member_sales]).sort()).toEqual(twoStores.map((s) => [s.code, 1, 2 * plus[0]!.price]).sort());
    const [region] = (await get<Page<CustomerRegionRow>>('by-region', q)).data;
    expect([region?.province_code, region?.customers, region?.member_transactions, region?.value]).toEqual([twoStores[0]!.province_code, 1, 2, 4 * plus[0]!.price]);
    expect((await get<CustomerChannelRow[]>('by-channel', q)).map((c) => [c.channel, c.customers])).toEqual([[1, 1]]);
  });

  it('exports every store ranked by the page’s measure, in the page’s order, as Export-customer_<type>', async () => {
    const q = { from: '2023-10-20', to: '2023-12-31', order: 'asc' };
    const res = await h.call('GET', `/api/v1/analytics/customers/qpc-per-transaction/export?${query({ ...q, format: 'csv' })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/Export-customer_qpc_per_transaction_\d{8}_\d{6}\.csv/);
    const [header, ...lines] = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toBe('Rank,Store Code,Store,Region,QPC per Transaction,Customers,Members’ Transactions,Members’ Lines,Members’ Quantity,Members’ Sales (Rp),Transactions,Lines,Quantity,Sales (Rp)');
    const ranking = await get<Page<CustomerStoreRow>>('by-store', { ...q, type: 'qpc-per-transaction', limit: 100 });
    expect(lines.map((l) => l.split(',')).map((c) => [Number(c[0]), c[1], Number(c[4]), Number(c[10])])).toEqual(ranking.data.map((s) => [s.rank, s.store_code, s.value, s.transactions]));
    expect(lines.length).toBe(ranking.meta.total);
  });

  it('mails a shared customer analytics page with its print preview', async () => {
    const reader = await createStaff(db(), 'customers.reader', [{ entry: 'pandora.customer-analytics', action: 'view' }]);
    const path = '/admin/pandora/customer-analytics/apc-per-customer?from=2023-11-01&to=2023-11-30&channel=1';
    const res = await h.call('POST', '/api/v1/analytics/share', { token, body: { entry: 'pandora.customer-analytics', path, recipient_ids: [reader] } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await h.services.mailer.outbox(20))!.find((m) => m.to === 'customers.reader@test.local');
    expect(mail?.text).toContain(path);
    expect(mail?.text).toContain('/admin/pandora/analytic/preview?path=%2Fadmin%2Fpandora%2Fcustomer-analytics%2Fapc-per-customer&from=2023-11-01&to=2023-11-30&channel=1');
  });

  it('opens the breakdowns and exports only with Customer Analytics’ own rights, to a signed-in user, and refuses an unknown measure', async () => {
    const widgets = ['by-channel', 'by-region', 'by-store'];
    for (const w of widgets) expect((await h.call('GET', `/api/v1/analytics/customers/${w}`)).statusCode, w).toBe(401);
    expect((await h.call('GET', '/api/v1/analytics/customers/apc-per-customer/export?format=csv')).statusCode).toBe(401);

    // The Customers dashboard reads the summary, not Customer Analytics' breakdowns.
    await createStaff(db(), 'customers.dashboard', [{ entry: 'pandora.dashboard-analytics/customers', action: 'view' }, { entry: 'pandora.dashboard-analytics/customers', action: 'export' }]);
    const dashboard = await h.tokenOf('customers.dashboard');
    expect((await h.call('GET', '/api/v1/analytics/customers/summary', { token: dashboard })).statusCode).toBe(200);
    for (const w of widgets) expect((await h.call('GET', `/api/v1/analytics/customers/${w}`, { token: dashboard })).statusCode, w).toBe(403);
    expect((await h.call('GET', '/api/v1/analytics/customers/apc-per-customer/export?format=csv', { token: dashboard })).statusCode).toBe(403);

    // Viewing is not exporting.
    await createStaff(db(), 'customers.viewer', [{ entry: 'pandora.customer-analytics', action: 'view' }]);
    const viewer = await h.tokenOf('customers.viewer');
    expect((await h.call('GET', '/api/v1/analytics/customers/by-store', { token: viewer })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/analytics/customers/ipc-per-customer/export?format=xlsx', { token: viewer })).statusCode).toBe(403);

    const bad = await h.call('GET', '/api/v1/analytics/customers/by-store?type=apc', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Type must be one of apc-per-customer');
    const long = await h.call('GET', '/api/v1/analytics/customers/by-region?from=2022-01-01&to=2023-12-31', { token });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A dashboard shows at most 366 days at once');
  });
});
