import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const lists = () => import('./heimdal-log-lists.screens.tsx');
const screens = () => import('./heimdal-logs.screens.tsx');
const voucherOrderScreens = () => import('./heimdal-voucher-order-log.screens.tsx');

/**
 * heimdal's logs: the Consumer Login Log with, from an attempt, its consumer (`{id}/consumer`), and the Voucher Used Log
 * with each redemption's consumer, order and voucher (`{id}/detail-consumer`, `detail-order`, `detail-voucher`). The
 * lists are a chunk of their own; the detail pages carry the consumer and voucher order views.
 */
export function heimdalLogRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    ...resourceRoutes(parent, lists, [
      { entries: ['heimdal.consumer-login-log'], list: 'ConsumerLoginLogListScreen' },
      { entries: ['heimdal.voucher-used-log'], list: 'VoucherUsedLogListScreen' },
    ]),
    ...resourceRoutes(parent, screens, [
      { entries: ['heimdal.consumer-login-log'], extra: [{ path: '$id/consumer', screen: 'ConsumerLoginLogConsumerScreen' }] },
      {
        entries: ['heimdal.voucher-used-log'],
        extra: [
          { path: '$id/detail-consumer', screen: 'VoucherUsedConsumerScreen' },
          { path: '$id/detail-voucher', screen: 'VoucherUsedVoucherScreen' },
        ],
      },
    ]),
    ...resourceRoutes(parent, voucherOrderScreens, [{ entries: ['heimdal.voucher-used-log'], extra: [{ path: '$id/detail-order', screen: 'VoucherUsedOrderScreen' }] }]),
  ];
}
