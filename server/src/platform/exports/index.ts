export * from './cells.ts';
export * from './writers.ts';
export * from './source.ts';
export * from './export-def.ts';
export * from './export.service.ts';
export * from './export.routes.ts';
export * from './columns.ts';
