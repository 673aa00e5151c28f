import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  addDays,
  daysBetween,
  allItemQuery,
  allTransactionsQuery,
  analyticsQuery,
  detailTransactionQuery,
  disbursementQuery,
  disbursementTotalsQuery,
  jakartaDay,
  monthlyRecapQuery,
  monthlyRecapTotalsQuery,
  ORDER_REVENUE_STATUSES,
  ORDER_UNPICK_REASON,
  unpickQuery,
  unpickTotalsQuery,
} from '@portal/contract';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fromPgPool, queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { SpendBandService } from '../../server/src/domains/analytics/spend-band.service.ts';
import { catchUpSalesRollups } from '../../server/src/domains/analytics/sales-rollup.ts';
import { OrderReportService } from '../../server/src/domains/orders/order-report.service.ts';
import { OrderService } from '../../server/src/domains/orders/order.resource.ts';
import { seededRandom } from '../../server/src/seed/demo-sales.ts';
import { rawSpendBandReport } from '../../server/test/spend-band-raw.ts';
import { startPortal } from '../portal-process.ts';
import { benchDatabase, fmt, timeIt } from '../support.ts';
import { copyBaseline } from './exports.ts';
import { orderData } from './orders.ts';

/*
 * `npm run bench -- reports`: every report's first page at the scale, beside the same SQL straight, and the
 * year's All Transactions XLSX export as a job beside COPY of its rows. See `run` below.
 */

/** The scale: about 2,000,000 transactions a year over 500 stores. */
const ORDERS = 2_000_000;
/** The orders' consumers: the consumers benchmark's scale 0.1 (100,000), who place about 20 orders a year each. */
const CONSUMER_SCALE = 0.1;
const ORDERS_SCHEMA = 'bench_reports';
const SALES_SCHEMA = 'bench_sales';
const PAGE_GOAL_MS = 200;
const EXPORT_GOAL_MB = 400;
const EXPORTER = 'bench.reports';

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** A statement as node-postgres received it. */
interface Statement {
  text: string;
  values: unknown[];
}

/**
 * A database whose pool notes every statement sent through it while `recording`: what a service ran for one call, so
 * the baseline can send exactly those statements again, straight to a pool of its own.
 */
function recordingDatabase(url: string, schema: string): { database: Database; record<T>(call: () => Promise<T>): Promise<Statement[]> } {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
  let recorded: Statement[] | null = null;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [config, values] = args;
    if (recorded) {
      const text = typeof config === 'string' ? config : String((config as { text: string }).text);
      const given = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
      recorded.push({ text, values: given });
    }
    return query(...args);
  };
  return {
    database: fromPgPool(pool, `PostgreSQL schema ${schema}`),
    async record(call) {
      recorded = [];
      try {
        await call();
        return recorded;
      } finally {
        recorded = null;
      }
    },
  };
}

/** The statements of one call sent again at once, as the services send theirs (a page and its total together). */
const replay = (pool: pg.Pool, statements: readonly Statement[]) => Promise.all(statements.map((s) => pool.query(s.text, s.values)));

type Random = () => number;

/** What the report cases read: the reports' services on recording pools, and the filter values of the data. */
interface Subjects {
  orders: OrderReportService;
  bands: SpendBandService;
  stores: string[];
  plus: string[];
  salesStores: { code: string; province_code: string }[];
  today: string;
  /** The sales' last whole day (the generated year ends yesterday, the day the data was made). */
  salesLast: string;
}

/**
 * One report of the benchmark: its first page through its service for random filters (the query parsed by the report's
 * contract), on the order data or the sales data; `raw` the same figures straight from the raw transactions, for a
 * report that reads rollups. A report added later is one more entry of REPORTS.
 */
interface ReportCase {
  name: string;
  data: 'orders' | 'sales';
  query(s: Subjects, random: Random): unknown;
  page(s: Subjects, q: unknown): Promise<unknown>;
  raw?(db: Db, q: unknown): Promise<unknown>;
}

/**
 * A report's period as people ask for it: no dates (this month), a recent week, a month of the year or the whole year
 * to today; a store now and then.
 */
