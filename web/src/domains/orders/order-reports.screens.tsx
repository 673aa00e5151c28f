import type { ComponentProps } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ORDER_UNPICK_REASON,
  orderReportsApi,
  type DisbursementTotals,
  type MonthlyRecapTotals,
  type UnpickTotals,
} from '@portal/contract';
import { formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { ReportListPage, ReportTotals, thisMonth } from '../../ui/ReportTotals.tsx';
import { ResourceDetailPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { OrderPreview } from './OrderPreview.tsx';
import { allItemView, allTransactionsView, detailTransactionView, disbursementView, monthlyRecapView, thisYear, unpickView } from './order-report.view.ts';
import { orderReportsI18n } from './order-reports.i18n.ts';
import { ordersI18n } from './orders.i18n.ts';

// The reports' texts (and the order's, which All Transactions shows) arrive with their screens.
registerDictionaries(ordersI18n, orderReportsI18n);

/** A report's totals over its period: its figures, the days they cover and what they mean. */
function PeriodTotals<T extends { date_from: string; date_until: string }>(props: Omit<ComponentProps<typeof ReportTotals<T>>, 'caption' | 'testId'>) {
  const { t } = useTranslation();
  const f = useFormat();
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  const caption = (d: T) => t('orders.reports.period', 'Period {{from}} – {{to}}', { from: day(d.date_from), to: day(d.date_until) });
  return <ReportTotals<T> {...props} testId="order-report-totals" caption={caption} />;
}

/* pandora, Reports. */

export const AllTransactionsScreen = listScreen(allTransactionsView, () => <ReportListPage view={allTransactionsView} defaults={thisMonth} />);
export const AllTransactionDetailScreen = () => <ResourceDetailPage view={allTransactionsView} />;
export const AllTransactionPreviewScreen = () => <OrderPreview from={{ get: orderReportsApi.allTransactions.get, keys: resourceKeys(allTransactionsView.name) }} />;

export const DetailTransactionScreen = listScreen(detailTransactionView, () => <ReportListPage view={detailTransactionView} defaults={thisMonth} />);

function DisbursementTotalsCard() {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`orders.reports.disbursement.fields.${key}`, text);
  return (
    <PeriodTotals<DisbursementTotals>
      endpoint={orderReportsApi.disbursement.totals}
      figures={(d) => [
        { key: 'orders', label: t('orders.reports.disbursement.orders', 'Delivered orders'), count: d.orders },
        { key: 'total', label: label('total', 'Paid Total'), value: d.total },
        { key: 'refund_due', label: label('refund_due', 'Refund Due'), value: d.refund_due },
        { key: 'disbursement', label: label('disbursement', 'Disbursement'), value: d.disbursement },
      ]}
      note={t(
        'orders.reports.disbursement.note',
        'The orders placed in the period that reached their customer (Distribute to Customer). Paid: what the customer paid; refund due: the lines picked short; disbursement: the rest, the goods handed over and the delivery fee.',
      )}
    />
  );
}
export const DisbursementScreen = listScreen(disbursementView, () => <ReportListPage view={disbursementView} defaults={thisMonth} above={<DisbursementTotalsCard />} />);

/** The unpick figures per reason, most valuable first. */
function UnpickByReason({ totals }: { totals: UnpickTotals }) {
  const { t } = useTranslation();
  if (!totals.reasons.length) return null;
  const label = (key: string, text: string) => t(`orders.reports.unpick.fields.${key}`, text);
  return (
    <Table
      size="small"
      style={{ marginTop: 12 }}
      rowKey="unpick_reason"
      data-testid="unpick-by-reason"
      pagination={false}
      dataSource={[...totals.reasons].sort((a, b) => b.unpicked_value - a.unpicked_value)}
      columns={[
        { key: 'reason', title: label('unpick_reason', 'Unpick Reason'), render: (_, r) => <StatusTag table={ORDER_UNPICK_REASON} value={r.unpick_reason} /> },
        { key: 'lines', title: t('orders.reports.unpick.lines', 'Lines'), align: 'right', render: (_, r) => formatCount(r.lines) },
        { key: 'quantity', title: label('unpicked_quantity', 'Unpicked'), align: 'right', render: (_, r) => formatCount(r.unpicked_quantity) },
        { key: 'value', title: label('unpicked_value', 'Unpicked Value'), align: 'right', render: (_, r) => formatRupiah(r.unpicked_value) },
      ]}
    />
  );
}

function UnpickTotalsCard() {
  const { t } = useTranslation();
  return (
    <PeriodTotals<UnpickTotals>
      endpoint={orderReportsApi.unpick.totals}
      figures={(d) => [
        { key: 'orders', label: t('orders.reports.unpick.orders', 'Orders picked short'), count: d.orders },
        { key: 'lines', label: t('orders.reports.unpick.lines', 'Lines'), count: d.lines },
        { key: 'unpicked_quantity', label: t('orders.reports.unpick.fields.unpicked_quantity', 'Unpicked'), count: d.unpicked_quantity },
        { key: 'unpicked_value', label: t('orders.reports.unpick.fields.unpicked_value', 'Unpicked Value'), value: d.unpicked_value },
      ]}
      note={t(
        'orders.reports.unpick.note',
        'The lines of the orders placed in the period that the store picked short, whatever became of the order since; the value is the price of the units not picked, owed back to the customer.',
      )}
    >
      {(d) => <UnpickByReason totals={d} />}
    </PeriodTotals>
  );
}
export const UnpickScreen = listScreen(unpickView, () => <ReportListPage view={unpickView} defaults={thisMonth} above={<UnpickTotalsCard />} />);

export const AllItemScreen = listScreen(allItemView, () => <ReportListPage view={allItemView} defaults={thisMonth} />);

function MonthlyRecapTotalsCard() {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`orders.reports.monthlyRecap.fields.${key}`, text);
  return (
    <ReportTotals<MonthlyRecapTotals>
      endpoint={orderReportsApi.monthlyRecap.totals}
      testId="order-report-totals"
      figures={(d) => [
        { key: 'orders', label: label('orders', 'Orders'), count: d.orders },
        { key: 'paid_orders', label: label('paid_orders', 'Paid Orders'), count: d.paid_orders, value: d.revenue },
        { key: 'cancelled_orders', label: label('cancelled_orders', 'Cancelled'), count: d.cancelled_orders },
        { key: 'unpicked_orders', label: label('unpicked_orders', 'Orders Picked Short'), count: d.unpicked_orders, value: d.unpicked_value },
      ]}
      caption={(d) => t('orders.reports.monthlyRecap.year', 'Year {{year}}', { year: d.year })}
      note={t(
        'orders.reports.monthlyRecap.note',
        'Each order counts in the month it was placed (Asia/Jakarta), in its status now. Paid orders and revenue: paid and not cancelled, expired or failed, as on the dashboard; lines picked short are not taken off revenue, their value is the last figure.',
      )}
    />
  );
}
export const MonthlyRecapScreen = listScreen(monthlyRecapView, () => (
  <ReportListPage view={monthlyRecapView} defaults={() => ({ year: thisYear() })} above={<MonthlyRecapTotalsCard />} />
));
