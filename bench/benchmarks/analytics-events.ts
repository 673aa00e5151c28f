import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  APP_EVENT_TYPES,
  APP_EVENTS_BATCH_MAX,
  CONTENT_ANALYTICS_KINDS,
  CONTENT_MEASURES,
  PLANOGRAM_MEASURES,
  jakartaDay,
  type AnalyticsQuery,
  type AppEvent,
  type DayPeriod,
  type TopQuery,
} from '@portal/contract';
import { queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { AppEventsService } from '../../server/src/domains/analytics/app-events.service.ts';
import { ContentAnalyticsService } from '../../server/src/domains/analytics/content-analytics.service.ts';
import { catchUpEventRollups } from '../../server/src/domains/analytics/event-rollup.ts';
import { PlanogramAnalyticsService } from '../../server/src/domains/analytics/planogram-analytics.service.ts';
import { PosSalesService } from '../../server/src/domains/analytics/pos-sales.service.ts';
import { catchUpSalesRollups } from '../../server/src/domains/analytics/sales-rollup.ts';
import { tunedReads } from '../../server/src/domains/analytics/tuned-reads.ts';
import { seededRandom } from '../../server/src/seed/demo-sales.ts';
import { appDayOfEvents, generateEvents } from '../../server/src/seed/events-scale.ts';
import { rawEventWidgets } from '../../server/test/events-raw.ts';
import { benchDatabase, fmt, timeIt } from '../support.ts';
import { dayOfSales, queriesOf, salesData } from './analytics.ts';
import { loadingDatabase } from './consumers.ts';

/** The issue's figures: 30,000,000 app events over the year of the sales benchmark's 10,000,000 sales lines, in its schema. */
const EVENTS = 30_000_000;
const SALES_LINES = 10_000_000;
const SCHEMA = 'bench_sales';
const GOAL_MS = { month: 100, year: 300 } as const;
/** A day of new data: the app's events as it sends them (one consumer's, up to a batch at a time), the tills' sales; then one catch-up (≤ 30 s for both). */
const DAY = { events: 300_000, transactions: 27_000, salesBatch: 1_000, senders: 4, goalSeconds: 30 };

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The event rollup tables the schema has (every `event_<family>_day` and `_month`), by their name. */
async function rollupTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and relname ~ '^event_.*_(day|month)$' order by relname`,
  );
  return rows.map((r) => r.name);
}

/** The year of events beside the sales, generated once on the loading connection (consumers.ts) into the kept schema. */
async function eventData(database: Database, events: number): Promise<void> {
  const t = Date.now();
  const log = (m: string) => console.log(`  ${((Date.now() - t) / 1000).toFixed(1).padStart(7)} s  events ${m}`);
  const loader = await loadingDatabase(database);
  try {
    const made = await generateEvents(loader.db, { events, log });
    if (made.skipped) {
      const counted = await catchUpEventRollups(loader.db, new Date());
      return console.log(`analytics-events: reusing the generated events${counted ? `; ${counted.toLocaleString('en')} events counted into the rollups in ${secs(Date.now() - t)}` : ''}`);
    }
    await database.exec(`vacuum analyze app_events, planograms, planogram_products, content_items, ${(await rollupTables(database.db)).join(', ')}`);
    console.log(
      `analytics-events: generated ${made.events.toLocaleString('en')} events (${made.from} … ${made.to}) about ${made.planograms} new planograms and ${made.contents} content items: ` +
        `written in ${made.writeSeconds.toFixed(1)} s, indexes built in ${made.indexSeconds.toFixed(1)} s, rollups caught up in ${made.rollupSeconds.toFixed(1)} s; ${secs(Date.now() - t)} in all`,
    );
  } finally {
    await loader.close();
  }
}

type Span = 'month' | 'year';
interface Widget {
  name: string;
  run(q: TopQuery): Promise<unknown>;
  raw(q: TopQuery): Promise<unknown>;
}

/** Every planogram and content widget, each given the random query with its own choices (measure, kind, planogram) drawn from the query's place in the list. */
function widgetsOf(db: Db, planograms: { id: number; start: string; end: string }[]): Widget[] {
  const clock = { now: () => new Date() };
  // As the analytics module builds them: each read in a short transaction of its own with room to hash and no JIT.
  const plano = new PlanogramAnalyticsService(tunedReads(db), clock);
  const content = new ContentAnalyticsService(tunedReads(db), clock);
  const choice = <T>(list: readonly T[], q: TopQuery, salt: number): T => list[(Date.parse(q.from!) / 86_400_000 + (q.store_code?.length ?? 0) * 7 + salt) % list.length]!;
  const period = (q: TopQuery): DayPeriod => ({ from: q.from!, to: q.to! });
  const base = (q: TopQuery): AnalyticsQuery => ({ from: q.from, to: q.to, basis: q.basis, store_code: q.store_code, province_code: q.province_code, channel: q.channel });
  const ranked = (q: TopQuery) => ({ ...base(q), order: q.order, page: q.page, limit: q.limit });
  const planogramQ = (q: TopQuery) => ({ ...ranked(q), measure: choice(PLANOGRAM_MEASURES, q, 1) });
  /** A planogram live in the period (the benchmark's drill-down from a planogram to its products). */
  const shelfQ = (q: TopQuery) => {
    const live = planograms.filter((p) => p.start <= q.to! && p.end >= q.from!);
    return { ...planogramQ(q), planogram_id: choice(live.length ? live : planograms, q, 2).id };
  };
  const kindQ = (q: TopQuery) => ({ ...ranked(q), kind: choice(CONTENT_ANALYTICS_KINDS, q, 3), measure: choice(CONTENT_MEASURES, q, 4) });
  const summaryQ = (q: TopQuery) => ({ ...base(q), kind: choice([undefined, ...CONTENT_ANALYTICS_KINDS], q, 5) });
  const campaignQ = (q: TopQuery) => ({ ...ranked(q), measure: choice(CONTENT_MEASURES, q, 6) });
  const offerQ = (q: TopQuery) => ({ ...base(q), page: q.page, limit: q.limit });
  const widgets: { name: string; run: Widget['run']; raw(q: TopQuery, p: DayPeriod): Promise<unknown> }[] = [
    { name: 'planogram summary', run: (q) => plano.summary(base(q)), raw: (q, p) => rawEventWidgets.planogramSummary(db, base(q), p) },
    { name: 'planograms ranked', run: (q) => plano.planograms(planogramQ(q)), raw: (q, p) => rawEventWidgets.planograms(db, planogramQ(q), p) },
    { name: "a planogram's products", run: (q) => plano.products(shelfQ(q)), raw: (q, p) => rawEventWidgets.products(db, shelfQ(q), p) },
    { name: 'all products ranked', run: (q) => plano.products(planogramQ(q)), raw: (q, p) => rawEventWidgets.products(db, planogramQ(q), p) },
    { name: 'content summary', run: (q) => content.summary(summaryQ(q)), raw: (q, p) => rawEventWidgets.contentSummary(db, summaryQ(q), p) },
    { name: 'content ranked', run: (q) => content.ranking(kindQ(q)), raw: (q, p) => rawEventWidgets.contentRanking(db, kindQ(q), p) },
    { name: 'campaigns ranked', run: (q) => content.campaigns(campaignQ(q)), raw: (q, p) => rawEventWidgets.campaigns(db, campaignQ(q), p) },
    { name: 'offer top average', run: (q) => content.offerTopAverage(offerQ(q)), raw: (q, p) => rawEventWidgets.offerTopAverage(db, offerQ(q), p) },
  ];
  return widgets.map((w) => ({ ...w, raw: (q: TopQuery) => w.raw(q, period(q)) }));
}

/** The day's events as the app sends them: each consumer's in time order, up to a batch at a time, `senders` consumers at once. */
async function sendDayOfEvents(db: Db, now: Date, count: number): Promise<{ batches: number; accepted: number; ms: number }> {
  const rows = await appDayOfEvents(db, count, now);
  const batches: { consumer: number; events: AppEvent[] }[] = [];
  for (const r of rows) {
    const last = batches.at(-1);
    const event: AppEvent = { event_id: randomUUID(), type: APP_EVENT_TYPES[r.type - 1]!, planogram_id: r.planogram_id, plu: r.plu, content_id: r.content_id, store_code: r.store_code, at: r.at };
    if (last && last.consumer === r.consumer_id && last.events.length < APP_EVENTS_BATCH_MAX) last.events.push(event);
    else batches.push({ consumer: r.consumer_id, events: [event] });
  }
  const service = new AppEventsService(db);
  let next = 0;
  let accepted = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: DAY.senders }, async () => {
      while (next < batches.length) {
        const b = batches[next++]!;
        const answer = await service.record(b.consumer, b.events, now);
        accepted += answer.accepted;
      }
    }),
  );
  return { batches: batches.length, accepted, ms: performance.now() - t };
}

/** The new events' figures by the rollups' keys and levels, straight from the events: selects only, nothing written. */
async function rawDayAggregates(db: Db, after: number): Promise<number> {
  const keyed = sql`select e.*, s.province_code, (e.at at time zone 'Asia/Jakarta')::date as wib_key, (e.at at time zone store_time_zone(coalesce(s.province_code, '31')))::date as local_key
    from app_events e left join stores s on s.id = e.store_id where e.id > ${after}`;
  const levels = (keys: string) => sql.raw(`grouping sets ((t.store_id, t.province_code, ${keys}), (t.province_code, ${keys}), (${keys}))`);
  const counts = sql`count(*) filter (where t.type = 1), count(*) filter (where t.type = 2), count(*) filter (where t.type = 3)`;
  const statements = [
    sql`with t as (${keyed}) select count(*) from (select ${counts} from t where t.planogram_id is not null group by ${levels('t.wib_key, t.local_key, t.planogram_id')}) x`,
    sql`with t as (${keyed}) select count(*) from (select ${counts} from t where t.product_id is not null group by ${levels('t.wib_key, t.local_key, t.product_id, coalesce(t.planogram_id, 0)')}) x`,
    sql`with t as (${keyed}) select count(*) from (select ${counts} from t where t.content_id is not null group by ${levels('t.wib_key, t.local_key, t.content_id')}) x`,
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
 * `npm run bench -- analytics-events`: the planogram and content dashboards over 30,000,000 app events (a year, beside
 * the `analytics` benchmark's 10,000,000 sales lines, 500 stores and 50,000 PLUs in its kept schema bench_sales;
 * `--scale 0.01` a hundredth of both, BENCH_SCHEMA another schema), on PostgreSQL. The events are generated once
 * (server/src/seed/events-scale.ts). Each PlanogramAnalyticsService and ContentAnalyticsService widget over random month
 * and year queries (p95 of 50, goals ≤ 100 ms and ≤ 300 ms) beside the same figures from the raw events, sales and lines
 * (a few runs, each answer checked equal to the widget's); a day of new events sent through AppEventsService as the app
 * sends them and a day of sales through PosSalesService, then one catch-up of each rollup (≤ 30 s together) beside
 * aggregating the day's events from the raw rows; the event rollup tables' sizes beside app_events.
 */
export async function run(scaleArg: number): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('analytics-events: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... npm run bench -- analytics-events');
    return;
  }
  const scale = scaleArg > 0 ? scaleArg : 1;
  const n = envNumber('BENCH_SAMPLES', 50);
  const rawRuns = envNumber('RAW_SAMPLES', 3);
  const { database, drop } = await benchDatabase(SCHEMA);
  const db = database.db;
  const rows: Row[] = [];
  try {
    await salesData(database, Math.round(SALES_LINES * scale));
    await eventData(database, Math.round(EVENTS * scale));
    await catchUpSalesRollups(db, new Date());
    await catchUpEventRollups(db, new Date());
    const [all] = await queryRows<{ events: string }>(db, sql`select reltuples::bigint as events from pg_class where oid = 'app_events'::regclass`);
    const stores = await queryRows<{ code: string; province_code: string }>(db, sql`select code, province_code from stores where status = 1 order by id`);
    const planograms = await queryRows<{ id: number; start: string; end: string }>(db, sql`select id, start_date::text as start, end_date::text as "end" from planograms where status = 1 order by id`);
    const [days] = await queryRows<{ first: string; last: string }>(
      db,
      sql`select min(wib_key)::text as first, max(wib_key)::text as last from event_planogram_day where store_id = 0 and province_code = '' and wib_key < ${jakartaDay(new Date())}::date`,
    );
    const first = days!.first;
    const last = days!.last;
    console.log(`\nanalytics-events on ${database.describe}: about ${Number(all!.events).toLocaleString('en')} app events, ${first} … ${last}, ${planograms.length} planograms, ${stores.length} active stores`);
    console.log(`  machine: ${os.cpus().length} cores, load average ${load()}`);

    // 1. Every widget, a month and a year, rollups (p95 of n) beside raw (a few runs of the same queries, each answer compared).
    const widgets = widgetsOf(db, planograms.map((p) => ({ id: Number(p.id), start: p.start, end: p.end })));
    const random = seededRandom(20_260_716);
    console.log(`\nEach widget over ${n} random queries (no filter, one store, one province, a channel, store basis), rollups beside the raw tables (${rawRuns} runs after one warm-up, each answer compared)`);
    let compared = 0;
    const differing: string[] = [];
    for (const span of ['month', 'year'] as Span[]) {
      for (const widget of widgets) {
        const queries = queriesOf(span, n + 5, first, last, stores, random);
        let i = 0;
        const rolled = await timeIt(n, () => widget.run(queries[i++ % queries.length]!));
        let j = 0;
        const answers: { q: TopQuery; raw: unknown }[] = [];
        const raw = await timeIt(rawRuns, async () => {
          const q = queries[j++ % queries.length]!;
          answers.push({ q, raw: await widget.raw(q) });
        }, 1);
        for (const a of answers) {
          compared++;
          if (!isDeepStrictEqual(await widget.run(a.q), a.raw)) differing.push(`${widget.name} ${JSON.stringify(a.q)}`);
        }
        const label = `${widget.name}, a ${span}`;
        console.log(`  ${label.padEnd(34)} rollups p50 ${fmt(rolled.p50).padStart(10)}  p95 ${fmt(rolled.p95).padStart(10)}   raw p50 ${fmt(raw.p50).padStart(12)}  p95 ${fmt(raw.p95).padStart(12)}   ${(raw.p95 / Math.max(rolled.p95, 0.001)).toFixed(0)}x faster`);
        rows.push({ label, measured: `p95 ${fmt(rolled.p95)}`, baseline: `raw p95 ${fmt(raw.p95)}`, goal: `≤ ${GOAL_MS[span]} ms`, pass: rolled.p95 <= GOAL_MS[span] });
      }
    }
    console.log(`  answers compared with the raw aggregate: ${compared}, equal: ${compared - differing.length}`);
    for (const d of differing) console.log(`    DIFFERS: ${d}`);
    rows.push({ label: 'widgets equal to raw', measured: `${compared - differing.length} of ${compared}`, baseline: '', goal: 'all', pass: differing.length === 0 });

    // 2. A day of new data: the app's events and the tills' sales, then one catch-up of each rollup (the rollup job runs both, one after the other).
    const now = new Date();
    const [before] = await queryRows<{ events: string; sales: string }>(db, sql`select (select coalesce(max(id), 0) from app_events) as events, (select coalesce(max(id), 0) from sales_transactions) as sales`);
    const sent = await sendDayOfEvents(db, now, Math.round(DAY.events * scale));
    console.log(`\nA day of new data: ${sent.accepted.toLocaleString('en')} app events through AppEventsService.record in ${sent.batches.toLocaleString('en')} batches (a consumer's, up to ${APP_EVENTS_BATCH_MAX}; ${DAY.senders} at once): ${secs(sent.ms)}`);
    const sales = await dayOfSales(db, now, Math.round(DAY.transactions * scale));
    const pos = new PosSalesService(db, 'bench');
    const w0 = performance.now();
    for (let k = 0; k < sales.length; k += DAY.salesBatch) await pos.record(sales.slice(k, k + DAY.salesBatch), now);
    console.log(`  and ${sales.length.toLocaleString('en')} sales through PosSalesService.record in batches of ${DAY.salesBatch.toLocaleString('en')}: ${secs(performance.now() - w0)}`);
    const s0 = performance.now();
    const salesCounted = await catchUpSalesRollups(db, new Date());
    const salesMs = performance.now() - s0;
    const e0 = performance.now();
    const eventsCounted = await catchUpEventRollups(db, new Date());
    const eventsMs = performance.now() - e0;
    const r0 = performance.now();
    const groups = await rawDayAggregates(db, Number(before?.events));
    const rawMs = performance.now() - r0;
    console.log(`  catch-up of the event rollups: ${eventsCounted.toLocaleString('en')} events counted in ${secs(eventsMs)}`);
    console.log(`  catch-up of the sales rollups: ${salesCounted.toLocaleString('en')} transactions counted in ${secs(salesMs)}`);
    console.log(`  both, as the rollup job runs them: ${secs(eventsMs + salesMs)}`);
    console.log(`  baseline: the day's events' figures at the three levels from the raw events (3 selects, ${groups.toLocaleString('en')} groups, nothing written): ${secs(rawMs)}`);
    rows.push({ label: 'event catch-up after a day', measured: secs(eventsMs), baseline: `raw aggregate ${secs(rawMs)}`, goal: '', pass: eventsCounted === sent.accepted ? null : false });
    rows.push({ label: 'sales catch-up, same day', measured: secs(salesMs), baseline: '', goal: '', pass: salesCounted === sales.length ? null : false });
    rows.push({ label: 'both catch-ups', measured: secs(eventsMs + salesMs), baseline: '', goal: `≤ ${DAY.goalSeconds} s`, pass: eventsMs + salesMs <= DAY.goalSeconds * 1000 });

    // 3. What the rollups cost in rows and space, beside the events they count.
    const rollups = await rollupTables(db);
    const sizes = await queryRows<{ name: string; rows: string; mb: string }>(
      db,
      sql.join(
        ['app_events', ...rollups].map((t) => sql`select ${t} as name, (select reltuples::bigint from pg_class where oid = ${t}::regclass) as rows, round(pg_total_relation_size(${t}::regclass) / 1048576.0) as mb`),
        sql` union all `,
      ),
    );
    const eventsMb = Number(sizes[0]?.mb ?? 1);
    console.log('\nTable sizes (rows as the planner counts them; MB with indexes)');
    for (const s of sizes) console.log(`  ${s.name.padEnd(22)} ${Number(s.rows).toLocaleString('en').padStart(12)} rows ${Number(s.mb).toLocaleString('en').padStart(8)} MB  ${(Number(s.mb) / eventsMb).toFixed(2)}x app_events`);
    const rollupMb = sizes.filter((s) => rollups.includes(s.name)).reduce((m, s) => m + Number(s.mb), 0);
    rows.push({ label: `event rollups, all ${rollups.length}`, measured: `${rollupMb.toLocaleString('en')} MB`, baseline: `app_events ${eventsMb.toLocaleString('en')} MB`, goal: '', pass: null });

    console.log(`\nload average at the end ${load()}\n`);
    console.log(`${'figure'.padEnd(40)}${'measured'.padEnd(20)}${'baseline'.padEnd(26)}${'goal'.padEnd(10)}`);
    for (const r of rows) console.log(`${r.label.padEnd(40)}${r.measured.padEnd(20)}${r.baseline.padEnd(26)}${r.goal.padEnd(10)}${r.pass === null ? '' : r.pass ? 'PASS' : 'MISS'}`);
    const missed = rows.filter((r) => r.pass === false);
    console.log(missed.length ? `\nMISSED: ${missed.map((r) => r.label).join('; ')}` : '\nEvery goal met.');
  } finally {
    await drop();
  }
}
