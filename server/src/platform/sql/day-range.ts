import { sql, type SQL } from 'drizzle-orm';
import { jakartaDayStart } from '@portal/contract';

/** A range of Asia/Jakarta days (`created_at_from` / `created_at_to`), both inclusive, on a timestamptz column: from the first day's start to the day after the last. */
export function daysBetween(column: string, from: string | undefined, to: string | undefined): (SQL | undefined)[] {
  const col = sql.raw(column);
  return [
    from ? sql`${col} >= ${jakartaDayStart(from).toISOString()}` : undefined,
    to ? sql`${col} < ${new Date(jakartaDayStart(to).getTime() + 86_400_000).toISOString()}` : undefined,
  ];
}
