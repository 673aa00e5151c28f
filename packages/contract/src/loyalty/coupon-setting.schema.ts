import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { dayField, dayFilter, enumValueField, withPeriod } from '../common/period.ts';
import { targetingFields, targetingRules } from '../common/audience.schema.ts';
import { PROMO_TYPE } from '../enums/index.ts';
import { COUPON_TYPE, COUPON_TYPE_BY_PLU, PROMO_AMOUNT, PROMO_PERCENTAGE } from './coupon-enums.ts';

/** A coupon setting: what a consumer may claim, how often, by whom, while the quota lasts. */
export const couponSettingRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  coupon_type: z.number().int(),
  promo_type: z.number().int(),
  /** Percent (1-100) for a percentage promo, Rupiah for an amount. */
  discount_value: z.number().int(),
  /** The most a percentage takes off, in Rupiah; null for an amount. */
  max_discount: z.number().int().nullable(),
  min_purchase: z.number().int(),
  targeting: z.number().int(),
  member_scope: z.number().int(),
  consumer_tag_ids: z.array(z.number().int()),
  province_codes: z.array(z.string()),
  /** Whole days in the Asia/Jakarta calendar, both inclusive. */
  start_date: z.string(),
  end_date: z.string(),
  budget: z.number().int(),
  limit_per_consumer: z.number().int(),
  quota: z.number().int(),
  /** Claims taken so far (never above the quota). */
  claimed: z.number().int(),
  status: z.number().int(),
  product_count: z.number().int(),
  /** Code generation (COUPON_CODE_STATE): the pattern, the codes wanted (the quota) and made so far. */
  code_pattern: z.string().nullable(),
  codes_state: z.number().int(),
  codes_wanted: z.number().int(),
  codes_made: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type CouponSettingRow = z.infer<typeof couponSettingRow>;

/** A product coupon line (spec section 3): the catalogue product and what the coupon takes off it. */
export const productCouponRow = z.object({
  product_id: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  supplier: z.string().nullable(),
  normal_price: z.number().int(),
  coupon_amount: z.number().int(),
});
export type ProductCouponRow = z.infer<typeof productCouponRow>;

export const couponSettingDetail = couponSettingRow.extend({ products: z.array(productCouponRow) });
export type CouponSettingDetail = z.infer<typeof couponSettingDetail>;

export const productCouponItem = z
  .object({
    product_id: z.number({ error: 'Choose a product' }).int().positive('Choose a product').max(INT4_MAX, 'Choose a product'),
    supplier: optionalText(120),
    coupon_amount: z.number({ error: 'Coupon amount is required' }).int('Coupon amount must be whole Rupiah').min(1, 'Coupon amount must be at least Rp 1').max(9_999_999_999),
  })
  .strict();

const couponFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  coupon_type: enumValueField(COUPON_TYPE, 'Coupon type'),
  promo_type: enumValueField(PROMO_TYPE, 'Promo type'),
  discount_value: z.number({ error: 'Discount is required' }).int('Discount must be a whole number').min(1, 'Discount must be at least 1').max(9_999_999_999),
  max_discount: rupiahField('Maximum discount').nullable().optional(),
  min_purchase: rupiahField('Minimum purchase').default(0),
  ...targetingFields,
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  budget: rupiahField('Budget').default(0),
  limit_per_consumer: z.number({ error: 'Limit per consumer is required' }).int().min(1, 'Limit per consumer is at least 1').max(1000, 'Limit per consumer is at most 1,000'),
  quota: z.number({ error: 'Quota is required' }).int('Quota must be a whole number').min(1, 'Quota is at least 1').max(10_000_000, 'Quota is at most 10,000,000'),
  status: activeStatusField.default(1),
  products: z
    .array(productCouponItem, { error: 'Products must be a list' })
    .max(200, 'At most 200 products')
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, 'A product is listed twice')
    .default([]),
};

type CouponShape = {
  coupon_type: number;
  promo_type: number;
  discount_value: number;
  max_discount?: number | null | undefined;
  limit_per_consumer: number;
  quota: number;
  products: unknown[];
  start_date: string;
  end_date: string;
  targeting: number;
  consumer_tag_ids: number[];
  province_codes: string[];
};
/** The rules between a coupon's fields: the promo's value, by-PLU lines, the limits and the period. */
const couponRules = <T extends z.ZodType<CouponShape>>(schema: T) =>
  targetingRules(
    withPeriod(
      schema
        .refine((b) => b.promo_type !== PROMO_PERCENTAGE || b.discount_value <= 100, { message: 'A percentage discount is 1 to 100', path: ['discount_value'] })
        .refine((b) => b.promo_type !== PROMO_PERCENTAGE || (b.max_discount ?? 0) > 0, { message: 'A percentage discount needs a maximum discount in Rupiah', path: ['max_discount'] })
        .refine((b) => b.promo_type !== PROMO_AMOUNT || b.max_discount == null, { message: 'An amount discount has no maximum discount', path: ['max_discount'] })
        .refine((b) => b.coupon_type !== COUPON_TYPE_BY_PLU || b.products.length > 0, { message: 'A by-PLU coupon needs at least one product', path: ['products'] })
        .refine((b) => b.coupon_type === COUPON_TYPE_BY_PLU || b.products.length === 0, { message: 'Only a by-PLU coupon has products', path: ['products'] })
        .refine((b) => b.limit_per_consumer <= b.quota, { message: 'The limit per consumer cannot be above the quota', path: ['limit_per_consumer'] }),
    ),
  );

export const couponSettingCreateBody = couponRules(z.object(couponFields).strict());
export const couponSettingUpdateBody = couponRules(z.object({ ...couponFields, version: versionField }).strict());
export type CouponSettingCreate = z.infer<typeof couponSettingCreateBody>;
export type CouponSettingUpdate = z.infer<typeof couponSettingUpdateBody>;

export const couponSettingListQuery = listQuery(['updated_at', 'name', 'start_date', 'quota', 'created_at'] as const, {
  status: intFilter(1, 2),
  coupon_type: intFilter(1, 3),
  promo_type: intFilter(1, 2),
  targeting: intFilter(1, 2),
  active_on: dayFilter,
});
export type CouponSettingListQuery = z.infer<typeof couponSettingListQuery>;

/** A claim as the claim service answers it (the consumer's coupon). */
export const couponClaimRow = z.object({
  id: z.number().int(),
  coupon_setting_id: z.number().int().nullable(),
  coupon_code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  claimed_at: isoDateTime,
  expires_at: isoDateTime.nullable(),
  redeemed_at: isoDateTime.nullable(),
  store_id: z.number().int().nullable(),
  pos_receipt_no: z.string().nullable(),
});
export type CouponClaimRow = z.infer<typeof couponClaimRow>;
