import { sql } from 'drizzle-orm';
import { forceStockImportApi, forceStockItem, forceStockValue, type ImportCellError } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { defineImport, existsIn, type ImportDefinition } from '../../platform/imports/index.ts';

/** Why a force-stock file is not confirmed by the pipeline: it is applied by the guarded tool. */
export const FORCE_STOCK_APPLIED_ELSEWHERE =
  'A force-stock file is applied from its preview in Update Force Stock, with a reason and your second factor: it cannot be confirmed here.';

/**
 * The store products a chunk of rows names that no store carries (by the row's index): one query per chunk. Store
 * codes compare without case (the stores' unique index on lower(code)), PLUs exactly (products' unique index).
 */
async function notCarried(db: Db | Tx, rows: readonly { store_code: string; plu: string }[]): Promise<Map<number, ImportCellError[]>> {
  const wanted = JSON.stringify(rows.map((r, i) => ({ i, store_code: r.store_code, plu: r.plu })));
  const missing = await queryRows<{ i: number; store_code: string; plu: string }>(
    db,
    sql`select w.i, w.store_code, w.plu from json_to_recordset(${wanted}::json) as w(i int, store_code text, plu text)
      where not exists (select 1 from stores st join store_products sp on sp.store_id = st.id join products p on p.id = sp.product_id
        where lower(st.code) = lower(w.store_code) and p.plu = w.plu)`,
  );
  return new Map(missing.map((m) => [Number(m.i), [{ column: 'plu', message: `Store ${m.store_code} does not carry PLU ${m.plu}` }]]));
}

/*
 * heimdal Update Force Stock by file, on the shared import pipeline: store code, PLU and the new stock per row, each
 * cell checked (the store product edit's stock rule), each store and PLU looked up, and the store product found, by
 * chunk of rows in SQL. The pipeline validates and previews the rows; it does not apply them: the validated batch is
 * the input of the guarded tool `update-force-stock` (`{ import_batch_id }`), which previews every row's stock before
 * and after and applies the file as one operator action with a reason, the typed words and a recent second factor.
 */
export const forceStockImport: ImportDefinition = defineImport(forceStockImportApi.updateForceStock, {
  sheet: 'Force Stock',
  templateName: 'template_update_force_stock',
  keyColumns: ['store_code', 'plu'],
  columns: [
    { key: 'store_code', label: 'Store Code', required: true, max: 10, schema: forceStockItem.shape.store_code, aliases: ['store'], example: 'JKT001', help: 'The store, by its code.' },
    { key: 'plu', label: 'PLU', required: true, max: 20, schema: forceStockItem.shape.plu, example: '100001', help: 'The product the store carries, by its PLU.' },
    { key: 'stock', label: 'Stock', type: 'integer', required: true, schema: forceStockValue, aliases: ['new stock'], example: '120', help: 'The store product’s new stock: a whole number from 0.' },
  ],
  references: [
    { column: 'store_code', label: 'Store code', message: (v) => `No store has the code ${v}`, check: existsIn('stores', 'code', { caseInsensitive: true }) },
    { column: 'plu', label: 'PLU', message: (v) => `No product has the PLU ${v}`, check: existsIn('products', 'plu') },
  ],
  rowsCheck: (db, rows) => notCarried(db, rows.map((r) => ({ store_code: String(r.store_code), plu: String(r.plu) }))),
  commit: () => Promise.reject(conflict(FORCE_STOCK_APPLIED_ELSEWHERE)),
  appliedElsewhere: FORCE_STOCK_APPLIED_ELSEWHERE,
});
