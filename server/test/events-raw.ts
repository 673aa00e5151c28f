import { sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_ANALYTICS_KINDS,
  addDays,
  codesOf,
  jakartaDayStart,
  previousPeriod,
  type AnalyticsQuery,
  type CampaignRankQuery,
  type CampaignRankRow,
  type ContentRankQuery,
  type ContentRankRow,
  type ContentSummary,
  type ContentSummaryQuery,
  type DayPeriod,
  type EngagementFigures,
  type OfferTopAverageQuery,
  type OfferTopAverageRow,
  type PlanogramRankQuery,
  type PlanogramRankRow,
  type PlanogramSummary,
  type ProductRankQuery,
  type ProductRankRow,
} from '@portal/contract';
import { queryRows, type Db } from '../src/db/client.ts';
import { rawSalesWhere } from './sales-raw.ts';

/**
 * The planogram and content widgets' figures straight from the app's events (and, for the sales beside them, the
 * transactions and their lines), never the rollups: the events benchmark's baseline for each widget and what it holds
 * the widgets equal to. Each answers what the service answers for the same query, row for row.
 */

interface Page<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** The events `e` (with their store `s`, if any) of a query's filters and period; a store's own day as the rollups take it (Jakarta's without a store). */
export function rawEventsWhere(q: AnalyticsQuery, p: DayPeriod): SQL {
  const start = sql`(${p.from}::date::timestamp at time zone 'Asia/Jakarta')`;
  const end = sql`((${p.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`;
  const parts =
    q.basis === 'store'
      ? [sql`e.at >= ${start} - interval '2 hours' and e.at < ${end}`, sql`(e.at at time zone store_time_zone(coalesce(s.province_code, '31')))::date between ${p.from}::date and ${p.to}::date`]
      : [sql`e.at >= ${start} and e.at < ${end}`];
  const stores = codesOf(q.store_code).map((c) => c.toLowerCase());
  const provinces = codesOf(q.province_code);
  if (stores.length) parts.push(sql`lower(s.code) in (select json_array_elements_text(${JSON.stringify(stores)}::json))`);
  if (provinces.length) parts.push(sql`s.province_code in (select json_array_elements_text(${JSON.stringify(provinces)}::json))`);
  return sql.join(parts, sql` and `);
}

const EVENTS = sql`app_events e left join stores s on s.id = e.store_id`;
const COUNTS = sql`count(*) filter (where e.type = 1) as impressions, count(*) filter (where e.type = 2) as clicks, count(*) filter (where e.type = 3) as carts`;
const SALES = sql`sales_transactions t join stores s on s.id = t.store_id join sales_lines l on l.transaction_pk = t.id`;
const n = (v: unknown) => Number(v ?? 0);
const figuresOf = (r: Record<string, unknown> | undefined): EngagementFigures => ({ impressions: n(r?.impressions), clicks: n(r?.clicks), carts: n(r?.carts), sales: n(r?.sales) });

async function planogramFigures(db: Db, q: AnalyticsQuery, p: DayPeriod): Promise<EngagementFigures> {
  const [ev] = await queryRows(db, sql`select ${COUNTS} from ${EVENTS} where e.planogram_id is not null and ${rawEventsWhere(q, p)}`);
  const [sl] = await queryRows(
    db,
    sql`select coalesce(sum(l.amount), 0) as sales from ${SALES} where ${rawSalesWhere(q, p)} and l.plu in (select p.plu from planogram_products pp join products p on p.id = pp.product_id)`,
  );
  return figuresOf({ ...ev, sales: sl?.sales });
}

/** `current` ranked by the measure (dense rank) with its value in `previous`, one page ordered by rank and id. */
async function rankedPage(db: Db, current: SQL, previous: SQL, id: string, measure: string, order: 'asc' | 'desc', page: number, limit: number) {
  const m = sql.raw(measure);
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const key = sql.raw(id);
  return queryRows(
    db,
    sql`with cur as (${current}), prev as (${previous}),
        ranked as (select cur.*, dense_rank() over (order by cur.${m} ${dir}) as rank, count(*) over () as total, coalesce(prev.${m}, 0) as previous_value
          from cur left join prev on prev.${key} = cur.${key})
      select * from ranked order by rank, ${key} limit ${limit} offset ${(page - 1) * limit}`,
  );
}

/** Each planogram live in the period or seen in it, with its events and its products' sales. */
function planogramRows(q: AnalyticsQuery, p: DayPeriod): SQL {
  return sql`select pl.id as planogram_id, pl.title, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks, coalesce(ev.carts, 0) as carts,
      coalesce(sl.sales, 0) as sales
    from planograms pl
    left join (select e.planogram_id, ${COUNTS} from ${EVENTS} where e.planogram_id is not null and ${rawEventsWhere(q, p)} group by 1) ev on ev.planogram_id = pl.id
    left join (select pp.planogram_id, sum(l.amount) as sales from ${SALES} join products p on p.plu = l.plu join planogram_products pp on pp.product_id = p.id
      where ${rawSalesWhere(q, p)} group by 1) sl on sl.planogram_id = pl.id
    where (pl.start_date <= ${p.to}::date and pl.end_date >= ${p.from}::date) or ev.planogram_id is not null`;
}

/** One planogram's products (all it holds, and any seen in it), or every product seen or sold, with their events and sales. */
function productRows(q: ProductRankQuery, p: DayPeriod): SQL {
  const inPlanogram = q.planogram_id ? sql` and e.planogram_id = ${q.planogram_id}` : sql``;
  const held = q.planogram_id ? sql`select product_id from planogram_products where planogram_id = ${q.planogram_id}` : sql`select null::int where false`;
  return sql`with ev as (select e.product_id, ${COUNTS} from ${EVENTS} where e.product_id is not null${inPlanogram} and ${rawEventsWhere(q, p)} group by 1),
      sl as (select p.id as product_id, sum(l.amount) as sales from ${SALES} join products p on p.plu = l.plu where ${rawSalesWhere(q, p)}
        ${q.planogram_id ? sql`and (p.id in (${held}) or p.id in (select product_id from ev))` : sql``} group by 1),
      ids as (select product_id from ev union select product_id from sl union ${held})
    select p.id as product_id, p.plu, p.name as product_name, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks,
      coalesce(ev.carts, 0) as carts, coalesce(sl.sales, 0) as sales
    from ids join products p on p.id = ids.product_id left join ev on ev.product_id = p.id left join sl on sl.product_id = p.id`;
}

/** The content's live window overlaps the period's Jakarta days. */
const liveIn = (p: DayPeriod) => sql`c.start_at < ${jakartaDayStart(addDays(p.to, 1))} and c.end_at > ${jakartaDayStart(p.from)}`;
const contentEvents = (q: AnalyticsQuery, p: DayPeriod) =>
  sql`select e.content_id, count(*) filter (where e.type = 1) as impressions, count(*) filter (where e.type = 2) as clicks from ${EVENTS}
    where e.content_id is not null and ${rawEventsWhere(q, p)} group by 1`;

async function contentKinds(db: Db, q: ContentSummaryQuery, p: DayPeriod) {
  const kinds = q.kind ? [q.kind] : [...CONTENT_ANALYTICS_KINDS];
  const rows = await queryRows(
    db,
    sql`with ev as (${contentEvents(q, p)})
      select k.kind, coalesce(sum(ev.impressions), 0) as impressions, coalesce(sum(ev.clicks), 0) as clicks,
        (select count(*) from content_items c where c.kind = k.kind and ${liveIn(p)}) as live
      from json_array_elements_text(${JSON.stringify(kinds)}::json) as k(kind) left join content_items c on c.kind = k.kind left join ev on ev.content_id = c.id
      group by k.kind order by k.kind`,
  );
  return rows.map((r) => ({ kind: String(r.kind), impressions: n(r.impressions), clicks: n(r.clicks), live: n(r.live) }));
}

const iso = (v: unknown) => new Date(String(v)).toISOString();

/** Each planogram and content widget of PlanogramAnalyticsService and ContentAnalyticsService, computed from the raw tables for the same query. */
export const rawEventWidgets = {
  planogramSummary: async (db: Db, q: AnalyticsQuery, p: DayPeriod): Promise<PlanogramSummary> => {
    const before = previousPeriod(p);
    return { period: p, previous_period: before, current: await planogramFigures(db, q, p), previous: await planogramFigures(db, q, before) };
  },
  planograms: async (db: Db, q: PlanogramRankQuery, p: DayPeriod): Promise<Page<PlanogramRankRow>> => {
    const rows = await rankedPage(db, planogramRows(q, p), planogramRows(q, previousPeriod(p)), 'planogram_id', q.measure, q.order, q.page, q.limit);
    return {
      data: rows.map((r) => ({ rank: n(r.rank), planogram_id: n(r.planogram_id), title: String(r.title), previous_value: n(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: n(rows[0]?.total) },
    };
  },
  products: async (db: Db, q: ProductRankQuery, p: DayPeriod): Promise<Page<ProductRankRow>> => {
    const rows = await rankedPage(db, productRows(q, p), productRows(q, previousPeriod(p)), 'product_id', q.measure, q.order, q.page, q.limit);
    return {
      data: rows.map((r) => ({ rank: n(r.rank), product_id: n(r.product_id), plu: String(r.plu), product_name: String(r.product_name), previous_value: n(r.previous_value), ...figuresOf(r) })),
      meta: { page: q.page, limit: q.limit, total: n(rows[0]?.total) },
    };
  },
  contentSummary: async (db: Db, q: ContentSummaryQuery, p: DayPeriod): Promise<ContentSummary> => {
    const before = previousPeriod(p);
    return { period: p, previous_period: before, current: await contentKinds(db, q, p), previous: await contentKinds(db, q, before) };
  },
  contentRanking: async (db: Db, q: ContentRankQuery, p: DayPeriod): Promise<Page<ContentRankRow>> => {
    const items = (period: DayPeriod) => sql`select c.id as content_id, c.title, c.status, c.start_at, c.end_at, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
      from content_items c left join (${contentEvents(q, period)}) ev on ev.content_id = c.id where c.kind = ${q.kind} and (${liveIn(period)} or ev.content_id is not null)`;
    // The period before: every item's figure there, seen or not (what the service looks up for the page's items).
    const before = sql`select ev.content_id, ev.impressions, ev.clicks from (${contentEvents(q, previousPeriod(p))}) ev`;
    const rows = await rankedPage(db, items(p), before, 'content_id', q.measure, q.order, q.page, q.limit);
    return {
      data: rows.map((r) => ({
        rank: n(r.rank),
        content_id: n(r.content_id),
        title: String(r.title),
        status: n(r.status),
        start_at: iso(r.start_at),
        end_at: iso(r.end_at),
        impressions: n(r.impressions),
        clicks: n(r.clicks),
        previous_value: n(r.previous_value),
      })),
      meta: { page: q.page, limit: q.limit, total: n(rows[0]?.total) },
    };
  },
  campaigns: async (db: Db, q: CampaignRankQuery, p: DayPeriod): Promise<Page<CampaignRankRow>> => {
    const byCampaign = (period: DayPeriod) => sql`select i.campaign_id, sum(ev.impressions) as impressions, sum(ev.clicks) as clicks
      from (${contentEvents(q, period)}) ev join content_items i on i.id = ev.content_id where i.campaign_id is not null group by 1`;
    const current = sql`select c.id as campaign_id, c.title, c.status, c.start_at, c.end_at, (select count(*) from content_items i where i.campaign_id = c.id) as items,
        coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
      from content_items c left join (${byCampaign(p)}) ev on ev.campaign_id = c.id where c.kind = 'campaign' and (${liveIn(p)} or ev.campaign_id is not null)`;
    const rows = await rankedPage(db, current, byCampaign(previousPeriod(p)), 'campaign_id', q.measure, q.order, q.page, q.limit);
    return {
      data: rows.map((r) => ({
        rank: n(r.rank),
        campaign_id: n(r.campaign_id),
        title: String(r.title),
        status: n(r.status),
        start_at: iso(r.start_at),
        end_at: iso(r.end_at),
        items: n(r.items),
        impressions: n(r.impressions),
        clicks: n(r.clicks),
        previous_value: n(r.previous_value),
      })),
      meta: { page: q.page, limit: q.limit, total: n(rows[0]?.total) },
    };
  },
  offerTopAverage: async (db: Db, q: OfferTopAverageQuery, p: DayPeriod): Promise<Page<OfferTopAverageRow>> => {
    const rows = await queryRows(
      db,
      sql`with openers as (select distinct e.content_id, e.consumer_id from app_events e join content_items c on c.id = e.content_id and c.kind = 'offer'
            where e.type = 2 and e.at >= ${jakartaDayStart(p.from)} and e.at < ${jakartaDayStart(addDays(p.to, 1))}),
          spend as (select t.consumer_id, count(*) as transactions, sum(t.total) as sales from sales_transactions t join stores s on s.id = t.store_id
            where ${rawSalesWhere(q, p)} and t.consumer_id in (select consumer_id from openers) group by 1),
          per as (select o.content_id, count(*) as openers, coalesce(sum(sp.transactions), 0) as transactions, coalesce(sum(sp.sales), 0) as sales
            from openers o left join spend sp on sp.consumer_id = o.consumer_id group by 1),
          cur as (select per.content_id, c.title, per.openers, per.transactions,
              case when per.transactions > 0 then round(per.sales::numeric / per.transactions)::bigint else 0 end as total_avg_sales
            from per join content_items c on c.id = per.content_id),
          ranked as (select cur.*, dense_rank() over (order by total_avg_sales desc) as rank, count(*) over () as total from cur)
        select * from ranked order by total_avg_sales desc, content_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    );
    return {
      data: rows.map((r) => ({ rank: n(r.rank), content_id: n(r.content_id), title: String(r.title), openers: n(r.openers), transactions: n(r.transactions), total_avg_sales: n(r.total_avg_sales) })),
      meta: { page: q.page, limit: q.limit, total: n(rows[0]?.total) },
    };
  },
};
