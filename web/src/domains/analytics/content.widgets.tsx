import type { ReactNode } from 'react';
import { Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  can,
  CONTENT_ANALYTICS_KINDS,
  CONTENT_MEASURES,
  CONTENT_STATUS,
  contentAnalyticsApi,
  menuEntry,
  type CampaignRankRow,
  type ContentAnalyticsKind,
  type ContentRankRow,
  type ContentSummary,
  type OfferTopAverageRow,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import type { ChartOption } from '../../ui/Chart.tsx';
import { changePercent, changeType, formatFigure } from '../../ui/FigureCard.tsx';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { DrillLink, drillTo, type Drill } from './analytics-links.tsx';
import { SummaryFiguresWidget, type SummaryFigure } from './figures.widgets.tsx';
import { axisText, useRowDrill } from './analytics-blocks.tsx';
import { ChartTable, ChoiceSwitch, figureColumn, NothingCounted, RankedWidget, rankFrame, type RankFrame } from './ranking.widgets.tsx';

export const CONTENT_DASHBOARD = menuEntry('pandora.dashboard-analytics/content').route;
export type ContentMeasure = (typeof CONTENT_MEASURES)[number];

/** Each kind's detail page under the content dashboard (the spec's offer, banner and messages). */
export const KIND_PAGE: Record<ContentAnalyticsKind, string> = { offer: 'offer', banner: 'banner', 'push-message': 'messages' };
/** The cms entry of each kind's records, and of campaigns. */
const RECORD_ENTRY: Record<ContentAnalyticsKind | 'campaign', string> = { offer: 'cms.offers', banner: 'cms.banners', 'push-message': 'cms.push-messages', campaign: 'cms.campaigns' };

/** One content widget's data, loaded on its own. */
export const useContentWidget = <W extends keyof typeof contentAnalyticsApi>(widget: W, query: Query) => useWidgetData('content-analytics', contentAnalyticsApi, widget, query);

/** The kinds' names in the UI language. */
export function useKindLabels(): Record<ContentAnalyticsKind, string> {
  const { t } = useTranslation();
  return { offer: t('analytics.more.offers', 'Offers'), banner: t('analytics.more.banners', 'Banners'), 'push-message': t('analytics.more.messages', 'Messages') };
}

/** The content measures' names. */
export function useContentMeasureLabels(): Record<ContentMeasure, string> {
  const { t } = useTranslation();
  return { impressions: t('analytics.more.impressions', 'Impressions'), clicks: t('analytics.more.clicks', 'Clicks') };
}

/** Impressions or clicks, as a choice of buttons. */
export function ContentMeasureSwitch({ value, onChange }: { value: ContentMeasure; onChange: (m: ContentMeasure) => void }) {
  const { t } = useTranslation();
  const labels = useContentMeasureLabels();
  return <ChoiceSwitch label={t('analytics.more.rankBy', 'Rank by')} testId="rank-measure" value={value} onChange={onChange} options={CONTENT_MEASURES.map((m) => ({ value: m, label: labels[m] }))} />;
}

/** A record's page in the cms (offer, banner, message, campaign), when the user may open it. */
function useRecordDrill(kind: ContentAnalyticsKind | 'campaign'): (id: number) => Drill | undefined {
  const perms = useSession()?.access.perms;
  const entry = RECORD_ENTRY[kind];
  const open = !!perms && can(perms, entry, 'view');
  return (id) => (open ? { to: resourcePaths(entry).detail(id), search: {} } : undefined);
}

type KindFigures = { impressions: number; clicks: number; live: number };
const NONE: KindFigures = { impressions: 0, clicks: 0, live: 0 };
/** A kind's figures in a summary's period or the one before (all kinds summed when no kind is named). */
function figuresOf(rows: ContentSummary['current'], kind?: ContentAnalyticsKind): KindFigures {
  return rows.filter((r) => !kind || r.kind === kind).reduce((sum, r) => ({ impressions: sum.impressions + r.impressions, clicks: sum.clicks + r.clicks, live: sum.live + r.live }), NONE);
}
const clickThrough = (f: KindFigures) => (f.impressions > 0 ? Math.round((f.clicks / f.impressions) * 1000) / 10 : 0);

/** The content's figures (of one kind, or all): impressions, clicks, click-through and live items, beside the period before. */
export function ContentTotalsWidget({ search, kind, title, testId = 'content-summary', extra }: { search: AnalyticsSearch; kind?: ContentAnalyticsKind; title: string; testId?: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const q = useContentWidget('summary', { ...search, ...(kind ? { kind } : {}) });
  const d = q.data;
  const now = d ? figuresOf(d.current, kind) : NONE;
  const before = d ? figuresOf(d.previous, kind) : NONE;
  const figures: SummaryFigure[] = [
    { key: 'impressions', label: t('analytics.more.impressions', 'Impressions'), kind: 'count', value: now.impressions, previous: before.impressions },
    { key: 'clicks', label: t('analytics.more.clicks', 'Clicks'), kind: 'count', value: now.clicks, previous: before.clicks },
    { key: 'click_through', label: t('analytics.more.clickThrough', 'Click-through rate'), kind: 'percent', value: clickThrough(now), previous: clickThrough(before) },
    { key: 'live', label: t('analytics.more.live', 'Live items'), kind: 'count', value: now.live, previous: before.live },
  ];
  return <SummaryFiguresWidget title={title} testId={testId} state={q} periods={d} figures={figures} span={6} extra={extra} />;
}

/** Offers, banners and messages side by side: impressions and clicks beside the period before's; a kind leads to its page. */
export function ContentKindsWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const kinds = useKindLabels();
  const q = useContentWidget('summary', search);
  const d = q.data;
  const title = t('analytics.more.byKind', 'Offers, banners and messages');
  type Line = { kind: ContentAnalyticsKind; now: KindFigures; before: KindFigures; drill: Drill };
  const rows: Line[] = d ? CONTENT_ANALYTICS_KINDS.map((kind) => ({ kind, now: figuresOf(d.current, kind), before: figuresOf(d.previous, kind), drill: drillTo(`${CONTENT_DASHBOARD}/${KIND_PAGE[kind]}`, search) })) : [];
  const previous = t('analytics.previous', 'Previous period');
  const bar = (name: string, values: number[], color: string) => ({ type: 'bar' as const, name, data: values, itemStyle: { color }, cursor: 'pointer' });
  const option: ChartOption = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => kinds[r.kind]) },
    yAxis: { type: 'value', axisLabel: { formatter: axisText('count', lang) } },
    series: [
      bar(t('analytics.more.impressions', 'Impressions'), rows.map((r) => r.now.impressions), token.colorPrimary),
      bar(`${t('analytics.more.impressions', 'Impressions')} (${previous})`, rows.map((r) => r.before.impressions), token.colorPrimaryBorder),
      bar(t('analytics.more.clicks', 'Clicks'), rows.map((r) => r.now.clicks), token.colorWarning),
      bar(`${t('analytics.more.clicks', 'Clicks')} (${previous})`, rows.map((r) => r.before.clicks), token.colorWarningBorder),
    ],
  };
  const compare = (key: 'impressions' | 'clicks', label: string): ColumnsType<Line> => [
    { key, title: label, align: 'right', render: (_: unknown, r) => formatFigure(r.now[key], 'count', lang) },
    { key: `${key}-previous`, title: t('analytics.more.previousOf', '{{measure}}, previous period', { measure: label }), align: 'right', render: (_: unknown, r) => formatFigure(r.before[key], 'count', lang) },
    { key: `${key}-change`, title: t('analytics.change', 'Change'), align: 'right', render: (_: unknown, r) => <Typography.Text type={changeType(r.now[key], r.before[key])}>{changePercent(r.now[key], r.before[key], lang)}</Typography.Text> },
  ];
  const onClick = useRowDrill(rows, (r) => r.drill);
  const empty = rows.every((r) => r.now.impressions + r.before.impressions + r.now.live === 0);
  return (
    <WidgetCard title={title} testId="content-kinds" state={q} empty={!!d && empty}>
      {() => (
        <ChartTable<Line>
          title={title}
          option={option}
          height={260}
          onClick={onClick}
          instead={rows.some((r) => r.now.impressions + r.before.impressions > 0) ? undefined : <NothingCounted measure={t('analytics.more.impressions', 'Impressions')} />}
          rowKey="kind"
          rows={rows}
          columns={[
            { key: 'kind', title: t('analytics.more.kind', 'Kind'), render: (_: unknown, r) => <DrillLink drill={r.drill} testId={`kind-${KIND_PAGE[r.kind]}`}>{kinds[r.kind]}</DrillLink> },
            ...compare('impressions', t('analytics.more.impressions', 'Impressions')),
            ...compare('clicks', t('analytics.more.clicks', 'Clicks')),
            { key: 'ctr', title: t('analytics.more.ctr', 'CTR'), align: 'right', render: (_: unknown, r) => formatFigure(clickThrough(r.now), 'percent', lang) },
            { key: 'live', title: t('analytics.more.live', 'Live items'), align: 'right', render: (_: unknown, r) => formatFigure(r.now.live, 'count', lang) },
          ]}
        />
      )}
    </WidgetCard>
  );
}

