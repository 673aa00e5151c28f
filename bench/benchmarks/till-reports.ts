import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, alpListQuery, alpTotalsQuery, freeGiftProgrammeQuery, freeGiftReportQuery, freeGiftReportTotalsQuery, promoReportQuery, promoReportTotalsQuery } from '@portal/contract';
import { queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { AlpReportService } from '../../server/src/domains/analytics/alp-report.service.ts';
import { FreeGiftReportService } from '../../server/src/domains/analytics/free-gift-report.service.ts';
import { PromoReportService } from '../../server/src/domains/analytics/promo-report.service.ts';
import { tunedReads } from '../../server/src/domains/analytics/tuned-reads.ts';
import { seededRandom } from '../../server/src/seed/demo-sales.ts';
import { generateTillActivity } from '../../server/src/seed/till-scale.ts';
import { benchDatabase, fmt, timeIt } from '../support.ts';
import { loadingDatabase } from './consumers.ts';

/*
 * `npm run bench -- till-reports`: the ALP, Promo and Free Gift reports' first pages over the analytics benchmark's
 * 10,000,000 sales lines, with what the tills applied on them (seed/till-scale.ts), on PostgreSQL.
 */

const SCHEMA = 'bench_till';
/** The analytics benchmark's kept schema, whose generated year of sales is copied here once. */
const SOURCE = process.env.BENCH_TILL_SOURCE ?? 'bench_sales';
const PAGE_GOAL_MS = 200;
/** What the reports read of the source: the places, the catalogue, the members and associates, the sales. */
const COPIED = ['provinces', 'stores', 'categories', 'products', 'consumers', 'associates', 'sales_transactions', 'sales_lines'];

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The columns a table has in both schemas (the source may lack a later migration's). */
async function sharedColumns(db: Db, table: string): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.column_name as name from information_schema.columns a join information_schema.columns b on b.column_name = a.column_name and b.table_name = a.table_name
      where a.table_schema = current_schema() and b.table_schema = ${SOURCE} and a.table_name = ${table} order by a.ordinal_position`,
  );
  return rows.map((r) => `"${r.name}"`).join(', ');
}

/**
 * Copies the source's sales and what they name, once, on a loading connection (no foreign-key triggers), and brings
 * the rollups' watermark to its last transaction: only the till reports run here, and they read the promo rollup alone,
 * which generateTillActivity counts up to that watermark.
 */
async function copySales(database: Database): Promise<void> {
  const db = database.db;
  if ((await queryRows(db, sql`select 1 from sales_transactions limit 1`)).length) return;
  const [source] = await queryRows<{ n: string }>(db, sql`select count(*) as n from (select 1 from ${sql.raw(`${SOURCE}.sales_transactions`)} limit 1000) x`);
  if (!Number(source?.n)) throw new Error(`till-reports: ${SOURCE} holds no sales; generate them first: BENCH_DATABASE_URL=... npm run bench -- analytics`);
  const loader = await loadingDatabase(database);
  try {
    for (const table of COPIED) {
      const t = Date.now();
      const columns = sql.raw(await sharedColumns(loader.db, table));
      await loader.db.execute(sql`insert into ${sql.raw(table)} (${columns}) select ${columns} from ${sql.raw(`${SOURCE}.${table}`)}`);
      console.log(`  copied ${table} in ${secs(Date.now() - t)}`);
    }
    for (const table of ['stores', 'categories', 'products', 'consumers', 'associates', 'sales_transactions']) {
      await loader.db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`));
    }
    await loader.db.execute(sql`update rollup_watermarks set last_id = (select max(id) from sales_transactions), updated_at = now() where name = 'sales'`);
  } finally {
    await loader.close();
  }
  await database.exec(`vacuum analyze ${COPIED.join(', ')}`);
}

interface Case {
  name: string;
  page(): Promise<unknown>;
  /** The same answer's work done straight in SQL, without the report's rollup or index (the baseline). */
  raw?: () => Promise<unknown>;
}

/**
 * `npm run bench -- till-reports`: the till reports' first pages (p95 of BENCH_SAMPLES random filters; goal ≤ 200 ms)
 * over the analytics benchmark's generated year (copied from bench_sales into bench_till once), with promos, free gifts
 * and staff purchases generated over it; the Promo Report beside the same figures from the raw lines (RAW_SAMPLES runs).
 */
