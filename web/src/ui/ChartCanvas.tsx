import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartClick, ChartOption } from './Chart.tsx';

use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

/** The ECharts drawing itself, loaded apart from the screens (ECharts alone would take a route past its budget). */
export function ChartCanvas({ option, label, height, onClick }: { option: ChartOption; label: string; height: number; onClick?: (click: ChartClick) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const clicked = useRef(onClick);
  clicked.current = onClick;
  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (p) => clicked.current?.({ seriesName: p.seriesName, name: p.name, dataIndex: p.dataIndex }));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // Those who asked their system for less motion get the chart drawn at once.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    chart.current?.setOption({ ...option, ...(still ? { animation: false } : {}) }, true);
  }, [option]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} data-testid="chart" />;
}