type LiveRow = ContentRankRow | CampaignRankRow;

/**
 * Offers, banners or messages (`subject` a kind) or campaigns (`campaign`, by their items' figures) ranked by
 * impressions or clicks (dense rank), a page as bars and a table with their status and live window.
 */
export function ContentRankWidget(props: RankFrame & { search: AnalyticsSearch; subject: ContentAnalyticsKind | 'campaign'; measure: ContentMeasure }) {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFormat();
  const labels = useContentMeasureLabels();
  const record = useRecordDrill(props.subject);
  const { page, limit, order } = props.paging;
  const campaigns = props.subject === 'campaign';
  const query = { ...props.search, measure: props.measure, page, limit, order, ...(campaigns ? {} : { kind: props.subject }) };
  const q = useContentWidget(campaigns ? 'campaigns' : 'ranking', query);
  const idOf = (r: LiveRow) => ('campaign_id' in r ? r.campaign_id : r.content_id);
  return (
    <RankedWidget<LiveRow>
      {...rankFrame(props)}
      query={q}
      kind="count"
      measureLabel={labels[props.measure]}
      nameTitle={campaigns ? t('analytics.more.campaign', 'Campaign') : t('analytics.more.title', 'Title')}
      emptyText={campaigns ? t('analytics.more.noCampaigns', 'No campaign was live in this period') : undefined}
      columns={[
        { key: 'status', title: t('analytics.more.status', 'Status'), render: (_: unknown, r) => <StatusTag table={CONTENT_STATUS} value={r.status} /> },
        { key: 'window', title: t('analytics.more.window', 'Live'), render: (_: unknown, r) => `${f.date(r.start_at)} – ${f.date(r.end_at)}` },
        ...(campaigns ? [figureColumn<LiveRow>('items', t('analytics.more.items', 'Items'), 'count', (r) => ('items' in r ? r.items : 0), lang)] : []),
        figureColumn<LiveRow>('impressions', labels.impressions, 'count', (r) => r.impressions, lang, props.measure === 'impressions'),
        figureColumn<LiveRow>('clicks', labels.clicks, 'count', (r) => r.clicks, lang, props.measure === 'clicks'),
        figureColumn<LiveRow>('ctr', t('analytics.more.ctr', 'CTR'), 'percent', (r) => clickThrough({ ...r, live: 0 }), lang),
      ]}
      item={(r) => ({ key: idOf(r), rank: r.rank, name: r.title, value: r[props.measure], previous: r.previous_value, drill: record(idOf(r)) })}
    />
  );
}

