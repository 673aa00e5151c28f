import type { ReactNode } from 'react';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  analyticsPeriod,
  CHANNEL,
  CUSTOMER_DETAIL_TYPES,
  CUSTOMER_MEASURES,
  customerAnalyticsApi,
  customerMeasure,
  jakartaDay,
  type CustomerChannelRow,
  type CustomerDetailType,
  type CustomerFigures,
  type CustomerRegionRow,
  type CustomerStoreRow,
  type DayPeriod,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import { useLang } from '../../lib/i18n.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { formatFigure } from '../../ui/FigureCard.tsx';
import { optionLabel } from '../../ui/options.ts';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import { axisText, ScrollTable, useRowDrill, useSeriesColours, type RankPaging } from './analytics-blocks.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { bucketPeriod, bucketText, DrillLink, type Drill } from './analytics-links.tsx';
import { FIGURE_KIND, measureKind, useCustomerMeasureTexts } from './customer-analytics.measures.ts';
import { SummaryFiguresWidget } from './figures.widgets.tsx';
import { figureColumn, RankedWidget } from './ranking.widgets.tsx';

/*
 * Customer Analytics' widgets, each loading and failing on its own: the six measures beside the period before, a
 * measure's trend, and a measure by channel, by region and by store (ranked, dense rank). Every figure comes from the
 * members' and sales rollups through the customer analytics endpoints.
 */

const useCustomerWidget = <W extends keyof typeof customerAnalyticsApi>(widget: W, query: Query) => useWidgetData('customer-analytics', customerAnalyticsApi, widget, query);

/** The period's six measures, each beside the period before; a measure's Details link opens its page. */
export function CustomerMeasuresWidget({ search, link }: { search: AnalyticsSearch; link: (type: CustomerDetailType) => Drill }) {
  const { t } = useTranslation();
  const texts = useCustomerMeasureTexts();
  const q = useCustomerWidget('summary', search);
  const d = q.data;
  return (
    <SummaryFiguresWidget
      title={t('customerAnalytics.measures', 'Averages per customer and per transaction')}
      testId="customer-measures"
      state={q}
      periods={d}
      span={8}
      empty={!!d && d.current.transactions === 0 && d.previous.transactions === 0}
      figures={CUSTOMER_DETAIL_TYPES.map((type) => ({
        key: type,
        label: texts.label[type],
        kind: measureKind(type),
        value: d ? customerMeasure(type, d.current) : 0,
        previous: d ? customerMeasure(type, d.previous) : 0,
        drill: link(type),
      }))}
    />
  );
}

/** One measure of a detail page beside the period before, with the two figures it divides. */
export function MeasureSummaryWidget({ search, type }: { search: AnalyticsSearch; type: CustomerDetailType }) {
  const { t } = useTranslation();
  const texts = useCustomerMeasureTexts();
  const q = useCustomerWidget('summary', search);
  const d = q.data;
  const m = CUSTOMER_MEASURES[type];
  const figure = (key: keyof CustomerFigures) => ({ key, label: texts.figure[key], kind: FIGURE_KIND[key], value: d?.current[key] ?? 0, previous: d?.previous[key] ?? 0 });
  return (
    <SummaryFiguresWidget
      title={t('analytics.summary.title', 'Summary')}
      testId="measure-summary"
      state={q}
      periods={d}
      span={8}
      empty={!!d && d.current.transactions === 0 && d.previous.transactions === 0}
      figures={[{ key: type, label: texts.label[type], kind: measureKind(type), value: d ? customerMeasure(type, d.current) : 0, previous: d ? customerMeasure(type, d.previous) : 0 }, figure(m.numerator), figure(m.denominator)]}
    />
  );
}

type TrendRow = CustomerFigures & { bucket: string };

/** The trend's rows and the drill of a bucket (its days within the period shown). */
function useTrend(search: AnalyticsSearch, onBucket: ((period: DayPeriod) => Drill) | undefined) {
  const q = useCustomerWidget('trend', search);
  const rows: TrendRow[] = q.data?.rows ?? [];
  const period = analyticsPeriod(search, jakartaDay(new Date()));
  const drillOf = (bucket: string) => onBucket?.(bucketPeriod(bucket, period));
  const onClick = useRowDrill(rows, onBucket && ((r) => drillOf(r.bucket)));
  return { q, rows, drillOf, onClick };
}

