import type { ReactNode, TableHTMLAttributes } from 'react';
import { Empty, Radio, Table, Typography, theme } from 'antd';
import type { ColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { Chart, type ChartClick, type ChartOption } from '../../ui/Chart.tsx';
import { changePercent, changeType, formatFigure, formatFigureShort, type FigureKind } from '../../ui/FigureCard.tsx';
import { WidgetCard, type WidgetState } from '../../ui/WidgetCard.tsx';
import { axisText, pagerOf, useRowDrill, type RankPaging } from './analytics-blocks.tsx';
import { DrillLink, type Drill } from './analytics-links.tsx';

/*
 * A ranked list of pandora's engagement dashboards (planograms, products, offers, banners, messages, campaigns): the
 * page as bars beside the period before's, and a table of the same figures with the rank (dense), the period before and
 * the change; a bar, or the name in the table, drills into the item's own page.
 */

/** What the chart and the shared columns read of a row. */
interface RankedItem {
  key: string | number;
  rank: number;
  name: string;
  value: number;
  /** The measure in the period before; absent where the list has none (the offer top average). */
  previous?: number;
  drill?: Drill;
}

/** The items as bars, the first on top with its name at its left, each beside its bar of the period before. */
function comparisonBars(items: readonly RankedItem[], opts: { kind: FigureKind; lang: Lang; colours: [string, string]; labels: [string, string] }): ChartOption {
  const withPrevious = items.some((i) => i.previous !== undefined);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => formatFigure(Number(v), opts.kind, opts.lang) },
    legend: withPrevious ? { top: 0, data: opts.labels } : undefined,
    grid: { left: 8, right: 24, top: withPrevious ? 32 : 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: axisText(opts.kind, opts.lang) } },
    yAxis: { type: 'category', inverse: true, data: items.map((i) => `${i.rank}. ${i.name}`), axisLabel: { width: 200, overflow: 'truncate' } },
    series: [
      { type: 'bar', name: opts.labels[0], data: items.map((i) => i.value), barMaxWidth: 24, itemStyle: { color: opts.colours[0] }, cursor: items.some((i) => i.drill) ? 'pointer' : 'default' },
      ...(withPrevious ? [{ type: 'bar' as const, name: opts.labels[1], data: items.map((i) => i.previous ?? 0), barMaxWidth: 24, itemStyle: { color: opts.colours[1] } }] : []),
    ],
  };
}

/** A bar chart's height: a line for each item (two bars each when compared). */
const rankedChartHeight = (n: number, compared: boolean) => Math.max(180, n * (compared ? 40 : 28) + 64);

/** A table's own element as wide as its content (names unwrapped), for a `TableRegion` to scroll. */
const WideTable = (props: TableHTMLAttributes<HTMLTableElement>) => <table {...props} style={{ ...props.style, width: 'max-content', minWidth: '100%' }} />;
const WIDE_TABLE = { table: WideTable };

/**
 * A table wider than its card (with `components={WIDE_TABLE}`) scrolls sideways in this box, which takes focus (so the
 * keyboard scrolls it) and is named for screen readers.
 */
function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} style={{ overflowX: 'auto', marginTop: 8 }}>
      {children}
    </div>
  );
}

/** Instead of a chart whose bars would all be nought: the table beside it lists what was live and counted nothing. */
export function NothingCounted({ measure, compared = true }: { measure: string; compared?: boolean }) {
  const { t } = useTranslation();
  const text = compared
    ? t('analytics.more.nothingCounted', 'No {{measure}} counted in this period or the one before', { measure: measure.toLowerCase() })
    : t('analytics.more.nothingCountedNow', 'No {{measure}} counted in this period', { measure: measure.toLowerCase() });
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="ranking-zero" />;
}

/** What every ranked widget is given: its title, test id, page of the list and links beside the title. */
export interface RankFrame {
  title: string;
  testId: string;
  paging: RankPaging;
  extra?: ReactNode;
}
export const rankFrame = (p: RankFrame): RankFrame => ({ title: p.title, testId: p.testId, paging: p.paging, extra: p.extra });

/** A ranking's query as the widget reads it: loading, failed, or a page of rows with the total. */
interface RankQuery<R> extends WidgetState {
  data?: { data: readonly R[]; meta: { total: number } };
}

/**
 * A chart beside a table of the same figures; `instead` stands for the chart when there is nothing to draw (the table
 * still lists the rows).
 */
