import { sql } from 'drizzle-orm';
import {
  CONTENT_ANALYTICS_KINDS,
  analyticsPeriod,
  jakartaDay,
  jakartaDayStart,
  addDays,
  previousPeriod,
  type CampaignRankQuery,
  type OfferTopAverageQuery,
  type OfferTopAverageRow,
  type CampaignRankRow,
  type ContentRankQuery,
  type ContentRankRow,
  type ContentSummary,
  type ContentSummaryQuery,
  type DayPeriod,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rollupRows } from './rollup-source.ts';

/** The content's live window overlaps the period's Jakarta days. */
const liveIn = (p: DayPeriod) => sql`c.start_at < ${jakartaDayStart(addDays(p.to, 1))} and c.end_at > ${jakartaDayStart(p.from)}`;

/** The content dashboard, from the event rollups per content (migration 0041) and the content items themselves. */
export class ContentAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async summary(q: ContentSummaryQuery): Promise<ContentSummary> {
    const period = analyticsPeriod(q, jakartaDay(this.clock.now()));
    const previous = previousPeriod(period);
    const kinds = q.kind ? [q.kind] : [...CONTENT_ANALYTICS_KINDS];
    const figures = async (p: DayPeriod) => {
      const rows = await queryRows<{ kind: string; impressions: string; clicks: string; live: string }>(
        this.db,
        sql`with ev as (select content_id, sum(impressions) as impressions, sum(clicks) as clicks from ${rollupRows('event_content', q, p)} e group by content_id)
          select k.kind, coalesce(sum(ev.impressions), 0) as impressions, coalesce(sum(ev.clicks), 0) as clicks,
            (select count(*) from content_items c where c.kind = k.kind and ${liveIn(p)}) as live
          from json_array_elements_text(${JSON.stringify(kinds)}::json) as k(kind)
          left join content_items c on c.kind = k.kind left join ev on ev.content_id = c.id
          group by k.kind order by k.kind`,
      );
      return rows.map((r) => ({ kind: r.kind, impressions: Number(r.impressions), clicks: Number(r.clicks), live: Number(r.live) }));
    };
    const [current, before] = await Promise.all([figures(period), figures(previous)]);
    return { period, previous_period: previous, current, previous: before };
  }

  /** Items of one kind live in the period or seen in it, ranked by the measure (dense rank), with the measure of the period before. */
  async ranking(q: ContentRankQuery): Promise<{ data: ContentRankRow[]; meta: { page: number; limit: number; total: number } }> {
    const period = analyticsPeriod(q, jakartaDay(this.clock.now()));
    const previous = previousPeriod(period);
    const m = sql.raw(q.measure === 'clicks' ? 'clicks' : 'impressions');
    const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
    const events = (p: DayPeriod) => sql`select content_id, sum(impressions) as impressions, sum(clicks) as clicks from ${rollupRows('event_content', q, p)} e group by content_id`;
    const rows = await queryRows(
      this.db,
      sql`with ev as (${events(period)}),
          cur as (select c.id as content_id, c.title, c.status, c.start_at, c.end_at, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
            from content_items c left join ev on ev.content_id = c.id where c.kind = ${q.kind} and (${liveIn(period)} or ev.content_id is not null)),
          ranked as (select cur.*, dense_rank() over (order by ${m} ${dir}) as rank, count(*) over () as total from cur),
          pick as (select * from ranked order by ${m} ${dir}, content_id limit ${q.limit} offset ${(q.page - 1) * q.limit}),
          prev as (${events(previous)})
        select pick.*, coalesce((select prev.${m} from prev where prev.content_id = pick.content_id), 0) as previous_value
        from pick order by pick.${m} ${dir}, pick.content_id`,
    );
    return {
      data: rows.map((r) => ({
        rank: Number(r.rank),
        content_id: Number(r.content_id),
        title: String(r.title),
        status: Number(r.status),
        start_at: new Date(String(r.start_at)).toISOString(),
        end_at: new Date(String(r.end_at)).toISOString(),
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        previous_value: Number(r.previous_value),
      })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /** Campaigns live in the period or whose items were seen in it, ranked by their items' impressions or clicks. */
  async campaigns(q: CampaignRankQuery): Promise<{ data: CampaignRankRow[]; meta: { page: number; limit: number; total: number } }> {
    const period = analyticsPeriod(q, jakartaDay(this.clock.now()));
    const previous = previousPeriod(period);
    const m = sql.raw(q.measure === 'clicks' ? 'clicks' : 'impressions');
    const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
    const byCampaign = (p: DayPeriod) => sql`select i.campaign_id, sum(e.impressions) as impressions, sum(e.clicks) as clicks
      from ${rollupRows('event_content', q, p)} e join content_items i on i.id = e.content_id where i.campaign_id is not null group by i.campaign_id`;
    const rows = await queryRows(
      this.db,
      sql`with ev as (${byCampaign(period)}),
          cur as (select c.id as campaign_id, c.title, c.status, c.start_at, c.end_at,
              (select count(*) from content_items i where i.campaign_id = c.id) as items,
              coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
            from content_items c left join ev on ev.campaign_id = c.id where c.kind = 'campaign' and (${liveIn(period)} or ev.campaign_id is not null)),
          ranked as (select cur.*, dense_rank() over (order by ${m} ${dir}) as rank, count(*) over () as total from cur),
          pick as (select * from ranked order by ${m} ${dir}, campaign_id limit ${q.limit} offset ${(q.page - 1) * q.limit}),
          prev as (${byCampaign(previous)})
        select pick.*, coalesce((select prev.${m} from prev where prev.campaign_id = pick.campaign_id), 0) as previous_value
        from pick order by pick.${m} ${dir}, pick.campaign_id`,
    );
    return {
      data: rows.map((r) => ({
        rank: Number(r.rank),
        campaign_id: Number(r.campaign_id),
        title: String(r.title),
        status: Number(r.status),
        start_at: new Date(String(r.start_at)).toISOString(),
        end_at: new Date(String(r.end_at)).toISOString(),
        items: Number(r.items),
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        previous_value: Number(r.previous_value),
      })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /**
   * Offers ranked by total_avg_sales: what the members who opened each in the period (its Jakarta days) spent per
   * transaction in the period, at the stores, regions and channel of the filters; dense rank, the highest first.
   */
  async offerTopAverage(q: OfferTopAverageQuery): Promise<{ data: OfferTopAverageRow[]; meta: { page: number; limit: number; total: number } }> {
    const period = analyticsPeriod(q, jakartaDay(this.clock.now()));
    const rows = await queryRows(
      this.db,
      sql`with openers as (select distinct e.content_id, e.consumer_id from app_events e join content_items c on c.id = e.content_id and c.kind = 'offer'
            where e.content_id is not null and e.type = 2 and e.at >= ${jakartaDayStart(period.from)} and e.at < ${jakartaDayStart(addDays(period.to, 1))}),
          spend as (select consumer_id, sum(transactions) as transactions, sum(sales) as sales from ${rollupRows('sales_member', q, period)} m
            where consumer_id in (select consumer_id from openers) group by consumer_id),
          per as (select o.content_id, count(*) as openers, coalesce(sum(sp.transactions), 0) as transactions, coalesce(sum(sp.sales), 0) as sales
            from openers o left join spend sp on sp.consumer_id = o.consumer_id group by o.content_id),
          cur as (select per.content_id, c.title, per.openers, per.transactions,
              case when per.transactions > 0 then round(per.sales::numeric / per.transactions)::bigint else 0 end as total_avg_sales
            from per join content_items c on c.id = per.content_id),
          ranked as (select cur.*, dense_rank() over (order by total_avg_sales desc) as rank, count(*) over () as total from cur)
        select * from ranked order by total_avg_sales desc, content_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    );
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), content_id: Number(r.content_id), title: String(r.title), openers: Number(r.openers), transactions: Number(r.transactions), total_avg_sales: Number(r.total_avg_sales) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }
}
