export * from './import.schema.ts';
export * from './imports.api.ts';
