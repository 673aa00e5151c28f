import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { couponClaimRow, appCouponRow, type AppCouponRow, type AppCouponUse, type CouponClaimRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { admits } from '../../platform/audience.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { CouponCodeService } from './coupon-code.service.ts';

const ACTIVE = 1;
const EXPIRED = 3;
const USED = 4;
const SETTING_ACTIVE = 1;

const toClaim = rowReader(couponClaimRow);
const toAppCoupon = rowReader(appCouponRow);

/** Unambiguous characters (no 0/O, 1/I/L) for the codes the claim service makes itself. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = () => `CPN-${Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/** Today in the Asia/Jakarta calendar, as SQL, from the clock's time (the period's days are Jakarta days). */
const jakartaDay = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone 'Asia/Jakarta')::date`;

const CLAIM_COLUMNS = sql`cc.id, cc.coupon_setting_id, cc.coupon_code, cc.name, cc.description, cc.status, cc.claimed_at, cc.expires_at, cc.redeemed_at, cc.store_id, cc.pos_receipt_no`;

/**
 * The only writer of coupon claims. A claim takes one unit of the coupon's quota and one of the consumer's limit, each
 * by a guarded update in SQL (`claimed < quota`, `claimed < limit_per_consumer`) inside one transaction, so parallel
 * claims can never overrun either: a row-level lock orders them, and the guard is evaluated again on the locked row.
 */
export class CouponClaimService {
  constructor(private readonly db: Db) {}

  /** The coupons the consumer may claim now: active, in period, quota left, limit left, its targeting admitting them. */
  async claimable(consumerId: number, now: Date): Promise<AppCouponRow[]> {
    const rows = await queryRows(
      this.db,
      sql`select s.id, s.name, s.description, s.coupon_type, s.promo_type, s.discount_value, s.max_discount, s.min_purchase,
            s.start_date::text as start_date, s.end_date::text as end_date, s.limit_per_consumer - coalesce(mine.claimed, 0) as remaining_for_you
          from consumers c
          join coupon_settings s on s.status = ${SETTING_ACTIVE} and ${jakartaDay(now)} between s.start_date and s.end_date and s.claimed < s.quota
          left join coupon_consumer_claims mine on mine.coupon_setting_id = s.id and mine.consumer_id = c.id
          where c.id = ${consumerId} and coalesce(mine.claimed, 0) < s.limit_per_consumer and ${admits('s', 'c')}
          order by s.end_date, s.id limit 100`,
    );
    return rows.map(toAppCoupon);
  }

  /** Claims one coupon for the consumer: 404 unknown, 422 closed or not for them, 409 when the quota or their limit is spent. */
  async claim(consumerId: number, settingId: number, now: Date): Promise<CouponClaimRow> {
    return this.db.transaction(async (tx) => {
      const found = await queryRows<{ open: boolean; admitted: boolean; limit_per_consumer: number }>(
        tx,
        sql`select s.status = ${SETTING_ACTIVE} and ${jakartaDay(now)} between s.start_date and s.end_date as open,
              exists (select 1 from consumers c where c.id = ${consumerId} and ${admits('s', 'c')}) as admitted, s.limit_per_consumer
            from coupon_settings s where s.id = ${settingId}`,
      );
      const setting = found[0];
      if (!setting) throw notFound('Coupon');
      if (!setting.open) throw unprocessable('This coupon cannot be claimed now');
      if (!setting.admitted) throw unprocessable('This coupon is not offered to you');

      // The consumer's unit first, then the quota's: every claim locks in the same order.
      const mine = await queryRows(
        tx,
        sql`insert into coupon_consumer_claims as k (coupon_setting_id, consumer_id, claimed) values (${settingId}, ${consumerId}, 1)
            on conflict (coupon_setting_id, consumer_id) do update set claimed = k.claimed + 1
            where k.claimed < (select limit_per_consumer from coupon_settings where id = ${settingId})
            returning k.claimed`,
      );
      if (!mine.length) throw conflict(`You have already claimed this coupon ${setting.limit_per_consumer} ${setting.limit_per_consumer === 1 ? 'time' : 'times'}`);
      const taken = await queryRows<{ name: string; description: string | null; expires_at: string; codes_state: number }>(
        tx,
        sql`update coupon_settings set claimed = claimed + 1
            where id = ${settingId} and claimed < quota and status = ${SETTING_ACTIVE} and ${jakartaDay(now)} between start_date and end_date
            returning name, description, ((end_date + 1)::timestamp at time zone 'Asia/Jakarta') as expires_at, codes_state`,
      );
      const coupon = taken[0];
      if (!coupon) throw conflict('This coupon has run out');
      // A coupon with generated codes hands out one of them; one without gets a code made here.
      const code = coupon.codes_state === 0 ? null : await CouponCodeService.take(tx, settingId);
      if (coupon.codes_state !== 0 && !code) throw conflict('No coupon code is free yet: try again shortly');
      return this.insertClaim(tx, { consumerId, settingId, name: coupon.name, description: coupon.description, expiresAt: coupon.expires_at, now, code });
    });
  }

  /** The consumer's claimed coupons, newest first. */
  async mine(consumerId: number, status?: number): Promise<CouponClaimRow[]> {
    const rows = await queryRows(
      this.db,
      sql`select ${CLAIM_COLUMNS} from consumer_coupons cc where cc.consumer_id = ${consumerId} ${status ? sql`and cc.status = ${status}` : sql``}
          order by cc.claimed_at desc, cc.id desc limit 200`,
    );
    return rows.map(toClaim);
  }

  /** Uses an active claim at a store on a receipt: 404 if it is not the consumer's, 409 unless it is active and in date. */
  async use(consumerId: number, claimId: number, body: AppCouponUse, now: Date): Promise<CouponClaimRow> {
    return this.db.transaction(async (tx) => {
      const store = await queryRows(tx, sql`select 1 from stores where id = ${body.store_id}`);
      if (!store.length) throw badRequest(`Store ${body.store_id} does not exist`, [{ path: 'store_id', message: 'Store does not exist' }]);
      const used = await queryRows(
        tx,
        sql`update consumer_coupons cc set status = ${USED}, redeemed_at = ${now.toISOString()}, store_id = ${body.store_id}, pos_receipt_no = ${body.pos_receipt_no}
            where cc.id = ${claimId} and cc.consumer_id = ${consumerId} and cc.status = ${ACTIVE} and (cc.expires_at is null or cc.expires_at > ${now.toISOString()})
            returning ${CLAIM_COLUMNS}`,
      );
      if (used[0]) return toClaim(used[0]);
      const claim = await queryRows<{ status: number }>(tx, sql`select status from consumer_coupons where id = ${claimId} and consumer_id = ${consumerId}`);
      if (!claim[0]) throw notFound('Coupon');
      throw conflict(claim[0].status === USED ? 'This coupon has already been used' : 'This coupon is no longer active');
    });
  }

  /** Sets Expired on every active claim whose coupon's period has ended; returns how many. */
  async expire(now: Date): Promise<number> {
    const rows = await queryRows<{ n: number | string }>(
      this.db,
      sql`with expired as (update consumer_coupons set status = ${EXPIRED} where status = ${ACTIVE} and expires_at <= ${now.toISOString()} returning 1)
          select count(*) as n from expired`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  private async insertClaim(
    tx: Tx,
    c: { consumerId: number; settingId: number; name: string; description: string | null; expiresAt: string; now: Date; code: string | null },
  ): Promise<CouponClaimRow> {
    // A clash of random codes is rare: try another.
    for (let attempt = 0; attempt < 5; attempt++) {
      const rows = await queryRows(
        tx,
        sql`insert into consumer_coupons as cc (consumer_id, coupon_setting_id, coupon_code, name, description, status, claimed_at, expires_at)
            values (${c.consumerId}, ${c.settingId}, ${c.code ?? randomCode()}, ${c.name}, ${c.description}, ${ACTIVE}, ${c.now.toISOString()}, ${c.expiresAt})
            on conflict (coupon_code) do nothing returning ${CLAIM_COLUMNS}`,
      );
      if (rows[0]) return toClaim(rows[0]);
      if (c.code) throw conflict(`Coupon code ${c.code} is already in use`);
    }
    throw new Error('coupon claim: no free code after 5 attempts');
  }
}
