export * from './content.ts';
export * from './consumer.ts';
export * from './order.ts';
export * from './top-up.ts';
export * from './voucher-order.ts';
