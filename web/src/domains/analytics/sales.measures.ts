import { useTranslation } from 'react-i18next';
import { salesRatios, type SalesFigures } from '@portal/contract';
import type { FigureKind } from '../../ui/FigureCard.tsx';

/** Every figure the sales dashboards show of a period's (or a day's, a store's) sales, and how it is derived. */
export const MEASURE_KEYS = [
  'sales',
  'transactions',
  'quantity',
  'member_sales',
  'non_member_sales',
  'member_transactions',
  'non_member_transactions',
  'average_transaction',
  'apc_member',
  'apc_non_member',
  'items_per_transaction',
  'member_share',
] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];

export interface Measure {
  key: MeasureKey;
  label: string;
  kind: FigureKind;
  of: (f: SalesFigures) => number;
}

const KINDS: Record<MeasureKey, FigureKind> = {
  sales: 'rupiah',
  transactions: 'count',
  quantity: 'count',
  member_sales: 'rupiah',
  non_member_sales: 'rupiah',
  member_transactions: 'count',
  non_member_transactions: 'count',
  average_transaction: 'rupiah',
  apc_member: 'rupiah',
  apc_non_member: 'rupiah',
  items_per_transaction: 'decimal',
  member_share: 'percent',
};

const VALUES: Record<MeasureKey, (f: SalesFigures) => number> = {
  sales: (f) => f.sales,
  transactions: (f) => f.transactions,
  quantity: (f) => f.quantity,
  member_sales: (f) => f.member_sales,
  non_member_sales: (f) => f.sales - f.member_sales,
  member_transactions: (f) => f.member_transactions,
  non_member_transactions: (f) => f.transactions - f.member_transactions,
  average_transaction: (f) => salesRatios(f).average_transaction,
  apc_member: (f) => salesRatios(f).apc_member,
  apc_non_member: (f) => salesRatios(f).apc_non_member,
  items_per_transaction: (f) => salesRatios(f).items_per_transaction,
  member_share: (f) => salesRatios(f).member_share,
};

/** The measures with their labels in the UI language. */
export function useMeasures(): Record<MeasureKey, Measure> {
  const { t } = useTranslation();
  const labels: Record<MeasureKey, string> = {
    sales: t('analytics.measure.sales', 'Sales'),
    transactions: t('analytics.measure.transactions', 'Transactions'),
    quantity: t('analytics.measure.quantity', 'Quantity'),
    member_sales: t('analytics.measure.memberSales', 'Member sales'),
    non_member_sales: t('analytics.measure.nonMemberSales', 'Non-member sales'),
    member_transactions: t('analytics.measure.memberTransactions', 'Member transactions'),
    non_member_transactions: t('analytics.measure.nonMemberTransactions', 'Non-member transactions'),
    average_transaction: t('analytics.measure.averageTransaction', 'Average transaction'),
    apc_member: t('analytics.measure.apcMember', 'APC member'),
    apc_non_member: t('analytics.measure.apcNonMember', 'APC non-member'),
    items_per_transaction: t('analytics.measure.itemsPerTransaction', 'Items per transaction'),
    member_share: t('analytics.measure.memberShare', 'Member share'),
  };
  return Object.fromEntries(MEASURE_KEYS.map((key) => [key, { key, label: labels[key], kind: KINDS[key], of: VALUES[key] }])) as Record<MeasureKey, Measure>;
}

/** One series of a trend chart: a measure as bars (stacked with the other stacked bars) or a line, on the left or right axis. */
export interface TrendSeries {
  measure: MeasureKey;
  type: 'bar' | 'line';
  stack?: boolean;
  /** 1: the right-hand axis (a measure of another unit than the left one's). */
  axis?: 0 | 1;
}

/** A trend as a screen shows it: its chart's series, its table's columns, the figures above it. */
export interface TrendView {
  series: readonly TrendSeries[];
  columns: readonly MeasureKey[];
  figures: readonly MeasureKey[];
}

const BASIC: readonly MeasureKey[] = ['sales', 'transactions', 'average_transaction'];

/** The trends of the dashboards and of the sales dashboard's detail pages (`summary-sales` ranks stores instead). */
export const TREND_VIEWS = {
  overview: {
    series: [
      { measure: 'sales', type: 'bar' },
      { measure: 'transactions', type: 'line', axis: 1 },
    ],
    columns: BASIC,
    figures: ['sales', 'transactions', 'average_transaction', 'apc_member', 'member_share', 'items_per_transaction'],
  },
  'sales-member': {
    series: [
      { measure: 'member_sales', type: 'bar', stack: true },
      { measure: 'non_member_sales', type: 'bar', stack: true },
    ],
    columns: ['member_sales', 'non_member_sales', 'sales'],
    figures: ['member_sales', 'non_member_sales', 'sales'],
  },
  'member-transaction': {
    series: [
      { measure: 'member_transactions', type: 'bar', stack: true },
      { measure: 'non_member_transactions', type: 'bar', stack: true },
    ],
    columns: ['member_transactions', 'non_member_transactions', 'transactions', 'member_share'],
    figures: ['member_transactions', 'non_member_transactions', 'member_share'],
  },
  'apc-member': {
    series: [
      { measure: 'apc_member', type: 'line' },
      { measure: 'apc_non_member', type: 'line' },
    ],
    columns: ['apc_member', 'apc_non_member', 'average_transaction'],
    figures: ['apc_member', 'apc_non_member', 'average_transaction'],
  },
  'average-transaction': {
    series: [
      { measure: 'average_transaction', type: 'line' },
      { measure: 'items_per_transaction', type: 'line', axis: 1 },
    ],
    columns: ['average_transaction', 'items_per_transaction', 'transactions', 'quantity'],
    figures: ['average_transaction', 'items_per_transaction', 'transactions'],
  },
  /** Every figure of every bucket: the "detail" of the dashboard-analytics sales page. */
  all: {
    series: [
      { measure: 'sales', type: 'bar' },
      { measure: 'transactions', type: 'line', axis: 1 },
    ],
    columns: MEASURE_KEYS,
    figures: ['sales', 'transactions', 'quantity', 'average_transaction', 'member_share', 'items_per_transaction'],
  },
} as const satisfies Record<string, TrendView>;
export type TrendViewKey = keyof typeof TREND_VIEWS;

/** The detail page that explains a figure of the summary. */
export const DETAIL_OF: Partial<Record<MeasureKey, 'sales-member' | 'member-transaction' | 'apc-member' | 'average-transaction'>> = {
  sales: 'sales-member',
  member_sales: 'sales-member',
  non_member_sales: 'sales-member',
  transactions: 'member-transaction',
  member_transactions: 'member-transaction',
  non_member_transactions: 'member-transaction',
  member_share: 'member-transaction',
  apc_member: 'apc-member',
  apc_non_member: 'apc-member',
  average_transaction: 'average-transaction',
  items_per_transaction: 'average-transaction',
};
