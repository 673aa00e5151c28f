import type { ReactNode } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  analyticsPeriod,
  CHANNEL,
  jakartaDay,
  salesAnalyticsApi,
  type DayPeriod,
  type SalesFigures,
  type TopCategoryRow,
  type TopMeasure,
  type TopPluRow,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import type { DataOf } from '../../lib/call.ts';
import { formatCount, formatRupiah } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { changePercent, changeType, formatDecimal, formatFigure, formatFigureShort, type FigureKind } from '../../ui/FigureCard.tsx';
import { optionLabel } from '../../ui/options.ts';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { bucketPeriod, bucketText, DrillLink, type Drill } from './analytics-links.tsx';
import { axisText, barsHeight, pagerOf, rankedBars, ScrollTable, useRowDrill, useSeriesColours, type RankPaging } from './analytics-blocks.tsx';
import { SummaryFiguresWidget } from './figures.widgets.tsx';
import { TREND_VIEWS, useMeasures, type MeasureKey, type TrendView, type TrendViewKey } from './sales.measures.ts';

/** One sales widget's data, loaded on its own. */
const useSalesWidget = <W extends keyof typeof salesAnalyticsApi>(widget: W, query: Query) => useWidgetData('sales-analytics', salesAnalyticsApi, widget, query);

/* Summary. */

/**
 * The period's figures, each beside the period before (change in percent, and the earlier value); `link` names the
 * detail page of a figure.
 */
export function SalesSummaryWidget({ search, figures, link }: { search: AnalyticsSearch; figures: readonly MeasureKey[]; link?: (measure: MeasureKey) => Drill | undefined }) {
  const { t } = useTranslation();
  const measures = useMeasures();
  const q = useSalesWidget('summary', search);
  const d = q.data;
  return (
    <SummaryFiguresWidget
      title={t('analytics.summary.title', 'Summary')}
      testId="sales-summary"
      state={q}
      periods={d}
      empty={!!d && d.current.transactions === 0 && d.previous.transactions === 0}
      figures={figures.map((key) => {
        const m = measures[key];
        const drill = link?.(key);
        return { key, label: m.label, kind: m.kind, value: d ? m.of(d.current) : 0, previous: d ? m.of(d.previous) : 0, ...(drill ? { drill } : {}) };
      })}
    />
  );
}

/* Trend. */

type TrendRow = SalesFigures & { bucket: string };

/**
 * The period bucket by bucket (days up to 62 days, else months, as the API cuts it): the view's measures as bars and
 * lines, with a table of the same figures; a click on a bucket (or its link in the table) drills into its days.
 */
