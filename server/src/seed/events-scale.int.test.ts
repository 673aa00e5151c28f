import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDay, type AnalyticsQuery, type DayPeriod } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { ContentAnalyticsService } from '../domains/analytics/content-analytics.service.ts';
import { PlanogramAnalyticsService } from '../domains/analytics/planogram-analytics.service.ts';
import { useHarness, type Harness } from '../../test/harness.ts';
import { rawEventWidgets } from '../../test/events-raw.ts';
import { appDayOfEvents, GENERATED_EVENT_PREFIX, generateEvents } from './events-scale.ts';

const EVENTS = 20_000;
const generated = sql`e.event_id between ${`${GENERATED_EVENT_PREFIX}000000000000`}::uuid and ${`${GENERATED_EVENT_PREFIX}ffffffffffff`}::uuid`;

/** Every generated event, planogram and content item, reduced to a few sums that differ if any value of any row differs. */
async function fingerprint(db: Db) {
  const [e] = await queryRows(
    db,
    sql`select count(*)::int as events, sum(hashtext(e.event_id || ':' || e.consumer_id || ':' || e.type || ':' || coalesce(e.planogram_id, 0) || ':' || coalesce(e.product_id, 0) || ':' ||
        coalesce(e.content_id, 0) || ':' || coalesce(e.store_id, 0) || ':' || extract(epoch from e.at) || ':' || extract(epoch from e.received_at))::bigint)::bigint as rows
      from app_events e where ${generated}`,
  );
  const [s] = await queryRows(
    db,
    sql`select (select sum(hashtext(id || title || start_date || end_date || priority || position))::bigint from planograms) as planograms,
        (select sum(hashtext(planogram_id || ':' || product_id))::bigint from planogram_products) as shelf_products,
        (select sum(hashtext(id || kind || title || start_at || end_at || status || coalesce(campaign_id, 0)))::bigint from content_items) as contents`,
  );
  return { ...e, ...s };
}

