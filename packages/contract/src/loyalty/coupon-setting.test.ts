import { describe, expect, it } from 'vitest';
import { couponCodesBody, patternCapacity } from './coupon-code.schema.ts';
import { couponSettingCreateBody } from './coupon-setting.schema.ts';

const base = { name: 'Kupon', coupon_type: 2, promo_type: 2, discount_value: 10_000, start_date: '2026-01-01', end_date: '2026-01-31', limit_per_consumer: 1, quota: 10 };
const issue = (body: object) => {
  const r = couponSettingCreateBody.safeParse(body);
  return r.success ? null : { path: r.error.issues[0]?.path.join('.'), message: r.error.issues[0]?.message };
};

describe('coupon setting rules', () => {
  it('accepts an amount coupon and defaults the rest', () => {
    const r = couponSettingCreateBody.parse(base);
    expect(r).toMatchObject({ targeting: 2, member_scope: 0, min_purchase: 0, budget: 0, status: 1, products: [], consumer_tag_ids: [], province_codes: [] });
  });
  it('holds a percentage to 1-100 with a maximum discount, and an amount to none', () => {
    expect(issue({ ...base, promo_type: 1, discount_value: 101, max_discount: 5000 })).toEqual({ path: 'discount_value', message: 'A percentage discount is 1 to 100' });
    expect(issue({ ...base, promo_type: 1, discount_value: 10 })?.path).toBe('max_discount');
    expect(issue({ ...base, promo_type: 1, discount_value: 100, max_discount: 5000 })).toBeNull();
    expect(issue({ ...base, max_discount: 5000 })?.path).toBe('max_discount');
  });
  it('needs products on a by-PLU coupon and none on the others', () => {
    expect(issue({ ...base, coupon_type: 3 })).toEqual({ path: 'products', message: 'A by-PLU coupon needs at least one product' });
    expect(issue({ ...base, coupon_type: 3, products: [{ product_id: 1, coupon_amount: 500 }] })).toBeNull();
    expect(issue({ ...base, products: [{ product_id: 1, coupon_amount: 500 }] })?.path).toBe('products');
    expect(issue({ ...base, coupon_type: 3, products: [{ product_id: 1, coupon_amount: 500 }, { product_id: 1, coupon_amount: 600 }] })?.message).toBe('A product is listed twice');
  });
  it('refuses an end before the start (the same day is a one-day coupon), a limit above the quota, and a targeted coupon naming nobody', () => {
    expect(issue({ ...base, end_date: '2025-12-31' })?.path).toBe('end_date');
    expect(issue({ ...base, end_date: '2026-01-01' })).toBeNull();
    expect(issue({ ...base, limit_per_consumer: 11 })?.path).toBe('limit_per_consumer');
    expect(issue({ ...base, targeting: 1 })?.path).toBe('consumer_tag_ids');
  });
});

describe('code patterns', () => {
  it('counts the room of a pattern: # 10 digits, X 23 letters, * 31 letters and digits, the rest literal', () => {
    expect(patternCapacity('HEMAT')).toBe(1);
    expect(patternCapacity('HEMAT-####-XX')).toBe(10_000 * 23 * 23);
    expect(patternCapacity('**')).toBe(31 * 31);
  });
  it('upper-cases a pattern and refuses one without a placeholder or with other characters', () => {
    expect(couponCodesBody.parse({ pattern: 'hemat-##', version: 1 }).pattern).toBe('HEMAT-##');
    expect(couponCodesBody.safeParse({ pattern: 'HEMAT', version: 1 }).success).toBe(false);
    expect(couponCodesBody.safeParse({ pattern: 'HEMAT ##', version: 1 }).success).toBe(false);
  });
});
