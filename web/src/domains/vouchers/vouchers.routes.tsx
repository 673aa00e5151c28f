import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./vouchers.screens.tsx');
const toolScreens = () => import('./voucher-tools.screens.tsx');
/** A voucher order's print-ready quotation and receipt, in a chunk of their own. */
const documentScreens = () => import('./voucher-documents.screens.tsx');
/** pandora's E-voucher Reports, in a chunk of their own. */
const reportScreens = () => import('./voucher-reports.screens.tsx');

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
    ...resourceRoutes(parent, reportScreens, [
      { entries: ['pandora.voucher-report'], list: 'VoucherReportScreen' },
      { entries: ['pandora.outstanding-voucher-report'], list: 'OutstandingVoucherReportScreen' },
      { entries: ['pandora.sales-and-redeem-voucher-report'], list: 'SalesRedeemVoucherReportScreen' },
      { entries: ['pandora.recap-voucher-report'], list: 'RecapVoucherReportScreen' },
      { entries: ['pandora.voucher-usage-report'], list: 'VoucherRedeemReportScreen' },
      { entries: ['pandora.voucher-selling-report'], list: 'VoucherSellingReportScreen' },
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
      {
        entries: ['cms.voucher-digital/partner-management'],
        list: 'PartnerListScreen',
        create: 'PartnerCreateScreen',
        detail: 'PartnerDetailScreen',
        edit: 'PartnerEditScreen',
      },
      { entries: ['cms.method-of-payment/credit-limit'], list: 'CreditLimitListScreen' },
    ]),
    ...resourceRoutes(parent, toolScreens, [
      { entries: ['pandora.check-voucher-status'], list: 'CheckVoucherStatusScreen' },
      {
        entries: ['cms.method-of-payment/bulk-voucher'],
        list: 'BulkVoucherScreen',
        extra: [
          { path: 'payment-verify', screen: 'BulkPaymentVerifyScreen' },
          { path: 'release', screen: 'BulkReleaseScreen' },
        ],
      },
    ]),
  ];
}
