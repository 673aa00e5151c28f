export * from './voucher-product.schema.ts';
export * from './vouchers.api.ts';
