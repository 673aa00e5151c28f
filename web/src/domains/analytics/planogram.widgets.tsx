import type { ReactNode } from 'react';
import { Select, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  engagementRatios,
  MAX_PAGE_LIMIT,
  menuEntry,
  PLANOGRAM_MEASURES,
  planogramAnalyticsApi,
  type EngagementFigures,
  type PlanogramLevel,
  type PlanogramMeasure,
  type PlanogramRankRow,
  type ProductRankRow,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import { useLang } from '../../lib/i18n.ts';
import type { ChartOption } from '../../ui/Chart.tsx';
import { changePercent, changeType, formatFigure, type FigureKind } from '../../ui/FigureCard.tsx';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import type { Drill } from './analytics-links.tsx';
import { SummaryFiguresWidget } from './figures.widgets.tsx';
import { axisText } from './analytics-blocks.tsx';
import { ChartTable, ChoiceSwitch, figureColumn, RankedWidget, rankFrame, type RankFrame } from './ranking.widgets.tsx';

export const PLANOGRAM_ANALYTICS = menuEntry('pandora.planogram-analytics').route;

/** One planogram widget's data, loaded on its own. */
export const usePlanogramWidget = <W extends keyof typeof planogramAnalyticsApi>(widget: W, query: Query) => useWidgetData('planogram-analytics', planogramAnalyticsApi, widget, query);

/** Every engagement figure: the four measures and the two rates derived from them. */
export const ENGAGEMENT_KEYS = [...PLANOGRAM_MEASURES, 'click_through', 'cart_rate'] as const;
export type EngagementKey = (typeof ENGAGEMENT_KEYS)[number];

export interface EngagementMeasure {
  key: EngagementKey;
  label: string;
  /** The label as a table's column heads it ("CTR"). */
  short: string;
  /** The measure within a sentence ("top planograms by impressions"). */
  word: string;
  kind: FigureKind;
  of: (f: EngagementFigures) => number;
}

const ENGAGEMENT_KIND: Record<EngagementKey, FigureKind> = { impressions: 'count', clicks: 'count', carts: 'count', sales: 'rupiah', click_through: 'percent', cart_rate: 'percent' };

/** The engagement figures with their labels in the UI language. */
export function useEngagementMeasures(): Record<EngagementKey, EngagementMeasure> {
  const { t } = useTranslation();
  const labels: Record<EngagementKey, [string, string]> = {
    impressions: [t('analytics.more.impressions', 'Impressions'), t('analytics.more.word.impressions', 'impressions')],
    clicks: [t('analytics.more.clicks', 'Clicks'), t('analytics.more.word.clicks', 'clicks')],
    carts: [t('analytics.more.carts', 'Add to cart'), t('analytics.more.word.carts', 'add-to-carts')],
    sales: [t('analytics.measure.sales', 'Sales'), t('analytics.more.word.sales', 'sales')],
    click_through: [t('analytics.more.clickThrough', 'Click-through rate'), t('analytics.more.word.clickThrough', 'click-through rate')],
    cart_rate: [t('analytics.more.cartRate', 'Cart rate'), t('analytics.more.word.cartRate', 'cart rate')],
  };
  const of: Record<EngagementKey, (f: EngagementFigures) => number> = {
    impressions: (f) => f.impressions,
    clicks: (f) => f.clicks,
    carts: (f) => f.carts,
    sales: (f) => f.sales,
    click_through: (f) => engagementRatios(f).click_through,
    cart_rate: (f) => engagementRatios(f).cart_rate,
  };
  const short: Partial<Record<EngagementKey, string>> = { click_through: t('analytics.more.ctr', 'CTR') };
  return Object.fromEntries(ENGAGEMENT_KEYS.map((key) => [key, { key, label: labels[key][0], short: short[key] ?? labels[key][0], word: labels[key][1], kind: ENGAGEMENT_KIND[key], of: of[key] }])) as Record<EngagementKey, EngagementMeasure>;
}

/** The period's impressions, clicks, add-to-carts, sales and the two rates, each beside the period before. */
export function PlanogramSummaryWidget(props: { search: AnalyticsSearch; link?: (key: EngagementKey) => Drill | undefined; title?: string; extra?: ReactNode; keys?: readonly EngagementKey[]; span?: number }) {
  const { t } = useTranslation();
  const measures = useEngagementMeasures();
  const q = usePlanogramWidget('summary', props.search);
  const d = q.data;
  const figures = (props.keys ?? ENGAGEMENT_KEYS).map((key) => {
    const m = measures[key];
    return { key, label: m.label, kind: m.kind, value: d ? m.of(d.current) : 0, previous: d ? m.of(d.previous) : 0, drill: props.link?.(key) };
  });
  return <SummaryFiguresWidget title={props.title ?? t('analytics.more.engagement', 'App engagement')} testId="planogram-summary" state={q} periods={d} figures={figures} span={props.span} extra={props.extra} />;
}

/** The summary in full: the period's counts beside the period before's as bars, and every figure in a table. */
export function PlanogramComparisonWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const measures = useEngagementMeasures();
  const q = usePlanogramWidget('summary', search);
  const d = q.data;
  const title = t('analytics.more.comparison', 'This period and the period before');
  const counts = (['impressions', 'clicks', 'carts'] as const).map((k) => measures[k]);
  const option: ChartOption = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: counts.map((m) => m.label) },
    yAxis: { type: 'value', axisLabel: { formatter: axisText('count', lang) } },
    series: [
      { type: 'bar', name: t('analytics.more.thisPeriod', 'This period'), data: counts.map((m) => (d ? m.of(d.current) : 0)), itemStyle: { color: token.colorPrimary } },
      { type: 'bar', name: t('analytics.previous', 'Previous period'), data: counts.map((m) => (d ? m.of(d.previous) : 0)), itemStyle: { color: token.colorTextTertiary } },
    ],
  };
  type Line = { key: EngagementKey; value: number; previous: number };
  const rows: Line[] = d ? ENGAGEMENT_KEYS.map((key) => ({ key, value: measures[key].of(d.current), previous: measures[key].of(d.previous) })) : [];
  return (
    <WidgetCard title={title} testId="planogram-comparison" state={q} empty={!!d && d.current.impressions + d.previous.impressions + d.current.sales + d.previous.sales === 0}>
      {() => (
        <ChartTable<Line>
          title={title}
          option={option}
          height={260}
          rowKey="key"
          rows={rows}
          columns={[
            { key: 'figure', title: t('analytics.more.figure', 'Figure'), render: (_: unknown, r) => measures[r.key].label },
            { key: 'value', title: t('analytics.more.thisPeriod', 'This period'), align: 'right', render: (_: unknown, r) => formatFigure(r.value, measures[r.key].kind, lang) },
            { key: 'previous', title: t('analytics.previous', 'Previous period'), align: 'right', render: (_: unknown, r) => formatFigure(r.previous, measures[r.key].kind, lang) },
            { key: 'change', title: t('analytics.change', 'Change'), align: 'right', render: (_: unknown, r) => <Typography.Text type={changeType(r.value, r.previous)}>{changePercent(r.value, r.previous, lang)}</Typography.Text> },
          ]}
        />
      )}
    </WidgetCard>
  );
}

