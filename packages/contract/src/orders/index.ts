export * from './order-app.schema.ts';
export * from './order.schema.ts';
export * from './orders.api.ts';
export * from './payment.schema.ts';
