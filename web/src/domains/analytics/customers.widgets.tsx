import { Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerAnalyticsApi, customerRatios, type CustomerDetailType, type CustomerFigures } from '@portal/contract';
import { formatCompact } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { formatFigure, type FigureKind } from '../../ui/FigureCard.tsx';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { bucketText } from './analytics-links.tsx';
import { SummaryFiguresWidget, type SummaryFigure } from './figures.widgets.tsx';

/*
 * Dashboard analytics › Customers: the period's customers (distinct members who bought) and their averages per customer
 * and per transaction (customer analytics, migration 0042), beside the period before, and their trend.
 */

type Figure = 'customers' | CustomerDetailType;
const FIGURES: readonly Figure[] = ['customers', 'apc-per-customer', 'ipc-per-customer', 'qpc-per-customer', 'apc-per-transaction', 'ipc-per-transaction', 'qpc-per-transaction'];
const KIND: Record<Figure, FigureKind> = {
  customers: 'count',
  'apc-per-customer': 'rupiah',
  'ipc-per-customer': 'decimal',
  'qpc-per-customer': 'decimal',
  'apc-per-transaction': 'rupiah',
  'ipc-per-transaction': 'decimal',
  'qpc-per-transaction': 'decimal',
};
const valueOf = (f: Figure, figures: CustomerFigures): number => (f === 'customers' ? figures.customers : customerRatios(figures)[f]);

function useFigureLabels(): Record<Figure, string> {
  const { t } = useTranslation();
  return {
    customers: t('customers.figure.customers', 'Customers'),
    'apc-per-customer': t('customers.figure.apcPerCustomer', 'APC per customer'),
    'ipc-per-customer': t('customers.figure.ipcPerCustomer', 'IPC per customer'),
    'qpc-per-customer': t('customers.figure.qpcPerCustomer', 'QPC per customer'),
    'apc-per-transaction': t('customers.figure.apcPerTransaction', 'APC per transaction'),
    'ipc-per-transaction': t('customers.figure.ipcPerTransaction', 'IPC per transaction'),
    'qpc-per-transaction': t('customers.figure.qpcPerTransaction', 'QPC per transaction'),
  };
}

/** The period's customers and their averages (purchase, items, quantity) per customer and per transaction, each beside the period before. */
export function CustomerSummaryWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const labels = useFigureLabels();
  const q = useWidgetData('customer-analytics', customerAnalyticsApi, 'summary', search);
  const d = q.data;
  const figures: SummaryFigure[] = FIGURES.map((f) => ({ key: `customer-${f}`, label: labels[f], kind: KIND[f], value: d ? valueOf(f, d.current) : 0, previous: d ? valueOf(f, d.previous) : 0 }));
  return <SummaryFiguresWidget title={t('customers.summary', 'Customers')} testId="customer-summary" state={q} periods={d} figures={figures} span={6} />;
}

/** Customers and the APC per customer bucket by bucket (days up to 62 days, else months), with a table of every figure. */
export function CustomerTrendWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const labels = useFigureLabels();
  const q = useWidgetData('customer-analytics', customerAnalyticsApi, 'trend', search);
  const rows = (q.data?.rows ?? []).map((r) => ({ bucket: r.bucket, ...Object.fromEntries(FIGURES.map((f) => [f, valueOf(f, r)])) }) as { bucket: string } & Record<Figure, number>);
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.customers, labels['apc-per-customer']] },
    grid: { left: 56, right: 72, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => bucketText(r.bucket, lang)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => formatCompact(v) } },
      { type: 'value', axisLabel: { formatter: (v: number) => `Rp ${formatCompact(v)}` }, splitLine: { show: false } },
    ],
    series: [
      { name: labels.customers, type: 'bar', data: rows.map((r) => r.customers), itemStyle: { color: token.colorPrimary } },
      { name: labels['apc-per-customer'], type: 'line', yAxisIndex: 1, data: rows.map((r) => r['apc-per-customer']), itemStyle: { color: token.colorWarning } },
    ],
  } as ChartOption;
  const title = t('customers.trend', 'Customers over time');
  return (
    <WidgetCard title={title} testId="customer-trend" state={q} empty={rows.every((r) => r.customers === 0)}>
      {() => (
        <>
          <Chart option={option} label={t('customers.trendChart', 'Chart: customers and APC per customer by {{bucket}}', { bucket: q.data?.bucket === 'month' ? t('customers.month', 'month') : t('customers.day', 'day') })} />
          <div tabIndex={0} role="region" aria-label={t('customers.trendTable', 'Table: customer figures by period')} style={{ maxHeight: 320, overflow: 'auto', marginTop: 8 }}>
            <Table
              size="small"
              rowKey="bucket"
              pagination={false}
              dataSource={rows}
              data-testid="customer-trend-table"
              columns={[
                { key: 'bucket', title: q.data?.bucket === 'month' ? t('customers.month', 'month') : t('customers.day', 'day'), dataIndex: 'bucket', render: (b: string) => bucketText(b, lang) },
                ...FIGURES.map((f) => ({ key: f, title: labels[f], dataIndex: f, align: 'right' as const, render: (v: number) => formatFigure(v, KIND[f], lang) })),
              ]}
            />
          </div>
        </>
      )}
    </WidgetCard>
  );
}
