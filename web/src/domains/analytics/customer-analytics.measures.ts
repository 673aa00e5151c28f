import { useTranslation } from 'react-i18next';
import { CUSTOMER_MEASURES, menuEntry, type CustomerDetailType, type CustomerFigures } from '@portal/contract';
import type { FigureKind } from '../../ui/FigureCard.tsx';

/* Customer Analytics' six measures (the spec's `{typeDetail}`) as the screens name and show them. */

export const CUSTOMER_ANALYTICS = menuEntry('pandora.customer-analytics').route;

/** A detail page's address. */
export const customerDetailPath = (type: CustomerDetailType) => `${CUSTOMER_ANALYTICS}/${type}`;

/** Rupiah for the average purchase, one decimal for items and quantity. */
export const measureKind = (type: CustomerDetailType): FigureKind => (CUSTOMER_MEASURES[type].decimals ? 'decimal' : 'rupiah');

export type FigureKey = keyof CustomerFigures;
export const FIGURE_KIND: Record<FigureKey, FigureKind> = {
  customers: 'count',
  member_transactions: 'count',
  member_lines: 'count',
  member_quantity: 'count',
  member_sales: 'rupiah',
  transactions: 'count',
  lines: 'count',
  quantity: 'count',
  sales: 'rupiah',
};

/** The measures' and the figures' names in the UI language, and what each measure means. */
export function useCustomerMeasureTexts() {
  const { t } = useTranslation();
  const label: Record<CustomerDetailType, string> = {
    'apc-per-customer': t('customers.figure.apcPerCustomer', 'APC per customer'),
    'ipc-per-customer': t('customers.figure.ipcPerCustomer', 'IPC per customer'),
    'qpc-per-customer': t('customers.figure.qpcPerCustomer', 'QPC per customer'),
    'apc-per-transaction': t('customers.figure.apcPerTransaction', 'APC per transaction'),
    'ipc-per-transaction': t('customers.figure.ipcPerTransaction', 'IPC per transaction'),
    'qpc-per-transaction': t('customers.figure.qpcPerTransaction', 'QPC per transaction'),
  };
  const about: Record<CustomerDetailType, string> = {
    'apc-per-customer': t('customerAnalytics.about.apcPerCustomer', 'Average purchase per customer: what members spent, divided by the members who bought (each counted once in the period).'),
    'ipc-per-customer': t('customerAnalytics.about.ipcPerCustomer', 'Items per customer: the lines of members’ receipts, divided by the members who bought.'),
    'qpc-per-customer': t('customerAnalytics.about.qpcPerCustomer', 'Quantity per customer: the units members bought, divided by the members who bought.'),
    'apc-per-transaction': t('customerAnalytics.about.apcPerTransaction', 'Average purchase per transaction: all sales, members’ or not, divided by all transactions.'),
    'ipc-per-transaction': t('customerAnalytics.about.ipcPerTransaction', 'Items per transaction: the lines of all receipts, divided by all transactions.'),
    'qpc-per-transaction': t('customerAnalytics.about.qpcPerTransaction', 'Quantity per transaction: all units sold, divided by all transactions.'),
  };
  const figure: Record<FigureKey, string> = {
    customers: t('customers.figure.customers', 'Customers'),
    member_transactions: t('customerAnalytics.figure.memberTransactions', 'Members’ transactions'),
    member_lines: t('customerAnalytics.figure.memberLines', 'Members’ items'),
    member_quantity: t('customerAnalytics.figure.memberQuantity', 'Members’ quantity'),
    member_sales: t('customerAnalytics.figure.memberSales', 'Members’ sales'),
    transactions: t('analytics.measure.transactions', 'Transactions'),
    lines: t('customerAnalytics.figure.lines', 'Items'),
    quantity: t('analytics.measure.quantity', 'Quantity'),
    sales: t('analytics.measure.sales', 'Sales'),
  };
  return { label, about, figure };
}
