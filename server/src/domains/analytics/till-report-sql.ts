import { sql, type SQL } from 'drizzle-orm';
import { addDays, analyticsPeriod, codesOf, jakartaDay, jakartaDayStart, type DayPeriod } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';

/* The pieces the till reports share: their period and places, as conditions on their own tables' columns. */

/** Today's Jakarta day by the clock. */
export const todayOf = (clock: Clock): string => jakartaDay(clock.now());

/** A report's period (this month to today without dates) and the instants that bound it: [start, end). */
export function tillPeriod(q: { from?: string | undefined; to?: string | undefined }, today: string): DayPeriod & { start: Date; end: Date } {
  const p = analyticsPeriod(q, today);
  return { ...p, start: jakartaDayStart(p.from), end: jakartaDayStart(addDays(p.to, 1)) };
}

/** A PostgreSQL text array literal of codes (each quoted), which the planner sees as one value. */
const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The chosen stores (by code, case aside) and regions (provinces), as a condition on a store id column. */
export function tillPlaces(storeColumn: string, q: { store_code?: string | undefined; province_code?: string | undefined }): SQL | undefined {
  const stores = codesOf(q.store_code).map((c) => c.toLowerCase());
  const provinces = codesOf(q.province_code);
  if (!stores.length && !provinces.length) return undefined;
  const parts = [
    stores.length ? sql`lower(code) = any(${textArray(stores)}::text[])` : undefined,
    provinces.length ? sql`province_code = any(${textArray(provinces)}::text[])` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return sql`${sql.raw(storeColumn)} in (select id from stores where ${sql.join(parts, sql` and `)})`;
}
