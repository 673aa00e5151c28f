import type { ReactNode } from 'react';
import { Radio, theme } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_LIMIT, type Lang } from '@portal/contract';
import type { ChartClick, ChartOption } from '../../ui/Chart.tsx';
import { formatCompactIn, formatDecimal, formatFigure, type FigureKind } from '../../ui/FigureCard.tsx';
import { useSearchPatch } from '../../ui/search-param.ts';
import { useDrill, type Drill } from './analytics-links.tsx';

/*
 * Building blocks of every pandora dashboard's widgets, beside the filter bar (AnalyticsFilterBar.tsx), the links
 * (analytics-links.tsx) and the cards (ui/WidgetCard.tsx, ui/FigureCard.tsx): chart colours, clicks and axes, ranked
 * bars, a scrolled table, and a ranked list's page and order in the URL.
 */

/* Charts. */

/** The colours of a chart's series, in order: the brand's, then antd's warning, info and success colours. */
export function useSeriesColours(): string[] {
  const { token } = theme.useToken();
  return [token.colorPrimary, token.colorWarning, token.colorInfo, token.colorSuccess, token.colorError];
}

/** A chart click that drills into the row of the bar, point or slice clicked; none when the widget does not drill. */
export function useRowDrill<R>(rows: readonly R[], to: ((row: R) => Drill | undefined) | undefined): ((click: ChartClick) => void) | undefined {
  const drill = useDrill();
  if (!to) return undefined;
  return (click) => {
    const row = rows[click.dataIndex];
    const target = row && to(row);
    if (target) drill(target);
  };
}

/** An axis label in short: Rupiah and counts compact (1.2M), ratios with the language's decimal mark. */
export const axisText = (kind: FigureKind, lang: Lang) => (v: number) => (kind === 'rupiah' || kind === 'count' ? formatCompactIn(v, lang) : formatDecimal(v, lang));

/** Ranked bars, the first on top, names at their left: regions, sub categories, PLUs. */
export function rankedBars(names: string[], values: number[], opts: { kind: FigureKind; lang: Lang; colour: string | undefined; name: string; labelWidth: number }): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatFigure(Number(v), opts.kind, opts.lang) },
    grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: axisText(opts.kind, opts.lang) } },
    yAxis: { type: 'category', inverse: true, data: names, axisLabel: { width: opts.labelWidth, overflow: 'truncate' } },
    series: [{ type: 'bar', name: opts.name, data: values, itemStyle: { color: opts.colour } }],
  };
}

/** A ranked bar chart's height: a bar's line each. */
export const barsHeight = (n: number) => Math.max(160, 28 * n + 40);

/** A table under its chart: scrolled within its box, which takes focus and names itself for keyboard users. */
export function ScrollTable({ label, children, height = 320 }: { label: string; children: ReactNode; height?: number }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} style={{ maxHeight: height, overflow: 'auto', marginTop: 8 }}>
      {children}
    </div>
  );
}

/* Ranked lists: page, size and order. */

export type RankOrder = 'desc' | 'asc';
export const PAGE_SIZES = [10, 20, 50, 100].filter((n) => n <= MAX_PAGE_LIMIT);

/** A ranked list's page, size and order as the URL holds them (`page`, `limit`, `order`), with a setter. */
export function useRankSearch(fixedOrder?: RankOrder) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const patch = useSearchPatch();
  const int = (v: unknown, min: number, max: number, fallback: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  };
  const order: RankOrder = fixedOrder ?? (raw.order === 'asc' ? 'asc' : 'desc');
  return {
    page: int(raw.page, 1, 1000, 1),
    limit: int(raw.limit, 1, MAX_PAGE_LIMIT, 10),
    order,
    setPage: (page: number, limit: number) => patch({ page: page > 1 ? String(page) : undefined, limit: limit !== 10 ? String(limit) : undefined }),
    setOrder: (next: RankOrder) => patch({ order: next === 'asc' ? 'asc' : undefined, page: undefined }),
  };
}

/** Top first or bottom first, for a ranked list whose order the URL keeps. */
export function OrderSwitch({ order, onChange }: { order: RankOrder; onChange: (order: RankOrder) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      aria-label={t('analytics.order', 'Order')}
      size="small"
      optionType="button"
      data-testid="rank-order"
      value={order}
      onChange={(e) => onChange(e.target.value === 'asc' ? 'asc' : 'desc')}
      options={[
        { value: 'desc', label: t('analytics.topFirst', 'Top first') },
        { value: 'asc', label: t('analytics.bottomFirst', 'Bottom first') },
      ]}
    />
  );
}

/** A page of a ranked list: its place, and its pager's moves, or none when the widget shows a fixed top ten. */
export interface RankPaging {
  page: number;
  limit: number;
  order: RankOrder;
  /** The pager's moves (a paged list); absent for a fixed top ten. */
  setPage?: (page: number, limit: number) => void;
}

export /** A table's pager over a ranked list's page (none for a fixed top ten), its moves into the URL. */
function pagerOf(paging: RankPaging, total: number | undefined, totalText: (n: number) => string): TablePaginationConfig | false {
  if (!paging.setPage) return false;
  const setPage = paging.setPage;
  return { current: paging.page, pageSize: paging.limit, total: total ?? 0, showSizeChanger: true, pageSizeOptions: PAGE_SIZES, showTotal: totalText, onChange: setPage };
}

