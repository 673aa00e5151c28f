import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Col, Flex, Row, Skeleton, Spin, Switch, Table, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cellSizeOf, customerMapApi, mergeQuadrants, type CustomerMapAnswer, type CustomerMapCluster, type CustomerMapProvince, type CustomerMapView, type MapBox } from '@portal/contract';
import type { Query } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/call.ts';
import { formatCount } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { resourceKeys } from '../../../lib/query-keys.ts';
import { ExportButton } from '../../../ui/ExportButton.tsx';
import { formatDecimal } from '../../../ui/FigureCard.tsx';
import { WidgetCard } from '../../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from '../analytics-filters.ts';
import type { MapTexts } from './CustomerMapCanvas.tsx';
import { INDONESIA, quadrantRequests, requestBox, sameBox, VIEW_SETTLE_MS } from './map-view.ts';

const CustomerMapCanvas = lazy(() => import('./CustomerMapCanvas.tsx').then((m) => ({ default: m.CustomerMapCanvas })));
const keys = resourceKeys('customer-map');
const HEIGHT = 480;

interface MapData {
  view: CustomerMapView;
  zoom: number;
}

/** The four answers as one view once all have come (a stable function: TanStack Query re-merges only when they change). */
function combineQuadrants(results: readonly { data?: CustomerMapAnswer; isError: boolean; isFetching: boolean }[]) {
  const answers = results.map((r) => r.data);
  const complete = answers.every((a): a is CustomerMapAnswer => a !== undefined);
  return {
    data: complete ? { view: mergeQuadrants(answers), zoom: answers[0]?.zoom ?? 0 } : undefined,
    isError: results.some((r) => r.isError),
    isFetching: results.some((r) => r.isFetching),
  };
}

/**
 * The view's four quadrant requests, sent in parallel and merged (points de-duplicated) once all have answered. While a
 * new view loads, the last complete one stays drawn (the map is not unmounted by a pan); pending only before the first.
 */
function useCustomerMap(view: MapBox, filters: Query) {
  const last = useRef<MapData | undefined>(undefined);
  const now = useQueries({
    queries: quadrantRequests(view).map(({ quadrant, box, zoom }) => {
      const query: Query = { ...box, quadrant, zoom, ...filters };
      return {
        queryKey: keys.list(query),
        queryFn: async () => (await callEndpoint<CustomerMapAnswer>(customerMapApi.map, { query })).data,
        retry: false,
        // The card says so itself (`widget-failed`): no toast on top of it.
        meta: { silentError: true },
      };
    }),
    combine: combineQuadrants,
  });
  if (now.data) last.current = now.data;
  const data = now.data ?? last.current;
  return { data, isPending: !data && !now.isError, isError: now.isError, isFetching: now.isFetching || !now.data };
}

/** A small table of the summary, titled, unpaged, saying so when the view holds nothing. */
function SummaryTable<T extends object>(props: { testId: string; title: string; rowKey: keyof T & string; rows: T[]; columns: ColumnsType<T> }) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="small"
      rowKey={props.rowKey}
      pagination={false}
      data-testid={props.testId}
      title={() => props.title}
      locale={{ emptyText: t('customerMap.noneInView', 'No located addresses in this view') }}
      dataSource={props.rows}
      columns={props.columns}
    />
  );
}

/** The figures of the view beside the map, for everyone and for screen readers: totals, provinces, largest clusters. */
function MapSummary({ view, zoom }: { view: CustomerMapView; zoom: number | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const km = zoom === undefined ? 0 : Math.max(1, Math.round(cellSizeOf(zoom) * 111));
  const largest = view.clusters.slice(0, 5);
  const countColumn = { key: 'count', title: t('customerMap.addressesColumn', 'Addresses'), dataIndex: 'count', align: 'right' as const, render: (n: number) => formatCount(n) };
  return (
    <Flex vertical gap={12} data-testid="customer-map-summary">
      <div aria-live="polite">
        <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
          {t('customerMap.inView', 'In this view')}
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }} data-testid="customer-map-total">
          {t('customerMap.addresses', 'Addresses: {{n}}', { n: formatCount(view.total) })}
        </Typography.Paragraph>
        {view.total > 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="customer-map-shown">
            {view.clusters.length
              ? t('customerMap.shownClusters', 'Shown as {{clusters}} clusters on a grid of about {{km}} km', { clusters: formatCount(view.clusters.length), km: formatCount(km) })
              : t('customerMap.shownPoints', 'Shown as {{points}} points, one per address', { points: formatCount(view.points.length) })}
          </Typography.Paragraph>
        )}
      </div>
      <div tabIndex={0} role="region" aria-label={t('customerMap.byProvince', 'By province')} style={{ maxHeight: 260, overflow: 'auto' }}>
        <SummaryTable<CustomerMapProvince>
          testId="customer-map-provinces"
          title={t('customerMap.byProvince', 'By province')}
          rowKey="province_code"
          rows={view.provinces}
          columns={[
            { key: 'province', title: t('customerMap.province', 'Province'), dataIndex: 'province_name' },
            countColumn,
            { key: 'share', title: t('customerMap.share', 'Share'), align: 'right', render: (_: unknown, p: { count: number }) => `${formatDecimal(view.total ? (p.count / view.total) * 100 : 0, lang)}%` },
          ]}
        />
      </div>
      {largest.length > 0 && (
        <SummaryTable<CustomerMapCluster>
          testId="customer-map-clusters"
          title={t('customerMap.largestClusters', 'Largest clusters')}
          rowKey="cell"
          rows={largest}
          columns={[
            { key: 'where', title: t('customerMap.centre', 'Centre (lat, lon)'), render: (_: unknown, c: { latitude: number; longitude: number }) => `${c.latitude.toFixed(3)}, ${c.longitude.toFixed(3)}` },
            countColumn,
          ]}
        />
      )}
    </Flex>
  );
}