function orderFilters(s: Subjects, random: Random): Record<string, string> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const kind = pick(['this month', 'a week', 'a month', 'the year'] as const);
  const end = addDays(s.today, -Math.floor(random() * 330));
  const first = `${end.slice(0, 7)}-01`;
  const periods: Record<typeof kind, Record<string, string>> = {
    'this month': {},
    'a week': { date_from: addDays(end, -6), date_until: end },
    'a month': { date_from: first, date_until: addDays(`${addDays(first, 32).slice(0, 7)}-01`, -1) },
    'the year': { date_from: addDays(s.today, -364), date_until: s.today },
  };
  return { ...periods[kind], ...(random() < 0.3 ? { store_code: pick(s.stores) } : {}) };
}

/** A sales dashboard's filters over the generated year (analytics.ts's FILTERS): a month or the year, one filter. */
function salesFilters(s: Subjects, random: Random): Record<string, string | number> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const end = addDays(s.salesLast, -Math.floor(random() * 300));
  const period = random() < 0.5 ? { from: addDays(end, -29), to: end } : { from: addDays(s.salesLast, -364), to: s.salesLast };
  const store = pick(s.salesStores);
  const filter = pick(['none', 'one store', 'one province', 'a channel', 'store basis'] as const);
  return {
    ...period,
    ...(filter === 'one store' ? { store_code: store.code } : {}),
    ...(filter === 'one province' ? { province_code: store.province_code } : {}),
    ...(filter === 'a channel' ? { channel: random() < 0.5 ? 1 : 2 } : {}),
    ...(filter === 'store basis' ? { basis: 'store' } : {}),
  };
}

const REVENUE = ORDER_REVENUE_STATUSES.map(String);
const REASONS = ORDER_UNPICK_REASON.options.map((o) => String(o.value));

const REPORTS: readonly ReportCase[] = [
  { name: 'All Transactions', data: 'orders', query: (s, r) => allTransactionsQuery.parse(orderFilters(s, r)), page: (s, q) => s.orders.allTransactions.list(q as never) },
  {
    name: 'Detail Transaction',
    data: 'orders',
    query: (s, r) => detailTransactionQuery.parse({ ...orderFilters(s, r), ...(r() < 0.25 ? { plu: s.plus[Math.floor(r() * s.plus.length)] } : {}) }),
    page: (s, q) => s.orders.detailTransaction.list(q as never),
  },
  { name: 'Disbursement', data: 'orders', query: (s, r) => disbursementQuery.parse(orderFilters(s, r)), page: (s, q) => s.orders.disbursement.list(q as never) },
  { name: 'Disbursement totals', data: 'orders', query: (s, r) => disbursementTotalsQuery.parse(orderFilters(s, r)), page: (s, q) => s.orders.disbursementTotals(q as never) },
  {
    name: 'Unpick',
    data: 'orders',
    query: (s, r) => unpickQuery.parse({ ...orderFilters(s, r), ...(r() < 0.3 ? { unpick_reason: REASONS[Math.floor(r() * REASONS.length)] } : {}) }),
    page: (s, q) => s.orders.unpick.list(q as never),
  },
  {
    name: 'Unpick totals',
    data: 'orders',
    query: (s, r) => unpickTotalsQuery.parse({ ...orderFilters(s, r), ...(r() < 0.3 ? { unpick_reason: REASONS[Math.floor(r() * REASONS.length)] } : {}) }),
    page: (s, q) => s.orders.unpickTotals(q as never),
  },
  {
    name: 'All Item',
    data: 'orders',
    query: (s, r) => allItemQuery.parse({ ...orderFilters(s, r), ...(r() < 0.2 ? { status: REVENUE[Math.floor(r() * REVENUE.length)] } : {}) }),
    page: (s, q) => s.orders.allItem(q as never),
  },
  {
    name: 'Monthly Recap',
    data: 'orders',
    query: (s, r) => monthlyRecapQuery.parse({ year: String(Number(s.today.slice(0, 4)) - (r() < 0.5 ? 0 : 1)), ...(r() < 0.3 ? { store_code: s.stores[Math.floor(r() * s.stores.length)] } : {}) }),
    page: (s, q) => s.orders.monthlyRecap(q as never),
  },
  {
    name: 'Monthly Recap totals',
    data: 'orders',
    query: (s, r) => monthlyRecapTotalsQuery.parse({ year: String(Number(s.today.slice(0, 4)) - (r() < 0.5 ? 0 : 1)), ...(r() < 0.3 ? { store_code: s.stores[Math.floor(r() * s.stores.length)] } : {}) }),
    page: (s, q) => s.orders.monthlyRecapTotals(q as never),
  },
  {
    name: 'Spend Band',
    data: 'sales',
    query: (s, r) => analyticsQuery.parse(salesFilters(s, r)),
    page: (s, q) => s.bands.report(q as never),
    raw: (db, q) => {
      const a = q as { from: string; to: string };
      return rawSpendBandReport(db, analyticsQuery.parse(q), { from: a.from, to: a.to });
    },
  },
];