/** A measure's trend in small, on the main page: a click on a point opens the measure's page for that day or month. */
export function MeasureTrendCard({ search, type, onBucket, details }: { search: AnalyticsSearch; type: CustomerDetailType; onBucket: (period: DayPeriod) => Drill; details: Drill }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const texts = useCustomerMeasureTexts();
  const { q, rows, onClick } = useTrend(search, onBucket);
  const kind = measureKind(type);
  const denominator = CUSTOMER_MEASURES[type].denominator;
  const title = texts.label[type];
  const option: ChartOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatFigure(Number(v), kind, lang) },
    grid: { left: 56, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => bucketText(r.bucket, lang)) },
    yAxis: { type: 'value', axisLabel: { formatter: axisText(kind, lang) } },
    series: [{ type: 'line', name: title, smooth: true, data: rows.map((r) => customerMeasure(type, r)), itemStyle: { color: colours[CUSTOMER_MEASURES[type].per === 'customer' ? 0 : 2] } }],
  };
  return (
    <WidgetCard
      title={title}
      testId={`trend-${type}`}
      state={q}
      empty={!rows.some((r) => r[denominator] > 0)}
      emptyText={t('analytics.empty', 'No sales for these filters')}
      extra={
        <DrillLink drill={details} testId={`trend-${type}-details`} label={t('analytics.detailsOf', 'Details: {{name}}', { name: title })}>
          {t('analytics.details', 'Details')}
        </DrillLink>
      }
    >
      {() => <Chart option={option} label={t('ui.chart.label', { title })} height={200} onClick={onClick} />}
    </WidgetCard>
  );
}

/** The columns every breakdown's table shows after its name: the measure (in bold), then the two figures it divides. */
function measureColumns<R extends CustomerFigures>(type: CustomerDetailType, texts: ReturnType<typeof useCustomerMeasureTexts>, lang: 'en' | 'id'): ColumnsType<R> {
  const m = CUSTOMER_MEASURES[type];
  return [
    figureColumn<R>(type, texts.label[type], measureKind(type), (r) => customerMeasure(type, r), lang, true),
    figureColumn<R>(m.numerator, texts.figure[m.numerator], FIGURE_KIND[m.numerator], (r) => r[m.numerator], lang),
    figureColumn<R>(m.denominator, texts.figure[m.denominator], FIGURE_KIND[m.denominator], (r) => r[m.denominator], lang),
  ];
}

/** A measure day by day or month by month (as the period allows): its line over the bars of what it is divided by, and the table. */
export function MeasureDetailTrendWidget({ search, type, onBucket }: { search: AnalyticsSearch; type: CustomerDetailType; onBucket: (period: DayPeriod) => Drill }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const texts = useCustomerMeasureTexts();
  const { q, rows, drillOf, onClick } = useTrend(search, onBucket);
  const kind = measureKind(type);
  const denominator = CUSTOMER_MEASURES[type].denominator;
  const title = t('customerAnalytics.trendOf', '{{name}} over time', { name: texts.label[type] });
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [texts.label[type], texts.figure[denominator]] },
    grid: { left: 56, right: 56, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => bucketText(r.bucket, lang)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: axisText(kind, lang) } },
      { type: 'value', axisLabel: { formatter: axisText('count', lang) }, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: texts.figure[denominator], yAxisIndex: 1, data: rows.map((r) => r[denominator]), itemStyle: { color: colours[2] } },
      { type: 'line', name: texts.label[type], yAxisIndex: 0, smooth: true, data: rows.map((r) => customerMeasure(type, r)), itemStyle: { color: colours[0] } },
    ],
  };
  return (
    <WidgetCard title={title} testId="measure-trend" state={q} empty={!rows.some((r) => r[denominator] > 0)} emptyText={t('analytics.empty', 'No sales for these filters')}>
      {() => (
        <>
          <Chart option={option} label={t('ui.chart.label', { title })} height={280} onClick={onClick} />
          <ScrollTable label={title}>
            <Table<TrendRow>
              size="small"
              pagination={false}
              rowKey="bucket"
              dataSource={rows}
              columns={[
                {
                  key: 'bucket',
                  title: q.data?.bucket === 'month' ? t('analytics.month', 'Month') : t('analytics.day', 'Day'),
                  render: (_: unknown, r) => {
                    const to = drillOf(r.bucket);
                    return to ? <DrillLink drill={to} testId={`bucket-${r.bucket}`}>{bucketText(r.bucket, lang)}</DrillLink> : bucketText(r.bucket, lang);
                  },
                },
                ...measureColumns<TrendRow>(type, texts, lang),
              ]}
            />
          </ScrollTable>
        </>
      )}
    </WidgetCard>
  );
}

