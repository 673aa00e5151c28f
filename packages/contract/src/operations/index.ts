export * from './download.schema.ts';
export * from './operations.api.ts';
export * from './overview.schema.ts';
export * from './guarded-write.schema.ts';
export * from './patch-order.schema.ts';