/**
 * The thematic customer map (issue 16): where the customers' addresses are, in the box in view, with the analytics
 * filters' regions and, on request, members only. Panning or zooming asks again for the new view once it settles, as four
 * quadrant requests in parallel (spec section 4); the summary beside the map says the same in words and tables. Its
 * exports take the view and the filters: the Thematic Report Detail and Summary.
 */
export function CustomerMapWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<MapBox>(INDONESIA);
  const [members, setMembers] = useState(false);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const onView = (box: MapBox) => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => setView((was) => (sameBox(was, box) ? was : requestBox(box))), VIEW_SETTLE_MS);
  };
  const filters: Query = { ...(search.province_code ? { province_code: search.province_code } : {}), ...(members ? { members: 'true' } : {}) };
  const box = requestBox(view);
  const map = useCustomerMap(box, filters);
  const texts: MapTexts = useMemo(
    () => ({
      label: t('customerMap.label', 'Map of the customers’ addresses in view'),
      zoomIn: t('customerMap.zoomIn', 'Zoom in'),
      zoomOut: t('customerMap.zoomOut', 'Zoom out'),
      reset: t('customerMap.reset', 'Show all of Indonesia'),
      point: (p) => t('customerMap.pointTip', 'Address {{id}} of consumer {{consumer}}', { id: p.id, consumer: p.consumer_id }),
      cluster: (count) => t('customerMap.clusterTip', '{{n}} addresses: click to zoom in', { n: formatCount(count) }),
    }),
    [t],
  );
  const exportQuery: Query = { ...box, ...filters };
  const data = map.data?.view;
  return (
    <WidgetCard
      title={t('customerMap.title', 'Where customers live')}
      testId="customer-map"
      state={map}
      extra={
        <Flex gap={8} align="center" wrap>
          <Flex gap={6} align="center">
            <Switch size="small" checked={members} onChange={setMembers} id="customer-map-members" data-testid="customer-map-members" />
            <label htmlFor="customer-map-members">{t('customerMap.membersOnly', 'Members only')}</label>
          </Flex>
          <ExportButton endpoint={customerMapApi.exportDetail} query={exportQuery} label={t('customerMap.exportDetail', 'Export detail')} testId="customer-map-export-detail" />
          <ExportButton endpoint={customerMapApi.exportSummary} query={exportQuery} label={t('customerMap.exportSummary', 'Export summary')} testId="customer-map-export-summary" />
        </Flex>
      }
    >
      {() => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Spin spinning={map.isFetching} delay={200} description={t('customerMap.loading', 'Loading the view…')}>
              <Suspense fallback={<div style={{ height: HEIGHT, background: token.colorFillQuaternary, borderRadius: token.borderRadius }} data-testid="customer-map-loading" />}>
                <CustomerMapCanvas points={data?.points ?? []} clusters={data?.clusters ?? []} cellDegrees={cellSizeOf(map.data?.zoom ?? 3)} onView={onView} texts={texts} height={HEIGHT} />
              </Suspense>
              {data && data.total === 0 && !map.isFetching && (
                <div
                  data-testid="customer-map-empty"
                  style={{ position: 'absolute', left: 12, bottom: 12, padding: '6px 10px', background: token.colorBgElevated, borderRadius: token.borderRadius, boxShadow: token.boxShadowTertiary }}
                >
                  {t('customerMap.noneInView', 'No located addresses in this view')}
                </div>
              )}
            </Spin>
          </Col>
          <Col xs={24} xl={8}>{data ? <MapSummary view={data} zoom={map.data?.zoom} /> : <Skeleton active />}</Col>
        </Row>
      )}
    </WidgetCard>
  );
}
