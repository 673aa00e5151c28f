export * from './custom-consumer-tag.schema.ts';
export * from './ticket-category.schema.ts';
export * from './master-mapping-email.schema.ts';
export * from './setting.schema.ts';
export * from './document.schema.ts';
export * from './masterdata.api.ts';