type RankRow = PlanogramRankRow | ProductRankRow;

/**
 * Planograms, or their products (of one planogram or of all), ranked by a measure (dense rank), a page of them as bars
 * beside the period before and as a table of every figure; a planogram's bar or name drills into its products.
 */
export function PlanogramRankWidget(
  props: RankFrame & {
    search: AnalyticsSearch;
    level: PlanogramLevel;
    measure: PlanogramMeasure;
    planogramId?: number;
    onPlanogram?: (planogramId: number) => Drill;
    /** The figures of the table (all by default). */
    figures?: readonly EngagementKey[];
  },
) {
  const { t } = useTranslation();
  const lang = useLang();
  const measures = useEngagementMeasures();
  const { page, limit, order } = props.paging;
  const query = { ...props.search, measure: props.measure, page, limit, order, ...(props.level === 'product' && props.planogramId ? { planogram_id: props.planogramId } : {}) };
  const q = usePlanogramWidget(props.level === 'planogram' ? 'planograms' : 'products', query);
  const rows: RankRow[] = q.data?.data ?? [];
  const m = measures[props.measure];
  const columns: ColumnsType<RankRow> = [
    ...('plu' in (rows[0] ?? {}) ? [{ key: 'plu', title: t('analytics.plu', 'PLU'), render: (_: unknown, r: RankRow) => ('plu' in r ? r.plu : '') }] : []),
    ...(props.figures ?? ENGAGEMENT_KEYS).map((key) => figureColumn<RankRow>(key, measures[key].short, measures[key].kind, measures[key].of, lang, key === props.measure)),
  ];
  return (
    <RankedWidget<RankRow>
      {...rankFrame(props)}
      query={q}
      kind={m.kind}
      measureLabel={m.label}
      nameTitle={props.level === 'planogram' ? t('analytics.more.planogram', 'Planogram') : t('analytics.more.product', 'Product')}
      columns={columns}
      item={(r) =>
        'planogram_id' in r
          ? { key: r.planogram_id, rank: r.rank, name: r.title, value: m.of(r), previous: r.previous_value, drill: props.onPlanogram?.(r.planogram_id) }
          : { key: r.product_id, rank: r.rank, name: r.product_name, value: m.of(r), previous: r.previous_value }
      }
    />
  );
}

/** The planograms of the period to narrow a products' ranking to one (the most seen first), or all of them. */
export function PlanogramSelect({ search, value, onChange }: { search: AnalyticsSearch; value: number | undefined; onChange: (planogramId: number | undefined) => void }) {
  const { t } = useTranslation();
  const q = usePlanogramWidget('planograms', { ...search, measure: 'impressions', page: 1, limit: MAX_PAGE_LIMIT });
  const options = (q.data?.data ?? []).map((r) => ({ value: r.planogram_id, label: r.title }));
  return (
    <Select<number | undefined>
      id="planogram-select"
      data-testid="planogram-select"
      aria-label={t('analytics.more.planogram', 'Planogram')}
      style={{ minWidth: 240 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isPending}
      placeholder={t('analytics.more.allPlanograms', 'All planograms')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={options}
    />
  );
}

/** Which measure a ranking is by: a choice of the four, as buttons. */
export function MeasureSwitch({ value, onChange }: { value: PlanogramMeasure; onChange: (measure: PlanogramMeasure) => void }) {
  const { t } = useTranslation();
  const measures = useEngagementMeasures();
  return <ChoiceSwitch label={t('analytics.more.rankBy', 'Rank by')} testId="rank-measure" value={value} onChange={onChange} options={PLANOGRAM_MEASURES.map((key) => ({ value: key, label: measures[key].label }))} />;
}