/** A query's period in words: up to a month (the default, this month, included) or longer (a year). */
function periodOf(q: unknown): 'up to a month' | 'a year' {
  const p = q as { date_from?: string; date_until?: string; from?: string; to?: string; year?: number };
  const from = p.date_from ?? p.from;
  const to = p.date_until ?? p.to;
  if (p.year !== undefined) return 'a year';
  return from && to && daysBetween(from, to) >= 31 ? 'a year' : 'up to a month';
}

/** The p95 of the calls of each kind of period, as text. */
function p95ByPeriod(queries: readonly unknown[], times: readonly number[]): string {
  const groups = new Map<string, number[]>();
  queries.forEach((q, i) => groups.set(periodOf(q), [...(groups.get(periodOf(q)) ?? []), times[i]!]));
  return [...groups.entries()]
    .map(([label, ts]) => {
      const sorted = [...ts].sort((a, b) => a - b);
      return `${label} ${fmt(sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!)} (${ts.length})`;
    })
    .join(', ');
}

interface Line {
  label: string;
  measured: string;
  baseline: string;
  goal: string;
  pass: boolean | null;
}

/** The year of sales the analytics benchmark generates into bench_sales, brought current in its rollups (the band family included). */
async function salesData(database: Database): Promise<string> {
  const [made] = await queryRows<{ n: string; last: string | null }>(database.db, sql`select count(*) as n, max((at at time zone 'Asia/Jakarta')::date)::text as last from (select at from sales_transactions limit 100000) t`);
  if (!Number(made?.n)) throw new Error(`reports: ${SALES_SCHEMA} holds no sales; generate them first: BENCH_DATABASE_URL=... npm run bench -- analytics`);
  const t = Date.now();
  const counted = await catchUpSalesRollups(database.db, new Date());
  if (counted) console.log(`reports: ${counted.toLocaleString('en')} transactions counted into the sales rollups in ${secs(Date.now() - t)}`);
  const [range] = await queryRows<{ last: string }>(database.db, sql`select max(wib_key)::text as last from sales_rollup_day where store_id = 0 and province_code = '' and wib_key < ${jakartaDay(new Date())}::date`);
  return range!.last;
}

