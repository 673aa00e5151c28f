import { z } from 'zod';
import { INT4_MAX } from '../common/list-query.ts';

/** A coupon as the consumer app lists it: what it gives, its period and how many the consumer may still claim. */
export const appCouponRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  coupon_type: z.number().int(),
  promo_type: z.number().int(),
  discount_value: z.number().int(),
  max_discount: z.number().int().nullable(),
  min_purchase: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  /** Claims the consumer has left under the per-consumer limit. */
  remaining_for_you: z.number().int(),
});
export type AppCouponRow = z.infer<typeof appCouponRow>;

/** Using a claimed coupon at the till: the store and the receipt it went on. */
export const appCouponUseBody = z
  .object({
    store_id: z.number({ error: 'Store is required' }).int().positive('Store is required').max(INT4_MAX),
    pos_receipt_no: z.string({ error: 'Receipt number is required' }).trim().min(1, 'Receipt number is required').max(60, 'Receipt number must be at most 60 characters'),
  })
  .strict();
export type AppCouponUse = z.infer<typeof appCouponUseBody>;

export const appMyCouponsQuery = z.object({ status: z.coerce.number().int().min(1).max(4).optional() }).strict();
