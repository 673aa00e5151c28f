import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

/** pandora's order Reports, in a chunk of their own. */
const screens = () => import('./order-reports.screens.tsx');

/** pandora, Reports over the orders: All Transactions (the order and its packing slip), Detail Transaction, Disbursement, Unpick, All Item, Monthly Recap. */
export function orderReportRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['pandora.report/all-transactions'],
      list: 'AllTransactionsScreen',
      detail: 'AllTransactionDetailScreen',
      extra: [{ path: '$id/preview', screen: 'AllTransactionPreviewScreen' }],
    },
    { entries: ['pandora.report/detail-transaction'], list: 'DetailTransactionScreen' },
    { entries: ['pandora.report/disbursement'], list: 'DisbursementScreen' },
    { entries: ['pandora.report/unpick'], list: 'UnpickScreen' },
    { entries: ['pandora.report/all-item'], list: 'AllItemScreen' },
    { entries: ['pandora.report/monthly-recap'], list: 'MonthlyRecapScreen' },
  ]);
}