/**
 * The offer top average: offers ranked by what the members who opened them spent per transaction in the period
 * (`total_avg_sales`, Rupiah), descending, with a dense rank (equal averages share a rank).
 */
export function OfferTopAverageWidget(props: RankFrame & { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const record = useRecordDrill('offer');
  const { page, limit } = props.paging;
  const q = useContentWidget('offerTopAverage', { ...props.search, page, limit });
  const average = t('analytics.more.totalAvgSales', 'Average sales per transaction');
  return (
    <RankedWidget<OfferTopAverageRow>
      {...rankFrame(props)}
      query={q}
      kind="rupiah"
      measureLabel={average}
      nameTitle={t('analytics.more.offer', 'Offer')}
      emptyText={t('analytics.more.noOpeners', 'No member opened an offer in this period')}
      columns={[
        figureColumn<OfferTopAverageRow>('openers', t('analytics.more.openers', 'Openers'), 'count', (r) => r.openers, lang),
        figureColumn<OfferTopAverageRow>('transactions', t('analytics.measure.transactions', 'Transactions'), 'count', (r) => r.transactions, lang),
        figureColumn<OfferTopAverageRow>('total_avg_sales', average, 'rupiah', (r) => r.total_avg_sales, lang, true),
      ]}
      item={(r) => ({ key: r.content_id, rank: r.rank, name: r.title, value: r.total_avg_sales, drill: record(r.content_id) })}
    />
  );
}