/** A user who may view and export All Transactions without the personal-data right (the file masked, no step-up). */
async function exporter(db: Db): Promise<number> {
  const found = await queryRows<{ id: number }>(db, sql`select id from users where username = ${EXPORTER}`);
  if (found[0]) return Number(found[0].id);
  const [role] = await queryRows<{ id: number }>(db, sql`insert into roles (name, description) values ('Report export (benchmark)', 'View and export All Transactions') returning id`);
  await db.execute(sql`insert into role_permissions (role_id, entry, action) values (${role!.id}, 'pandora.report/all-transactions', 'view'), (${role!.id}, 'pandora.report/all-transactions', 'export')`);
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, name, role_id, password_hash) select ${EXPORTER}, 'bench.reports@demo.local', 'Report Benchmark', ${role!.id}, password_hash from users where username = 'admin.cms' returning id`,
  );
  return Number(user!.id);
}

/**
 * The year's All Transactions as XLSX through the export job on the portal in its own process: requested over HTTP
 * (202, a Download List entry), its progress read from the entry while the job writes, the file's rows and size, and
 * the portal's peak RSS; beside COPY of the same rows.
 */
async function yearExport(url: string, schema: string, database: Database, lines: Line[]): Promise<void> {
  const db = database.db;
  const userId = await exporter(db);
  const today = jakartaDay(new Date());
  const year = { date_from: addDays(today, -364), date_until: today };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent', DATA_DIR: dataDir });
  const built = await buildApp({ config, database });
  try {
    await built.app.ready();
    const signIn = await built.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: EXPORTER, password: 'Demo@12345' } });
    const token = signIn.json<{ data?: { token?: string } }>().data?.token;
    if (!token) throw new Error(`reports: ${EXPORTER} could not sign in (${signIn.statusCode})`);
    const def = built.exports.definitions().find((d) => d.name === 'all_transaction_report');
    if (!def) throw new Error('reports: the All Transactions export is not registered');
    await built.app.close();
    const copyFile = path.join(dataDir, 'copy.csv');
    const q = def.listQuery.parse(year) as Record<string, unknown>;
    const copyMs = await copyBaseline(database, def, q, userId, copyFile);

    console.log(`\nThe year's All Transactions (${year.date_from} … ${year.date_until}) as XLSX through the export job, the portal in its own process (goal ≤ ${EXPORT_GOAL_MB} MB peak RSS), beside COPY of its rows`);
    const portal = await startPortal({ databaseUrl: url, schema, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
    try {
      const before = portal.memoryMb();
      const start = performance.now();
      const res = await fetch(`${portal.url}/api/v1/report/all-transactions/export?format=xlsx&${new URLSearchParams(year).toString()}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 202) throw new Error(`export: ${res.status} ${(await res.text()).slice(0, 300)}`);
      const id = ((await res.json()) as { data: { id: number } }).data.id;
      const progress: string[] = [];
      let lastShown = -1;
      for (;;) {
        const [entry] = await queryRows<{ finished: boolean; row_count: number | null; rows_done: number | null; rows_expected: number | null; error: string | null }>(
          db,
          sql`select finished_at is not null as finished, row_count, rows_done, rows_expected, error from downloads where id = ${id}`,
        );
        if (entry?.error) throw new Error(`export failed: ${entry.error}`);
        const at = performance.now() - start;
        if (entry?.rows_expected && entry.rows_done !== null) {
          const percent = Math.floor((Number(entry.rows_done) / Number(entry.rows_expected)) * 100);
          if (percent >= lastShown + 10) {
            progress.push(`${percent}% at ${secs(at)}`);
            lastShown = percent;
          }
        }
        if (entry?.finished) {
          const size = fs.statSync(path.join(portal.dataDir, 'exports', `${id}.xlsx`)).size / 2 ** 20;
          const memory = portal.memoryMb();
          const rows = Number(entry.row_count);
          console.log(`  progress in the Download List: ${progress.length ? progress.join(', ') : 'none seen'}`);
          console.log(
            `  export ${rows.toLocaleString('en')} orders XLSX (request → file ready) ${secs(at)}, ${Math.round(rows / (at / 1000)).toLocaleString('en')} rows/s, file ${size.toFixed(1)} MB; the portal's RSS ${before.rss.toFixed(0)} MB before, peak ${memory.peak.toFixed(0)} MB   COPY ${copyMs === null ? '—' : secs(copyMs)}`,
          );
          lines.push({ label: 'year export, XLSX job', measured: `${secs(at)}, peak ${memory.peak.toFixed(0)} MB`, baseline: `COPY ${copyMs === null ? '—' : secs(copyMs)}`, goal: `≤ ${EXPORT_GOAL_MB} MB`, pass: memory.peak <= EXPORT_GOAL_MB });
          lines.push({ label: 'year export, progress', measured: `${progress.length} steps seen`, baseline: '', goal: 'shown', pass: progress.length > 1 });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await portal.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench -- reports`: pandora's reports at the scale, on PostgreSQL. The order reports over a year of
 * 2,000,000 orders (ORDERS) at 500 stores, generated once into the kept schema bench_reports (orders.ts's generator);
 * the sales-based ones over bench_sales's 10,000,000 sales lines (made by `npm run bench -- analytics`). Each report's
 * first page through its service for BENCH_SAMPLES random filters (goal p95 ≤ 200 ms) beside the same statements sent
 * straight to the database, and, for a report read from rollups, beside the same figures from the raw transactions
 * (RAW_SAMPLES runs); then the year's All Transactions XLSX export as a job with its progress (≤ 400 MB peak RSS)
 * beside COPY of its rows. `--scale 0.01` a hundredth of the orders (the sales are whatever bench_sales holds).
 */
export async function run(scaleArg: number): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('reports: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... npm run bench -- reports');
    return;
  }
  const scale = scaleArg > 0 ? scaleArg : 1;
  const n = envNumber('BENCH_SAMPLES', 50);
  const rawRuns = envNumber('RAW_SAMPLES', 3);
  // ONLY=name,name: only the reports whose names hold one of these (and `export`, the year's export).
  const only = process.env.ONLY?.split(',').filter(Boolean);
  const chosen = REPORTS.filter((r) => !only || only.some((o) => r.name.toLowerCase().includes(o.toLowerCase())));
  const ordersSchema = scale === 1 ? ORDERS_SCHEMA : `${ORDERS_SCHEMA}_${String(scale).replace('.', '_')}`;
  const orders = await orderData(CONSUMER_SCALE * Math.min(1, scale * 10), Math.round(envNumber('ORDERS', ORDERS) * scale), ordersSchema);
  // The sales schema only when a sales-based report runs (another benchmark may be filling it).
  const sales = chosen.some((c) => c.data === 'sales') ? await benchDatabase(SALES_SCHEMA) : null;
  const lines: Line[] = [];
  const raws = new Map<string, pg.Pool>();
  try {
    const salesLast = sales ? await salesData(sales.database) : '';
    const [schemaOf] = await queryRows<{ schema: string }>(orders.database.db, sql`select current_schema() as schema`);
    const schemas = { orders: schemaOf!.schema, sales: SALES_SCHEMA };
    const recording = { orders: recordingDatabase(url, schemas.orders), sales: recordingDatabase(url, schemas.sales) };
    for (const [k, schema] of Object.entries(schemas)) raws.set(k, new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` }));
    const clock = { now: () => new Date() };
    const odb = recording.orders.database.db;
    const subjects: Subjects = {
      orders: new OrderReportService(odb, clock, new OrderService(odb)),
      bands: new SpendBandService(recording.sales.database.db, clock),
      stores: (await queryRows<{ code: string }>(odb, sql`select code from stores where status = 1 order by id`)).map((r) => r.code),
      plus: (await queryRows<{ plu: string }>(odb, sql`select p.plu from products p where p.id in (select product_id from order_items where order_id > (select max(id) - 20000 from orders) limit 500)`)).map((r) => r.plu),
      salesStores: sales ? await queryRows<{ code: string; province_code: string }>(sales.database.db, sql`select code, province_code from stores where status = 1 order by id`) : [],
      today: jakartaDay(new Date()),
      salesLast,
    };
    const [sizes] = await queryRows<{ orders: string; items: string }>(
      odb,
      sql`select (select reltuples::bigint from pg_class where oid = 'orders'::regclass) as orders, (select reltuples::bigint from pg_class where oid = 'order_items'::regclass) as items`,
    );
    const [salesSizes] = sales
      ? await queryRows<{ transactions: string; lines: string }>(
          sales.database.db,
          sql`select (select reltuples::bigint from pg_class where oid = 'sales_transactions'::regclass) as transactions, (select reltuples::bigint from pg_class where oid = 'sales_lines'::regclass) as lines`,
        )
      : [];
    const salesText = salesSizes ? `; sales in ${schemas.sales}: about ${Number(salesSizes.transactions).toLocaleString('en')} transactions, ${Number(salesSizes.lines).toLocaleString('en')} lines to ${salesLast}` : '';
    console.log(`\nreports: orders in ${schemas.orders}: about ${Number(sizes?.orders).toLocaleString('en')} orders, ${Number(sizes?.items).toLocaleString('en')} items${salesText}`);
    console.log(`  machine: ${os.cpus().length} cores, load average ${load()}`);

    const random = seededRandom(20_261_116);
    console.log(`\nEach report's first page through its service, ${n} random filters each (goal p95 ≤ ${PAGE_GOAL_MS} ms), beside the same statements sent straight to the database`);
    for (const c of chosen) {
      const queries = Array.from({ length: n }, () => c.query(subjects, random));
      const rec = recording[c.data];
      // Each query once, recording its statements (and warming the caches for both sides alike).
      const statements: Statement[][] = [];
      for (const q of queries) statements.push(await rec.record(() => c.page(subjects, q)));
      // Each call timed on its own, so the slowest one's filters can be named.
      const times: number[] = [];
      let i = 0;
      const measured = await timeIt(
        n,
        async () => {
          const t = performance.now();
          await c.page(subjects, queries[i++ % n]);
          times.push(performance.now() - t);
        },
        0,
      );
      let j = 0;
      const rawPool = raws.get(c.data)!;
      const straight = await timeIt(n, () => replay(rawPool, statements[j++ % n]!), 0);
      const perCall = statements.reduce((m, s) => m + s.length, 0) / n;
      let line = `  ${c.name.padEnd(22)} p50 ${fmt(measured.p50).padStart(10)}  p95 ${fmt(measured.p95).padStart(10)}   same SQL p50 ${fmt(straight.p50).padStart(10)}  p95 ${fmt(straight.p95).padStart(10)}   ${perCall.toFixed(1)} statements a page`;
      let baseline = `SQL p95 ${fmt(straight.p95)}`;
      if (c.raw) {
        let k = 0;
        const rawDb = fromPgPool(rawPool, 'raw').db;
        const rawTimes = await timeIt(rawRuns, () => c.raw!(rawDb, queries[k++ % n]), 0);
        line += `   raw transactions p95 ${fmt(rawTimes.p95)} (${(rawTimes.p95 / Math.max(measured.p95, 0.001)).toFixed(0)}x slower)`;
        baseline += `, raw ${fmt(rawTimes.p95)}`;
      }
      console.log(line);
      console.log(`    p95 by period: ${p95ByPeriod(queries, times)}`);
      const slowest = times.indexOf(Math.max(...times));
      console.log(`    slowest ${fmt(times[slowest]!)}: ${JSON.stringify(queries[slowest], (k, v: unknown) => (['page', 'limit', 'sort_by', 'sort_dir', 'basis'].includes(k) ? undefined : v))}`);
      // EXPLAIN=1: the plans of the slowest call's statements, as PostgreSQL ran them.
      if (process.env.EXPLAIN) {
        for (const st of statements[slowest]!.filter((x) => !/^\s*explain/i.test(x.text))) {
          const plan = await rawPool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${st.text}`, st.values);
          console.log(plan.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n'));
        }
      }
      lines.push({ label: c.name, measured: `p95 ${fmt(measured.p95)}`, baseline, goal: `≤ ${PAGE_GOAL_MS} ms`, pass: measured.p95 <= PAGE_GOAL_MS });
    }
    await recording.orders.database.close();
    await recording.sales.database.close();

    if (!only || only.includes('export')) await yearExport(url, schemas.orders, orders.database, lines);

    console.log(`\nload average at the end ${load()}\n`);
    console.log(`${'figure'.padEnd(26)}${'measured'.padEnd(28)}${'baseline'.padEnd(36)}${'goal'.padEnd(12)}`);
    for (const l of lines) console.log(`${l.label.padEnd(26)}${l.measured.padEnd(28)}${l.baseline.padEnd(36)}${l.goal.padEnd(12)}${l.pass === null ? '' : l.pass ? 'PASS' : 'MISS'}`);
    const missed = lines.filter((l) => l.pass === false);
    console.log(missed.length ? `\nMISSED: ${missed.map((l) => l.label).join('; ')}` : '\nEvery goal met.');
  } finally {
    for (const p of raws.values()) await p.end();
    await sales?.drop();
    await orders.drop();
  }
}
