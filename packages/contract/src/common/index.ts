export * from './envelope.ts';
export * from './list-query.ts';
export * from './fields.ts';
export * from './endpoint.ts';
export * from './export-query.ts';
