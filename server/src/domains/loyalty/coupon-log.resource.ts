import { sql } from 'drizzle-orm';
import { couponLogRow, maskEmail, maskPhone, type CouponLogListQuery, type CouponLogRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

// The list row carries `updated_at`, `updated_by_name` and `version` for the generic layer (claims have no versioned edit).
const SELECT = sql`select k.id, k.coupon_setting_id as coupon_id, k.coupon_code, k.reward_id, k.claimed_at as claimed_date, k.name, k.consumer_id,
  c.name as consumer_name, c.phone as phone_number, c.email, c.app_card_id, c.physical_card_id, k.redeemed_at as redemption_date, k.expires_at,
  k.status, k.store_id, s.name as store, k.pos_receipt_no, false as personal_masked,
  k.claimed_at as updated_at, null::text as updated_by_name, 1 as version`;
const FROM = sql`from consumer_coupons k join consumers c on c.id = k.consumer_id left join stores s on s.id = k.store_id`;

type LogRecord = CouponLogRow & { updated_at: string; updated_by_name: string | null; version: number };
const readRow = rowReader(couponLogRow);
const toRow = (r: Record<string, unknown>): LogRecord => ({ ...readRow(r), updated_at: String(r.updated_at), updated_by_name: null, version: 1 });

export const couponLogDef: ResourceDef<LogRecord, CouponLogListQuery> = {
  entity: 'coupon-claim',
  label: 'Coupon claim',
  table: 'consumer_coupons',
  select: SELECT,
  from: FROM,
  // The filters are all on the claim itself; search alone needs the consumer.
  countFrom: (q) => (q.search ? sql`from consumer_coupons k join consumers c on c.id = k.consumer_id` : sql`from consumer_coupons k`),
  id: 'k.id',
  toRow,
  sort: { claimed_date: 'k.claimed_at' },
  search: (pattern, text) => sql`(k.coupon_code = upper(${text.trim()}) or lower(c.name) like lower(${pattern}))`,
  where: (q) => [
    q.coupon_id ? sql`k.coupon_setting_id = ${q.coupon_id}` : undefined,
    q.status ? sql`k.status = ${q.status}` : undefined,
    q.store_id ? sql`k.store_id = ${q.store_id}` : undefined,
    ...daysBetween('k.claimed_at', q.claimed_from, q.claimed_to),
  ],
  writable: [],
};

/** A claim as the caller may see it: phone and e-mail masked without the personal-data right. */
export function presentCouponLog<T extends CouponLogRow>(row: T, unmasked: boolean): CouponLogRow {
  const { id, coupon_id, coupon_code, reward_id, claimed_date, name, consumer_id, consumer_name, phone_number, email, app_card_id, physical_card_id } = row;
  const shown = { id, coupon_id, coupon_code, reward_id, claimed_date, name, consumer_id, consumer_name, phone_number, email, app_card_id, physical_card_id };
  const rest = { redemption_date: row.redemption_date, expires_at: row.expires_at, status: row.status, store_id: row.store_id, store: row.store, pos_receipt_no: row.pos_receipt_no };
  return unmasked
    ? { ...shown, ...rest, personal_masked: false }
    : { ...shown, ...rest, phone_number: maskPhone(phone_number) ?? '', email: maskEmail(email), personal_masked: true };
}

/** The coupon log: every claim, read-only, on the generic list and detail. */
export class CouponLogService extends ResourceService<LogRecord, CouponLogListQuery> {
  constructor(db: Db) {
    super(couponLogDef, db);
  }
}
