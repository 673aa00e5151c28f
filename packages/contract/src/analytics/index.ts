export * from './analytics-period.ts';
export * from './pos-sales.schema.ts';
export * from './sales-analytics.schema.ts';
export * from './analytics.api.ts';
export * from './app-events.schema.ts';
export * from './planogram-analytics.schema.ts';
export * from './content-analytics.schema.ts';
export * from './customer-analytics.schema.ts';
