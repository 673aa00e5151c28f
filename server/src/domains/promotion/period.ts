import { sql } from 'drizzle-orm';
import { formatDate } from '@portal/contract';
import { queryRows, type Tx } from '../../db/client.ts';
import { conflictOn } from '../../platform/crud/index.ts';

/**
 * One active rule per product per period: refuses (409 on product_id) an active row of `table` whose period overlaps
 * another active row of the same product. A transaction-scoped advisory lock per product serialises concurrent writers,
 * so two requests cannot both pass the check.
 */
export async function refuseOverlap(
  tx: Tx,
  opts: { table: string; what: string; productId: number; start: string; end: string; status: number; exceptId: number | string | null },
): Promise<void> {
  if (opts.status !== 1) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${opts.table}:${opts.productId}`}))`);
  const clash = await queryRows<{ id: number; start_date: string; end_date: string; plu: string }>(
    tx,
    sql`select t.id, t.start_date::text as start_date, t.end_date::text as end_date, p.plu from ${sql.identifier(opts.table)} t join products p on p.id = t.product_id
        where t.product_id = ${opts.productId} and t.status = 1 and t.start_date <= ${opts.end}::date and t.end_date >= ${opts.start}::date
        ${opts.exceptId === null ? sql`` : sql`and t.id <> ${opts.exceptId}`} order by t.start_date limit 1`,
  );
  const c = clash[0];
  if (c) {
    throw conflictOn(
      'product_id',
      `Product ${c.plu} already has an active ${opts.what} from ${formatDate(c.start_date)} to ${formatDate(c.end_date)} that overlaps this period`,
    );
  }
}
