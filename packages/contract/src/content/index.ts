export * from './content-status.ts';
export * from './content.schema.ts';
