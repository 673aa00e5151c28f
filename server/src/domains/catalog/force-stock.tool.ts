import { sql, type SQL } from 'drizzle-orm';
import { FORCE_STOCK_IMPORT_KEY, formatCount, type ForceStockInput, type GuardedChange } from '@portal/contract';
import { queryRows, type Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { GuardedTool } from '../../platform/guarded/guarded-writes.ts';
import { stagedRelation } from '../../platform/imports/definition.ts';
import { forceStockImport } from './force-stock.imports.ts';

/** The input with who asks: a file's batch is applied only by its uploader or a Super Admin, as the pipeline shows it. */
export interface ForceStockRequest extends ForceStockInput {
  by: { userId: number; superAdmin: boolean };
}

/** One store product the change sets: its stock before and after. */
interface StockRow {
  id: number;
  before: number;
  after: number;
}

interface ForceStockData {
  rows: StockRow[];
  /** The file's import batch, marked applied in the same transaction. */
  batch: { id: number; valid: number; unchanged: number } | null;
}

/** What an undo needs: each store product and the stock it had and was given. */
interface ForceStockUndo {
  rows: StockRow[];
}

interface Resolved extends Record<string, unknown> {
  ord: number;
  id: number;
  store_code: string;
  plu: string;
  name: string;
  stock: number;
  new_stock: number;
  shadow: number | null;
}

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** The words a bulk change asks for, typed. */
export const forceStockWords = (n: number) => `FORCE ${n} STOCK${n === 1 ? '' : 'S'}`;

const labelOf = (r: { store_code: string; plu: string; name: string }) => `${r.store_code} · PLU ${r.plu} ${r.name}`;

/** The rows of the change, `w(ord, store_code, plu, stock)`: the typed items, or the valid rows of a validated file. */
async function sourceOf(tx: Tx, input: ForceStockRequest, lock: boolean): Promise<{ source: SQL; count: number; batch: { id: number; file: string; valid: number; invalid: number } | null }> {
  const typed = input.items !== undefined;
  if (typed === (input.import_batch_id !== undefined)) {
    const message = 'Give either the store products to change or a validated file, not both';
    throw badRequest(message, [{ path: typed ? 'import_batch_id' : 'items', message }]);
  }
  if (input.items) {
    const seen = new Map<string, number>();
    input.items.forEach((item, i) => {
      const key = `${item.store_code.toLowerCase()}\u0000${item.plu}`;
      const first = seen.get(key);
      if (first !== undefined) throw badRequest(`Store ${item.store_code} PLU ${item.plu} is given twice`, [{ path: `items.${i}.plu`, message: `The same as item ${first + 1}` }]);
      seen.set(key, i);
    });
    const json = JSON.stringify(input.items.map((it, ord) => ({ ord, store_code: it.store_code, plu: it.plu, stock: it.stock })));
    return { source: sql`select * from json_to_recordset(${json}::json) as w(ord int, store_code text, plu text, stock int)`, count: input.items.length, batch: null };
  }
  const id = input.import_batch_id!;
  const [batch] = await queryRows<{ id: number; key: string; status: string; created_by: number; file_name: string; valid_rows: number; invalid_rows: number }>(
    tx,
    sql`select id, key, status, created_by, file_name, valid_rows, invalid_rows from import_batches where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  // Another import's batch, or another uploader's (unless a Super Admin asks): as the pipeline answers, not found.
  if (!batch || batch.key !== FORCE_STOCK_IMPORT_KEY || (Number(batch.created_by) !== input.by.userId && !input.by.superAdmin)) throw notFound('Import');
  if (batch.status === 'PENDING') throw conflict('This file is still being validated: wait for its preview.');
  if (batch.status === 'COMPLETED' || batch.status === 'PROCESSING') throw conflict('This file was applied already.');
  if (batch.status === 'FAILED') throw conflict('This file failed validation and cannot be applied: upload it again.');
  if (Number(batch.valid_rows) === 0) throw unprocessable('The file has no valid rows to apply.');
  const staged = stagedRelation(forceStockImport, id);
  return {
    source: sql`select s.row_no as ord, s.store_code, s.plu, s.stock::int as stock from ${staged} s`,
    count: Number(batch.valid_rows),
    batch: { id: Number(batch.id), file: batch.file_name, valid: Number(batch.valid_rows), invalid: Number(batch.invalid_rows) },
  };
}

/** Names the rows that name no store product (at most five), to refuse the change with. */
async function missingRows(tx: Tx, source: SQL, fromFile: boolean): Promise<never> {
  const rows = await queryRows<{ ord: number; store_code: string; plu: string; store_found: unknown; product_found: unknown }>(
    tx,
    sql`with w as (${source})
      select w.ord, w.store_code, w.plu, st.id is not null as store_found, p.id is not null as product_found
      from w left join stores st on lower(st.code) = lower(w.store_code) left join products p on p.plu = w.plu
      left join store_products sp on sp.store_id = st.id and sp.product_id = p.id
      where sp.id is null order by w.ord limit 5`,
  );
  const yes = (v: unknown) => v === true || v === 't';
  const problems = rows.map((r) => {
    const field = yes(r.store_found) ? 'plu' : 'store_code';
    const message = !yes(r.store_found) ? `No store has the code ${r.store_code}` : !yes(r.product_found) ? `No product has the PLU ${r.plu}` : `Store ${r.store_code} does not carry PLU ${r.plu}`;
    return { ord: Number(r.ord), field, message };
  });
  if (fromFile) {
    throw unprocessable(`The file no longer matches the stores’ products (${problems.map((p) => `row ${p.ord}: ${p.message}`).join('; ')}): upload it again.`);
  }
  throw badRequest(problems[0]?.message ?? 'A store product was not found', problems.map((p) => ({ path: `items.${p.ord}.${p.field}`, message: p.message })));
}

/**
 * heimdal Update Force Stock as a guarded write: sets store products' stock by store code and PLU, typed or from a
 * validated file, in set-based SQL (one statement resolves and locks every row, in store and product order as placing
 * an order locks them; one statement writes them), so a file of 10,000 rows previews and applies in seconds. The
 * preview lists every store product whose stock changes, before and after; one already at the stock given is left
 * alone. A file, or more than one store product, asks for the words `FORCE <n> STOCKS` typed. The file's batch is
 * marked applied in the same transaction (applied once). Undo puts each row's stock back while it is still the stock
 * this change set, refusing (409, naming the rows) once an order or another change moved it.
 */
export function forceStockTool(): GuardedTool<ForceStockRequest, ForceStockData, ForceStockUndo> {
  return {
    tool: 'update-force-stock',
    async plan(tx, input, lock) {
      const { source, count, batch } = await sourceOf(tx, input, lock);
      const resolved = await queryRows<Resolved>(
        tx,
        // Each row's store and product first (one lookup each on their unique indexes), then its store product by
        // (store, product): a join the planner cannot turn into scanning every store of each product, whatever it
        // guesses of the rows' count.
        sql`with w as (${source}),
          k as (select w.ord, w.stock as new_stock, (select st.id from stores st where lower(st.code) = lower(w.store_code)) as store_id,
            (select p.id from products p where p.plu = w.plu) as product_id from w)
          select k.ord, sp.id, st.code as store_code, p.plu, p.name, sp.stock, k.new_stock, sh.quantity as shadow
          from k join store_products sp on sp.store_id = k.store_id and sp.product_id = k.product_id
          join stores st on st.id = sp.store_id join products p on p.id = sp.product_id
          left join stock_shadows sh on sh.product_id = sp.product_id
          order by sp.store_id, sp.product_id ${lock ? sql`for update of sp` : sql``}`,
      );
      if (resolved.length < count) await missingRows(tx, source, batch !== null);
      resolved.sort((a, b) => Number(a.ord) - Number(b.ord));
      const changes: GuardedChange[] = [];
      const rows: StockRow[] = [];
      let shadowed = 0;
      for (const r of resolved) {
        const before = Number(r.stock);
        const after = Number(r.new_stock);
        if (before === after) continue;
        rows.push({ id: Number(r.id), before, after });
        changes.push({ entity: 'store-product', entity_id: String(r.id), label: labelOf(r), field: 'stock', before, after });
        if (r.shadow !== null) shadowed++;
      }
      const unchanged = resolved.length - rows.length;
      const notes: string[] = [];
      if (batch) {
        notes.push(`From the file ${batch.file}: ${plural(batch.valid, 'valid row')}.`);
        if (batch.invalid) notes.push(`${plural(batch.invalid, 'row')} with errors ${batch.invalid === 1 ? 'is' : 'are'} left out.`);
      }
      if (unchanged) notes.push(`${plural(unchanged, 'store product')} already ${unchanged === 1 ? 'holds' : 'hold'} the stock given: left alone.`);
      if (shadowed) notes.push(`${plural(shadowed, 'store product')} ${shadowed === 1 ? 'has' : 'have'} a stock shadow: the consumer app sells the stock less the units held back.`);
      notes.push('Undo puts back each store product’s stock while it is still the stock set here.');
      const bulk = batch !== null || rows.length > 1;
      return {
        changes,
        notes,
        confirmation: bulk && rows.length ? forceStockWords(rows.length) : null,
        undoable: true,
        data: { rows, batch: batch ? { id: batch.id, valid: batch.valid, unchanged } : null },
      };
    },

    async apply(tx, plan, ctx) {
      const { rows, batch } = plan.data;
      await setStock(tx, rows, 'after', ctx.actor.userId, ctx.now);
      if (batch) {
        const result = JSON.stringify({ rows: batch.valid, updated: rows.length, unchanged: batch.unchanged });
        const marked = await queryRows<{ id: number }>(
          tx,
          sql`update import_batches set status = 'COMPLETED', progress = 100, result = ${result}::jsonb, confirmed_by = ${ctx.actor.userId}, confirmed_at = ${ctx.now},
            completed_at = ${ctx.now}, updated_at = now(), version = version + 1
            where id = ${batch.id} and status = 'VALIDATED' returning id`,
        );
        if (!marked.length) throw conflict('This file was applied already.');
      }
      return { rows };
    },

    async undo(tx, u, ctx) {
      const ids = JSON.stringify(u.rows.map((r) => r.id));
      const now = await queryRows<{ id: number; stock: number }>(
        tx,
        sql`select sp.id, sp.stock from store_products sp where sp.id in (select value::bigint from json_array_elements_text(${ids}::json))
          order by sp.store_id, sp.product_id for update`,
      );
      const stock = new Map(now.map((r) => [Number(r.id), Number(r.stock)]));
      const moved = u.rows.filter((r) => stock.get(r.id) !== r.after);
      if (moved.length) {
        const named = await queryRows<{ store_code: string; plu: string; name: string; stock: number }>(
          tx,
          sql`select st.code as store_code, p.plu, p.name, sp.stock from store_products sp join stores st on st.id = sp.store_id join products p on p.id = sp.product_id
            where sp.id in (select value::bigint from json_array_elements_text(${JSON.stringify(moved.slice(0, 3).map((r) => r.id))}::json)) order by sp.store_id, sp.product_id`,
        );
        const which = named.map((r) => `${labelOf(r)} (stock now ${formatCount(Number(r.stock))})`).join(', ');
        const more = moved.length > named.length ? ` and ${plural(moved.length - named.length, 'other')}` : '';
        throw conflict(`The stock of ${which}${more} changed after this change: force it again instead.`);
      }
      await setStock(tx, u.rows, 'before', ctx.actor.userId, ctx.now);
    },
  };
}

/** Sets each store product's stock to its `side` value in one statement, as an edit (version, who and when). */
async function setStock(tx: Tx, rows: readonly StockRow[], side: 'before' | 'after', userId: number, now: Date): Promise<void> {
  const values = JSON.stringify(rows.map((r) => ({ id: r.id, stock: r[side] })));
  await tx.execute(
    sql`update store_products sp set stock = x.stock, version = sp.version + 1, updated_at = ${now}, updated_by = ${userId}
      from json_to_recordset(${values}::json) as x(id bigint, stock int) where sp.id = x.id`,
  );
}
