import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./vouchers.screens.tsx');
/** A voucher order's print-ready quotation and receipt, in a chunk of their own. */
const documentScreens = () => import('./voucher-documents.screens.tsx');

/** E-vouchers: the voucher products (cms Voucher digital, Voucher Management). */
export function voucherRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    ...resourceRoutes(parent, documentScreens, [
      {
        entries: ['cms.voucher-digital/order-voucher-management'],
        extra: [
          { path: '$id/quotation', screen: 'VoucherQuotationScreen' },
          { path: '$id/receipt', screen: 'VoucherReceiptScreen' },
        ],
      },
    ]),
    ...resourceRoutes(parent, screens, [
      {
        entries: ['cms.voucher-digital/voucher-management'],
        list: 'VoucherProductListScreen',
        create: 'VoucherProductCreateScreen',
        detail: 'VoucherProductDetailScreen',
        edit: 'VoucherProductEditScreen',
      },
      {
        entries: ['cms.voucher-digital/order-voucher-management'],
        list: 'VoucherOrderListScreen',
        create: 'VoucherOrderCreateScreen',
        detail: 'VoucherOrderDetailScreen',
      },
      { entries: ['pandora.check-voucher-status'], list: 'CheckVoucherStatusScreen' },
      {
        entries: ['cms.voucher-digital/partner-management'],
        list: 'PartnerListScreen',
        create: 'PartnerCreateScreen',
        detail: 'PartnerDetailScreen',
        edit: 'PartnerEditScreen',
      },
      { entries: ['cms.method-of-payment/credit-limit'], list: 'CreditLimitListScreen' },
    ]),
  ];
}
