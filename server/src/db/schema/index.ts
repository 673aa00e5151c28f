export * from './identity.ts';
export * from './regions.ts';
export * from './masterdata.ts';
export * from './imports.ts';
export * from './ecommerce.ts';
export * from './downloads.ts';
export * from './content.ts';
