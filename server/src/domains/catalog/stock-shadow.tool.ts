import { sql } from 'drizzle-orm';
import { formatCount, stockShadowRow, type GuardedChange, type StockShadowInput, type StockShadowListQuery, type StockShadowRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { GuardedTool } from '../../platform/guarded/guarded-writes.ts';
import { likePattern, pagedList, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select sh.id, sh.product_id, p.plu, p.name as product_name, sh.quantity, sh.version, sh.created_at, cu.name as created_by_name,
  sh.updated_at, uu.name as updated_by_name,
  (select count(*) from store_products sp where sp.product_id = sh.product_id and sp.is_active)::int as stores,
  (select coalesce(sum(least(greatest(sp.stock, 0), sh.quantity)), 0) from store_products sp where sp.product_id = sh.product_id and sp.is_active)::int as held_units`;
const FROM = sql`from stock_shadows sh join products p on p.id = sh.product_id left join users cu on cu.id = sh.created_by left join users uu on uu.id = sh.updated_by`;
const SORTS = { updated_at: sql`sh.updated_at`, plu: sql`p.plu`, quantity: sql`sh.quantity` } as const;

const toRow = rowReader(stockShadowRow);

/**
 * heimdal Stock Shadow's reads: the entries (one per PLU, chain-wide: the units held back at every store selling the
 * product) with how many stores sell the product and how many units are held back from online sale right now.
 */
export class StockShadowService {
  constructor(private readonly db: Db) {}

  async list(q: StockShadowListQuery): Promise<{ data: StockShadowRow[]; meta: Awaited<ReturnType<typeof pagedList>>['meta'] }> {
    const text = q.search?.trim();
    const search = text ? (/^\d+$/.test(text) ? sql`p.plu like ${`${text}%`}` : sql`lower(p.name) like lower(${likePattern(text)})`) : undefined;
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, { select: SELECT, from: FROM, where: whereOf([search]), orderBy: sql`${SORTS[q.sort_by]} ${dir}, sh.id ${dir}`, page: q });
    return { data: page.data.map(toRow), meta: page.meta };
  }

  async byPlu(plu: string): Promise<StockShadowRow> {
    const [row] = await queryRows(this.db, sql`${SELECT} ${FROM} where p.plu = ${plu}`);
    if (!row) throw notFound('Stock shadow');
    return toRow(row);
  }
}

interface ShadowData {
  operation: StockShadowInput['operation'];
  productId: number;
  label: string;
  /** The entry before (null: none) and after (null: deleted). */
  before: { quantity: number; version: number } | null;
  after: number | null;
}

/** What undoing needs: the entry as the change left it (its version, null when deleted) and as it found it. */
interface ShadowUndo extends ShadowData {
  version: number | null;
}

const need = (field: 'quantity' | 'version', message: string) => badRequest(message, [{ path: field, message }]);

/**
 * heimdal Stock Shadow as a guarded write: create, update or delete the entry of a PLU, previewed with the units held
 * back per store before and after and what it does to the online stock (stores selling it, units no longer sold),
 * applied with a reason and a recent second factor, audited, and undone while the entry is still as the change left it.
 */
export function stockShadowTool(): GuardedTool<StockShadowInput, ShadowData, ShadowUndo> {
  return {
    tool: 'stock-shadow',
    async plan(tx, input, lock) {
      const [product] = await queryRows<{ id: number; plu: string; name: string }>(tx, sql`select id, plu, name from products where plu = ${input.plu}`);
      if (!product) throw unprocessable(`No product has the PLU ${input.plu}`);
      const productId = Number(product.id);
      const [entry] = await queryRows<{ quantity: number; version: number }>(
        tx,
        sql`select quantity, version from stock_shadows where product_id = ${productId} ${lock ? sql`for update` : sql``}`,
      );
      const before = entry ? { quantity: Number(entry.quantity), version: Number(entry.version) } : null;
      const label = `PLU ${product.plu} ${product.name}`;
      let after: number | null;
      if (input.operation === 'create') {
        if (input.quantity === undefined) throw need('quantity', 'Enter the units to hold back');
        if (before) throw conflict(`PLU ${product.plu} already has a stock shadow of ${formatCount(before.quantity)}: change that one instead.`);
        after = input.quantity;
      } else {
        if (input.version === undefined) throw need('version', 'Give the version of the entry you change');
        if (!before) throw notFound('Stock shadow');
        if (before.version !== input.version) throw conflict('This stock shadow was changed by someone else after you opened it. Open it again to see the latest.');
        if (input.operation === 'update') {
          if (input.quantity === undefined) throw need('quantity', 'Enter the units to hold back');
          if (input.quantity === before.quantity) throw unprocessable(`PLU ${product.plu} holds back ${formatCount(before.quantity)} already`);
          after = input.quantity;
        } else after = null;
      }
      const changes: GuardedChange[] = [
        { entity: 'stock-shadow', entity_id: String(productId), label, field: 'quantity', before: before?.quantity ?? null, after },
      ];
      // Only what the change decides goes into the preview: the stores' stock moves with every order, and a preview
      // that named it would be stale by the time it is applied (the list shows the units held back now).
      const [reach] = await queryRows<{ stores: number }>(tx, sql`select count(*)::int as stores from store_products where product_id = ${productId} and is_active`);
      const stores = formatCount(Number(reach?.stores ?? 0));
      const notes = [
        after === null
          ? `The ${formatCount(before?.quantity ?? 0)} units held back at each of the ${stores} stores selling it go back on online sale.`
          : `${formatCount(after)} units are held back from online sale at each of the ${stores} stores selling it: the consumer app shows each store’s stock less them, and orders cannot take them.`,
        'The stores’ stock itself is not changed.',
      ];
      return { changes, notes, confirmation: null, undoable: true, data: { operation: input.operation, productId, label, before, after } };
    },

    async apply(tx, plan, ctx) {
      const d = plan.data;
      let version: number | null = null;
      if (d.operation === 'create') {
        const [made] = await queryRows<{ version: number }>(
          tx,
          sql`insert into stock_shadows (product_id, quantity, created_at, created_by, updated_at, updated_by)
            values (${d.productId}, ${d.after}, ${ctx.now}, ${ctx.actor.userId}, ${ctx.now}, ${ctx.actor.userId})
            on conflict (product_id) do nothing returning version`,
        );
        // Someone made the entry of this PLU in the meantime (a missing row takes no lock).
        if (!made) throw conflict(`${d.label} got a stock shadow in the meantime: preview again.`);
        version = Number(made.version);
      } else if (d.operation === 'update') {
        const [made] = await queryRows<{ version: number }>(
          tx,
          sql`update stock_shadows set quantity = ${d.after}, version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor.userId}
            where product_id = ${d.productId} returning version`,
        );
        version = Number(made!.version);
      } else {
        await tx.execute(sql`delete from stock_shadows where product_id = ${d.productId}`);
      }
      return { ...d, version };
    },

    async undo(tx, u, ctx) {
      const [entry] = await queryRows<{ quantity: number; version: number }>(tx, sql`select quantity, version from stock_shadows where product_id = ${u.productId} for update`);
      const asLeft = u.version === null ? !entry : entry !== undefined && Number(entry.version) === u.version;
      if (!asLeft) throw conflict(`The stock shadow of ${u.label} changed after this change: change it again instead.`);
      await restore(tx, u, ctx.actor.userId, ctx.now);
    },
  };
}

/** Puts the entry back as the change found it: none, or its quantity (a deleted entry is made again). */
async function restore(tx: Tx, u: ShadowUndo, userId: number, now: Date): Promise<void> {
  if (u.before === null) {
    await tx.execute(sql`delete from stock_shadows where product_id = ${u.productId}`);
  } else if (u.version === null) {
    const made = await queryRows(
      tx,
      sql`insert into stock_shadows (product_id, quantity, created_at, created_by, updated_at, updated_by) values (${u.productId}, ${u.before.quantity}, ${now}, ${userId}, ${now}, ${userId})
        on conflict (product_id) do nothing returning id`,
    );
    if (!made.length) throw conflict(`${u.label} got a new stock shadow after this change: change it again instead.`);
  } else {
    await tx.execute(sql`update stock_shadows set quantity = ${u.before.quantity}, version = version + 1, updated_at = ${now}, updated_by = ${userId} where product_id = ${u.productId}`);
  }
}
