import { sql } from 'drizzle-orm';
import { addDays, jakartaDay } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { catchUpSalesRollups, SALES_WATERMARK_LOCK } from '../domains/analytics/sales-rollup.ts';
import { dayWeight, seededRandom } from './demo-sales.ts';
import { affected, num } from './scale-sql.ts';

/** Generated transactions are numbered `GEN-` and ten digits: a prefix the POS's own ids never take. */
export const GENERATED_PREFIX = 'GEN-';

/** How many baskets in a thousand have 1, 2, … 8 lines: mostly mid-sized, about five lines on average. */
const LINE_SHARES = [60, 90, 120, 150, 160, 150, 140, 130];
/** How many lines in a thousand sell 1, 2, 3 or 4 units; the rest sell 5 to 10. */
const QUANTITY_SHARES = [700, 180, 70, 30];
/** Popularity: a line's product is the rank ⌊P·u⁴⌋ of a fixed shuffle, so the top 1 % of products take about a third of the lines. */
const PRODUCT_SKEW = 4;
/** Busier stores: a transaction's store is ⌊S·u^1.3⌋ in id order (the demo's home-city stores come first). */
const STORE_SKEW = 1.3;
/** Frequent shoppers: a member is ⌊C·u^1.5⌋ of the active consumers. */
const MEMBER_SKEW = 1.5;
const ONLINE_SHARE = 0.1;
/** Online orders are always a member's; offline baskets carry a card often enough that 60 % of all have a member. */
const OFFLINE_MEMBER_SHARE = (0.6 - ONLINE_SHARE) / (1 - ONLINE_SHARE);
/** One store in ten is open round the clock and makes this share of its sales between 23:00 and 07:00. */
const NIGHT_SHARE = 0.08;
/** The after-work peak (17:00 to 21:00, highest at 19:00) takes this share of a store's day; the rest spreads over 07:00 to 23:00. */
const EVENING_SHARE = 0.4;

const MEAN_LINES = LINE_SHARES.reduce((n, share, i) => n + share * (i + 1), 0) / 1000;

export interface SalesScaleOptions {
  /** About this many sales lines (lines / ~4.9 transactions). */
  lines: number;
  /** The sales cover the `days` days up to yesterday, Asia/Jakarta, of this moment (default now). */
  now?: Date;
  days?: number;
  log?: (message: string) => void;
}

export interface SalesScaleResult {
  transactions: number;
  lines: number;
  from: string;
  to: string;
  /** Seconds spent writing the sales, and bringing the rollups current after them. */
  writeSeconds: number;
  rollupSeconds: number;
  /** True when the database already held generated sales: nothing was written. */
  skipped: boolean;
}

/** A deterministic number in [0, 1) from an integer expression and a salt (PostgreSQL's 64-bit hash of a bigint). */
export const unit = (expr: string, salt: number) => `((hashint8extended((${expr})::bigint, ${salt}) & 4503599627370495)::float8 / 4503599627370496)`;

/** A case over u in [0, 1) picking 1, 2, … by cumulative shares in a thousand; `rest` past the last. */
function byShares(u: string, shares: readonly number[], rest: string): string {
  let cumulative = 0;
  const arms = shares.map((share, i) => `when ${u} < ${(cumulative += share) / 1000} then ${i + 1}`);
  return `case ${arms.join(' ')} else ${rest} end`;
}

/**
 * Each day's transactions: the total spread by the demo's seasonality (dayWeight: weekends, paydays, the weeks before
 * Christmas, the Lebaran month) and a day's own ±15 %, rounded so the days add up to the total exactly.
 */
export function dayCounts(first: string, days: number, transactions: number): { day: string; g0: number; n: number }[] {
  const random = seededRandom(days * 7_919 + transactions);
  const weights = Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, w: dayWeight(new Date(`${day}T00:00:00Z`)) * (0.85 + 0.3 * random()) };
  });
  const total = weights.reduce((n, d) => n + d.w, 0);
  let cumulative = 0;
  let given = 0;
  return weights.map((d) => {
    cumulative += d.w;
    const upTo = Math.round((cumulative / total) * transactions);
    const row = { day: d.day, g0: given, n: upTo - given };
    given = upTo;
    return row;
  });
}

