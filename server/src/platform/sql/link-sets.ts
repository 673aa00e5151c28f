import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { badRequest } from '../errors.ts';

/*
 * The sets that live beside a record (a promo's products, a planogram's sub categories, a store's delivery methods):
 * checked against their tables and replaced whole inside the record's write transaction.
 */

/** A body's list field (validated by the contract), or none when the body leaves it out. */
export const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** An int[] literal of validated ids (the contract admits positive integers only). */
const intArray = (ids: readonly number[]) => sql.raw(`ARRAY[${ids.map((id) => String(Math.trunc(id))).join(',')}]::int[]`);

/** Refuses (400 on `field`) ids that name no row of `table` (or one failing `where`), listing the first few. */
export async function requireIds(tx: Tx, ids: readonly number[], opts: { table: string; field: string; label: string; where?: string }): Promise<void> {
  if (!ids.length) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(opts.table)} where id = any(${intArray(ids)}) ${opts.where ? sql.raw(`and ${opts.where}`) : sql``}`,
  );
  const known = new Set(found.map((r) => Number(r.id)));
  const missing = ids.filter((id) => !known.has(id));
  if (!missing.length) return;
  const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
  const message = `${opts.label} ${shown} ${missing.length === 1 ? 'does' : 'do'} not exist`;
  throw badRequest(message, [{ path: opts.field, message }]);
}

/** Replaces the values of `column` that belong to `ownerId` in a link table (owner column, value column). */
export async function replaceSet(
  tx: Tx,
  link: { table: string; owner: string; column: string; type: 'int' | 'text' },
  ownerId: number | string,
  values: readonly (number | string)[],
): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(link.table)} where ${sql.identifier(link.owner)} = ${ownerId}`);
  if (!values.length) return;
  await tx.execute(
    sql`insert into ${sql.identifier(link.table)} (${sql.identifier(link.owner)}, ${sql.identifier(link.column)})
        select ${ownerId}, (v)::${sql.raw(link.type)} from json_array_elements_text(${JSON.stringify(values)}::json) v`,
  );
}

/** The values of one owner in a link table, in ascending order (for the audit entry and the detail). */
export async function setOf(tx: Tx, link: { table: string; owner: string; column: string }, ownerId: number | string): Promise<(number | string)[]> {
  const rows = await queryRows<{ v: number | string }>(
    tx,
    sql`select ${sql.identifier(link.column)} as v from ${sql.identifier(link.table)} where ${sql.identifier(link.owner)} = ${ownerId} order by 1`,
  );
  return rows.map((r) => r.v);
}

/** The stores a store set (a link table whose `column` is a store id) holds for one owner, by code: what a detail names. */
export function storesOfSet(tx: Db | Tx, link: { table: string; owner: string; column: string }, ownerId: number | string): Promise<Record<string, unknown>[]> {
  return queryRows(
    tx,
    sql`select s.id, s.code, s.name from ${sql.identifier(link.table)} x join stores s on s.id = x.${sql.identifier(link.column)}
      where x.${sql.identifier(link.owner)} = ${ownerId} order by s.code`,
  );
}
