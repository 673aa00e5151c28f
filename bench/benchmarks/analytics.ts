import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { addDays, jakartaDay, type AnalyticsQuery, type DayPeriod, type TopQuery } from '@portal/contract';
import { queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { loadRegions } from '../../server/src/domains/catalog/regions.loader.ts';
import { PosSalesService, type SaleInput } from '../../server/src/domains/analytics/pos-sales.service.ts';
import { SalesAnalyticsService } from '../../server/src/domains/analytics/sales-analytics.service.ts';
import { catchUpSalesRollups } from '../../server/src/domains/analytics/sales-rollup.ts';
import { tunedReads } from '../../server/src/domains/analytics/tuned-reads.ts';
import { seedCatalog } from '../../server/src/seed/demo-catalog.ts';
import { seedConsumers } from '../../server/src/seed/demo-consumers.ts';
import { seedIdentity } from '../../server/src/seed/demo-identity.ts';
import { seedMasterdata } from '../../server/src/seed/demo-masterdata.ts';
import { seededRandom } from '../../server/src/seed/demo-sales.ts';
import { generateSales } from '../../server/src/seed/sales-scale.ts';
import { rawSalesWidgets } from '../../server/test/sales-raw.ts';
import { benchDatabase, fmt, timeIt } from '../support.ts';
import { loadingDatabase } from './consumers.ts';

/** The issue's figures: 10,000,000 sales lines over a year at the catalog benchmark's 500 stores and 50,000 products. */
const LINES = 10_000_000;
const CATALOG_SCALE = 25;
const CONSUMERS = 100_000;
const SCHEMA = 'bench_sales';
const GOAL_MS = { month: 100, year: 300 } as const;
/** A busy day of new sales (about five lines each), sent as the POS sends them, then one catch-up of the rollups. */
const DAY = { transactions: 27_000, batch: 1_000, goalSeconds: 30 };

/** The sales rollup tables the schema has (every `sales_<family>_day` and `_month`), by their name. */
async function rollupTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and relname ~ '^sales_.*_(day|month)$' order by relname`,
  );
  return rows.map((r) => r.name);
}

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The catalog at the catalog benchmark's scale, consumers to be members, and the generated year of sales: made once into the kept schema. */
export async function salesData(database: Database, lines: number): Promise<void> {
  const db = database.db;
  const t = Date.now();
  const log = (m: string) => console.log(`  ${((Date.now() - t) / 1000).toFixed(1).padStart(7)} s  ${m}`);
  if (!(await queryRows(db, sql`select 1 from stores limit 1`)).length) {
    await loadRegions(db);
    await seedIdentity(db);
    await seedMasterdata(db);
    await seedCatalog(db, CATALOG_SCALE, (m) => (m.includes('store products') && !m.endsWith('0/500') ? undefined : log(`catalog ${m}`)));
    log(`${CONSUMERS.toLocaleString('en')} consumers`);
    await seedConsumers(db, CONSUMERS);
    await database.exec('vacuum analyze stores, products, store_products, consumers');
  }
  // No foreign-key triggers, room to sort and hash: the generator's connection (consumers.ts).
  const loader = await loadingDatabase(database);
  try {
    const made = await generateSales(loader.db, { lines, log: (m) => log(`sales ${m}`) });
    if (made.skipped) {
      // A migration may have reset the rollups since: they are counted again here, on the loading connection.
      const counted = await catchUpSalesRollups(loader.db, new Date());
      return console.log(`analytics: reusing the generated sales${counted ? `; ${counted.toLocaleString('en')} transactions counted into the rollups in ${secs(Date.now() - t)}` : ''}`);
    }
    await database.exec(`vacuum analyze sales_transactions, sales_lines, ${(await rollupTables(db)).join(', ')}`);
    console.log(
      `analytics: generated ${made.transactions.toLocaleString('en')} transactions, ${made.lines.toLocaleString('en')} lines (${made.from} … ${made.to}): written in ${made.writeSeconds.toFixed(1)} s, rollups caught up in ${made.rollupSeconds.toFixed(1)} s; ${secs(Date.now() - t)} in all`,
    );
  } finally {
    await loader.close();
  }
}

type Span = 'month' | 'year';
const FILTERS = ['none', 'one store', 'one province', 'a channel', 'store basis'] as const;

/**
 * Random dashboard queries over the generated days [first, last]: a month is a whole calendar month or a 30-day window,
 * a year the twelve whole months up to the last one or the 365 days up to the last day; each with one filter of FILTERS.
 */
export function queriesOf(span: Span, n: number, first: string, last: string, stores: { code: string; province_code: string }[], random: () => number): TopQuery[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const dayIn = (from: string, to: string) => addDays(from, Math.floor(random() * (Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1)));
  const monthStart = (day: string, back = 0) => {
    const m = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
  };
  const monthEnd = (day: string) => addDays(monthStart(day, -1), -1);
  const lastWhole = monthEnd(last) === last ? last : addDays(monthStart(last), -1);
  return Array.from({ length: n }, () => {
    let period: DayPeriod;
    if (span === 'month') {
      const end = random() < 0.5 ? monthEnd(dayIn(addDays(first, 31), lastWhole)) : dayIn(addDays(first, 29), last);
      period = end === monthEnd(end) ? { from: monthStart(end), to: end } : { from: addDays(end, -29), to: end };
    } else {
      period = random() < 0.5 ? { from: monthStart(lastWhole, 11), to: lastWhole } : { from: addDays(last, -364), to: last };
    }
    const filter = pick(FILTERS);
    const store = pick(stores);
    return {
      ...period,
      basis: filter === 'store basis' ? 'store' : 'wib',
      ...(filter === 'one store' ? { store_code: store.code } : {}),
      ...(filter === 'one province' ? { province_code: store.province_code } : {}),
      ...(filter === 'a channel' ? { channel: random() < 0.5 ? (1 as const) : (2 as const) } : {}),
      order: random() < 0.85 ? 'desc' : 'asc',
      page: 1,
      limit: 10,
      measure: random() < 0.5 ? 'sales' : 'quantity',
    } satisfies TopQuery & AnalyticsQuery;
  });
}

/** A day of sales as the tills send them: baskets of popular products at their price, 60 % with a member card, over the last 24 hours. */
export async function dayOfSales(db: Db, now: Date, count: number): Promise<SaleInput[]> {
  const stores = await queryRows<{ code: string }>(db, sql`select code from stores where status = 1 order by id`);
  const products = await queryRows<{ plu: string; price: string }>(db, sql`select plu, price from products where status = 1 and price > 0 order by hashint8extended(id, 11), id`);
  const cards = await queryRows<{ app_card_id: string }>(db, sql`select app_card_id from consumers where status = 1 order by id limit 20000`);
  const random = seededRandom(now.getTime() % 1_000_000_007);
  const run = crypto.randomBytes(4).toString('hex');
  return Array.from({ length: count }, (_, i) => {
    const basket = new Map<string, { plu: string; quantity: number; price: number }>();
    const lines = 1 + Math.floor(8 * random() ** 0.75);
    for (let k = 0; k < lines; k++) {
      const p = products[Math.floor(products.length * random() ** 4)]!;
      basket.set(p.plu, { plu: p.plu, quantity: (basket.get(p.plu)?.quantity ?? 0) + (random() < 0.7 ? 1 : 2), price: Number(p.price) });
    }
    const online = random() < 0.1;
    return {
      transaction_id: `BENCH-${run}-${i}`,
      store_code: stores[Math.floor(stores.length * random() ** 1.3)]!.code,
      channel: online ? 2 : 1,
      card_id: online || random() < 0.55 ? cards[Math.floor(random() * cards.length)]!.app_card_id : null,
      at: new Date(now.getTime() - (1 - i / count) * 86_400_000).toISOString(),
      lines: [...basket.values()],
    };
  });
}

/** The new transactions' figures by the rollups' keys and levels, straight from their lines: selects only, nothing written. */
async function rawDayAggregates(db: Db, after: number): Promise<number> {
  const keyed = sql`select t.*, s.province_code, (t.at at time zone 'Asia/Jakarta')::date as wib_key, (t.at at time zone store_time_zone(s.province_code))::date as local_key
    from sales_transactions t join stores s on s.id = t.store_id where t.id > ${after}`;
  const levels = (keys: string) => sql.raw(`grouping sets ((t.store_id, t.province_code, ${keys}), (t.province_code, ${keys}), (${keys}))`);
  const statements = [
    sql`with t as (${keyed}) select count(*) from (select count(*), count(t.consumer_id), sum(t.quantity), sum(t.total) from t group by ${levels('t.wib_key, t.local_key, t.channel')}) x`,
    sql`with t as (${keyed}) select count(*) from (select count(*), sum(l.quantity), sum(l.amount) from t join sales_lines l on l.transaction_pk = t.id group by ${levels('t.wib_key, t.local_key, t.channel, l.category_id')}) x`,
    sql`with t as (${keyed}) select count(*) from (select count(*), sum(l.quantity), sum(l.amount) from t join sales_lines l on l.transaction_pk = t.id group by ${levels('t.wib_key, t.local_key, t.channel, l.plu')}) x`,
  ];
  let rows = 0;
  for (const s of statements) rows += Number((await queryRows<{ count: string }>(db, s))[0]?.count ?? 0);
  return rows;
}

interface Row {
  label: string;
  measured: string;
  baseline: string;
  goal: string;
  pass: boolean | null;
}

/**
 * `npm run bench -- analytics`: the sales dashboards over 10,000,000 sales lines (2,000,000 transactions, a year, 500
 * stores, 50,000 PLUs; `--scale 0.1` a tenth), generated once into the kept schema bench_sales (BENCH_SCHEMA names
 * another), on PostgreSQL. Each SalesAnalyticsService widget over random month and year queries (p95 of 50, goals ≤ 100
 * ms and ≤ 300 ms) beside the same figures from the raw transactions and lines (a few runs); a busy day of new sales
 * through PosSalesService and the rollups' catch-up after it (≤ 30 s) beside aggregating that day from the raw lines;
 * the rollup tables' sizes beside sales_lines.
 */
export async function run(scaleArg: number): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('analytics: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... npm run bench -- analytics');
    return;
  }
  const lines = Math.round(LINES * (scaleArg > 0 ? scaleArg : 1));
  const n = envNumber('BENCH_SAMPLES', 50);
  const rawRuns = envNumber('RAW_SAMPLES', 3);
  const { database, drop } = await benchDatabase(SCHEMA);
  const db = database.db;
  const rows: Row[] = [];
  try {
    await salesData(database, lines);
    await catchUpSalesRollups(db, new Date());
    const [range] = await queryRows<{ first: string; last: string; transactions: string; lines: string }>(
      db,
      sql`select min(wib_key)::text as first, max(wib_key)::text as last, sum(transactions) as transactions,
          (select sum(lines) from sales_category_month where store_id = 0 and province_code = '') as lines
        from sales_rollup_day where store_id = 0 and province_code = '' and wib_key < ${jakartaDay(new Date())}::date`,
    );
    const stores = await queryRows<{ code: string; province_code: string }>(db, sql`select code, province_code from stores where status = 1 order by id`);
    const first = range!.first;
    const last = range!.last;
    console.log(`\nanalytics on ${database.describe}: ${Number(range!.transactions).toLocaleString('en')} transactions before today, ${Number(range!.lines).toLocaleString('en')} lines in all, ${first} … ${last}, ${stores.length} active stores`);
    console.log(`  machine: ${os.cpus().length} cores, load average ${load()}`);

    // 1. Every widget, a month and a year, rollups (p95 of n) beside raw (a few runs of the same queries).
    const service = new SalesAnalyticsService(tunedReads(db), { now: () => new Date() });
    const widgets = ['summary', 'trend', 'byChannel', 'byRegion', 'byStore', 'topCategories', 'topPlus'] as const;
    const random = seededRandom(20_260_601);
    console.log(`\nEach widget over ${n} random queries (${FILTERS.join(', ')}), rollups beside the raw tables (${rawRuns} runs after one warm-up)`);
    for (const span of ['month', 'year'] as const) {
      for (const widget of widgets) {
        const queries = queriesOf(span, n + 5, first, last, stores, random);
        let i = 0;
        const rolled = await timeIt(n, () => service[widget](queries[i++ % queries.length]!));
        let j = 0;
        const raw = await timeIt(rawRuns, () => {
          const q = queries[j++ % queries.length]!;
          return rawSalesWidgets[widget](db, q, { from: q.from!, to: q.to! });
        }, 1);
        const label = `${widget}, a ${span}`;
        console.log(`  ${label.padEnd(24)} rollups p50 ${fmt(rolled.p50).padStart(10)}  p95 ${fmt(rolled.p95).padStart(10)}   raw p50 ${fmt(raw.p50).padStart(11)}  p95 ${fmt(raw.p95).padStart(11)}   ${(raw.p95 / Math.max(rolled.p95, 0.001)).toFixed(0)}x faster`);
        rows.push({ label, measured: `p95 ${fmt(rolled.p95)}`, baseline: `raw p95 ${fmt(raw.p95)}`, goal: `≤ ${GOAL_MS[span]} ms`, pass: rolled.p95 <= GOAL_MS[span] });
      }
    }

    // 2. A busy day of new sales through the POS service, then one catch-up of the rollups.
    const now = new Date();
    const day = await dayOfSales(db, now, DAY.transactions);
    const [before] = await queryRows<{ high: string }>(db, sql`select coalesce(max(id), 0) as high from sales_transactions`);
    const pos = new PosSalesService(db, 'bench');
    const w0 = performance.now();
    for (let k = 0; k < day.length; k += DAY.batch) await pos.record(day.slice(k, k + DAY.batch), now);
    const writeMs = performance.now() - w0;
    const [written] = await queryRows<{ transactions: string; lines: string }>(db, sql`select count(*) as transactions, coalesce(sum(line_count), 0) as lines from sales_transactions where id > ${Number(before?.high)}`);
    console.log(`\nA day of new sales: ${Number(written?.transactions).toLocaleString('en')} transactions, ${Number(written?.lines).toLocaleString('en')} lines, through PosSalesService.record in batches of ${DAY.batch.toLocaleString('en')}: ${secs(writeMs)}`);
    const c0 = performance.now();
    const counted = await catchUpSalesRollups(db, new Date());
    const catchUpMs = performance.now() - c0;
    const r0 = performance.now();
    const groups = await rawDayAggregates(db, Number(before?.high));
    const rawMs = performance.now() - r0;
    console.log(`  catch-up of the rollups: ${counted.toLocaleString('en')} transactions counted in ${secs(catchUpMs)}`);
    console.log(`  baseline: the same transactions' day figures at the three levels from the raw lines (3 selects, ${groups.toLocaleString('en')} groups, nothing written): ${secs(rawMs)}`);
    rows.push({ label: 'catch-up after a day', measured: secs(catchUpMs), baseline: `raw aggregate ${secs(rawMs)}`, goal: `≤ ${DAY.goalSeconds} s`, pass: catchUpMs <= DAY.goalSeconds * 1000 && counted === Number(written?.transactions) });

    // 3. What the rollups cost in rows and space, beside the lines they count.
    const rollups = await rollupTables(db);
    const sizes = await queryRows<{ name: string; rows: string; mb: string }>(
      db,
      sql.join(
        ['sales_lines', 'sales_transactions', ...rollups].map((t) => sql`select ${t} as name, (select reltuples::bigint from pg_class where oid = ${t}::regclass) as rows, round(pg_total_relation_size(${t}::regclass) / 1048576.0) as mb`),
        sql` union all `,
      ),
    );
    const linesMb = Number(sizes[0]?.mb ?? 1);
    console.log('\nTable sizes (rows as the planner counts them; MB with indexes)');
    for (const s of sizes) console.log(`  ${s.name.padEnd(22)} ${Number(s.rows).toLocaleString('en').padStart(12)} rows ${Number(s.mb).toLocaleString('en').padStart(8)} MB  ${(Number(s.mb) / linesMb).toFixed(2)}x sales_lines`);
    const rollupMb = sizes.filter((s) => rollups.includes(s.name)).reduce((m, s) => m + Number(s.mb), 0);
    rows.push({ label: `rollup tables, all ${rollups.length}`, measured: `${rollupMb.toLocaleString('en')} MB`, baseline: `sales_lines ${linesMb.toLocaleString('en')} MB`, goal: '', pass: null });

    console.log(`\nload average at the end ${load()}\n`);
    console.log(`${'figure'.padEnd(26)}${'measured'.padEnd(20)}${'baseline'.padEnd(26)}${'goal'.padEnd(10)}`);
    for (const r of rows) console.log(`${r.label.padEnd(26)}${r.measured.padEnd(20)}${r.baseline.padEnd(26)}${r.goal.padEnd(10)}${r.pass === null ? '' : r.pass ? 'PASS' : 'MISS'}`);
    const missed = rows.filter((r) => r.pass === false);
    console.log(missed.length ? `\nMISSED: ${missed.map((r) => r.label).join('; ')}` : '\nEvery goal met.');
  } finally {
    await drop();
  }
}
