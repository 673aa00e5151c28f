export * from './download.schema.ts';