/** A measure by channel (offline, online) as bars and a table; a bar or a row opens the page for that channel. */
export function MeasureChannelWidget({ search, type, onChannel }: { search: AnalyticsSearch; type: CustomerDetailType; onChannel: (channel: number) => Drill }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const texts = useCustomerMeasureTexts();
  const q = useCustomerWidget('byChannel', search);
  const rows: CustomerChannelRow[] = q.data ?? [];
  const onClick = useRowDrill(rows, (r) => onChannel(r.channel));
  const kind = measureKind(type);
  const title = t('customerAnalytics.byChannel', '{{name}} by channel', { name: texts.label[type] });
  const nameOf = (channel: number) => {
    const o = CHANNEL.options.find((x) => x.value === channel);
    return o ? optionLabel(o, lang) : String(channel);
  };
  const option: ChartOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatFigure(Number(v), kind, lang) },
    grid: { left: 56, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => nameOf(r.channel)) },
    yAxis: { type: 'value', axisLabel: { formatter: axisText(kind, lang) } },
    series: [{ type: 'bar', name: texts.label[type], barMaxWidth: 48, data: rows.map((r, i) => ({ value: customerMeasure(type, r), itemStyle: { color: colours[i] } })) }],
  };
  return (
    <WidgetCard title={title} testId="measure-by-channel" state={q} empty={!rows.some((r) => r[CUSTOMER_MEASURES[type].denominator] > 0)} emptyText={t('analytics.empty', 'No sales for these filters')}>
      {() => (
        <>
          <Chart option={option} label={t('ui.chart.label', { title })} height={220} onClick={onClick} />
          <Table<CustomerChannelRow>
            size="small"
            pagination={false}
            rowKey="channel"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'channel', title: t('analytics.channel', 'Channel'), render: (_: unknown, r) => <DrillLink drill={onChannel(r.channel)} testId={`channel-${r.channel}`}>{nameOf(r.channel)}</DrillLink> },
              ...measureColumns<CustomerChannelRow>(type, texts, lang),
            ]}
          />
        </>
      )}
    </WidgetCard>
  );
}

/** Every region ranked by the measure (dense rank; never more than one page of them): a region opens the page for it. */
export function MeasureRegionWidget({ search, type, onRegion }: { search: AnalyticsSearch; type: CustomerDetailType; onRegion: (provinceCode: string) => Drill }) {
  const { t } = useTranslation();
  const lang = useLang();
  const texts = useCustomerMeasureTexts();
  // Never more than one page: the chain's regions are fewer than a page's largest size.
  const paging: RankPaging = { page: 1, limit: 100, order: 'desc' };
  const q = useCustomerWidget('byRegion', { ...search, type, page: paging.page, limit: paging.limit, order: paging.order });
  return (
    <RankedWidget<CustomerRegionRow>
      title={t('customerAnalytics.byRegion', '{{name}} by region', { name: texts.label[type] })}
      testId="measure-by-region"
      paging={paging}
      query={q}
      item={(r) => ({ key: r.province_code, rank: r.rank, name: r.province_name, value: r.value, drill: onRegion(r.province_code) })}
      kind={measureKind(type)}
      measureLabel={texts.label[type]}
      nameTitle={t('analytics.region', 'Region')}
      columns={measureColumns<CustomerRegionRow>(type, texts, lang)}
      emptyText={t('analytics.empty', 'No sales for these filters')}
    />
  );
}

/** A page of the stores ranked by the measure (dense rank), top or bottom first: a store opens the page for it. */
export function MeasureStoreWidget(props: { search: AnalyticsSearch; type: CustomerDetailType; paging: RankPaging; onStore: (storeCode: string) => Drill; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const texts = useCustomerMeasureTexts();
  const { page, limit, order } = props.paging;
  const q = useCustomerWidget('byStore', { ...props.search, type: props.type, page, limit, order });
  const name = texts.label[props.type];
  return (
    <RankedWidget<CustomerStoreRow>
      title={order === 'asc' ? t('customerAnalytics.storesBottom', 'Stores by {{name}}, lowest first', { name }) : t('customerAnalytics.storesTop', 'Stores by {{name}}, highest first', { name })}
      testId="measure-by-store"
      paging={props.paging}
      extra={props.extra}
      query={q}
      item={(r) => ({ key: r.store_id, rank: r.rank, name: `${r.store_code} · ${r.store_name}`, value: r.value, drill: props.onStore(r.store_code) })}
      kind={measureKind(props.type)}
      measureLabel={name}
      nameTitle={t('analytics.store', 'Store')}
      columns={[{ key: 'region', title: t('analytics.region', 'Region'), dataIndex: 'province_name' }, ...measureColumns<CustomerStoreRow>(props.type, texts, lang)]}
      emptyText={t('analytics.empty', 'No sales for these filters')}
    />
  );
}
