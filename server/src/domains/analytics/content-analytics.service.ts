import { sql, type SQL } from 'drizzle-orm';
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
  type AnalyticsQuery,
  type DayPeriod,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { rankBy, ranked, rankedPage, rankingWithPrevious } from './ranking.ts';
import { rollupRows } from './rollup-source.ts';

/** The content's live window overlaps the period's Jakarta days. */
const liveIn = (p: DayPeriod) => sql`c.start_at < ${jakartaDayStart(addDays(p.to, 1))} and c.end_at > ${jakartaDayStart(p.from)}`;

/** A content or campaign ranking's order: by impressions or clicks. */
const rankOf = (q: ContentRankQuery | CampaignRankQuery) => rankBy(q.measure === 'clicks' ? 'clicks' : 'impressions', q);

/** Each content item's impressions and clicks in the period; `only` (a relation of content ids) narrows them. */
const eventsByContent = (q: AnalyticsQuery, p: DayPeriod, only?: SQL) =>
  sql`select content_id, sum(impressions) as impressions, sum(clicks) as clicks from ${rollupRows('event_content', q, p)} e${only ? sql` where content_id in (${only})` : sql``} group by content_id`;

/** Each campaign's items' impressions and clicks in the period; `only` (a relation of campaign ids) narrows them. */
const eventsByCampaign = (q: AnalyticsQuery, p: DayPeriod, only?: SQL) =>
  sql`select i.campaign_id, sum(e.impressions) as impressions, sum(e.clicks) as clicks
    from ${rollupRows('event_content', q, p)} e join content_items i on i.id = e.content_id where i.campaign_id is not null${only ? sql` and i.campaign_id in (${only})` : sql``} group by i.campaign_id`;

/** The content dashboard, from the event rollups per content (migration 0041) and the content items themselves. */
export class ContentAnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private period(q: AnalyticsQuery): DayPeriod {
    return analyticsPeriod(q, jakartaDay(this.clock.now()));
  }

  async summary(q: ContentSummaryQuery): Promise<ContentSummary> {
    const period = this.period(q);
    const previous = previousPeriod(period);
    const kinds = q.kind ? [q.kind] : [...CONTENT_ANALYTICS_KINDS];
    const figures = async (p: DayPeriod) => {
      const rows = await queryRows<{ kind: string; impressions: string; clicks: string; live: string }>(
        this.db,
        sql`with ev as (${eventsByContent(q, p)})
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
    const period = this.period(q);
    const previous = previousPeriod(period);
    const rows = await rankedPage(this.db, rankOf(q), this.contentFigures(q, period), (keys) => eventsByContent(q, previous, keys), 'content_id', { previous_value: rankOf(q).by });
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
    const period = this.period(q);
    const previous = previousPeriod(period);
    const rows = await rankedPage(this.db, rankOf(q), this.campaignFigures(q, period), (keys) => eventsByCampaign(q, previous, keys), 'campaign_id', { previous_value: rankOf(q).by });
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

  /** Items of the query's kind live in the period or seen in it, with their impressions and clicks: what `ranking` ranks. */
  private contentFigures(q: ContentRankQuery, p: DayPeriod): SQL {
    return sql`select c.id as content_id, c.title, c.status, c.start_at, c.end_at, coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
      from content_items c left join (${eventsByContent(q, p)}) ev on ev.content_id = c.id where c.kind = ${q.kind} and (${liveIn(p)} or ev.content_id is not null)`;
  }

  /** Campaigns live in the period or whose items were seen in it, with their items' impressions and clicks: what `campaigns` ranks. */
  private campaignFigures(q: CampaignRankQuery, p: DayPeriod): SQL {
    return sql`select c.id as campaign_id, c.title, c.status, c.start_at, c.end_at, (select count(*) from content_items i where i.campaign_id = c.id) as items,
        coalesce(ev.impressions, 0) as impressions, coalesce(ev.clicks, 0) as clicks
      from content_items c left join (${eventsByCampaign(q, p)}) ev on ev.campaign_id = c.id where c.kind = 'campaign' and (${liveIn(p)} or ev.campaign_id is not null)`;
  }

  /** Every item of the content ranking with the measure of the period before, for the export. */
  contentRanking(q: ContentRankQuery): SQL {
    const period = this.period(q);
    return rankingWithPrevious(rankOf(q), this.contentFigures(q, period), eventsByContent(q, previousPeriod(period)), 'content_id', { previous_value: rankOf(q).by });
  }

  /** Every campaign of the ranking with the measure of the period before, for the export. */
  campaignRanking(q: CampaignRankQuery): SQL {
    const period = this.period(q);
    return rankingWithPrevious(rankOf(q), this.campaignFigures(q, period), eventsByCampaign(q, previousPeriod(period)), 'campaign_id', { previous_value: rankOf(q).by });
  }

  /**
   * Offers ranked by total_avg_sales: what the members who opened each in the period (its Jakarta days) spent per
   * transaction in the period, at the stores, regions and channel of the filters; dense rank, the highest first.
   */
  async offerTopAverage(q: OfferTopAverageQuery): Promise<{ data: OfferTopAverageRow[]; meta: { page: number; limit: number; total: number } }> {
    const rows = await queryRows(this.db, sql`select * from (${this.offerTopAverageRanking(q)}) x order by rank, content_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`);
    return {
      data: rows.map((r) => ({ rank: Number(r.rank), content_id: Number(r.content_id), title: String(r.title), openers: Number(r.openers), transactions: Number(r.transactions), total_avg_sales: Number(r.total_avg_sales) })),
      meta: { page: q.page, limit: q.limit, total: Number(rows[0]?.total ?? 0) },
    };
  }

  /** Every offer opened in the period with its openers' transactions and total_avg_sales, ranked (dense rank, the highest first). */
  offerTopAverageRanking(q: OfferTopAverageQuery): SQL {
    const period = this.period(q);
    return sql`with openers as (select distinct e.content_id, e.consumer_id from app_events e join content_items c on c.id = e.content_id and c.kind = 'offer'
          where e.content_id is not null and e.type = 2 and e.at >= ${jakartaDayStart(period.from)} and e.at < ${jakartaDayStart(addDays(period.to, 1))}),
        spend as (select consumer_id, sum(transactions) as transactions, sum(sales) as sales from ${rollupRows('sales_member', q, period)} m
          where consumer_id in (select consumer_id from openers) group by consumer_id),
        per as (select o.content_id, count(*) as openers, coalesce(sum(sp.transactions), 0) as transactions, coalesce(sum(sp.sales), 0) as sales
          from openers o left join spend sp on sp.consumer_id = o.consumer_id group by o.content_id)
      ${ranked(
        { by: 'total_avg_sales', order: 'desc' },
        sql`select per.content_id, c.title, per.openers, per.transactions,
            case when per.transactions > 0 then round(per.sales::numeric / per.transactions)::bigint else 0 end as total_avg_sales
          from per join content_items c on c.id = per.content_id`,
      )}`;
  }
}
