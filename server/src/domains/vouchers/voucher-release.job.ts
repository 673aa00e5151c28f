import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { VOUCHER_CODE_LENGTH, jakartaDay, jakartaDayStart, luhnDigit } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';

/** Vouchers written per transaction: the order's progress moves by this much, and a restart redoes at most one batch. */
export const RELEASE_BATCH = 20_000;

/** `n` fresh voucher codes: 17 digits from the operating system's random source and their Luhn check digit. */
export function newVoucherCodes(n: number): string[] {
  const body = VOUCHER_CODE_LENGTH - 1;
  // 8 random bytes per code read as an unsigned 64-bit number; of its 2^64 values, each 17-digit ending comes 184 or 185
  // times, a bias under 0.6% that leaves the codes as unguessable as uniform ones.
  const bytes = randomBytes(8 * n);
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    const digits = bytes.readBigUInt64BE(8 * i).toString().padStart(20, '0').slice(-body);
    codes.push(digits + luhnDigit(digits));
  }
  return codes;
}

interface Line {
  voucher_product_id: number;
  release_amount: number;
  validity_days: number;
  denomination: number;
  generated: number;
}

/**
 * Generates a released order's vouchers (the release move queued this job): for each line, its release amount of
 * vouchers, in batches of one transaction each that also advance the order's released count, so the detail shows
 * progress and a restarted job goes on from what is there. A code already taken (by any voucher ever issued) is
 * skipped by the unique index and drawn again. The last batch stamps the order's released time. Safe to run twice.
 */
export async function releaseVouchers(db: Db, clock: Clock, orderId: number): Promise<void> {
  const [order] = await queryRows<{ partner_id: number; at: string }>(
    db,
    sql`select o.partner_id, e.at from voucher_orders o join voucher_order_events e on e.order_id = o.id and e.action = 'release'
      where o.id = ${orderId} and o.status = 'done' and o.released_at is null`,
  );
  if (!order) return;
  // Every voucher of the order counts its validity from the release move, whenever the job runs.
  const at = new Date(String(order.at));
  const lines = (
    await queryRows<Record<string, unknown>>(
      db,
      sql`select i.voucher_product_id, i.release_amount, p.validity_days, i.denomination,
        (select count(*) from vouchers v where v.order_id = i.order_id and v.voucher_product_id = i.voucher_product_id) as generated
      from voucher_order_items i join voucher_products p on p.id = i.voucher_product_id where i.order_id = ${orderId} order by i.voucher_product_id`,
    )
  ).map((r): Line => ({
    voucher_product_id: Number(r.voucher_product_id),
    release_amount: Number(r.release_amount),
    validity_days: Number(r.validity_days),
    denomination: Number(r.denomination),
    generated: Number(r.generated),
  }));
  const releaseDay = jakartaDay(at);
  for (const line of lines) {
    const validUntil = jakartaDay(new Date(jakartaDayStart(releaseDay).getTime() + (line.validity_days - 1) * 86_400_000));
    let missing = line.release_amount - line.generated;
    while (missing > 0) {
      const codes = newVoucherCodes(Math.min(RELEASE_BATCH, missing));
      const inserted = await db.transaction(async (tx) => {
        // The batch's vouchers, the order's progress, and the report totals: released on the release day, and
        // (until a redemption takes one off) expiring the day after their last valid day.
        const rows = await queryRows<{ n: number }>(
          tx,
          sql`with added as (
              insert into vouchers (code, order_id, voucher_product_id, partner_id, denomination, released_at, valid_until)
              select c, ${orderId}, ${line.voucher_product_id}, ${order.partner_id}, ${line.denomination}, ${at}, ${validUntil}::date
              from unnest(${`{${codes.join(',')}}`}::text[]) as c
              on conflict (code) do nothing returning 1),
            n as (select count(*) as n from added),
            totals as (
              insert into voucher_day_totals as t (day, partner_id, voucher_product_id, store_id, released_count, released_value, expired_count, expired_value)
              select d.day, ${order.partner_id}, ${line.voucher_product_id}, 0,
                case when d.released then n.n else 0 end, case when d.released then n.n * ${line.denomination} else 0 end,
                case when d.released then 0 else n.n end, case when d.released then 0 else n.n * ${line.denomination} end
              from n cross join (values (${releaseDay}::date, true), (${validUntil}::date + 1, false)) as d(day, released)
              where n.n > 0
              on conflict (day, partner_id, voucher_product_id, store_id) do update set
                released_count = t.released_count + excluded.released_count, released_value = t.released_value + excluded.released_value,
                expired_count = t.expired_count + excluded.expired_count, expired_value = t.expired_value + excluded.expired_value)
            update voucher_orders set released_count = released_count + (select n from n) where id = ${orderId}
            returning (select n from n) as n`,
        );
        return Number(rows[0]?.n ?? 0);
      });
      missing -= inserted;
    }
  }
  await db.execute(sql`update voucher_orders set released_at = ${clock.now()} where id = ${orderId} and released_at is null`);
}
