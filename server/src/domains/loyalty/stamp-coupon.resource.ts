import { sql } from 'drizzle-orm';
import { maskPhone, stampCouponRow, type StampCouponListQuery, type StampCouponRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

// The row carries `updated_at`, `updated_by_name` and `version` for the generic layer (a stamp coupon has no edit).
const SELECT = sql`select k.id, k.coupon_code, k.reward_id, r.name as reward_name, r.programme_id, p.name as programme_name, k.consumer_id,
  c.name as consumer_name, c.phone as phone_number, k.stamps_used, k.claimed_at as redeemed_at, k.expires_at, k.status, k.redeemed_at as used_at,
  k.store_id, s.name as store_name, k.pos_receipt_no, false as personal_masked, k.claimed_at as updated_at, null::text as updated_by_name, 1 as version`;
const FROM = sql`from consumer_coupons k join stamp_rewards r on r.id = k.reward_id join stamp_programmes p on p.id = r.programme_id
  join consumers c on c.id = k.consumer_id left join stores s on s.id = k.store_id`;

type StampCouponRecord = StampCouponRow & { updated_at: string; updated_by_name: string | null; version: number };
const readRow = rowReader(stampCouponRow);
const toRow = (r: Record<string, unknown>): StampCouponRecord => ({ ...readRow(r), updated_at: String(r.updated_at), updated_by_name: null, version: 1 });

export const stampCouponDef: ResourceDef<StampCouponRecord, StampCouponListQuery> = {
  entity: 'stamp-coupon',
  label: 'Stamp coupon',
  table: 'consumer_coupons',
  select: SELECT,
  from: FROM,
  // Only the coupons a reward's redemption issued (the partial indexes on reward_id is not null serve each filter).
  scope: sql`k.reward_id is not null`,
  countFrom: (q) =>
    q.search || q.programme_id
      ? sql`from consumer_coupons k join stamp_rewards r on r.id = k.reward_id join consumers c on c.id = k.consumer_id`
      : sql`from consumer_coupons k`,
  id: 'k.id',
  toRow,
  sort: { redeemed_at: 'k.claimed_at' },
  search: (pattern, text) => sql`(k.coupon_code = upper(${text.trim()}) or lower(c.name) like lower(${pattern}))`,
  where: (q) => [
    q.reward_id ? sql`k.reward_id = ${q.reward_id}` : undefined,
    q.programme_id ? sql`r.programme_id = ${q.programme_id}` : undefined,
    q.status ? sql`k.status = ${q.status}` : undefined,
    ...daysBetween('k.claimed_at', q.redeemed_from, q.redeemed_to),
  ],
  writable: [],
};

/** A stamp coupon as the caller may see it: the phone masked without the personal-data right (as the coupon log). */
export function presentStampCoupon(row: StampCouponRow, unmasked: boolean): StampCouponRow {
  const { updated_at: _u, updated_by_name: _n, version: _v, ...shown } = row as StampCouponRecord;
  return unmasked ? { ...shown, personal_masked: false } : { ...shown, phone_number: maskPhone(shown.phone_number) ?? '', personal_masked: true };
}

/** cms Digital stamp, "coupon": the coupons stamp rewards' redemptions issued, read-only on the generic list and detail. */
export class StampCouponService extends ResourceService<StampCouponRecord, StampCouponListQuery> {
  constructor(db: Db) {
    super(stampCouponDef, db);
  }
}
