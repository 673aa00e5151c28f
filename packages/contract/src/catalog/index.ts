export * from './category.schema.ts';
export * from './product.schema.ts';
export * from './store.schema.ts';
export * from './store-product.schema.ts';
export * from './group-store.schema.ts';
export * from './delivery-method.schema.ts';
export * from './planogram.schema.ts';
export * from './catalog.api.ts';
