import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

/** What a click on a chart's element names: its series, its category (or slice) and its place in the data. */
export interface ChartClick {
  seriesName?: string;
  name: string;
  dataIndex: number;
}

const ChartCanvas = lazy(() => import('./ChartCanvas.tsx').then((m) => ({ default: m.ChartCanvas })));

/**
 * An ECharts chart (bar, line, pie) sized to its box and redrawn when its option changes; ECharts loads with the first
 * chart, after the screen. A chart is a picture to screen readers (`role="img"` with its label): every chart of the
 * portal sits beside a table of the same figures. `onClick` answers a click on a bar, a point or a slice (a drill-down);
 * the table beside it offers the same by keyboard.
 */
export function Chart({ option, label, height = 260, onClick }: { option: ChartOption; label: string; height?: number; onClick?: (click: ChartClick) => void }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <ChartCanvas option={option} label={label} height={height} onClick={onClick} />
    </Suspense>
  );
}
