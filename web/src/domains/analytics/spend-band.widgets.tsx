import type { ReactNode } from 'react';
import { Col, Flex, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { spendBandApi, type Lang, type SpendBandFigures, type SpendBandRow } from '@portal/contract';
import { formatCount, formatRupiah } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { formatDecimal } from '../../ui/FigureCard.tsx';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { ScrollTable, useSeriesColours } from './analytics-blocks.tsx';
import { dayText } from './analytics-links.tsx';

/** A band's bound in short for the chart's axis: 50K, 1M. */
const shortRupiah = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1_000}K`);
const shortBand = (b: Pick<SpendBandRow, 'band_from' | 'band_to'>) =>
  b.band_to === null ? `≥ ${shortRupiah(b.band_from)}` : b.band_from === 0 ? `< ${shortRupiah(b.band_to)}` : `${shortRupiah(b.band_from)} – ${shortRupiah(b.band_to)}`;

const percentText = (v: number, lang: Lang) => `${formatDecimal(v, lang)}%`;
/** An average basket, or a dash where there was no basket to average. */
const averageText = (average: number, transactions: number) => <span style={{ whiteSpace: 'nowrap' }}>{transactions > 0 ? formatRupiah(average) : '–'}</span>;

/** A figure over a line of its context (a share, the earlier value) in grey. */
function Stacked({ main, sub, type }: { main: ReactNode; sub: ReactNode; type?: 'success' | 'danger' | 'secondary' }) {
  return (
    <Flex vertical align="flex-end" style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type={type === 'secondary' ? undefined : type} data-testid="cell-main">
        {main}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sub}
      </Typography.Text>
    </Flex>
  );
}

/** A change against the period before: "+12.5%" green, "-3.2%" red, "–" without an earlier figure; the earlier value under it. */
function Change({ change, previous, lang }: { change: number | null; previous: string; lang: Lang }) {
  const text = change === null ? '–' : `${change > 0 ? '+' : ''}${formatDecimal(change, lang)}%`;
  return <Stacked main={text} sub={previous} type={change === null || change === 0 ? 'secondary' : change > 0 ? 'success' : 'danger'} />;
}

type Row = SpendBandFigures & { key: string; band: string };

/** The table's columns: the band, its transactions and sales with their shares, the averages, the members, the changes. */
function useColumns(lang: Lang): ColumnsType<Row> {
  const { t } = useTranslation();
  return [
    {
      key: 'band',
      title: t('spendBand.band', 'Spend band'),
      render: (_, r) => (
        <Typography.Text strong={r.key === 'total'} style={{ whiteSpace: 'nowrap' }}>
          {r.band}
        </Typography.Text>
      ),
    },
    {
      key: 'transactions',
      title: t('spendBand.transactions', 'Transactions (share)'),
      align: 'right',
      render: (_, r) => <Stacked main={formatCount(r.transactions)} sub={percentText(r.transactions_share, lang)} />,
    },
    { key: 'sales', title: t('spendBand.sales', 'Sales (share)'), align: 'right', render: (_, r) => <Stacked main={formatRupiah(r.sales)} sub={percentText(r.sales_share, lang)} /> },
    { key: 'average', title: t('spendBand.averageBasket', 'Average basket'), align: 'right', render: (_, r) => averageText(r.average_basket, r.transactions) },
    {
      key: 'members',
      title: t('spendBand.members', 'Members’ transactions (share)'),
      align: 'right',
      render: (_, r) => <Stacked main={formatCount(r.member_transactions)} sub={percentText(r.member_share, lang)} />,
    },
    { key: 'memberAverage', title: t('spendBand.memberAverage', 'Members’ average basket'), align: 'right', render: (_, r) => averageText(r.member_average_basket, r.member_transactions) },
    {
      key: 'transactionsChange',
      title: t('spendBand.transactionsChange', 'Transactions vs previous'),
      align: 'right',
      render: (_, r) => <Change change={r.transactions_change} previous={formatCount(r.previous_transactions)} lang={lang} />,
    },
    {
      key: 'salesChange',
      title: t('spendBand.salesChange', 'Sales vs previous'),
      align: 'right',
      render: (_, r) => <Change change={r.sales_change} previous={formatRupiah(r.previous_sales)} lang={lang} />,
    },
  ];
}

/**
 * The Spend Band Report: the bands' shares of the transactions and of the sales as bars, with the table of every figure
 * beside them (the total last), for the URL's filters and compared with the period before.
 */
export function SpendBandWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const colours = useSeriesColours();
  const q = useWidgetData('spend-band-report', spendBandApi, 'report', search);
  const d = q.data;
  const columns = useColumns(lang);
  const range = (p: { from: string; to: string }) => `${dayText(p.from, lang)} – ${dayText(p.to, lang)}`;
  const title = t('spendBand.title', 'Transactions by spend band');
  const rows: Row[] = d ? [...d.bands.map((b) => ({ ...b, key: String(b.band_from) })), { ...d.total, key: 'total', band: t('spendBand.total', 'Total') }] : [];
  const shares = [
    { name: t('spendBand.transactionsShare', 'Share of transactions'), of: (b: SpendBandRow) => b.transactions_share },
    { name: t('spendBand.salesShare', 'Share of sales'), of: (b: SpendBandRow) => b.sales_share },
  ];
  // Bands down the side in the table's order, each with its share of the transactions and of the sales.
  const option: ChartOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => percentText(Number(v), lang) },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    yAxis: { type: 'category', inverse: true, data: d?.bands.map(shortBand) ?? [] },
    xAxis: { type: 'value', axisLabel: { formatter: (v: number) => `${v}%` } },
    series: shares.map((s, i) => ({ type: 'bar' as const, name: s.name, data: d?.bands.map(s.of) ?? [], itemStyle: { color: colours[i] } })),
  };
  return (
    <WidgetCard
      title={d ? `${title}, ${range(d.period)}` : title}
      testId="spend-band"
      state={q}
      empty={!!d && d.total.transactions === 0 && d.total.previous_transactions === 0}
      emptyText={t('analytics.empty', 'No sales for these filters')}
    >
      {() => (
        <>
          {d && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              {t('spendBand.comparedWith', 'Each band beside the previous period, {{period}}', { period: range(d.previous_period) })}
            </Typography.Paragraph>
          )}
          <Row gutter={[24, 16]}>
            {/* Beside each other on a wide screen; the chart above the table where the table needs the width. */}
            <Col xs={24} xxl={8}>
              <Chart option={option} label={t('ui.chart.label', { title })} height={340} />
            </Col>
            <Col xs={24} xxl={16}>
              {/* The box scrolls (and takes focus) when the table is wider than it. */}
              <ScrollTable label={t('spendBand.table', 'Spend bands table')} height={640}>
                <Table<Row> size="small" pagination={false} rowKey="key" dataSource={rows} columns={columns} style={{ minWidth: 900 }} data-testid="spend-band-table" />
              </ScrollTable>
            </Col>
          </Row>
        </>
      )}
    </WidgetCard>
  );
}
