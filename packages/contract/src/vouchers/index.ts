export * from './partner.schema.ts';
export * from './voucher-order.schema.ts';
export * from './voucher-product.schema.ts';
export * from './vouchers.api.ts';
export * from './voucher-code.ts';
export * from './voucher.schema.ts';
export * from './voucher-document.ts';
export * from './voucher-documents.api.ts';
