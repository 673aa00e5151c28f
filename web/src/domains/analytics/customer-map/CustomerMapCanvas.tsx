import { useEffect, useRef } from 'react';
import { Button, Flex, Tooltip, theme } from 'antd';
import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import { GeoComponent, TooltipComponent, type GeoComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, registerMap, use, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { CustomerMapCluster, CustomerMapPoint, MapBox } from '@portal/contract';
import { formatCompact, formatCount } from '../../../lib/format.ts';
import indonesia from './indonesia.geo.json';
import { clusterSize, INDONESIA } from './map-view.ts';

use([ScatterChart, GeoComponent, TooltipComponent, SVGRenderer]);
const MAP = 'indonesia';
// The shape ships with the app (web/scripts/indonesia-geojson.mjs): no tile server, no network.
registerMap(MAP, indonesia as unknown as Parameters<typeof registerMap>[1]);

type MapOption = ComposeOption<ScatterSeriesOption | GeoComponentOption | TooltipComponentOption>;

/** The texts of the map, in the UI's language (the widget passes them). */
export interface MapTexts {
  label: string;
  zoomIn: string;
  zoomOut: string;
  reset: string;
  point: (p: CustomerMapPoint) => string;
  cluster: (count: number) => string;
}

const CENTRE: [number, number] = [(INDONESIA.top_left_lon + INDONESIA.bottom_right_lon) / 2, (INDONESIA.top_left_lat + INDONESIA.bottom_right_lat) / 2];
const NEIGHBOURS = ['Malaysia', 'Brunei', 'Timor-Leste', 'Papua New Guinea', 'Singapore'];

/**
 * The map itself, loaded apart from the screen (ECharts and the shape of Indonesia): the customers' addresses as points
 * or as bubbles sized by their counts, over Indonesia's islands; pan by dragging, zoom by the wheel or the buttons, a
 * click on a bubble zooms into it. After each pan or zoom it tells the widget the box in view.
 */
export function CustomerMapCanvas(props: { points: CustomerMapPoint[]; clusters: CustomerMapCluster[]; cellDegrees: number; onView: (box: MapBox) => void; texts: MapTexts; height: number }) {
  const { points, clusters, cellDegrees, onView, texts, height } = props;
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);
  const viewChanged = useRef(onView);
  viewChanged.current = onView;
  const textsNow = useRef(texts);
  textsNow.current = texts;

  /** The box the map shows now: its corners turned back into degrees. */
  const tellView = () => {
    const c = chart.current;
    if (!c) return;
    const nw = c.convertFromPixel({ geoIndex: 0 }, [0, 0]) as number[] | undefined;
    const se = c.convertFromPixel({ geoIndex: 0 }, [c.getWidth(), c.getHeight()]) as number[] | undefined;
    if (!nw || !se) return;
    viewChanged.current({ top_left_lat: nw[1]!, top_left_lon: nw[0]!, bottom_right_lat: se[1]!, bottom_right_lon: se[0]! });
  };
  const zoomBy = (factor: number, originX?: number, originY?: number) => {
    const c = chart.current;
    if (!c) return;
    c.dispatchAction({ type: 'geoRoam', componentType: 'geo', geoIndex: 0, zoom: factor, originX: originX ?? c.getWidth() / 2, originY: originY ?? c.getHeight() / 2 });
  };
  const reset = () => {
    chart.current?.setOption({ geo: { center: CENTRE, zoom: 1 } } as MapOption);
    tellView();
  };

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const option: MapOption = {
      animation: !still,
      tooltip: { trigger: 'item', confine: true },
      geo: {
        map: MAP,
        roam: true,
        // Near the equator a degree of longitude is as long as one of latitude.
        aspectScale: 1,
        // Indonesia fills the first view (not the neighbours the shape also holds).
        boundingCoords: [
          [INDONESIA.top_left_lon, INDONESIA.top_left_lat],
          [INDONESIA.bottom_right_lon, INDONESIA.bottom_right_lat],
        ],
        top: 8,
        bottom: 8,
        left: 8,
        right: 8,
        scaleLimit: { min: 0.8, max: 600 },
        // Indonesia's land light on a blue sea, its neighbours greyed.
        itemStyle: { areaColor: token.colorBgContainer, borderColor: token.colorTextQuaternary, borderWidth: 0.8 },
        regions: NEIGHBOURS.map((name) => ({ name, itemStyle: { areaColor: token.colorFillSecondary, borderColor: token.colorBorder } })),
        emphasis: { disabled: true },
        select: { disabled: true },
        tooltip: { show: false },
        label: { show: false },
      },
      series: [],
    };
    instance.setOption(option);
    instance.on('georoam', tellView);
    instance.on('click', (p) => {
      if (p.seriesId !== 'clusters' || !Array.isArray(p.value)) return;
      const at = instance.convertToPixel({ geoIndex: 0 }, [Number(p.value[0]), Number(p.value[1])]) as number[] | undefined;
      zoomBy(3, at?.[0], at?.[1]);
    });
    const resize = new ResizeObserver(() => {
      instance.resize();
      tellView();
    });
    resize.observe(box.current);
    // The first view is the container's shape around Indonesia: tell the widget what it actually shows.
    const first = setTimeout(tellView, 0);
    return () => {
      clearTimeout(first);
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const largest = clusters.reduce((m, c) => Math.max(m, c.count), 0);
    // How wide a grid cell is on screen now: the bubbles are no wider.
    const a = chart.current?.convertToPixel({ geoIndex: 0 }, [0, 0]) as number[] | undefined;
    const b = chart.current?.convertToPixel({ geoIndex: 0 }, [cellDegrees, 0]) as number[] | undefined;
    const cellPixels = a && b ? Math.abs(b[0]! - a[0]!) : 56;
    const series: ScatterSeriesOption[] = [
      {
        id: 'points',
        type: 'scatter',
        coordinateSystem: 'geo',
        symbolSize: 6,
        itemStyle: { color: token.colorPrimary, opacity: 0.85, borderColor: token.colorBgContainer, borderWidth: 0.5 },
        data: points.map((p) => ({ value: [p.longitude, p.latitude], point: p })),
        tooltip: { formatter: (p) => textsNow.current.point((p.data as { point: CustomerMapPoint }).point) },
        animation: false,
      },
      {
        id: 'clusters',
        type: 'scatter',
        coordinateSystem: 'geo',
        symbolSize: (value: number[]) => clusterSize(value[2] ?? 0, largest, cellPixels),
        itemStyle: { color: token.colorPrimary, opacity: 0.7, borderColor: token.colorBgContainer, borderWidth: 1 },
        label: { show: true, position: 'inside', color: token.colorTextLightSolid, fontSize: 11, fontWeight: 600, formatter: (p) => formatCompact(Number((p.value as number[])[2] ?? 0)) },
        data: clusters.map((c) => [c.longitude, c.latitude, c.count]),
        tooltip: { formatter: (p) => textsNow.current.cluster(Number((p.value as number[])[2] ?? 0)) },
        cursor: 'zoom-in',
      },
    ];
    chart.current?.setOption({ series } as MapOption, { replaceMerge: ['series'] });
  }, [points, clusters, cellDegrees, token]);

  const total = clusters.reduce((n, c) => n + c.count, 0) + points.length;
  return (
    <div style={{ position: 'relative' }}>
      <div ref={box} role="img" aria-label={`${texts.label}: ${formatCount(total)}`} style={{ width: '100%', height, background: token.colorInfoBg, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }} data-testid="customer-map-canvas" />
      <Flex vertical gap={4} style={{ position: 'absolute', top: 8, right: 8 }}>
        <Tooltip title={texts.zoomIn} placement="left">
          <Button size="small" icon={<PlusOutlined />} aria-label={texts.zoomIn} onClick={() => zoomBy(2)} data-testid="customer-map-zoom-in" />
        </Tooltip>
        <Tooltip title={texts.zoomOut} placement="left">
          <Button size="small" icon={<MinusOutlined />} aria-label={texts.zoomOut} onClick={() => zoomBy(0.5)} data-testid="customer-map-zoom-out" />
        </Tooltip>
        <Tooltip title={texts.reset} placement="left">
          <Button size="small" icon={<AimOutlined />} aria-label={texts.reset} onClick={reset} data-testid="customer-map-reset" />
        </Tooltip>
      </Flex>
    </div>
  );
}
