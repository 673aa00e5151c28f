import { useTranslation } from 'react-i18next';
import {
  jakartaDay,
  outstandingVoucherTotalsQuery,
  voucherFlowQuery,
  voucherRedeemTotalsQuery,
  voucherReportsApi,
  voucherSellingTotalsQuery,
  type OutstandingVoucherTotals,
  type VoucherFlowTotals,
  type VoucherRedeemTotals,
  type VoucherSellingTotals,
} from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useFormat } from '../../lib/format.ts';
import { listScreen } from '../../ui/ResourceScreens.tsx';
import { ReportListPage, ReportTotals, thisMonth, type Figure } from '../../ui/ReportTotals.tsx';
import { RedeemByStore, SalesRedeemChart } from './voucher-report.figures.tsx';
import {
  outstandingVoucherView,
  salesRedeemView,
  voucherRecapView,
  voucherRedeemView,
  voucherReportView,
  voucherSellingView,
} from './voucher-report.view.ts';
import { voucherReportsI18n } from './voucher-reports.i18n.ts';

// The reports' texts arrive with their screens.
registerDictionaries(voucherReportsI18n);

/** The days a period covers, as its caption says them. */
function usePeriodCaption() {
  const { t } = useTranslation();
  const f = useFormat();
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  return {
    day,
    period: (from: string, to: string) => t('voucher.reports.period', 'Period {{from}} – {{to}}', { from: day(from), to: day(to) }),
  };
}

/**
 * Released, used and expired in the period, and outstanding at its end (the Voucher Report's and the Recap's figures);
 * `sales`: what was sold (released) and redeemed (used), the Sales and Redeem report's words.
 */
function FlowTotals({ name, sales = false }: { name: string; sales?: boolean }) {
  const { t } = useTranslation();
  const { day, period } = usePeriodCaption();
  const figures = (d: VoucherFlowTotals): Figure[] =>
    sales
      ? [
          { key: 'released', label: t('voucher.salesRedeem.sold', 'Sold'), count: d.released_count, value: d.released_value },
          { key: 'used', label: t('voucher.salesRedeem.redeemed', 'Redeemed'), count: d.used_count, value: d.used_value },
        ]
      : [
          { key: 'released', label: t('voucher.reports.released', 'Released'), count: d.released_count, value: d.released_value },
          { key: 'used', label: t('voucher.reports.used', 'Used'), count: d.used_count, value: d.used_value },
          { key: 'expired', label: t('voucher.reports.expired', 'Expired'), count: d.expired_count, value: d.expired_value },
          { key: 'outstanding', label: t('voucher.reports.outstandingOn', 'Outstanding on {{day}}', { day: day(d.outstanding_on) }), count: d.outstanding_count, value: d.outstanding_value },
        ];
  const note = sales
    ? t(
        'voucher.salesRedeem.note',
        'Sold: vouchers released to partners on the days of the period, at their denomination. Redeemed: vouchers used at a store on those days, whenever they were sold.',
      )
    : t(
        'voucher.reports.flowNote',
        'Each figure counts what happened on the days of the period: released on the day of its release; used on the day it was redeemed at a store, whenever it was released; expired on the day after its last valid day, unused, up to today. Outstanding: released and neither used nor expired at the end of that day. The status filter narrows the list only.',
      );
  return (
    <ReportTotals<VoucherFlowTotals>
      name={name}
      endpoint={voucherReportsApi.flowTotals}
      schema={voucherFlowQuery}
      testId="voucher-report-totals"
      figures={figures}
      caption={(d) => period(d.date_from, d.date_until)}
      note={note}
    />
  );
}

/* pandora, E-voucher Reports. */

export const VoucherReportScreen = listScreen(voucherReportView, () => <ReportListPage view={voucherReportView} defaults={thisMonth} above={<FlowTotals name="voucher-report" />} />);

function OutstandingTotals() {
  const { t } = useTranslation();
  const { day } = usePeriodCaption();
  return (
    <ReportTotals<OutstandingVoucherTotals>
      name="outstanding-voucher-report"
      endpoint={voucherReportsApi.outstanding.totals}
      schema={outstandingVoucherTotalsQuery}
      testId="voucher-report-totals"
      figures={(d) => [{ key: 'outstanding', label: t('voucher.outstanding.fields.outstanding_count', 'Outstanding Vouchers'), count: d.outstanding_count, value: d.outstanding_value }]}
      caption={(d) => t('voucher.outstanding.asOf', 'At the end of {{day}}', { day: day(d.as_of) })}
      note={t(
        'voucher.outstanding.note',
        'Vouchers released by the end of the day and neither used at a store nor expired by then: what the chain still owes its partners’ holders, at the denomination of each voucher.',
      )}
    />
  );
}
const today = () => ({ as_of: jakartaDay(new Date()) });
export const OutstandingVoucherReportScreen = listScreen(outstandingVoucherView, () => <ReportListPage view={outstandingVoucherView} defaults={today} above={<OutstandingTotals />} />);

export const SalesRedeemVoucherReportScreen = listScreen(salesRedeemView, () => (
  <ReportListPage
    view={salesRedeemView}
    defaults={thisMonth}
    above={
      <>
        <FlowTotals name="sales-and-redeem-voucher-report" sales />
        <SalesRedeemChart />
      </>
    }
  />
));

export const RecapVoucherReportScreen = listScreen(voucherRecapView, () => <ReportListPage view={voucherRecapView} defaults={thisMonth} above={<FlowTotals name="recap-voucher-report" />} />);

function RedeemTotals() {
  const { t } = useTranslation();
  const { period } = usePeriodCaption();
  return (
    <ReportTotals<VoucherRedeemTotals>
      name="voucher-usage-report"
      endpoint={voucherReportsApi.redeem.totals}
      schema={voucherRedeemTotalsQuery}
      testId="voucher-report-totals"
      figures={(d) => [
        { key: 'used', label: t('voucher.redeem.fields.used_count', 'Vouchers Redeemed'), count: d.used_count, value: d.used_value },
        { key: 'stores', label: t('voucher.redeem.storeCount', 'Stores'), count: d.stores.length },
      ]}
      caption={(d) => period(d.date_from, d.date_until)}
      note={t('voucher.redeem.note', 'Vouchers used at a store on the days of the period, whenever they were released, in all and per store.')}
    >
      {(d) => <RedeemByStore totals={d} />}
    </ReportTotals>
  );
}
export const VoucherRedeemReportScreen = listScreen(voucherRedeemView, () => <ReportListPage view={voucherRedeemView} defaults={thisMonth} above={<RedeemTotals />} />);

function SellingTotals() {
  const { t } = useTranslation();
  const { period } = usePeriodCaption();
  return (
    <ReportTotals<VoucherSellingTotals>
      name="voucher-selling-report"
      endpoint={voucherReportsApi.selling.totals}
      schema={voucherSellingTotalsQuery}
      testId="voucher-report-totals"
      figures={(d) => [
        { key: 'orders', label: t('voucher.selling.orders', 'Orders'), count: d.orders, value: d.total_amount },
        { key: 'released', label: t('voucher.selling.fields.released_count', 'Vouchers Released'), count: d.released_count },
      ]}
      caption={(d) => period(d.date_from, d.date_until)}
      note={t(
        'voucher.selling.note',
        'Orders whose vouchers were released on the days of the period (the release finished), with the amount paid. Orders still waiting for payment or release are in Order Voucher Management.',
      )}
    />
  );
}
export const VoucherSellingReportScreen = listScreen(voucherSellingView, () => <ReportListPage view={voucherSellingView} defaults={thisMonth} above={<SellingTotals />} />);
