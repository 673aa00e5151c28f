import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { idFilter, intFilter } from '../common/resource-fields.ts';
import { dayFilter } from '../common/period.ts';


/**
 * A coupon claim as the coupon log shows it (spec section 3: coupon_id, claimed_date, name, consumer_name, phone_number,
 * email, app_card_id, physical_card_id, redemption_date, status, store, and reward_id). Phone and e-mail come masked without the
 * personal-data right.
 */
export const couponLogRow = z.object({
  id: z.number().int(),
  coupon_id: z.number().int().nullable(),
  coupon_code: z.string(),
  /** The stamp reward whose redemption issued the coupon (section 3 reward_id); null for a claimed coupon setting. */
  reward_id: z.number().int().nullable(),
  claimed_date: isoDateTime,
  name: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  app_card_id: z.string().nullable(),
  physical_card_id: z.string().nullable(),
  redemption_date: isoDateTime.nullable(),
  expires_at: isoDateTime.nullable(),
  status: z.number().int(),
  store_id: z.number().int().nullable(),
  store: z.string().nullable(),
  pos_receipt_no: z.string().nullable(),
  /** True when phone and e-mail were masked for this caller. */
  personal_masked: z.boolean(),
});
export type CouponLogRow = z.infer<typeof couponLogRow>;

export const couponLogListQuery = listQuery(['claimed_date'] as const, {
  coupon_id: idFilter,
  status: intFilter(1, 4),
  store_id: idFilter,
  claimed_from: dayFilter,
  claimed_to: dayFilter,
});
export type CouponLogListQuery = z.infer<typeof couponLogListQuery>;
