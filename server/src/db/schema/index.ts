export * from './identity.ts';
export * from './regions.ts';
