export * from './types.ts';
export * from './registry.ts';
export * from './permissions.ts';
export * from './spec-paths.ts';