export function ChartTable<R extends object>(props: {
  title: string;
  option: ChartOption;
  height: number;
  onClick?: (click: ChartClick) => void;
  instead?: ReactNode;
  rowKey: TableProps<R>['rowKey'];
  rows: readonly R[];
  columns: ColumnsType<R>;
  pagination?: TablePaginationConfig | false;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.instead ?? <Chart option={props.option} label={t('ui.chart.label', { title: props.title })} height={props.height} onClick={props.onClick} />}
      <TableRegion label={props.title}>
        <Table<R> size="small" rowKey={props.rowKey} dataSource={[...props.rows]} components={WIDE_TABLE} pagination={props.pagination ?? false} columns={props.columns} />
      </TableRegion>
    </>
  );
}

/**
 * A ranked list: `item` reads each row's rank, name, measure and the period before's; `columns` are the row's further
 * figures, shown between the name and the comparison.
 */
export function RankedWidget<R extends object>(props: RankFrame & {
  query: RankQuery<R>;
  item: (row: R) => RankedItem;
  kind: FigureKind;
  measureLabel: string;
  nameTitle: string;
  columns: ColumnsType<R>;
  emptyText?: string;
}) {
  const rows = props.query.data?.data ?? [];
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const items = rows.map(props.item);
  const compared = items.some((i) => i.previous !== undefined);
  const previousLabel = t('analytics.previous', 'Previous period');
  const option = comparisonBars(items, { kind: props.kind, lang, colours: [token.colorPrimary, token.colorTextTertiary], labels: [props.measureLabel, previousLabel] });
  const onClick = useRowDrill(items, items.some((i) => i.drill) ? (i) => i.drill : undefined);
  const itemOf = (row: R) => items[rows.indexOf(row)] ?? props.item(row);
  const columns: ColumnsType<R> = [
    { key: 'rank', title: t('analytics.rank', 'Rank'), width: 72, align: 'right', render: (_: unknown, r) => itemOf(r).rank },
    {
      key: 'name',
      title: props.nameTitle,
      render: (_: unknown, r) => {
        const i = itemOf(r);
        return i.drill ? (
          <DrillLink drill={i.drill} testId={`rank-link-${i.key}`}>
            {i.name}
          </DrillLink>
        ) : (
          i.name
        );
      },
    },
    ...props.columns,
    ...(compared
      ? [
          {
            key: 'previous',
            title: previousLabel,
            align: 'right' as const,
            render: (_: unknown, r: R) => formatFigureShort(itemOf(r).previous ?? 0, props.kind, lang),
          },
          {
            key: 'change',
            title: t('analytics.change', 'Change'),
            align: 'right' as const,
            render: (_: unknown, r: R) => {
              const i = itemOf(r);
              return <Typography.Text type={changeType(i.value, i.previous ?? 0)}>{changePercent(i.value, i.previous ?? 0, lang)}</Typography.Text>;
            },
          },
        ]
      : []),
  ];
  return (
    <WidgetCard title={props.title} testId={props.testId} state={props.query} empty={!rows.length && props.paging.page === 1} emptyText={props.emptyText} extra={props.extra}>
      {() => (
        <ChartTable<R>
          title={props.title}
          option={option}
          height={rankedChartHeight(items.length, compared)}
          onClick={onClick}
          // Listed (live in the period) but nothing counted, now or before: no bars to draw, the list still says which.
          instead={items.some((i) => i.value !== 0 || (i.previous ?? 0) !== 0) ? undefined : <NothingCounted measure={props.measureLabel} compared={compared} />}
          rowKey={(r) => String(itemOf(r).key)}
          rows={rows}
          columns={columns}
          pagination={pagerOf(props.paging, props.query.data?.meta.total, (n) => t('ui.total', 'Total {{count}} items', { count: n }))}
        />
      )}
    </WidgetCard>
  );
}

/** A column of a figure, right-aligned, formatted by its kind; `strong` marks the measure the list is ranked by. */
export function figureColumn<R>(key: string, title: string, kind: FigureKind, value: (row: R) => number, lang: Lang, strong = false): ColumnsType<R>[number] {
  return {
    key,
    title,
    align: 'right',
    render: (_: unknown, r: R) => {
      const text = formatFigure(value(r), kind, lang);
      return strong ? <Typography.Text strong>{text}</Typography.Text> : text;
    },
  };
}

/** A few choices side by side (what a ranking is by, its level), as small buttons named by `label`. */
export function ChoiceSwitch<V extends string>(props: { label: string; testId: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <Radio.Group
      aria-label={props.label}
      size="small"
      optionType="button"
      data-testid={props.testId}
      value={props.value}
      onChange={(e) => {
        const chosen = props.options.find((o) => o.value === e.target.value);
        if (chosen) props.onChange(chosen.value);
      }}
      options={props.options.map((o) => ({ value: o.value, label: o.label }))}
    />
  );
}
