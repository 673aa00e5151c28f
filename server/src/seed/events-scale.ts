import { sql, type SQL } from 'drizzle-orm';
import { addDays, jakartaDay, jakartaDayStart, TIME_ZONE } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { catchUpEventRollups, EVENTS_SOURCE } from '../domains/analytics/event-rollup.ts';
import { holdWriterLock } from '../domains/analytics/rollup-engine.ts';
import { generateEventSchedule } from './events-scale-schedule.ts';
import { dayCounts, unit } from './sales-scale.ts';
import { affected, lit, num } from './scale-sql.ts';

/** Generated events' ids: this prefix and twelve hex digits (the moment and its step), which a phone's random UUID never takes. */
export const GENERATED_EVENT_PREFIX = 'e7e7e7e7-0000-4000-8000-';

/**
 * A moment is one look of a consumer at something in the app: a planogram (shelf) on a screen, a product found by
 * search, or a piece of content. Each gives one impression and sometimes more: a shelf is opened (a click) and some of
 * its products seen, opened and put in the cart; a searched product is opened and carted; content is opened.
 */
const SHELF_SHARE = 0.65;
const SEARCH_SHARE = 0.1;
const SHELF_OPENED = 0.2;
/** Products seen in an opened shelf: 1 to this many, each the k-th tile's product (the first tiles more often). */
const SHELF_TILES = 7;
const TILE_CLICK = 0.25;
const TILE_CART = 0.1;
const SEARCH_CLICK = 0.35;
const SEARCH_CART = 0.1;
/** Content moments by kind, and how often each kind is opened when seen. */
const CONTENT_KINDS = [
  { kind: 'offer', share: 0.5, click: 0.1 },
  { kind: 'banner', share: 0.4, click: 0.04 },
  { kind: 'push-message', share: 0.1, click: 0.25 },
] as const;
/** Skews (an index ⌊n·u^skew⌋): frequent app users, shelves at the top of the screen, the first tiles, popular products (sales-scale.ts's), content by priority. */
const CONSUMER_SKEW = 1.5;
const SHELF_SKEW = 2;
const TILE_SKEW = 1.5;
const PRODUCT_SKEW = 4;
const CONTENT_SKEW = 1.5;
const STORE_SKEW = 1.3;
/** A consumer browses their home store's catalogue (one in their province), sometimes another, sometimes none chosen yet. */
const NO_STORE = 0.03;
const AWAY_STORE = 0.07;
/** Hours of the consumer's day: the night, the evening after work (18–22, busiest at 20), lunch (11:30–13:30), the rest 06–23. */
const NIGHT = 0.04;
const EVENING = 0.45;
const LUNCH = 0.15;
/** Seconds between one step of a moment and the next (a tile's click after its impression). */
const STEP_SECONDS = 3;
/** Steps a moment numbers its events by: the event id is moment · 32 + step. */
const STEPS = 32;
/** The rollups count the generated events about a month of the benchmark's at a time (rollup-engine.ts, catchUp). */
const COUNT_STEP = 2_500_000;

const CONTENT_CLICK_SHARE = CONTENT_KINDS.reduce((n, k) => n + k.share * k.click, 0);
/** Events a moment gives on average, to turn a number of events into moments. */
const EVENTS_PER_MOMENT =
  SHELF_SHARE * (1 + SHELF_OPENED * (1 + ((1 + SHELF_TILES) / 2) * (1 + TILE_CLICK + TILE_CART))) +
  SEARCH_SHARE * (1 + SEARCH_CLICK + SEARCH_CART) +
  (1 - SHELF_SHARE - SEARCH_SHARE) * (1 + CONTENT_CLICK_SHARE);

export interface EventsScaleOptions {
  /** About this many events. */
  events: number;
  /** The events cover the `days` days up to yesterday, Asia/Jakarta, of this moment (default now): the generated sales' year. */
  now?: Date;
  days?: number;
  log?: (message: string) => void;
}

export interface EventsScaleResult {
  events: number;
  planograms: number;
  contents: number;
  from: string;
  to: string;
  /** Seconds spent writing the events (with the schedule), building the table's indexes again, and bringing the rollups current. */
  writeSeconds: number;
  indexSeconds: number;
  rollupSeconds: number;
  /** True when the database already held generated events: nothing was written. */
  skipped: boolean;
}

const u = (expr: string, salt: number) => sql.raw(unit(expr, salt));

