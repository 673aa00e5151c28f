import { useEffect, useMemo, type ReactNode } from 'react';
import { Card, Col, Empty, Row, Statistic, Table, Typography, theme } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { jakartaDay, salesRedeemQuery, voucherReportsApi, type AnyEndpoint, type VoucherRedeemTotals } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { formatCompact, formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { listQueryParams } from '../../ui/list-search.ts';

/** The report's filters as the URL holds them, kept to the keys of `schema` (a report's totals take no page or order). */
function useReportFilters(schema: z.ZodObject) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const keys = Object.keys(schema.shape);
  const picked = Object.fromEntries(keys.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  return useMemo(() => listQueryParams(schema, picked), [schema, JSON.stringify(picked)]);
}

/** This month in Asia/Jakarta, its first day to today: the period every report opens on. */
export function thisMonth(): Record<string, string> {
  const today = jakartaDay(new Date());
  return { date_from: `${today.slice(0, 7)}-01`, date_until: today };
}

/**
 * Opens a report on its default filters (this month, or today for the outstanding report) written into the URL, so the
 * pickers show what the figures cover and the list, its totals and its export agree. Reset brings them back.
 */
export function useDefaultFilters(defaults: () => Record<string, string>): boolean {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const initial = defaults();
  const missing = Object.keys(initial).every((k) => raw[k] === undefined || raw[k] === '');
  useEffect(() => {
    if (missing) void router.navigate({ href: `${pathname}${router.options.stringifySearch({ ...raw, ...initial })}`, replace: true });
  }, [missing]);
  return !missing;
}

/** One figure of a report's totals: a number of vouchers or orders and, under it, their value in Rupiah. */
export interface Figure {
  key: string;
  label: string;
  count: number;
  value?: number;
}

/** A report's totals over its filters (not only the page shown): figures, what they cover and what they mean. */
export function ReportTotals<T>(props: {
  /** Query-key name (the report's). */
  name: string;
  endpoint: AnyEndpoint;
  schema: z.ZodObject;
  /** The figures of the answer, and the line saying which days they cover. */
  figures: (data: T) => Figure[];
  caption: (data: T) => string;
  /** What the figures mean, in a sentence or two. */
  note: string;
  testId: string;
  children?: (data: T) => ReactNode;
}) {
  const query = useReportFilters(props.schema);
  const totals = useQuery({
    queryKey: resourceKeys(props.name).list({ ...query, via: props.endpoint.path }),
    queryFn: async () => (await callEndpoint<T>(props.endpoint, { query })).data,
    placeholderData: keepPreviousData,
  });
  const data = totals.data;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid={props.testId}>
      <Typography.Text strong data-testid={`${props.testId}-range`}>
        {data ? props.caption(data) : '…'}
      </Typography.Text>
      <Row gutter={[16, 8]} style={{ marginTop: 8 }}>
        {(data ? props.figures(data) : []).map((f) => (
          <Col xs={12} md={6} key={f.key} data-testid={`figure-${f.key}`}>
            <Statistic title={f.label} value={formatCount(f.count)} loading={totals.isPending} />
            {f.value !== undefined && <Typography.Text type="secondary">{formatRupiah(f.value)}</Typography.Text>}
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {props.note}
      </Typography.Paragraph>
      {data && props.children?.(data)}
    </Card>
  );
}

/** The Voucher Redeem Report's stores: redemptions per store over the filters, most redeemed first. */
export function RedeemByStore({ totals }: { totals: VoucherRedeemTotals }) {
  const { t } = useTranslation();
  if (!totals.stores.length) return null;
  return (
    <Table
      size="small"
      style={{ marginTop: 12 }}
      rowKey="store_id"
      data-testid="redeem-by-store"
      pagination={totals.stores.length > 5 ? { pageSize: 5, size: 'small', showSizeChanger: false } : false}
      dataSource={totals.stores}
      columns={[
        { key: 'store', title: t('voucher.redeem.fields.store', 'Store'), render: (_, s) => `${s.store_code} · ${s.store_name}` },
        { key: 'used_count', title: t('voucher.redeem.fields.used_count', 'Vouchers Redeemed'), align: 'right', render: (_, s) => formatCount(s.used_count) },
        { key: 'used_value', title: t('voucher.redeem.fields.used_value', 'Redeemed Value'), align: 'right', render: (_, s) => formatRupiah(s.used_value) },
      ]}
    />
  );
}

/** Sales and Redeem: the period's days as bars of value sold and redeemed (the table below holds the same figures). */
export function SalesRedeemChart() {
  const { t } = useTranslation();
  const f = useFormat();
  const { token } = theme.useToken();
  const query = useReportFilters(salesRedeemQuery);
  const all = { ...query, is_all: 'true', sort_by: 'day', sort_dir: 'asc' };
  const days = useQuery({
    queryKey: resourceKeys('sales-and-redeem-voucher-report').list({ ...all, via: 'chart' }),
    queryFn: async () => (await callEndpoint<{ data: { day: string; released_value: number; used_value: number }[] }>(voucherReportsApi.salesRedeem.list, { query: all })).data.data,
    placeholderData: keepPreviousData,
  });
  const rows = days.data ?? [];
  const sold = t('voucher.salesRedeem.fields.released_value', 'Sold Value');
  const redeemed = t('voucher.salesRedeem.fields.used_value', 'Redeemed Value');
  const title = t('voucher.salesRedeem.chart', 'Value sold and redeemed per day');
  const option: ChartOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatRupiah(Number(v)) },
    legend: { top: 0, data: [sold, redeemed] },
    grid: { left: 56, right: 16, top: 40, bottom: 24 },
    xAxis: { type: 'category', data: rows.map((r) => f.date(`${r.day}T12:00:00+07:00`).slice(0, 6)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCompact(v) } },
    series: [
      { name: sold, type: 'bar', data: rows.map((r) => r.released_value), itemStyle: { color: token.colorPrimary } },
      // Blue beside the brand's green: two hues apart for every kind of colour vision, not two shades of one.
      { name: redeemed, type: 'bar', data: rows.map((r) => r.used_value), itemStyle: { color: token.blue6 } },
    ],
  };
  const empty = !days.isPending && !rows.some((r) => r.released_value > 0 || r.used_value > 0);
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="sales-redeem-chart" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{title}</Typography.Title>}>
      {empty ? (
        <Empty description={t('voucher.salesRedeem.empty', 'No voucher was sold or redeemed in this period')} />
      ) : (
        <Chart option={option} label={t('voucher.salesRedeem.chartLabel', 'Chart: {{title}}. Its figures are in the table below it.', { title })} />
      )}
    </Card>
  );
}