export function SalesTrendWidget(props: { search: AnalyticsSearch; view: TrendViewKey; title: string; onBucket?: (period: DayPeriod) => Drill; extra?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const measures = useMeasures();
  const colours = useSeriesColours();
  const q = useSalesWidget('trend', props.search);
  const view: TrendView = TREND_VIEWS[props.view];
  const rows: TrendRow[] = q.data?.rows ?? [];
  const period = analyticsPeriod(props.search, jakartaDay(new Date()));
  const bucketDrill = (bucket: string) => props.onBucket?.(bucketPeriod(bucket, period));
  const onClick = useRowDrill(rows, props.onBucket && ((r) => bucketDrill(r.bucket)));
  const axisKinds = [0, 1].map((axis) => view.series.find((s) => (s.axis ?? 0) === axis)).map((s) => (s ? measures[s.measure].kind : undefined));
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: view.series.map((s) => measures[s.measure].label) },
    grid: { left: 56, right: axisKinds[1] ? 56 : 16, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => bucketText(r.bucket, lang)) },
    yAxis: axisKinds.flatMap((kind) => (kind ? [{ type: 'value' as const, axisLabel: { formatter: axisText(kind, lang) } }] : [])),
    series: view.series.map((s, i) => {
      const m = measures[s.measure];
      const data = rows.map((r) => m.of(r));
      const common = { name: m.label, data, yAxisIndex: s.axis ?? 0, itemStyle: { color: colours[i] } };
      return s.type === 'bar' ? { ...common, type: 'bar' as const, ...(s.stack ? { stack: 'total' } : {}) } : { ...common, type: 'line' as const, smooth: true };
    }),
  };
  const testId = props.testId ?? 'sales-trend';
  return (
    <WidgetCard title={props.title} testId={testId} state={q} empty={!rows.some((r) => r.transactions > 0)} emptyText={t('analytics.empty', 'No sales for these filters')} extra={props.extra}>
      {() => (
        <>
          <Chart
            option={option}
            label={t('ui.chart.label', { title: props.title })}
            height={280}
            onClick={onClick}
          />
          <ScrollTable label={props.title}>
            <Table<TrendRow>
              size="small"
              pagination={false}
              rowKey="bucket"
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'bucket',
                  // The day stays in sight while a wide table scrolls sideways.
                  fixed: 'left',
                  title: q.data?.bucket === 'month' ? t('analytics.month', 'Month') : t('analytics.day', 'Day'),
                  render: (_: unknown, r) => {
                    const to = bucketDrill(r.bucket);
                    return to ? <DrillLink drill={to} testId={`bucket-${r.bucket}`}>{bucketText(r.bucket, lang)}</DrillLink> : bucketText(r.bucket, lang);
                  },
                },
                ...view.columns.map((key) => ({
                  key,
                  title: measures[key].label,
                  align: 'right' as const,
                  render: (_: unknown, r: TrendRow) => formatFigure(measures[key].of(r), measures[key].kind, lang),
                })),
              ]}
            />
          </ScrollTable>
        </>
      )}
    </WidgetCard>
  );
}

/* By channel and by region. */

/** Sales by channel (offline, online) as a pie and a table with each one's share; a slice or row drills into it. */
export function SalesChannelWidget({ search, onChannel, extra }: { search: AnalyticsSearch; onChannel?: (channel: number) => Drill; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const q = useSalesWidget('byChannel', search);
  const rows = q.data ?? [];
  const onClick = useRowDrill(rows, onChannel && ((r) => onChannel(r.channel)));
  const title = t('analytics.byChannel', 'Sales by channel');
  const total = rows.reduce((sum, r) => sum + r.sales, 0);
  const nameOf = (channel: number) => {
    const o = CHANNEL.options.find((x) => x.value === channel);
    return o ? optionLabel(o, lang) : String(channel);
  };
  const option: ChartOption = {
    tooltip: { trigger: 'item', valueFormatter: (v) => formatRupiah(Number(v)) },
    legend: { top: 0 },
    series: [{ type: 'pie', radius: ['40%', '70%'], top: 24, data: rows.map((r, i) => ({ name: nameOf(r.channel), value: r.sales, itemStyle: { color: colours[i] } })) }],
  };
  return (
    <WidgetCard title={title} testId="sales-by-channel" state={q} empty={!rows.some((r) => r.transactions > 0)} emptyText={t('analytics.empty', 'No sales for these filters')} extra={extra}>
      {() => (
        <>
          <Chart
            option={option}
            label={t('ui.chart.label', { title })}
            height={220}
            onClick={onClick}
          />
          <Table
            size="small"
            pagination={false}
            rowKey="channel"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'channel', title: t('analytics.channel', 'Channel'), render: (_: unknown, r) => (onChannel ? <DrillLink drill={onChannel(r.channel)}>{nameOf(r.channel)}</DrillLink> : nameOf(r.channel)) },
              { key: 'sales', title: t('analytics.measure.sales', 'Sales'), align: 'right', render: (_: unknown, r) => formatRupiah(r.sales) },
              { key: 'transactions', title: t('analytics.measure.transactions', 'Transactions'), align: 'right', render: (_: unknown, r) => formatCount(r.transactions) },
              { key: 'share', title: t('analytics.share', 'Share of sales'), align: 'right', render: (_: unknown, r) => `${formatDecimal(total ? (r.sales / total) * 100 : 0, lang)}%` },
            ]}
          />
        </>
      )}
    </WidgetCard>
  );
}

