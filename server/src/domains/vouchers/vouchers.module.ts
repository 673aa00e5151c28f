import { voucherProductsApi } from '@portal/contract';
import { registerResourceRoutes } from '../../platform/crud/index.ts';
import { reportExports, type DomainModule, type ModuleContext } from '../../platform/module.ts';
import { partnerServices, registerPartnerRoutes } from './partner.routes.ts';
import { bulkPaymentVerifyImport, bulkReleaseImport } from './voucher-bulk.imports.ts';
import { VOUCHER_RELEASE_JOB, VoucherOrderService } from './voucher-order.service.ts';
import { registerVoucherDocumentRoutes } from './voucher-documents.routes.ts';
import { registerVoucherOrderRoutes } from './voucher-order.routes.ts';
import { VoucherProductService } from './voucher-product.resource.ts';
import { posSecretOf, VoucherRedemptionService } from './voucher-redemption.service.ts';
import { releaseVouchers } from './voucher-release.job.ts';
import { voucherExports } from './voucher.exports.ts';
import { voucherReportExports } from './voucher-report.exports.ts';
import { registerVoucherReportRoutes } from './voucher-report.routes.ts';
import { VoucherReportService } from './voucher-report.service.ts';
import { VoucherListService } from './voucher.resource.ts';
import { registerVoucherRoutes } from './voucher.routes.ts';
import type { VouchersDeps } from './vouchers.deps.ts';

/** E-vouchers for business clients: voucher products, partners and their credit, orders through their workflow, the release of their vouchers, redemption at the POS and the status by barcode. */
export function vouchersModule(ctx: ModuleContext, deps: VouchersDeps): DomainModule & { services: { products: VoucherProductService; orders: VoucherOrderService; redemptions: VoucherRedemptionService; vouchers: VoucherListService } } {
  const services = {
    products: new VoucherProductService(ctx.db),
    orders: new VoucherOrderService(ctx.db, ctx.jobs),
    redemptions: new VoucherRedemptionService(ctx.db, posSecretOf(ctx.config)),
    vouchers: new VoucherListService(ctx.db, ctx.clock),
  };
  const partners = partnerServices(ctx.db);
  // pandora's E-voucher Reports read the reports database; the voucher list (shared with cms) and the status check the main one.
  const reports = new VoucherReportService(ctx.reports.db, ctx.clock);
  return {
    name: 'vouchers',
    services,
    exports: [...voucherExports(ctx.clock), ...reportExports(voucherReportExports(reports))],
    imports: [bulkPaymentVerifyImport(services.orders, () => ctx.clock.now()), bulkReleaseImport(services.orders)],
    jobs: [{ name: VOUCHER_RELEASE_JOB, handler: async (p) => releaseVouchers(ctx.db, ctx.clock, Number(p.order_id)) }],
    register(app) {
      registerResourceRoutes(app, services.products, ctx.clock, voucherProductsApi);
      registerPartnerRoutes(app, partners, deps.users, ctx.clock);
      registerVoucherOrderRoutes(app, services.orders, ctx.clock);
      registerVoucherDocumentRoutes(app, services.orders, deps.documents);
      registerVoucherRoutes(app, services.redemptions, services.vouchers, ctx.clock);
      registerVoucherReportRoutes(app, reports);
    },
  };
}
