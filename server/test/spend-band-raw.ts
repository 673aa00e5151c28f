import { sql } from 'drizzle-orm';
import { previousPeriod, SPEND_BANDS, SPEND_BAND_FLOORS, spendBandLabel, type AnalyticsQuery, type DayPeriod, type SpendBandFigures, type SpendBandReport } from '@portal/contract';
import { queryRows, type Db } from '../src/db/client.ts';
import { rawSalesWhere } from './sales-raw.ts';

/**
 * The Spend Band Report straight from the transactions, never the rollups: what the correctness test holds the report
 * to and the benchmark's baseline. Each basket's band is cut here from the contract's bounds (not migration 0045's
 * function), and shares, averages and changes are worked out in exact integer arithmetic, rounded half away from zero.
 */

interface BandSums {
  transactions: bigint;
  member_transactions: bigint;
  sales: bigint;
  member_sales: bigint;
}

const ZERO: BandSums = { transactions: 0n, member_transactions: 0n, sales: 0n, member_sales: 0n };

/** The band of `t.total` by the contract's bounds, as SQL. */
const BAND_OF_TOTAL = sql.raw(`case ${[...SPEND_BAND_FLOORS].reverse().map((f) => `when t.total >= ${f} then ${f}`).join(' ')} end`);

/** The period's transactions of the query's filters summed by band, from the raw table (both calendars, as the report). */
export async function rawBandSums(db: Db, q: AnalyticsQuery, p: DayPeriod): Promise<Map<number, BandSums>> {
  const rows = await queryRows(
    db,
    sql`select ${BAND_OF_TOTAL} as band_from, count(*) as transactions, count(t.consumer_id) as member_transactions, coalesce(sum(t.total), 0) as sales,
        coalesce(sum(t.total) filter (where t.consumer_id is not null), 0) as member_sales
      from sales_transactions t join stores s on s.id = t.store_id where ${rawSalesWhere(q, p)} group by 1`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.band_from),
      { transactions: BigInt(String(r.transactions)), member_transactions: BigInt(String(r.member_transactions)), sales: BigInt(String(r.sales)), member_sales: BigInt(String(r.member_sales)) },
    ]),
  );
}

/** n / d rounded half away from zero to a whole number (d > 0). */
const roundDiv = (n: bigint, d: bigint): bigint => (n < 0n ? -((-2n * n + d) / (2n * d)) : (2n * n + d) / (2n * d));
/** a in percent of b with one decimal; 0 of nothing. */
const percent = (a: bigint, b: bigint): number => (b === 0n ? 0 : Number(roundDiv(1000n * a, b)) / 10);
const average = (sales: bigint, n: bigint): number => (n === 0n ? 0 : Number(roundDiv(sales, n)));
const change = (now: bigint, before: bigint): number | null => (before === 0n ? null : Number(roundDiv(1000n * (now - before), before)) / 10);

function figures(cur: BandSums, prev: BandSums, whole: BandSums): SpendBandFigures {
  return {
    transactions: Number(cur.transactions),
    transactions_share: percent(cur.transactions, whole.transactions),
    sales: Number(cur.sales),
    sales_share: percent(cur.sales, whole.sales),
    average_basket: average(cur.sales, cur.transactions),
    member_transactions: Number(cur.member_transactions),
    member_share: percent(cur.member_transactions, cur.transactions),
    member_sales: Number(cur.member_sales),
    member_average_basket: average(cur.member_sales, cur.member_transactions),
    previous_transactions: Number(prev.transactions),
    previous_sales: Number(prev.sales),
    transactions_change: change(cur.transactions, prev.transactions),
    sales_change: change(cur.sales, prev.sales),
  };
}

const sum = (all: Iterable<BandSums>): BandSums => {
  const out = { ...ZERO };
  for (const s of all) for (const k of Object.keys(out) as (keyof BandSums)[]) out[k] += s[k];
  return out;
};

/** The whole report for a query and its period, from the raw transactions. */
export async function rawSpendBandReport(db: Db, q: AnalyticsQuery, p: DayPeriod): Promise<SpendBandReport> {
  const previous = previousPeriod(p);
  const [cur, prev] = await Promise.all([rawBandSums(db, q, p), rawBandSums(db, q, previous)]);
  const whole = sum(cur.values());
  return {
    period: p,
    previous_period: previous,
    bands: SPEND_BANDS.map((b) => ({ band_from: b.from, band_to: b.to, band: spendBandLabel(b), ...figures(cur.get(b.from) ?? ZERO, prev.get(b.from) ?? ZERO, whole) })),
    total: figures(whole, sum(prev.values()), whole),
  };
}