/** Sales by region (the stores' provinces), the largest first, as bars and a table; a bar or row drills into it. */
export function SalesRegionWidget({ search, onRegion, extra }: { search: AnalyticsSearch; onRegion?: (provinceCode: string) => Drill; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const q = useSalesWidget('byRegion', search);
  const rows = q.data ?? [];
  const onClick = useRowDrill(rows, onRegion && ((r) => onRegion(r.province_code)));
  const title = t('analytics.byRegion', 'Sales by region');
  const option = rankedBars(
    rows.map((r) => r.province_name),
    rows.map((r) => r.sales),
    { kind: 'rupiah', lang, colour: colours[0], name: t('analytics.measure.sales', 'Sales'), labelWidth: 150 },
  );
  return (
    <WidgetCard title={title} testId="sales-by-region" state={q} empty={!rows.some((r) => r.transactions > 0)} emptyText={t('analytics.empty', 'No sales for these filters')} extra={extra}>
      {() => (
        <>
          <Chart
            option={option}
            label={t('ui.chart.label', { title })}
            height={barsHeight(rows.length)}
            onClick={onClick}
          />
          <ScrollTable label={title} height={240}>
            <Table
              size="small"
              pagination={false}
              rowKey="province_code"
              dataSource={rows}
              columns={[
                { key: 'region', title: t('analytics.region', 'Region'), render: (_: unknown, r) => (onRegion ? <DrillLink drill={onRegion(r.province_code)}>{r.province_name}</DrillLink> : r.province_name) },
                { key: 'sales', title: t('analytics.measure.sales', 'Sales'), align: 'right', render: (_: unknown, r) => formatRupiah(r.sales) },
                { key: 'transactions', title: t('analytics.measure.transactions', 'Transactions'), align: 'right', render: (_: unknown, r) => formatCount(r.transactions) },
              ]}
            />
          </ScrollTable>
        </>
      )}
    </WidgetCard>
  );
}

/* Ranked lists. */

type StoreRow = DataOf<typeof salesAnalyticsApi.byStore>['data'][number];

/** Stores ranked by sales (a dense rank), a page of them; a store's name drills into its own figures. */
export function StoreRankWidget(props: { search: AnalyticsSearch; paging: RankPaging; title: string; onStore?: (storeCode: string) => Drill; extra?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const measures = useMeasures();
  const { page, limit, order } = props.paging;
  const q = useSalesWidget('byStore', { ...props.search, page, limit, order });
  const rows = q.data?.data ?? [];
  const figure = (key: MeasureKey) => ({ key, title: measures[key].label, align: 'right' as const, render: (_: unknown, r: StoreRow) => formatFigure(measures[key].of(r), measures[key].kind, lang) });
  const columns: ColumnsType<StoreRow> = [
    { key: 'rank', title: t('analytics.rank', 'Rank'), dataIndex: 'rank', width: 64, align: 'right' },
    {
      key: 'store',
      title: t('analytics.store', 'Store'),
      render: (_: unknown, r) => {
        const text = `${r.store_code} · ${r.store_name}`;
        return props.onStore ? <DrillLink drill={props.onStore(r.store_code)} testId={`store-${r.store_code}`}>{text}</DrillLink> : text;
      },
    },
    { key: 'region', title: t('analytics.region', 'Region'), dataIndex: 'province_name' },
    figure('sales'),
    figure('transactions'),
    figure('average_transaction'),
    figure('member_share'),
  ];
  return (
    <WidgetCard title={props.title} testId={props.testId ?? 'sales-by-store'} state={q} empty={!rows.length && page === 1} emptyText={t('analytics.empty', 'No sales for these filters')} extra={props.extra}>
      {() => (
        <Table<StoreRow>
          size="small"
          rowKey="store_id"
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={pagerOf(props.paging, q.data?.meta.total, (n) => t('ui.total', 'Total {{count}} items', { count: n }))}
          columns={columns}
        />
      )}
    </WidgetCard>
  );
}

/** A ranked item of sales analytics: a sub category or a PLU, with its figures and the period before's. */
type ItemRow = (TopCategoryRow | TopPluRow) & { key: string; name: string; context: string };

const itemRows = (rows: readonly (TopCategoryRow | TopPluRow)[]): ItemRow[] =>
  rows.map((r) => ('plu' in r ? { ...r, key: r.plu, name: `${r.plu} · ${r.product_name}`, context: r.category_name } : { ...r, key: String(r.category_id), name: r.category_name, context: r.parent_name }));

/**
 * Sub categories or PLUs ranked by sales or quantity: the page as bars and as a table with rank, figures, the period
 * before and the change.
 */
export function TopItemsWidget(props: { search: AnalyticsSearch; kind: 'category' | 'plu'; measure: TopMeasure; paging: RankPaging; title: string; extra?: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const { page, limit, order } = props.paging;
  const query = { ...props.search, page, limit, order, measure: props.measure };
  const q = useSalesWidget(props.kind === 'category' ? 'topCategories' : 'topPlus', query);
  const rows = itemRows(q.data?.data ?? []);
  const money = props.measure === 'sales';
  const valueOf = (r: ItemRow) => (money ? r.sales : r.quantity);
  const beforeOf = (r: ItemRow) => (money ? r.previous_sales : r.previous_quantity);
  const kind: FigureKind = money ? 'rupiah' : 'count';
  const measureLabel = money ? t('analytics.measure.sales', 'Sales') : t('analytics.measure.quantity', 'Quantity');
  const option = rankedBars(rows.map((r) => r.name), rows.map(valueOf), { kind, lang, colour: colours[0], name: measureLabel, labelWidth: 180 });
  const columns: ColumnsType<ItemRow> = [
    { key: 'rank', title: t('analytics.rank', 'Rank'), dataIndex: 'rank', width: 64, align: 'right' },
    { key: 'name', title: props.kind === 'plu' ? t('analytics.plu', 'PLU') : t('analytics.subCategory', 'Sub category'), dataIndex: 'name' },
    { key: 'context', title: props.kind === 'plu' ? t('analytics.subCategory', 'Sub category') : t('analytics.parentCategory', 'Parent category'), dataIndex: 'context' },
    { key: 'sales', title: t('analytics.measure.sales', 'Sales'), align: 'right', render: (_: unknown, r) => formatRupiah(r.sales) },
    { key: 'quantity', title: t('analytics.measure.quantity', 'Quantity'), align: 'right', render: (_: unknown, r) => formatCount(r.quantity) },
    { key: 'previous', title: t('analytics.previous', 'Previous period'), align: 'right', render: (_: unknown, r) => formatFigureShort(beforeOf(r), kind, lang) },
    {
      key: 'change',
      title: t('analytics.change', 'Change'),
      align: 'right',
      render: (_: unknown, r) => <Typography.Text type={changeType(valueOf(r), beforeOf(r))}>{changePercent(valueOf(r), beforeOf(r), lang)}</Typography.Text>,
    },
  ];
  return (
    <WidgetCard title={props.title} testId={props.testId} state={q} empty={!rows.length && page === 1} emptyText={t('analytics.empty', 'No sales for these filters')} extra={props.extra}>
      {() => (
        <>
          <Chart option={option} label={t('ui.chart.label', { title: props.title })} height={barsHeight(rows.length)} />
          <Table<ItemRow>
            size="small"
            rowKey="key"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={pagerOf(props.paging, q.data?.meta.total, (n) => t('ui.total', 'Total {{count}} items', { count: n }))}
            columns={columns}
          />
        </>
      )}
    </WidgetCard>
  );
}

// The ranked lists' page and order moved to analytics-blocks.tsx; screens written against this module still find them here.
export { OrderSwitch, useRankSearch, type RankOrder } from './analytics-blocks.tsx';
