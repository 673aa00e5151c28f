import { voucherProductsApi } from '@portal/contract';
import { registerResourceRoutes } from '../../platform/crud/index.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { VoucherProductService } from './voucher-product.resource.ts';

/** E-vouchers for business clients: so far the voucher products (cms Voucher digital, Voucher Management). */
export function vouchersModule(ctx: ModuleContext): DomainModule & { services: { products: VoucherProductService } } {
  const services = { products: new VoucherProductService(ctx.db) };
  return {
    name: 'vouchers',
    services,
    register(app) {
      registerResourceRoutes(app, services.products, ctx.clock, voucherProductsApi);
    },
  };
}
