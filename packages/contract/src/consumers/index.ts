export * from './consumer-enums.ts';
export * from './consumer-mask.ts';
export * from './consumer.schema.ts';
export * from './consumer-history.schema.ts';
export * from './member.schema.ts';
export * from './associate.schema.ts';
export * from './consumers.api.ts';
export * from './consumer-imports.api.ts';
