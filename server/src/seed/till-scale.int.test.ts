import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';
import { generateSales } from './sales-scale.ts';
import { generateTillActivity } from './till-scale.ts';

/** Reduces rows to numbers, which both drivers hand over as text or numbers. */
const numbers = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])));

describe('the till scale generator', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('applies promos, free gifts and staff purchases to the generated sales as the rules have them, the promo and gift rollups equal to the lines and hand-overs', { timeout: 240_000 }, async () => {
    await generateSales(db(), { lines: 20_000, days: 60 });
    const made = await generateTillActivity(db(), { promos: 30, gifts: 8 });
    expect(made.skipped).toBe(false);
    expect(made.promoLines).toBeGreaterThan(0);
    expect(made.handovers).toBeGreaterThan(0);
    expect(made.staffPurchases).toBeGreaterThan(0);
    expect((await generateTillActivity(db())).skipped).toBe(true);

    // Every promo line: a product of its promo, on a till receipt of its period at one of its stores, its discount within the line.
    const [wrong] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sales_lines l join sales_transactions t on t.id = l.transaction_pk join promos p on p.id = l.promo_id
        where not exists (select 1 from promo_products x where x.promo_id = p.id and x.product_id = l.product_id)
          or t.channel <> 1 or (t.at at time zone 'Asia/Jakarta')::date not between p.start_date and p.end_date
          or (exists (select 1 from promo_stores x where x.promo_id = p.id) and not exists (select 1 from promo_stores x where x.promo_id = p.id and x.store_id = t.store_id))
          or l.discount <= 0 or l.discount > l.amount or t.total < p.min_purchase`,
    );
    expect(wrong!.n).toBe(0);
    // Every hand-over reaches its programme's minimum in its period; every staff purchase's flag reads its month in time order.
    const [gifts] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sales_gifts g join free_gifts f on f.id = g.free_gift_id join sales_transactions t on t.id = g.transaction_pk
        where t.total < f.min_purchase or (g.at at time zone 'Asia/Jakarta')::date not between f.start_date and f.end_date`,
    );
    expect(gifts!.n).toBe(0);
    const [flags] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select h.over_quota, h.quota, h.discount,
          coalesce(sum(h.discount) over (partition by h.associate_id, date_trunc('month', h.at at time zone 'Asia/Jakarta') order by h.at, h.id rows between unbounded preceding and 1 preceding), 0) as before
          from associate_history h) x where x.over_quota <> (x.before + x.discount > x.quota)`,
    );
    expect(flags!.n).toBe(0);

    // The promo rollup (chain level, by month) equals the lines it counts.
    const rolled = await queryRows(
      db(),
      sql`select promo_id, wib_key::text as month, sum(transactions)::int as transactions, sum(quantity)::bigint as quantity, sum(gross)::bigint as gross, sum(discount)::bigint as discount
        from sales_promo_month where store_id = 0 and province_code = '' group by 1, 2 order by 1, 2`,
    );
    const raw = await queryRows(
      db(),
      sql`select l.promo_id, date_trunc('month', t.at at time zone 'Asia/Jakarta')::date::text as month, count(distinct t.id)::int as transactions,
          sum(l.quantity)::bigint as quantity, sum(l.amount)::bigint as gross, sum(l.discount)::bigint as discount
        from sales_lines l join sales_transactions t on t.id = l.transaction_pk where l.promo_id is not null group by 1, 2 order by 1, 2`,
    );
    expect(numbers(rolled.map(({ month: _m, ...r }) => r))).toEqual(numbers(raw.map(({ month: _m, ...r }) => r)));
    expect(rolled.map((r) => r.month)).toEqual(raw.map((r) => r.month));

    // So does the gift rollup (by store, by day) the hand-overs it counts.
    const giftsRolled = await queryRows(
      db(),
      sql`select free_gift_id, store_id, wib_key::text as day, sum(handovers)::int as handovers, sum(receipts)::int as receipts, sum(quantity)::bigint as quantity, sum(member_receipts)::int as member_receipts
        from sales_gift_day where store_id > 0 group by 1, 2, 3 order by 1, 2, 3`,
    );
    const giftsRaw = await queryRows(
      db(),
      sql`select g.free_gift_id, g.store_id, (g.at at time zone 'Asia/Jakarta')::date::text as day, count(*)::int as handovers, count(distinct g.transaction_pk)::int as receipts,
          sum(g.quantity)::bigint as quantity, (count(distinct g.transaction_pk) filter (where g.consumer_id is not null))::int as member_receipts
        from sales_gifts g group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(giftsRolled.length).toBeGreaterThan(0);
    expect(numbers(giftsRolled.map(({ day: _d, ...r }) => r))).toEqual(numbers(giftsRaw.map(({ day: _d, ...r }) => r)));
    expect(giftsRolled.map((r) => r.day)).toEqual(giftsRaw.map((r) => r.day));
  });
});
