export * from './region.schema.ts';
