export * from './download.schema.ts';
export * from './operations.api.ts';
export * from './overview.schema.ts';
