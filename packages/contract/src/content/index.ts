export * from './content-status.ts';
export * from './content-entries.ts';
export * from './content.schema.ts';
export * from './notification-offer.schema.ts';
export * from './content.api.ts';