/**
 * Writes about `events` app events set-based in SQL, as the consumer app would have sent them over the `days` days
 * (default a year) up to yesterday, Asia/Jakarta, with the planograms and content they are about (events-scale-schedule.ts,
 * in proportion to the catalog). Moments m = 1 … M are spread over the days by the demo's seasonality (as the sales
 * are), each with every attribute a hash of m: the consumer (frequent users more often), the store whose catalogue they
 * browse, the time of their day, what they look at (a shelf live that day, the top ones more often; a product by
 * popularity; an offer, banner or message live that day) and what follows. Impressions far outnumber clicks, and
 * clicks add-to-carts.
 *
 * One transaction, holding the writers' side of the events' rollup lock as the app's batches do: the table's secondary
 * indexes are dropped for the load and built again after it (the same definitions, read from the catalog), and the ids
 * come from the table's sequence in time order, a calendar month per statement. Afterwards the event rollups catch up
 * from their watermark. Refuses (skipped) when the database already holds generated events.
 */
export async function generateEvents(db: Db, opts: EventsScaleOptions): Promise<EventsScaleResult> {
  const now = opts.now ?? new Date();
  const days = opts.days ?? 365;
  const log = opts.log ?? (() => {});
  const to = addDays(jakartaDay(now), -1);
  const from = addDays(to, -(days - 1));
  const result = { events: 0, planograms: 0, contents: 0, from, to, writeSeconds: 0, indexSeconds: 0, rollupSeconds: 0, skipped: false };
  const prefix = GENERATED_EVENT_PREFIX;
  if ((await queryRows(db, sql`select 1 from app_events where event_id between ${`${prefix}000000000000`}::uuid and ${`${prefix}ffffffffffff`}::uuid limit 1`)).length) {
    return { ...result, skipped: true };
  }
  const [have] = await queryRows<{ stores: number; products: number; consumers: number }>(
    db,
    sql`select (select count(*) from stores where status = 1)::int as stores, (select count(*) from products where status = 1 and price > 0)::int as products,
      (select count(*) from consumers where status = 1)::int as consumers`,
  );
  if (!Number(have?.stores) || !Number(have?.products) || !Number(have?.consumers)) throw new Error('generateEvents needs active stores, products with a price and consumers (seed the catalog and consumers first)');

  const moments = Math.max(1, Math.round(opts.events / EVENTS_PER_MOMENT));
  const counts = dayCounts(from, days, moments);
  const months = [...new Set(counts.map((d) => d.day.slice(0, 7)))];
  const started = performance.now();
  await db.transaction(async (tx) => {
    await holdWriterLock(tx, EVENTS_SOURCE);
    await roomToSort(tx);
    const indexes = await secondaryIndexes(tx, 'app_events');
    for (const i of indexes) await tx.execute(sql`drop index ${sql.identifier(i.name)}`);
    const schedule = await generateEventSchedule(tx, from, to, now);
    Object.assign(result, schedule);
    log(`${schedule.planograms.toLocaleString('en')} planograms and ${schedule.contents.toLocaleString('en')} content items scheduled`);
    await lookups(tx, from, to);
    for (const month of months) {
      const t = performance.now();
      await tx.execute(momentsOf(counts.filter((d) => d.day.startsWith(month))));
      await tx.execute(sql`analyze gen_moments`);
      const made = affected(await tx.execute(sql`insert into app_events (id, event_id, consumer_id, type, planogram_id, product_id, content_id, store_id, at, received_at)
        select nextval(pg_get_serial_sequence('app_events', 'id')), (${prefix}::text || lpad(to_hex(e), 12, '0'))::uuid, consumer_id, type, planogram_id, product_id,
          content_id, store_id, at, least(at + (2 + 118 * ${u('e', 70)}) * interval '1 second', ${now.toISOString()}::timestamptz)
        from (${eventsOfMoments()} order by at, e) x`));
      await tx.execute(sql`drop table gen_moments`);
      result.events += made;
      log(`${month}: ${made.toLocaleString('en')} events in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    result.writeSeconds = (performance.now() - started) / 1000;
    const built = performance.now();
    for (const i of indexes) {
      const t = performance.now();
      await tx.execute(sql.raw(i.def));
      log(`index ${i.name} built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    result.indexSeconds = (performance.now() - built) / 1000;
  });
  for (const table of ['app_events', 'planograms', 'planogram_products', 'content_items']) await db.execute(sql.raw(`analyze ${table}`));
  log(`${result.events.toLocaleString('en')} events written in ${result.writeSeconds.toFixed(1)} s, indexes in ${result.indexSeconds.toFixed(1)} s; the rollups catch up`);

  const counting = performance.now();
  await catchUpEventRollups(db, now, COUNT_STEP);
  result.rollupSeconds = (performance.now() - counting) / 1000;
  log(`event rollups current in ${result.rollupSeconds.toFixed(1)} s`);
  return result;
}

/** An event of a day of the app's traffic: its consumer, type code (1 impression, 2 click, 3 add to cart), what it is about and when. */
export type AppDayEvent = {
  consumer_id: number;
  type: number;
  planogram_id: number | null;
  plu: string | null;
  content_id: number | null;
  store_code: string | null;
  at: string;
};

/**
 * A day of the app's traffic shaped as the generator shapes a year's (the same moments, over the day before `now`),
 * shifted to the 24 hours up to `now`, for sending through the events endpoint as the app does: each event with its
 * product's PLU and its store's code, ordered by consumer and time. Nothing is written.
 */
export async function appDayOfEvents(db: Db, count: number, now: Date): Promise<AppDayEvent[]> {
  const day = addDays(jakartaDay(now), -1);
  const shift = now.getTime() - jakartaDayStart(addDays(day, 1)).getTime();
  const moments = Math.max(1, Math.round(count / EVENTS_PER_MOMENT));
  return db.transaction(async (tx) => {
    await roomToSort(tx);
    await lookups(tx, day, day);
    // Moments numbered past any year's, so a day's draws differ from the generated days'.
    await tx.execute(momentsOf([{ day, g0: 1_000_000_000 + Math.floor(now.getTime() / 1000) % 1_000_000_000, n: moments }]));
    const rows = await queryRows<AppDayEvent>(
      tx,
      sql`select e.consumer_id, e.type, e.planogram_id, p.plu, e.content_id, s.code as store_code, to_json(e.at + ${`${shift} milliseconds`}::interval) #>> '{}' as at
        from (${eventsOfMoments()}) e left join products p on p.id = e.product_id left join stores s on s.id = e.store_id
        order by e.consumer_id, e.at, e.e`,
    );
    await tx.execute(sql`drop table gen_moments`);
    return rows.map((r) => ({ ...r, consumer_id: Number(r.consumer_id), type: Number(r.type), planogram_id: r.planogram_id === null ? null : Number(r.planogram_id), content_id: r.content_id === null ? null : Number(r.content_id) }));
  });
}

/** Room to sort and hash a month of events, and to build an index over them, unless the connection has more already. */
async function roomToSort(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('work_mem', '64MB', true) where pg_size_bytes(current_setting('work_mem')) < pg_size_bytes('64MB')`);
  await tx.execute(sql`select set_config('maintenance_work_mem', '512MB', true) where pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes('512MB')`);
}

/** A table's indexes other than those behind its constraints (the primary key): name and definition. */
async function secondaryIndexes(tx: Tx, table: string): Promise<{ name: string; def: string }[]> {
  return queryRows<{ name: string; def: string }>(
    tx,
    sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = ${table} and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by i.relname`,
  );
}

/**
 * The transaction's lookup tables for drawing moments over [first, last]: consumers with their home store, stores with
 * their time zone, products by popularity, each planogram's products (the popular first), and each day's live
 * planograms (by priority and position, as the app's home screen orders them) and live content by kind.
 */
async function lookups(tx: Tx, first: string, last: string): Promise<void> {
  await tx.execute(sql`create temp table gen_stores on commit drop as
    select row_number() over (order by id) as rn, id, store_time_zone(province_code) as tz from stores where status = 1`);
  await tx.execute(sql`create temp table gen_consumers on commit drop as
    with everywhere as (select array_agg(id order by id) as ids from stores where status = 1),
      near as (select province_code, array_agg(id order by id) as ids from stores where status = 1 group by province_code)
    select row_number() over (order by c.id) as rn, c.id,
      coalesce(near.ids[1 + floor(cardinality(near.ids) * ${u('c.id', 71)})::int], everywhere.ids[1 + floor(cardinality(everywhere.ids) * power(${u('c.id', 72)}, ${num(STORE_SKEW)}))::int]) as store_id
    from consumers c cross join everywhere left join near on near.province_code = c.province_code where c.status = 1`);
  await tx.execute(sql`create temp table gen_popular on commit drop as
    select row_number() over (order by hashint8extended(id, 11), id) as rn, id from products where status = 1 and price > 0`);
  await tx.execute(sql`create temp table gen_shelf_products on commit drop as
    select pp.planogram_id, array_agg(p.id order by p.rn) as ids from planogram_products pp join gen_popular p on p.id = pp.product_id group by pp.planogram_id`);
  await tx.execute(sql`create temp table gen_days on commit drop as select d::date as day from generate_series(${first}::date, ${last}::date, interval '1 day') d`);
  await tx.execute(sql`create temp table gen_day_shelves on commit drop as
    select d.day, array_agg(pl.id order by pl.priority, pl.position, pl.id) as ids
    from gen_days d join planograms pl on pl.status = 1 and pl.start_date <= d.day and pl.end_date >= d.day group by d.day`);
  const dayStart = (day: string) => sql.raw(`(${day}::timestamp at time zone '${TIME_ZONE}')`);
  // Published content live some time of the day, by kind and (kind 'any') of every kind.
  await tx.execute(sql`create temp table gen_day_content on commit drop as
    select d.day, coalesce(c.kind, 'any') as kind, array_agg(c.id order by c.priority, c.position nulls last, c.id) as ids
    from gen_days d join content_items c on c.kind in ('offer', 'banner', 'push-message') and c.status in (2, 3, 4)
      and c.start_at < ${dayStart('(d.day + 1)')} and c.end_at > ${dayStart('d.day')}
    group by grouping sets ((d.day, c.kind), (d.day))`);
  // The planner joins a month of moments to these by hash once it knows their sizes.
  for (const table of ['gen_stores', 'gen_consumers', 'gen_popular', 'gen_shelf_products', 'gen_day_shelves', 'gen_day_content']) await tx.execute(sql.raw(`analyze ${table}`));
}

/** A case over u choosing among the content kinds by their shares. */
function contentKind(uExpr: string): SQL {
  let cumulative = 0;
  const arms = CONTENT_KINDS.map((k) => `when ${uExpr} < ${(cumulative += k.share)} then ${lit(k.kind)}`);
  return sql.raw(`case ${arms.join(' ')} else ${lit(CONTENT_KINDS[0].kind)} end`);
}

/**
 * `gen_moments`: a chunk's moments (days with their first number g0 and count n), each with its consumer, store, time
 * (in the store's zone, Jakarta's without a store), what it is about and what follows: `what` 1 a shelf (its planogram,
 * opened or not, tiles seen), 2 a searched product (clicked, carted), 3 content (its item, clicked).
 */
function momentsOf(chunk: { day: string; g0: number; n: number }[]): SQL {
  const r = (salt: number) => unit('m0.m', salt);
  const hours = sql.raw(`case when ${r(5)} < ${NIGHT} then 6 * ${r(6)}
      when ${r(5)} < ${NIGHT + EVENING} then 18 + 2 * (${r(6)} + ${r(7)})
      when ${r(5)} < ${NIGHT + EVENING + LUNCH} then 11.5 + (${r(6)} + ${r(7)})
      else 6 + 17 * ${r(6)} end`);
  const clickOf = sql.raw(`case m1.content_kind ${CONTENT_KINDS.map((k) => `when ${lit(k.kind)} then ${k.click}`).join(' ')} else 0 end`);
  return sql`create temp table gen_moments on commit drop as
    with n as (select (select count(*) from gen_consumers) as consumers, (select count(*) from gen_stores) as stores, (select count(*) from gen_popular) as products),
      d as (select * from json_to_recordset(${JSON.stringify(chunk)}::json) as d(day date, g0 bigint, n int)),
      m0 as (
        select m, d.day, 1 + floor(n.consumers * power(${u('m', 1)}, ${num(CONSUMER_SKEW)}))::bigint as consumer_rn, ${u('m', 2)} as store_u,
          1 + floor(n.stores * power(${u('m', 3)}, ${num(STORE_SKEW)}))::bigint as away_rn, ${u('m', 4)} as what_u,
          1 + floor(n.products * power(${u('m', 11)}, ${num(PRODUCT_SKEW)}))::bigint as product_rn
        from d cross join lateral generate_series(d.g0 + 1, d.g0 + d.n) m cross join n),
      m1 as (
        select m0.m, m0.day, c.id as consumer_id, case when m0.store_u < ${num(NO_STORE)} then null when m0.store_u < ${num(NO_STORE + AWAY_STORE)} then away.id else c.store_id end as store_id,
          ${hours} as hours, case when m0.what_u < ${num(SHELF_SHARE)} then 1 when m0.what_u < ${num(SHELF_SHARE + SEARCH_SHARE)} then 2 else 3 end as what,
          ${contentKind(r(12))} as content_kind, m0.product_rn
        from m0 join gen_consumers c on c.rn = m0.consumer_rn left join gen_stores away on away.rn = m0.away_rn)
    select m1.m, m1.consumer_id, m1.store_id, m1.what, (m1.day::timestamp + m1.hours * interval '1 hour') at time zone coalesce(st.tz, ${TIME_ZONE}) as at,
      case when m1.what = 1 then sh.ids[1 + floor(cardinality(sh.ids) * power(${u('m1.m', 8)}, ${num(SHELF_SKEW)}))::int] end as planogram_id,
      ${u('m1.m', 9)} < ${num(SHELF_OPENED)} as opened, 1 + floor(${num(SHELF_TILES)} * ${u('m1.m', 10)})::int as tiles,
      case when m1.what = 2 then p.id end as product_id, ${u('m1.m', 9)} < ${num(SEARCH_CLICK)} as clicked, ${u('m1.m', 10)} < ${num(SEARCH_CART)} as carted,
      case when m1.what = 3 then (coalesce(k.ids, anyk.ids))[1 + floor(cardinality(coalesce(k.ids, anyk.ids)) * power(${u('m1.m', 8)}, ${num(CONTENT_SKEW)}))::int] end as content_id,
      ${u('m1.m', 9)} < ${clickOf} as opened_content
    from m1 left join gen_stores st on st.id = m1.store_id
      left join gen_day_shelves sh on sh.day = m1.day and m1.what = 1
      left join gen_popular p on p.rn = m1.product_rn and m1.what = 2
      left join gen_day_content k on k.day = m1.day and k.kind = m1.content_kind and m1.what = 3
      left join gen_day_content anyk on anyk.day = m1.day and anyk.kind = 'any' and m1.what = 3`;
}

/**
 * The events of `gen_moments`, each numbered e = moment · 32 + step and timed STEP_SECONDS a step after its moment:
 * a shelf's impression (step 0) and click (1) and its tiles' impressions, clicks and add-to-carts (from step 2, three a
 * tile: the same product each); a searched product's impression, click and add-to-cart (0–2); content's impression and
 * click (0–1). A moment with nothing to show (no shelf or content live that day) gives none.
 */
function eventsOfMoments(): SQL {
  const step = (expr: string) => sql.raw(`mo.at + (${expr}) * interval '${STEP_SECONDS} seconds'`);
  const tile = 'mo.m * 8 + k';
  const columns = (e: string, type: string, planogram: string, product: string, content: string, at: SQL) =>
    sql`select ${sql.raw(e)} as e, mo.consumer_id, ${sql.raw(type)}::smallint as type, ${sql.raw(planogram)}::int as planogram_id, ${sql.raw(product)}::int as product_id,
      ${sql.raw(content)}::int as content_id, mo.store_id, ${at} as at`;
  const m = `mo.m * ${STEPS}`;
  return sql`${columns(m, '1', 'mo.planogram_id', 'null', 'null', step('0'))} from gen_moments mo where mo.what = 1 and mo.planogram_id is not null
    union all ${columns(`${m} + 1`, '2', 'mo.planogram_id', 'null', 'null', step('1'))} from gen_moments mo where mo.what = 1 and mo.planogram_id is not null and mo.opened
    union all ${columns(`${m} + 2 + (k - 1) * 3 + t.type - 1`, 't.type', 'mo.planogram_id', `sp.ids[1 + floor(cardinality(sp.ids) * power(${unit(tile, 30)}, ${TILE_SKEW}))::int]`, 'null', step('2 + (k - 1) * 3 + t.type - 1'))}
      from gen_moments mo join gen_shelf_products sp on sp.planogram_id = mo.planogram_id cross join lateral generate_series(1, mo.tiles) k cross join (values (1), (2), (3)) t(type)
      where mo.what = 1 and mo.opened and (t.type = 1 or (t.type = 2 and ${u(tile, 31)} < ${num(TILE_CLICK)}) or (t.type = 3 and ${u(tile, 32)} < ${num(TILE_CART)}))
    union all ${columns(`${m} + t.type - 1`, 't.type', 'null', 'mo.product_id', 'null', step('t.type - 1'))}
      from gen_moments mo cross join (values (1), (2), (3)) t(type) where mo.what = 2 and mo.product_id is not null and (t.type = 1 or (t.type = 2 and mo.clicked) or (t.type = 3 and mo.carted))
    union all ${columns(`${m} + t.type - 1`, 't.type', 'null', 'null', 'mo.content_id', step('t.type - 1'))}
      from gen_moments mo cross join (values (1), (2)) t(type) where mo.what = 3 and mo.content_id is not null and (t.type = 1 or mo.opened_content)`;
}
