export * from './order-app.schema.ts';
