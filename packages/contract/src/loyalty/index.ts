export * from './coupon-enums.ts';
export * from './coupon-setting.schema.ts';
export * from './coupon-app.schema.ts';
export * from './coupon-log.schema.ts';
export * from './coupons.api.ts';
export * from './coupon-code.schema.ts';
