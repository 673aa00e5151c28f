export * from './types.ts';
export * from './registry.ts';
export * from './permissions.ts';
export * from './grant.schema.ts';
export * from './entries.ts';
export * from './spec-paths.ts';