export async function run(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('till-reports: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... npm run bench -- till-reports');
    return;
  }
  const n = envNumber('BENCH_SAMPLES', 50);
  const rawRuns = envNumber('RAW_SAMPLES', 3);
  const { database, drop } = await benchDatabase(SCHEMA);
  const db = database.db;
  try {
    const t = Date.now();
    await copySales(database);
    const made = await generateTillActivity(db, { log: (m) => console.log(`  ${secs(Date.now() - t)}  ${m}`) });
    if (!made.skipped) console.log(`till-reports: generated in ${secs(Date.now() - t)}`);
    const [sizes] = await queryRows<Record<string, string>>(
      db,
      sql`select (select reltuples::bigint from pg_class where oid = 'sales_lines'::regclass) as lines, (select reltuples::bigint from pg_class where oid = 'sales_transactions'::regclass) as transactions,
        (select count(*) from sales_lines where promo_id is not null) as promo_lines, (select count(*) from sales_gifts) as handovers, (select count(*) from associate_history) as staff,
        (select count(*) from associate_history where over_quota) as over_quota, (select count(*) from sales_promo_day) as promo_rollup,
        (select min((at at time zone 'Asia/Jakarta')::date)::text from sales_transactions) as first, (select max((at at time zone 'Asia/Jakarta')::date)::text from sales_transactions) as last`,
    );
    const s = sizes!;
    console.log(
      `\ntill-reports on ${database.describe}: ${Number(s.lines).toLocaleString('en')} sales lines, ${Number(s.transactions).toLocaleString('en')} transactions (${s.first} … ${s.last}); ${Number(s.promo_lines).toLocaleString('en')} lines with a promo (${Number(s.promo_rollup).toLocaleString('en')} daily rollup rows), ${Number(s.handovers).toLocaleString('en')} gift hand-overs, ${Number(s.staff).toLocaleString('en')} staff purchases (${Number(s.over_quota).toLocaleString('en')} over quota)`,
    );
    console.log(`  machine: ${os.cpus().length} cores, load average ${load()}`);

    const last = s.last!;
    const clock = { now: () => new Date(`${addDays(last, 1)}T05:00:00Z`) };
    const reads = tunedReads(db);
    const alp = new AlpReportService(reads, clock);
    const promo = new PromoReportService(reads, clock);
    const gift = new FreeGiftReportService(reads, clock);
    const stores = await queryRows<{ code: string; province_code: string }>(db, sql`select code, province_code from stores where status = 1 order by id`);
    const departments = await alp.departments();
    const employees = (await queryRows<{ employee_no: string }>(db, sql`select a.employee_no from associates a where exists (select 1 from associate_history h where h.associate_id = a.id) order by a.id limit 500`)).map((r) => r.employee_no);
    const promoIds = (await queryRows<{ id: number }>(db, sql`select id from promos where code like 'GENP-%' order by id`)).map((r) => Number(r.id));
    const giftIds = (await queryRows<{ id: number }>(db, sql`select id from free_gifts where code like 'GENG-%' order by id`)).map((r) => Number(r.id));
    const random = seededRandom(20_261_129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    /** A month (a whole one or 30 days) or the year up to the data's last day, a store or a region now and then. */
    const period = () => {
      const end = addDays(last, -Math.floor(random() * 300));
      const p = random() < 0.6 ? { from: addDays(end, -29), to: end } : { from: addDays(last, -364), to: last };
      const store = pick(stores);
      const place = random() < 0.2 ? { store_code: store.code } : random() < 0.2 ? { province_code: store.province_code } : {};
      return { ...p, ...place };
    };
    const times = <Q>(make: () => Q, fn: (q: Q) => Promise<unknown>) => {
      const queries = Array.from({ length: n }, make);
      let i = 0;
      return { page: () => fn(queries[i++ % n]!), queries };
    };

    const alpList = times(() => alpListQuery.parse({ ...period(), ...(random() < 0.2 ? { department: pick(departments) } : {}), ...(random() < 0.2 ? { employee_no: pick(employees) } : {}), ...(random() < 0.2 ? { transaction_type: 'over-quota' } : {}) }), (q) => alp.list.list(q));
    const alpTotals = times(() => alpTotalsQuery.parse({ ...period(), ...(random() < 0.2 ? { department: pick(departments) } : {}) }), (q) => alp.totals(q));
    const promoQuery = (view: string) => () => promoReportQuery.parse({ ...period(), view, ...(random() < 0.2 ? { promo_id: String(pick(promoIds)) } : {}), ...(random() < 0.2 ? { channel: '1' } : {}) });
    const promoPromo = times(promoQuery('promo'), (q) => promo.list(q));
    const promoStore = times(promoQuery('store'), (q) => promo.list(q));
    const promoDay = times(promoQuery('day'), (q) => promo.list(q));
    const promoTotals = times(() => promoReportTotalsQuery.parse(period()), (q) => promo.totals(q));
    const giftList = times(() => freeGiftReportQuery.parse({ ...period(), ...(random() < 0.3 ? { free_gift_id: String(pick(giftIds)) } : {}) }), (q) => gift.list(q));
    const giftTotals = times(() => freeGiftReportTotalsQuery.parse(period()), (q) => gift.totals(q));
    const programme = times(() => ({ id: pick(giftIds), q: freeGiftProgrammeQuery.parse(period()) }), (x) => gift.programme(x.id, x.q));

    /** The Promo Report's figures straight from the lines and their transactions (what the rollup spares it). */
    const rawPromo = (q: { from?: string | undefined; to?: string | undefined }, groupBy: SQL) =>
      queryRows(
        db,
        sql`select l.promo_id, ${groupBy}, count(distinct t.id), sum(l.quantity), sum(l.amount), sum(l.discount)
          from sales_lines l join sales_transactions t on t.id = l.transaction_pk
          where l.promo_id is not null and t.at >= (${q.from}::date::timestamp at time zone 'Asia/Jakarta') and t.at < ((${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')
          group by 1, 2 order by 6 desc limit 10`,
      );
    let r = 0;
    const cases: Case[] = [
      { name: 'ALP list', page: alpList.page },
      { name: 'ALP totals', page: alpTotals.page },
      { name: 'Promo, by promo', page: promoPromo.page, raw: () => rawPromo(promoPromo.queries[r++ % n]!, sql`0`) },
      { name: 'Promo, by store', page: promoStore.page, raw: () => rawPromo(promoStore.queries[r++ % n]!, sql`t.store_id`) },
      { name: 'Promo, by day', page: promoDay.page, raw: () => rawPromo(promoDay.queries[r++ % n]!, sql`(t.at at time zone 'Asia/Jakarta')::date`) },
      { name: 'Promo totals', page: promoTotals.page },
      { name: 'Free gift list', page: giftList.page },
      { name: 'Free gift totals', page: giftTotals.page },
      { name: 'Free gift programme', page: programme.page },
    ];
    const rows: { label: string; measured: string; baseline: string; pass: boolean }[] = [];
    console.log(`\nEach report's first page through its service, ${n} random filters each (a month or the year, a store or region now and then; goal p95 ≤ ${PAGE_GOAL_MS} ms)`);
    for (const c of cases) {
      const measured = await timeIt(n, c.page);
      let baseline = '';
      if (c.raw) {
        r = 0;
        const raw = await timeIt(rawRuns, c.raw, 1);
        baseline = `raw lines p95 ${fmt(raw.p95)}`;
      }
      console.log(`  ${c.name.padEnd(22)} p50 ${fmt(measured.p50).padStart(10)}  p95 ${fmt(measured.p95).padStart(10)}   ${baseline}`);
      rows.push({ label: c.name, measured: `p95 ${fmt(measured.p95)}`, baseline, pass: measured.p95 <= PAGE_GOAL_MS });
    }
    console.log(`\nload average at the end ${load()}\n`);
    for (const row of rows) console.log(`${row.label.padEnd(24)}${row.measured.padEnd(20)}${row.baseline.padEnd(30)}≤ ${PAGE_GOAL_MS} ms ${row.pass ? 'PASS' : 'MISS'}`);
    const missed = rows.filter((x) => !x.pass);
    console.log(missed.length ? `\nMISSED: ${missed.map((x) => x.label).join('; ')}` : '\nEvery goal met.');
  } finally {
    await drop();
  }
}
