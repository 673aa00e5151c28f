import { sql, type SQL } from 'drizzle-orm';
import { addDays, codesOf, periodParts, type AnalyticsQuery, type DayPeriod } from '@portal/contract';

/** The rollup tables a dashboard reads (each `<family>_day` and `<family>_month`). */
export type RollupFamily = 'sales_rollup' | 'sales_category' | 'sales_plu' | 'sales_member' | 'sales_band' | 'sales_promo' | 'sales_gift' | 'event_planogram' | 'event_product' | 'event_content';

/**
 * Which level's rows a widget reads: `filtered` the narrowest the filters allow (the chosen stores, else the chosen
 * provinces, else the chain), `stores` one row set per store (a store ranking), `provinces` one per province.
 */
export type RollupLevel = 'filtered' | 'stores' | 'provinces';

/** A PostgreSQL text array literal (each element quoted). */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The codes as one array value, which the planner sees when it plans the statement: it then reads only the chosen
 * province's (or store's) part of a rollup's primary key. A set from `json_array_elements_text` is a function it
 * guesses at 100 rows, and for the province filter it scanned all of sales_plu_day (23 million rows at benchmark scale).
 */
const inCodes = (column: string, codes: string[]) => sql`${sql.raw(column)} = any(${textArray(codes)}::text[])`;

/** The chosen stores by code (case aside), as a condition on `store_id`. */
const chosenStores = (codes: string[]) => sql`store_id in (select id from stores where ${inCodes('lower(code)', codes.map((c) => c.toLowerCase()))})`;

function levelOf(q: AnalyticsQuery, level: RollupLevel): SQL {
  const stores = codesOf(q.store_code);
  const provinces = codesOf(q.province_code);
  const inProvinces = provinces.length ? sql` and ${inCodes('province_code', provinces)}` : sql``;
  if (stores.length) return sql`${chosenStores(stores)}${inProvinces}`;
  if (level === 'stores') return sql`store_id > 0${inProvinces}`;
  if (level === 'provinces') return sql`store_id = 0 and province_code <> ''${inProvinces}`;
  return provinces.length ? sql`store_id = 0${inProvinces}` : sql`store_id = 0 and province_code = ''`;
}

/** The rows of one grain whose day (by the query's basis) lies in `p`; the Jakarta key bounds the store-day search. */
function inPeriod(q: AnalyticsQuery, p: DayPeriod, grain: 'day' | 'month'): SQL {
  if (q.basis === 'wib') return sql`wib_key between ${p.from}::date and ${p.to}::date`;
  const slack = grain === 'day' ? 1 : 31;
  return sql`local_key between ${p.from}::date and ${p.to}::date and wib_key between ${addDays(p.from, -slack)}::date and ${addDays(p.to, slack)}::date`;
}

/**
 * The rollup rows of a family for a period and the query's filters, as one relation: the period's whole months from
 * the monthly table and its other days from the daily one (or, `grain` day, every day from the daily one). `key` is the
 * row's day by the query's basis (the first of the month for monthly rows).
 */
export function rollupRows(family: RollupFamily, q: AnalyticsQuery, p: DayPeriod, level: RollupLevel = 'filtered', grain: 'any' | 'day' | 'month' = 'any'): SQL {
  // A day-by-day chart reads the daily rows only: a whole month in a monthly row has no days.
  const parts = grain === 'day' ? { months: null, days: [p] } : periodParts(p);
  const key = sql.raw(q.basis === 'wib' ? 'wib_key' : 'local_key');
  const where = levelOf(q, level);
  // Only sales have a channel: the app's events are all the online shop's.
  const channel = q.channel && family.startsWith('sales_') ? sql` and channel = ${q.channel}` : sql``;
  const pieces: SQL[] = [];
  if (parts.months) pieces.push(sql`select *, ${key} as key from ${sql.raw(`${family}_month`)} where ${where}${channel} and ${inPeriod(q, parts.months, 'month')}`);
  for (const d of parts.days) pieces.push(sql`select *, ${key} as key from ${sql.raw(`${family}_day`)} where ${where}${channel} and ${inPeriod(q, d, 'day')}`);
  return sql`(${sql.join(pieces, sql` union all `)})`;
}
