import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Rebuilds the report totals by day from the vouchers themselves: what the release job and the redemptions keep
 * current one change at a time (decisions.md, "Report totals by day"). The scale generator uses it after marking
 * vouchers used in bulk; an operator can run it after repairing data by hand. One transaction: readers see the old
 * totals or the new ones.
 */
export async function rebuildVoucherDayTotals(db: Db | Tx): Promise<void> {
  const run = async (tx: Db | Tx) => {
    await tx.execute(sql`delete from voucher_day_totals`);
    await tx.execute(sql`insert into voucher_day_totals (day, partner_id, voucher_product_id, store_id, released_count, released_value, used_count, used_value, expired_count, expired_value)
      select day, partner_id, voucher_product_id, store_id, sum(rc), sum(rv), sum(uc), sum(uv), sum(ec), sum(ev) from (
        select (released_at at time zone 'Asia/Jakarta')::date as day, partner_id, voucher_product_id, 0 as store_id,
          count(*) as rc, sum(denomination) as rv, 0 as uc, 0 as uv, 0 as ec, 0 as ev
        from vouchers group by 1, 2, 3
        union all
        select (used_at at time zone 'Asia/Jakarta')::date, partner_id, voucher_product_id, used_store_id, 0, 0, count(*), sum(denomination), 0, 0
        from vouchers where used_at is not null group by 1, 2, 3, 4
        union all
        select valid_until + 1, partner_id, voucher_product_id, 0, 0, 0, 0, 0, count(*), sum(denomination)
        from vouchers where used_at is null group by 1, 2, 3
      ) x group by 1, 2, 3, 4`);
  };
  if ('transaction' in db) await db.transaction(run);
  else await run(db);
}
