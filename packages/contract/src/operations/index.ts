export * from './download.schema.ts';
export * from './overview.schema.ts';
