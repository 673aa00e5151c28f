export * from './analytics-period.ts';
export * from './pos-sales.schema.ts';
export * from './sales-analytics.schema.ts';
export * from './analytics.api.ts';
