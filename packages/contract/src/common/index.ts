export * from './envelope.ts';
export * from './list-query.ts';
export * from './fields.ts';
export * from './resource-fields.ts';
export * from './period.ts';
export * from './region.schema.ts';
export * from './rich-text.ts';
