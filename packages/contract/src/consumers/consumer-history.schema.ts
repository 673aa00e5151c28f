import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versioned, recordIdText } from '../common/list-query.ts';
import { nameField } from '../common/resource-fields.ts';
import { REGION_CODE } from '../common/region.schema.ts';
import { STAMP_DIRECTION } from '../enums/stamp-movement.ts';

/* The sub-lists of the one-customer view: addresses, stamp history, coupon history, POS sales and activity log. */

export const consumerAddressRow = z.object({
  id: z.number().int(),
  consumer_id: z.number().int(),
  label: z.string(),
  recipient_name: z.string(),
  /** Masked like the consumer's own phone for a role without the personal-data right. */
  recipient_phone: z.string(),
  address_line: z.string(),
  province_code: z.string(),
  province_name: z.string(),
  regency_code: z.string(),
  regency_name: z.string(),
  district_code: z.string().nullable(),
  district_name: z.string().nullable(),
  village_code: z.string().nullable(),
  village_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  /** Where the address is (WGS 84 degrees), both or neither: the thematic customer map shows the located ones. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_primary: z.boolean(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ConsumerAddressRow = z.infer<typeof consumerAddressRow>;

const regionCode = (level: keyof typeof REGION_CODE, label: string) => z.string().trim().regex(REGION_CODE[level], `${label} is not a valid region code`);

export const consumerAddressUpdateBody = z
  .object({
    label: nameField('Label', 40),
    recipient_name: nameField('Recipient name', 120),
    address_line: nameField('Address', 500),
    province_code: regionCode('province', 'Province'),
    regency_code: regionCode('regency', 'Regency / city'),
    district_code: regionCode('district', 'District'),
    village_code: regionCode('village', 'Village'),
    postal_code: z.string().trim().regex(/^\d{5}$/, 'Postal code must be 5 digits').nullable().optional(),
    latitude: z.number().min(-90, 'Latitude must lie between -90 and 90').max(90, 'Latitude must lie between -90 and 90').nullable().optional(),
    longitude: z.number().min(-180, 'Longitude must lie between -180 and 180').max(180, 'Longitude must lie between -180 and 180').nullable().optional(),
    ...versioned,
  })
  .strict()
  .superRefine((b, ctx) => {
    const lat = b.latitude ?? null;
    const lon = b.longitude ?? null;
    if ((lat === null) !== (lon === null)) {
      ctx.addIssue({ code: 'custom', path: [lat === null ? 'latitude' : 'longitude'], message: 'Give both latitude and longitude, or neither' });
    }
  });
export type ConsumerAddressUpdate = z.infer<typeof consumerAddressUpdateBody>;

export const consumerAddressParams = z.object({ id: recordIdText, addressId: recordIdText }).strict();
export const consumerCouponParams = z.object({ id: recordIdText, couponId: z.coerce.number().int().positive() }).strict();

/** Histories are newest first, paged. */
export const consumerHistoryQuery = listQuery(['at'] as const, {});
export type ConsumerHistoryQuery = z.infer<typeof consumerHistoryQuery>;

export const stampHistoryQuery = listQuery(['at'] as const, { direction: z.enum(STAMP_DIRECTION.values).optional() });
export type StampHistoryQuery = z.infer<typeof stampHistoryQuery>;

export const stampLedgerRow = z.object({
  id: z.number().int(),
  code: z.number().int(),
  direction: z.enum(['in', 'out']),
  quantity: z.number().int(),
  balance_after: z.number().int(),
  programme_name: z.string(),
  store_name: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  at: isoDateTime,
});
export type StampLedgerRow = z.infer<typeof stampLedgerRow>;

export const consumerCouponRow = z.object({
  id: z.number().int(),
  coupon_code: z.string(),
  name: z.string(),
  reward_name: z.string().nullable(),
  /** Set when a stamp reward's redemption issued the coupon: its stamp coupon detail exists. */
  reward_id: z.number().int().nullable(),
  status: z.number().int(),
  claimed_at: isoDateTime,
  redeemed_at: isoDateTime.nullable(),
  expires_at: isoDateTime.nullable(),
  store_name: z.string().nullable(),
});
export type ConsumerCouponRow = z.infer<typeof consumerCouponRow>;

export const consumerCouponDetail = consumerCouponRow.extend({
  description: z.string().nullable(),
  stamps_used: z.number().int(),
  store_code: z.string().nullable(),
  pos_receipt_no: z.string().nullable(),
});
export type ConsumerCouponDetail = z.infer<typeof consumerCouponDetail>;

export const posSaleRow = z.object({
  id: z.number().int(),
  receipt_no: z.string(),
  store_code: z.string().nullable(),
  store_name: z.string().nullable(),
  total: z.number().int(),
  item_count: z.number().int(),
  stamps_earned: z.number().int(),
  at: isoDateTime,
});
export type PosSaleRow = z.infer<typeof posSaleRow>;

export const consumerActivityRow = z.object({
  id: z.number().int(),
  activity: z.string(),
  description: z.string(),
  platform: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: isoDateTime,
});
export type ConsumerActivityRow = z.infer<typeof consumerActivityRow>;

/** The ledger-wide exports (`export_consumer_stamp_history`, `export_consumer_coupon_history`); `consumer_id` narrows to one consumer. */
export const stampExportQuery = listQuery(['at'] as const, { consumer_id: recordIdText.optional(), direction: z.enum(STAMP_DIRECTION.values).optional() });
export type StampExportQuery = z.infer<typeof stampExportQuery>;
export const couponExportQuery = listQuery(['at'] as const, { consumer_id: recordIdText.optional(), status: z.coerce.number().int().min(1).max(4).optional() });
export type CouponExportQuery = z.infer<typeof couponExportQuery>;
