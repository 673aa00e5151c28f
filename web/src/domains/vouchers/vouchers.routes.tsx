import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./vouchers.screens.tsx');

/** E-vouchers: the voucher products (cms Voucher digital, Voucher Management). */
export function voucherRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.voucher-digital/voucher-management'],
      list: 'VoucherProductListScreen',
      create: 'VoucherProductCreateScreen',
      detail: 'VoucherProductDetailScreen',
      edit: 'VoucherProductEditScreen',
    },
  ]);
}
