import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { orderListQuery, type AppOrderBody } from '@portal/contract';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fromPgPool, queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { OrderPlacementService } from '../../server/src/domains/orders/order-placement.service.ts';
import { OrderService, orderDef } from '../../server/src/domains/orders/order.resource.ts';
import { listConditions, pageStatement } from '../../server/src/platform/crud/index.ts';
import { listTotal, whereOf } from '../../server/src/platform/pagination.ts';
import { hashToken, newToken } from '../../server/src/platform/tokens.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-identity.ts';
import { seedEcommerce } from '../../server/src/seed/demo-ecommerce.ts';
import { generateOrders } from '../../server/src/seed/order-scale.ts';
import { driveHttp, driveLoops } from '../load-drivers.ts';
import { startPortal } from '../portal-process.ts';
import { fmt, report, timeIt } from '../support.ts';
import { consumerData, loadingDatabase } from './consumers.ts';
import { copyBaseline } from './exports.ts';

/** The catalog benchmark's scale: 500 stores, 50,000 products, 5,000,000 store products. */
const CATALOG_SCALE = 25;
const ORDER_TABLES = ['orders', 'order_items', 'order_events'];
const PAGE = 20;
const DAY_MS = 86_400_000;
const EXPORTER = 'bench.orders';

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const jakartaDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The orders benchmark's data: the consumers benchmark's (its consumers; the catalog at the catalog benchmark's scale;
 * the demo's delivery methods) and `count` orders generated in SQL (server/src/seed/order-scale.ts) with their items and
 * timelines, the tables' secondary indexes dropped for the load and built again after it. Seeded once, reused in a
 * kept BENCH_SCHEMA.
 */
export async function orderData(scale: number, count: number, keep?: string) {
  const data = await consumerData(scale, CATALOG_SCALE, keep);
  const { database } = data;
  try {
    if (!(await queryRows(database.db, sql`select 1 from delivery_methods limit 1`)).length) await seedEcommerce(database.db);
    if ((await queryRows(database.db, sql`select 1 from orders limit 1`)).length) {
      console.log('orders: reusing the order data');
      return data;
    }
    const t = Date.now();
    const log = (m: string) => console.log(`  ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s  seeding ${m}`);
    const loader = await loadingDatabase(database);
    try {
      await loader.db.transaction(async (tx) => {
        const indexes = await queryRows<{ name: string; def: string }>(
          tx,
          sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
            where t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(ORDER_TABLES.map((n) => sql`${n}`), sql`, `)})
              and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
        );
        for (const i of indexes) await tx.execute(sql`drop index ${sql.identifier(i.name)}`);
        const made = await generateOrders(tx, { orders: count, log });
        log(`done: ${made.orders.toLocaleString('en')} orders, ${made.items.toLocaleString('en')} items, ${made.events.toLocaleString('en')} timeline entries`);
        for (const i of indexes) {
          log(`index ${i.name}`);
          await tx.execute(sql.raw(i.def));
        }
      });
    } finally {
      await loader.close();
    }
    log('vacuum analyze');
    await database.exec(`vacuum analyze ${ORDER_TABLES.join(', ')}, stores, store_products, products`);
    console.log(`orders: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return data;
  } catch (err) {
    await data.drop();
    throw err;
  }
}

/** The list's page and total as OrderService.list runs them (two statements at once on the pool), without HTTP, guard and mapping. */
function rawList(db: Db, query: Record<string, string>) {
  const q = orderListQuery.parse({ limit: String(PAGE), ...query });
  const conditions = listConditions(orderDef, q);
  return Promise.all([
    queryRows(db, pageStatement(orderDef, q, conditions, sql`order by o.created_at desc, o.id desc`, sql`limit ${PAGE} offset 0`, 'o.created_at')),
    listTotal(db, orderDef.countFrom?.(q) ?? orderDef.from, whereOf(conditions)),
  ]);
}

/** A user who may view and export Order Management without the personal-data right (the file masked, no step-up, no access rows). */
async function exporter(db: Db): Promise<void> {
  if ((await queryRows(db, sql`select 1 from users where username = ${EXPORTER}`)).length) return;
  const [role] = await queryRows<{ id: number }>(db, sql`insert into roles (name, description) values ('Order export (benchmark)', 'View and export orders') returning id`);
  await db.execute(sql`insert into role_permissions (role_id, entry, action) values (${role!.id}, 'cms.order-management', 'view'), (${role!.id}, 'cms.order-management', 'export')`);
  await db.execute(sql`insert into users (username, email, name, role_id, password_hash) select ${EXPORTER}, 'bench.orders@demo.local', 'Order Benchmark', ${role!.id}, password_hash from users where username = 'admin.cms'`);
}

/**
 * `npm run bench -- orders`: 10,000,000 orders with about 50,000,000 items (ORDERS=1000000 for a smaller run; `--scale`
 * the consumers benchmark's, 1: 1,000,000 consumers) over the catalog benchmark's 500 stores, on PostgreSQL. The staff
 * list's first page of 20 with its total under each filter of the spec (goal p95 ≤ 25 ms) and the order detail (≤ 10
 * ms), each beside the same SQL; the all-orders CSV export of one month through the export job (≤ 10 s, ≤ 300 MB peak
 * RSS) beside COPY of its rows; then orders placed through POST app/orders on the portal in its own process (goal
 * 500/s sustained, PLACE_SECONDS, PLACE_CLIENTS) beside OrderPlacementService on a pool, and the stock checked after.
 */
export async function run(scaleArg: number): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('orders: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... BENCH_SCHEMA=bench_orders npm run bench -- orders');
    return;
  }
  const scale = scaleArg > 0 ? scaleArg : 1;
  const count = envNumber('ORDERS', 10_000_000);
  const n = envNumber('BENCH_SAMPLES', 200);
  const seconds = envNumber('PLACE_SECONDS', 30);
  const clients = envNumber('PLACE_CLIENTS', 50);
  const poolMax = loadConfig({ DB_POOL_MAX: process.env.DB_POOL_MAX }).DB_POOL_MAX;
  const { database, drop } = await orderData(scale, count);
  const db = database.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const [current] = await queryRows<{ schema: string }>(db, sql`select current_schema() as schema`);
  const schema = current?.schema ?? 'public';
  const rawPool = new pg.Pool({ connectionString: url, max: poolMax, options: `-c search_path=${schema}` });
  const raw = fromPgPool(rawPool, 'raw').db;
  const started = new Date();
  const missed: string[] = [];
  const judge = (label: string, p95: number, limit: number) => {
    if (p95 > limit) missed.push(`${label}: p95 ${fmt(p95)} > ${limit} ms`);
  };
  try {
    await exporter(db);
    const [sizes] = await queryRows<{ orders: number; items: number; events: number; stores: number; consumers: number }>(
      db,
      sql`select (select reltuples::bigint from pg_class where oid = 'orders'::regclass) as orders, (select reltuples::bigint from pg_class where oid = 'order_items'::regclass) as items,
        (select reltuples::bigint from pg_class where oid = 'order_events'::regclass) as events, (select count(*) from stores)::int as stores, (select count(*) from consumers)::int as consumers`,
    );
    console.log(`\norders: on ${database.describe}: about ${Number(sizes?.orders).toLocaleString('en')} orders, ${Number(sizes?.items).toLocaleString('en')} items, ${Number(sizes?.events).toLocaleString('en')} timeline entries; ${sizes?.stores} stores, ${Number(sizes?.consumers).toLocaleString('en')} consumers`);
    console.log(`  machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

    const config = loadConfig(
      { ...process.env, DATABASE_URL: undefined },
      { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent', DATA_DIR: dataDir, JOBS_POLL_SECONDS: 0.5 },
    );
    const built = await buildApp({ config, database });
    await built.app.ready();
    const tokenOf = async (username: string) => {
      const res = await built.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username, password: DEMO_PASSWORD } });
      const token = res.json<{ data?: { token?: string } }>().data?.token;
      if (!token) throw new Error(`orders: ${username} could not sign in (${res.statusCode})`);
      return { authorization: `Bearer ${token}` };
    };
    // The masked viewer: an unmasked page also writes personal-data access rows, which the raw SQL would not.
    const viewer = await tokenOf('viewer');
    const get = async (url: string) => {
      const res = await built.app.inject({ method: 'GET', url, headers: viewer });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json<{ data: { meta?: { total: number; total_kind: string } } }>().data;
    };

    // Filter values from the data: an order in the middle, two stores, a week of last month, today's checking queue.
    const [sample] = await queryRows<{ id: number; order_no: string; a: string; b: string }>(
      db,
      sql`select o.id, o.order_no, (select code from stores where id = o.store_id) as a, (select code from stores where id <> o.store_id order by id limit 1) as b
        from orders o where o.id >= (select (min(id) + max(id)) / 2 from orders) order by o.id limit 1`,
    );
    if (!sample) throw new Error('orders: no orders in the data');
    const monthStart = `${jakartaDay(new Date()).slice(0, 7)}-01`;
    const lastMonthEnd = jakartaDay(new Date(Date.parse(`${monthStart}T00:00:00Z`) - DAY_MS));
    const lastMonth = { date_from: `${lastMonthEnd.slice(0, 7)}-01`, date_until: lastMonthEnd };
    const week = { date_from: `${lastMonthEnd.slice(0, 7)}-08`, date_until: `${lastMonthEnd.slice(0, 7)}-14` };
    const cases: [string, Record<string, string>][] = [
      ['no filter', {}],
      ['order_id (an order number)', { order_id: sample.order_no }],
      ['order_id (the order id)', { order_id: String(sample.id) }],
      ['order_id (a day’s prefix)', { order_id: sample.order_no.slice(0, 12) }],
      ['store_code A,B', { store_code: `${sample.a},${sample.b}` }],
      ['date_from + date_until (a week)', week],
      ['date_from + date_until (a month)', lastMonth],
      ['report=disbursement', { report: 'disbursement' }],
      ['report=unpick', { report: 'unpick' }],
      ['report=unpick&unpick_reason=3', { report: 'unpick', unpick_reason: '3' }],
      ['status=205 (waiting for checking)', { status: '205' }],
      ['status=410 (delivery incomplete)', { status: '410' }],
      ['status=210 (cancelled)', { status: '210' }],
      ['status=400 (distributed)', { status: '400' }],
      ['store_code A + a month + disbursement', { store_code: sample.a, ...lastMonth, report: 'disbursement' }],
    ];
    console.log(`\nOrder list, first page of ${PAGE} newest first with its total, as viewer (goal p95 ≤ 25 ms), ${n} requests each`);
    for (const [label, query] of cases) {
      const qs = new URLSearchParams({ limit: String(PAGE), ...query }).toString();
      const first = await get(`/api/v1/orders?${qs}`);
      const api = await timeIt(n, () => get(`/api/v1/orders?${qs}`));
      const rawTimes = await timeIt(n, () => rawList(raw, query));
      report(`orders, ${label}`, api, rawTimes);
      console.log(`  total ${first.meta?.total.toLocaleString('en')} (${first.meta?.total_kind})`);
      judge(`list, ${label}`, api.p95, 25);
    }

    const [ids] = await queryRows<{ lo: number; hi: number }>(db, sql`select min(id)::bigint as lo, max(id)::bigint as hi from orders`);
    const randomId = () => Number(ids!.lo) + Math.floor(Math.random() * (Number(ids!.hi) - Number(ids!.lo) + 1));
    const orders = new OrderService(raw);
    console.log(`\nOrder detail of a random order (lines, timeline, payment, delivery; goal p95 ≤ 10 ms)`);
    const detailApi = await timeIt(n, () => get(`/api/v1/orders/${randomId()}`));
    const detailRaw = await timeIt(n, () => orders.detail(randomId()));
    report('orders/{id}', detailApi, detailRaw);
    judge('detail', detailApi.p95, 10);

    console.log(`\nThe all-orders CSV export of ${lastMonth.date_from} – ${lastMonth.date_until} through the export job on the portal in its own process (goal ≤ 10 s, ≤ 300 MB peak RSS of the portal), beside COPY of its rows`);
    const exportHeaders = await tokenOf(EXPORTER);
    await built.app.close();
    const def = built.exports.definitions().find((d) => d.name === 'Export-order_management');
    if (!def) throw new Error('orders: the order export is not registered');
    const exportOnce = async () => {
      const portal = await startPortal({ databaseUrl: url, schema, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DB_POOL_MAX: String(poolMax) } });
      try {
        const before = portal.memoryMb();
        const start = performance.now();
        const res = await fetch(`${portal.url}/api/v1/orders/export?format=csv&${new URLSearchParams(lastMonth).toString()}`, { headers: exportHeaders });
        if (res.status !== 202) throw new Error(`export: ${res.status} ${(await res.text()).slice(0, 300)}`);
        const id = ((await res.json()) as { data: { id: number } }).data.id;
        // The job runs in the portal; its download entry says when the file is ready (polled: the bench is another process).
        for (;;) {
          const [entry] = await queryRows<{ finished: boolean; row_count: number | null; error: string | null }>(
            db,
            sql`select finished_at is not null as finished, row_count, error from downloads where id = ${id}`,
          );
          if (entry?.error) throw new Error(`export failed: ${entry.error}`);
          if (entry?.finished) {
            const ms = performance.now() - start;
            const sizeMb = fs.statSync(path.join(portal.dataDir, 'exports', `${id}.csv`)).size / 2 ** 20;
            return { ms, rows: Number(entry.row_count), sizeMb, before, after: portal.memoryMb() };
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await portal.stop();
      }
    };
    const q = def.listQuery.parse(lastMonth) as Record<string, unknown>;
    const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'admin.cms'`);
    const copyFile = path.join(dataDir, 'copy.csv');
    const copyMs = await copyBaseline(database, def, q, Number(admin?.id), copyFile);
    const exported = await exportOnce();
    const copyAgain = await copyBaseline(database, def, q, Number(admin?.id), copyFile);
    const copyBest = Math.min(copyMs ?? Infinity, copyAgain ?? Infinity);
    console.log(
      `export ${exported.rows.toLocaleString('en')} orders CSV (request → file ready)   ${secs(exported.ms)}, file ${exported.sizeMb.toFixed(1)} MB; the portal's RSS ${exported.before.rss.toFixed(0)} MB before, peak ${exported.after.peak.toFixed(0)} MB (peak before ${exported.before.peak.toFixed(0)} MB)   COPY ${secs(copyBest)}, ratio ${(exported.ms / copyBest).toFixed(2)}x`,
    );
    if (exported.ms > 10_000) missed.push(`export: ${secs(exported.ms)} > 10 s`);
    if (exported.after.peak > 300) missed.push(`export: the portal's peak RSS ${exported.after.peak.toFixed(0)} MB > 300 MB`);

    await place(url, schema, database, raw, { seconds, clients, poolMax, missed });
    console.log(`\nTargets: ${missed.length ? `${missed.length} missed:\n  ${missed.join('\n  ')}` : 'all met'}`);
  } finally {
    await raw.execute(sql`delete from consumer_sessions where created_at >= ${started}`);
    await rawPool.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

/**
 * Orders placed through POST app/orders on the portal in its own process (autocannon, closed loops) and through
 * OrderPlacementService on a pool of the same size, each for `seconds`: random consumers with tokens minted as the
 * consumer sign-in stores them, a random store, one to five of its products in stock (no purchase limit), delivery or
 * pick-up. Then the stock: none below zero, and what the touched store products lost equals the items the run's
 * orders hold.
 */
async function place(url: string, schema: string, database: Database, raw: Db, opts: { seconds: number; clients: number; poolMax: number; missed: string[] }): Promise<void> {
  const db = database.db;
  const people = (await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by random() limit 2000`)).map((r) => Number(r.id));
  const tokens = people.map(() => newToken());
  await db.execute(sql`insert into consumer_sessions (token_hash, consumer_id, created_at, expires_at)
    select t.hash, t.consumer_id, now(), now() + interval '1 day' from json_to_recordset(${JSON.stringify(people.map((id, i) => ({ consumer_id: id, hash: hashToken(tokens[i]!) })))}::json) as t(consumer_id int, hash text)`);
  const shelves = await queryRows<{ store_id: number; code: string; plus: string[]; product_ids: number[] }>(
    db,
    sql`select s.id as store_id, s.code, array_agg(x.plu order by x.plu) as plus, array_agg(x.product_id order by x.plu) as product_ids from stores s
      cross join lateral (select p.plu, p.id as product_id from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = s.id and sp.is_active and p.status = 1 and sp.stock >= 100
          and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id) order by p.id limit 30) x
      where s.status = 1 group by s.id, s.code having count(*) >= 5`,
  );
  const stockOf = async () =>
    new Map(
      (
        await queryRows<{ store_id: number; product_id: number; stock: number }>(
          db,
          sql`select sp.store_id, sp.product_id, sp.stock from store_products sp
            join json_to_recordset(${JSON.stringify(shelves.flatMap((s) => s.product_ids.map((p) => ({ s: s.store_id, p }))))}::json) as x(s int, p int) on sp.store_id = x.s and sp.product_id = x.p`,
        )
      ).map((r) => [`${r.store_id}:${r.product_id}`, Number(r.stock)]),
    );
  const runStart = new Date();
  const before = await stockOf();
  const runId = Date.now().toString(36);
  let seq = 0;
  const body = (): AppOrderBody => {
    const shelf = pick(shelves);
    const lines = 1 + Math.floor(Math.random() * 5);
    const from = Math.floor(Math.random() * shelf.plus.length);
    const items = Array.from({ length: lines }, (_, k) => ({ plu: shelf.plus[(from + k) % shelf.plus.length]!, quantity: 1 }));
    const pickUp = Math.random() < 0.3;
    return {
      store_code: shelf.code,
      fulfilment: pickUp ? 2 : 1,
      delivery_mode: pickUp ? null : Math.random() < 0.5 ? 1 : 2,
      delivery_address: pickUp ? null : 'Jl. Melati No. 12, Jakarta Selatan',
      items,
      client_ref: `BENCH-${runId}-${++seq}`,
    };
  };
  const portal = await startPortal({ databaseUrl: url, schema, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DB_POOL_MAX: String(opts.poolMax) } });
  try {
    console.log(`\nPlacing orders through POST /api/v1/app/orders (the portal in its own process at ${portal.url}, pool of ${opts.poolMax}; ${opts.clients} clients, ${opts.seconds} s; goal ≥ 500 orders/s), beside OrderPlacementService on a pool without HTTP`);
    const api = await driveHttp({
      url: portal.url,
      clients: opts.clients,
      seconds: opts.seconds,
      headers: { 'content-type': 'application/json' },
      next: () => ({ method: 'POST', path: '/api/v1/app/orders', body: JSON.stringify(body()), headers: { authorization: `Bearer ${pick(tokens)}` } }),
    });
    const placement = new OrderPlacementService(raw);
    const rawRun = await driveLoops(opts.clients, opts.seconds, () => placement.place(pick(people), body(), new Date()));
    console.log(
      `  API ${Math.round(api.rps).toLocaleString('en').padStart(6)} orders/s p50 ${api.p50.toFixed(1)} p95 ${api.p95.toFixed(1)} ms, failed ${api.failed}${api.firstFailure ? ` (${api.firstFailure})` : ''}` +
        `   raw ${Math.round(rawRun.rps).toLocaleString('en').padStart(6)} orders/s p95 ${rawRun.p95.toFixed(1)} ms, failed ${rawRun.failed}${rawRun.firstFailure ? ` (${rawRun.firstFailure})` : ''}   ratio ${(rawRun.rps / Math.max(api.rps, 0.001)).toFixed(2)}x`,
    );
    if (api.rps < 500) opts.missed.push(`placing: ${Math.round(api.rps)} orders/s < 500`);
  } finally {
    await portal.stop();
  }
  const after = await stockOf();
  let taken = 0;
  for (const [key, stock] of before) taken += stock - (after.get(key) ?? stock);
  const mine = `BENCH-${runId}-%`;
  const [check] = await queryRows<{ orders: number; units: number; negative: number; returned: number }>(
    db,
    sql`select (select count(*) from orders where client_ref like ${mine})::int as orders,
      (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where o.client_ref like ${mine})::int as units,
      (select count(*) from store_products where stock < 0)::int as negative,
      -- Unpaid orders of before this run that the portal's expiry job ended meanwhile gave their stock back.
      (select coalesce(sum(i.picked_quantity), 0) from order_events e join orders o on o.id = e.order_id join order_items i on i.order_id = o.id
        join json_to_recordset(${JSON.stringify(shelves.flatMap((sh) => sh.product_ids.map((p) => ({ s: sh.store_id, p }))))}::json) as x(s int, p int) on x.s = o.store_id and x.p = i.product_id
        where e.at >= ${runStart} and e.action in ('expire', 'payment_fail', 'cancel') and (o.client_ref is null or o.client_ref not like ${mine}))::int as returned`,
  );
  const exact = check && check.negative === 0 && Number(check.units) - Number(check.returned) === taken;
  console.log(
    `  check: ${check?.orders.toLocaleString('en')} orders placed holding ${check?.units.toLocaleString('en')} units; the stores' stock fell by ${taken.toLocaleString('en')}` +
      `${check?.returned ? ` after ${check.returned.toLocaleString('en')} units went back from earlier orders expired meanwhile` : ''}; ${check?.negative} store products below zero: ${exact ? 'no oversell' : 'MISMATCH'}`,
  );
  if (!exact) opts.missed.push('placing: the stock taken is not the units ordered, or below zero');
}