describe('the app events scale generator', () => {
  // Two copies of the same demo database: the generator must write the same events into both.
  const a = useHarness();
  const b = useHarness();
  /** The harness's database; on PGlite (one connection, two schemas) its schema is put first on the path. */
  async function dbOf(h: Harness): Promise<Db> {
    const raw = h.testDb.database.raw;
    if (raw.kind === 'pglite') await raw.client.exec(`set search_path to ${h.testDb.schema}`);
    return h.testDb.database.db;
  }

  it('writes the same events for the same size, shaped like a year of the app, with the rollups and every widget equal to them', { timeout: 300_000 }, async () => {
    const now = a.clock.now();
    const made = await generateEvents(await dbOf(a), { events: EVENTS, now });
    const first = await fingerprint(await dbOf(a));
    const again = await generateEvents(await dbOf(b), { events: EVENTS, now });
    expect(await fingerprint(await dbOf(b))).toEqual(first);
    expect(again).toMatchObject({ events: made.events, planograms: made.planograms, contents: made.contents, from: made.from, to: made.to, skipped: false });

    const db = await dbOf(a);
    expect((await generateEvents(db, { events: EVENTS, now })).skipped).toBe(true);
    expect(made.events).toBe(first.events);
    expect(Math.abs(made.events - EVENTS) / EVENTS).toBeLessThan(0.05);
    expect(made.to).toBe(addDays(jakartaDay(now), -1));
    expect(made.from).toBe(addDays(made.to, -364));
    expect(made.planograms).toBeGreaterThanOrEqual(20);

    // Impressions far more than clicks, clicks far more than add-to-carts; each event names what it is about; in time order of their ids.
    const [shape] = await queryRows(
      db,
      sql`select count(*) filter (where e.type = 1)::int as impressions, count(*) filter (where e.type = 2)::int as clicks, count(*) filter (where e.type = 3)::int as carts,
          count(*) filter (where e.planogram_id is null and e.product_id is null and e.content_id is null)::int as about_nothing,
          count(*) filter (where e.type = 3 and e.product_id is null)::int as carts_without_product,
          avg((e.store_id is null)::int)::float8 as without_store, count(distinct e.consumer_id)::int as consumers, count(distinct e.planogram_id)::int as planograms,
          count(distinct e.content_id)::int as contents, min((e.at at time zone 'Asia/Jakarta')::date)::text as first_day, max((e.at at time zone 'Asia/Jakarta')::date)::text as last_day,
          max(e.received_at) <= ${now} and min(e.received_at - e.at) >= interval '0' as received_in_time,
          -- A month's events are in time order; the next month's first night hours at a WIT store fall before the last hour of the month in Jakarta.
          (select count(*) from (select e2.at < lag(e2.at) over (order by e2.id) - interval '3 hours' as back from app_events e2 where e2.id >= min(e.id)) x where back)::int as out_of_order
        from app_events e where ${generated}`,
    );
    expect(shape).toMatchObject({ about_nothing: 0, carts_without_product: 0, received_in_time: true, out_of_order: 0, last_day: made.to });
    expect(String(shape!.first_day) >= addDays(made.from, -1)).toBe(true);
    expect(Number(shape!.impressions)).toBeGreaterThan(3 * Number(shape!.clicks));
    expect(Number(shape!.clicks)).toBeGreaterThan(3 * Number(shape!.carts));
    expect(Number(shape!.carts)).toBeGreaterThan(0);
    expect(Number(shape!.without_store)).toBeGreaterThan(0.01);
    expect(Number(shape!.without_store)).toBeLessThan(0.06);
    expect(Number(shape!.planograms)).toBeGreaterThan(10);
    expect(Number(shape!.contents)).toBeGreaterThan(10);

    // Skewed: the busiest tenth of the consumers and the top shelves of a day take far more than their share; shelves and content shown while live.
    const [skew] = await queryRows(
      db,
      sql`with per as (select e.consumer_id, count(*) as n from app_events e where ${generated} group by 1),
          ranked as (select n, row_number() over (order by n desc) as rn, count(*) over () as consumers, sum(n) over () as total from per)
        select (select sum(n) from ranked where rn <= ceil(consumers * 0.1))::float8 / max(total) as top_consumers,
          (select count(*) from app_events e join planograms pl on pl.id = e.planogram_id where ${generated}
            and (e.at at time zone 'Asia/Jakarta')::date not between pl.start_date - 1 and pl.end_date + 1)::int as shelves_not_live,
          (select count(*) from app_events e join content_items c on c.id = e.content_id where ${generated}
            and (e.at < c.start_at - interval '1 day' or e.at > c.end_at + interval '1 day'))::int as content_not_live,
          (select count(*) from content_items where kind in ('offer', 'banner', 'push-message') and campaign_id is not null)::int as in_campaigns
        from ranked`,
    );
    expect(Number(skew!.top_consumers)).toBeGreaterThan(0.2);
    expect(skew).toMatchObject({ shelves_not_live: 0, content_not_live: 0 });
    expect(Number(skew!.in_campaigns)).toBeGreaterThan(0);

    // The watermark past every event, the sequence past the ids taken by hand, the indexes built again.
    const [mark] = await queryRows(
      db,
      sql`select (select max(id) from app_events)::bigint as high, (select last_id from rollup_watermarks where name = 'events') as watermark,
          (select count(*) from pg_indexes where schemaname = current_schema() and tablename = 'app_events')::int as indexes,
          nextval(pg_get_serial_sequence('app_events', 'id')) as next`,
    );
    expect(Number(mark!.watermark)).toBe(Number(mark!.high));
    expect(Number(mark!.next)).toBeGreaterThan(Number(mark!.high));
    expect(Number(mark!.indexes)).toBeGreaterThanOrEqual(3);

    // Every planogram and content widget, from the rollups, equals the same figures from the raw events and sales, for periods short and long, filtered or not.
    const plano = new PlanogramAnalyticsService(db, a.clock);
    const content = new ContentAnalyticsService(db, a.clock);
    const [store] = await queryRows<{ code: string; province_code: string }>(db, sql`select s.code, s.province_code from stores s where s.status = 1 order by s.province_code desc, s.id limit 1`);
    const [shelf] = await queryRows<{ id: number }>(db, sql`select e.planogram_id as id from app_events e where ${generated} and e.planogram_id is not null group by 1 order by count(*) desc limit 1`);
    const lastMonth = `${addDays(`${made.to.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const periods: DayPeriod[] = [
      { from: made.from, to: made.to },
      { from: lastMonth, to: addDays(`${made.to.slice(0, 7)}-01`, -1) },
      { from: addDays(made.to, -29), to: made.to },
      { from: addDays(made.from, 40), to: addDays(made.from, 140) },
    ];
    const filters: Partial<AnalyticsQuery>[] = [{}, { store_code: store!.code }, { province_code: store!.province_code, basis: 'store' }, { basis: 'store' }];
    const ranked = { order: 'desc' as const, page: 1, limit: 50 };
    let compared = 0;
    for (const p of periods) {
      for (const f of filters) {
        const q: AnalyticsQuery = { basis: 'wib', ...f, ...p };
        const pairs: [string, unknown, unknown][] = [
          ['planogram summary', await plano.summary(q), await rawEventWidgets.planogramSummary(db, q, p)],
          ['planograms', await plano.planograms({ ...q, ...ranked, measure: 'clicks' }), await rawEventWidgets.planograms(db, { ...q, ...ranked, measure: 'clicks' }, p)],
          ['shelf products', await plano.products({ ...q, ...ranked, measure: 'carts', planogram_id: Number(shelf!.id) }), await rawEventWidgets.products(db, { ...q, ...ranked, measure: 'carts', planogram_id: Number(shelf!.id) }, p)],
          ['products', await plano.products({ ...q, ...ranked, order: 'asc', measure: 'impressions' }), await rawEventWidgets.products(db, { ...q, ...ranked, order: 'asc', measure: 'impressions' }, p)],
          ['content summary', await content.summary(q), await rawEventWidgets.contentSummary(db, q, p)],
          ['banners', await content.ranking({ ...q, ...ranked, kind: 'banner', measure: 'clicks' }), await rawEventWidgets.contentRanking(db, { ...q, ...ranked, kind: 'banner', measure: 'clicks' }, p)],
          ['campaigns', await content.campaigns({ ...q, ...ranked, measure: 'impressions' }), await rawEventWidgets.campaigns(db, { ...q, ...ranked, measure: 'impressions' }, p)],
          ['offer top average', await content.offerTopAverage({ ...q, page: 1, limit: 50 }), await rawEventWidgets.offerTopAverage(db, { ...q, page: 1, limit: 50 }, p)],
        ];
        for (const [name, rolled, raw] of pairs) {
          compared++;
          if (!isDeepStrictEqual(rolled, raw)) expect(rolled, `${name} ${JSON.stringify(q)}`).toEqual(raw);
        }
      }
    }
    expect(compared).toBe(periods.length * filters.length * 8);
    // The exports rank every row the pages rank, page by page.
    const yearQ = { basis: 'wib' as const, from: made.from, to: made.to, ...ranked, measure: 'sales' as const };
    for (const [source, id, page] of [
      [plano.planogramRanking(yearQ), 'planogram_id', await plano.planograms(yearQ)],
      [plano.productRanking({ ...yearQ, planogram_id: Number(shelf!.id) }), 'product_id', await plano.products({ ...yearQ, planogram_id: Number(shelf!.id) })],
    ] as const) {
      const all = await queryRows(db, sql`select * from (${source}) x order by rank, ${sql.raw(id)} limit ${ranked.limit}`);
      expect(all.length).toBe(page.data.length);
      expect(Number(all[0]?.total)).toBe(page.meta.total);
      expect(all.map((r) => Number(r.previous_value))).toEqual(page.data.map((r) => r.previous_value));
    }
    const year = await plano.summary({ basis: 'wib', from: made.from, to: made.to });
    expect(year.current.impressions).toBeGreaterThan(Number(shape!.impressions) / 2);

    // A day of the app's traffic to send: the last 24 hours, products by PLU and stores by code, nothing written.
    const day = await appDayOfEvents(db, 3_000, now);
    expect(Math.abs(day.length - 3_000) / 3_000).toBeLessThan(0.15);
    const times = day.map((e) => Date.parse(e.at));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - 26 * 3_600_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime() + 10 * 60_000);
    expect(day.every((e) => e.planogram_id !== null || e.plu !== null || e.content_id !== null)).toBe(true);
    expect(day.some((e) => e.plu !== null && e.store_code !== null)).toBe(true);
    expect((await fingerprint(db)).events).toBe(made.events);
  });
});
