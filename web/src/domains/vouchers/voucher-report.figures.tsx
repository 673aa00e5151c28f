import { Card, Empty, Table, Typography, theme } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { salesRedeemQuery, voucherReportsApi, type VoucherRedeemTotals } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { formatCompact, formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { useReportFilters } from '../../ui/ReportTotals.tsx';

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
