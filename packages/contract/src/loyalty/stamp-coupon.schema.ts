import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';

export const STAMP_COUPON_ENTRIES = ['cms.coupon'] as const;

/**
 * cms Digital stamp, "coupon": a coupon a stamp reward's redemption issued (consumer_coupons with a reward_id, an STP-
 * code), with its reward, programme, consumer (phone masked without the personal-data right, as in the coupon log),
 * the stamps it took, when it was redeemed for, its status and where and when it was used.
 */
export const stampCouponRow = z.object({
  id: z.number().int(),
  coupon_code: z.string(),
  reward_id: z.number().int(),
  reward_name: z.string(),
  programme_id: z.number().int(),
  programme_name: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  phone_number: z.string(),
  stamps_used: z.number().int(),
  /** When the consumer redeemed stamps for it (the coupon's claim). */
  redeemed_at: isoDateTime,
  expires_at: isoDateTime.nullable(),
  status: z.number().int(),
  /** When and where the coupon itself was used (status Used). */
  used_at: isoDateTime.nullable(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  pos_receipt_no: z.string().nullable(),
  personal_masked: z.boolean(),
});
export type StampCouponRow = z.infer<typeof stampCouponRow>;

export const stampCouponListQuery = listQuery(['redeemed_at'] as const, {
  reward_id: idFilter,
  programme_id: idFilter,
  status: intFilter(1, 4),
  redeemed_from: dayFilter,
  redeemed_to: dayFilter,
});
export type StampCouponListQuery = z.infer<typeof stampCouponListQuery>;
