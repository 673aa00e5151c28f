export * from './order-app.schema.ts';
export * from './order.schema.ts';
export * from './orders.api.ts';
export * from './payment.schema.ts';
export * from './digital-product.schema.ts';
export * from './top-up-app.schema.ts';
export * from './top-up.schema.ts';
export * from './top-up.api.ts';
