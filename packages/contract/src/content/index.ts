export * from './content-status.ts';
export * from './content-entries.ts';
export * from './content.schema.ts';
export * from './notification-offer.schema.ts';
export * from './content.api.ts';
export * from './survey-entries.ts';
export * from './survey.schema.ts';
export * from './survey.api.ts';