/**
 * Writes about `lines` sales lines set-based in SQL, as the stores' tills and the online shop would have sent them over
 * the `days` days (default a year) up to yesterday, Asia/Jakarta: transactions numbered g = 1 … T (T ≈ lines / 4.9)
 * spread over the days by the demo's seasonality, each with every attribute a hash of g (or of g and its line), so the
 * same `lines`, days and data give the same sales: the store (the busier ones more often), the time of day in the
 * store's own zone (an after-work peak; the night too at round-the-clock stores), the channel (10 % online), the member
 * (every online order and about 56 % of the tills' baskets: 60 % in all), 1 to 8 lines of products picked by
 * popularity at their list price, mostly one unit each. Active stores, products with a price and active consumers only.
 *
 * A calendar month per transaction: the transactions get their ids from the table's sequence in time order, holding
 * the writers' side of the rollup watermark's lock as the POS does, so a catch-up running meanwhile never passes a
 * chunk in flight. Afterwards the rollups catch up from their watermark (catchUpSalesRollups): the same work as
 * recounting the months, safe whatever else was written meanwhile, with no watermark set by hand.
 *
 * Refuses (skipped) when the database already holds generated sales.
 */
export async function generateSales(db: Db, opts: SalesScaleOptions): Promise<SalesScaleResult> {
  const now = opts.now ?? new Date();
  const days = opts.days ?? 365;
  const log = opts.log ?? (() => {});
  const to = addDays(jakartaDay(now), -1);
  const from = addDays(to, -(days - 1));
  const result = { transactions: 0, lines: 0, from, to, writeSeconds: 0, rollupSeconds: 0, skipped: false };
  if ((await queryRows(db, sql`select 1 from sales_transactions where transaction_id like ${`${GENERATED_PREFIX}%`} limit 1`)).length) return { ...result, skipped: true };
  const [have] = await queryRows<{ stores: number; products: number }>(
    db,
    sql`select (select count(*) from stores where status = 1)::int as stores, (select count(*) from products where status = 1 and price > 0)::int as products`,
  );
  if (!Number(have?.stores) || !Number(have?.products)) throw new Error('generateSales needs active stores and products with a price (seed the catalog first)');

  const transactions = Math.max(1, Math.round(opts.lines / MEAN_LINES));
  const counts = dayCounts(from, days, transactions);
  const months = [...new Set(counts.map((d) => d.day.slice(0, 7)))];
  const started = performance.now();
  for (const month of months) {
    const chunk = counts.filter((d) => d.day.startsWith(month));
    const t = performance.now();
    const written = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${SALES_WATERMARK_LOCK})`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(transactionsOf(chunk, now));
      return tx.execute(linesAndTotals());
    });
    const made = affected(written);
    result.transactions += made;
    log(`${month}: ${made.toLocaleString('en')} transactions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const [lines] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(line_count), 0)::bigint as n from sales_transactions where transaction_id like ${`${GENERATED_PREFIX}%`}`);
  result.lines = Number(lines?.n ?? 0);
  await db.execute(sql`analyze sales_transactions`);
  await db.execute(sql`analyze sales_lines`);
  result.writeSeconds = (performance.now() - started) / 1000;
  log(`${result.transactions.toLocaleString('en')} transactions, ${result.lines.toLocaleString('en')} lines written in ${result.writeSeconds.toFixed(1)} s; the rollups catch up`);

  const counting = performance.now();
  await catchUpSalesRollups(db, now);
  result.rollupSeconds = (performance.now() - counting) / 1000;
  log(`rollups current in ${result.rollupSeconds.toFixed(1)} s`);
  return result;
}

/**
 * A chunk's transactions (without their totals) into `gen_tx`, dropped at commit: ids from the sequence in time order,
 * g the transaction's number, its store, channel, member, time and number of lines.
 */
function transactionsOf(chunk: { day: string; g0: number; n: number }[], now: Date) {
  const u = (salt: number) => sql.raw(unit('g', salt));
  const r = (salt: number) => sql.raw(unit('t0.g', salt));
  // Hours after the store's local midnight: the night at round-the-clock stores, the after-work peak, or the open day.
  const hour = sql`case when st.all_day and ${r(6)} < ${num(NIGHT_SHARE)} then 23 + 8 * ${r(7)} - case when ${r(7)} >= 0.125 then 24 else 0 end
    when ${r(6)} < ${num(EVENING_SHARE)} then 17 + 2 * (${r(7)} + ${r(8)}) else 7 + 16 * ${r(7)} end`;
  return sql`create temp table gen_tx on commit drop as
    with st as (select row_number() over (order by id) as rn, id, store_time_zone(province_code) as tz, row_number() over (order by id) % 10 = 0 as all_day from stores where status = 1),
      cs as (select row_number() over (order by id) as rn, id from consumers where status = 1),
      n as (select (select count(*) from st) as stores, (select count(*) from cs) as consumers),
      d as (select * from json_to_recordset(${JSON.stringify(chunk)}::json) as d(day date, g0 bigint, n int)),
      t0 as (
        select g, d.day, 1 + floor(n.stores * power(${u(1)}, ${num(STORE_SKEW)}))::bigint as store_rn, ${u(2)} < ${num(ONLINE_SHARE)} as online,
          ${u(3)} < ${num(OFFLINE_MEMBER_SHARE)} as carded, 1 + floor(n.consumers * power(${u(4)}, ${num(MEMBER_SKEW)}))::bigint as consumer_rn,
          ${sql.raw(byShares(unit('g', 5), LINE_SHARES, String(LINE_SHARES.length)))} as lines
        from d cross join lateral generate_series(d.g0 + 1, d.g0 + d.n) g cross join n),
      t1 as (
        select t0.g, st.id as store_id, case when t0.online then 2 else 1 end::smallint as channel, case when t0.online or t0.carded then cs.id end as consumer_id,
          (t0.day::timestamp + (${hour}) * interval '1 hour') at time zone st.tz as at, ${r(9)} as delay, t0.lines
        from t0 join st on st.rn = t0.store_rn left join cs on cs.rn = t0.consumer_rn)
    select nextval(pg_get_serial_sequence('sales_transactions', 'id')) as id, g, store_id, channel, consumer_id, at,
      least(at + (20 + 600 * delay) * interval '1 second', ${now.toISOString()}::timestamptz) as received_at, lines
    from (select * from t1 order by at, g) x`;
}

/**
 * The lines of `gen_tx`'s transactions (each line's product by popularity, at its list price, mostly one unit), then the
 * transactions with the totals of their lines, in one statement.
 */
function linesAndTotals() {
  const pick = sql.raw(unit('t.g * 8 + k', 12));
  const quantity = sql.raw(byShares(unit('t.g * 8 + k', 13), QUANTITY_SHARES, `5 + floor(6 * ${unit('t.g * 8 + k', 14)})::int`));
  return sql`with p as (select row_number() over (order by hashint8extended(id, 11), id) as rn, id, plu, category_id, price from products where status = 1 and price > 0),
      n as (select count(*) as products from p),
      l as (
        select t.id as transaction_pk, k::smallint as line_no, p.plu, p.id as product_id, p.category_id, ${quantity} as quantity, p.price
        from gen_tx t cross join lateral generate_series(1, t.lines) k cross join n
        join p on p.rn = 1 + floor(n.products * power(${pick}, ${num(PRODUCT_SKEW)}))::bigint),
      ins as (
        insert into sales_lines (transaction_pk, line_no, plu, product_id, category_id, quantity, price, amount)
        select transaction_pk, line_no, plu, product_id, category_id, quantity, price, quantity * price from l
        returning transaction_pk, quantity, amount),
      s as (select transaction_pk, sum(amount)::bigint as total, sum(quantity)::int as quantity, count(*)::smallint as lines from ins group by transaction_pk)
    insert into sales_transactions (id, transaction_id, store_id, channel, consumer_id, at, total, quantity, line_count, received_at)
    select t.id, ${GENERATED_PREFIX} || lpad(t.g::text, 10, '0'), t.store_id, t.channel, t.consumer_id, t.at, s.total, s.quantity, s.lines, t.received_at
    from gen_tx t join s on s.transaction_pk = t.id order by t.id`;
}
