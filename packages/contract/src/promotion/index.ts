export * from './promo.schema.ts';
export * from './free-gift.schema.ts';
export * from './max-purchase.schema.ts';
export * from './master-promo.schema.ts';
export * from './promotion.api.ts';
