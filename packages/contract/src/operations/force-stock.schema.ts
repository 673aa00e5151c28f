import { z } from 'zod';
import { recordId } from '../common/list-query.ts';
import { codeField } from '../common/resource-fields.ts';
import { importApi } from '../imports/imports.api.ts';
import { guardedToolApi } from '../common/guarded-write.schema.ts';

/** heimdal Update Force Stock and its Stock Shadow tab: one menu entry, view to see, edit to change. */
export const UPDATE_FORCE_STOCK_ENTRY = 'heimdal.update-force-stock';
export const UPDATE_FORCE_STOCK_ENTRIES = [UPDATE_FORCE_STOCK_ENTRY] as const;

/** The import pipeline's key of a force-stock file (its template, upload and batch). */
export const FORCE_STOCK_IMPORT_KEY = 'update-force-stock';

/** At most this many store products in one typed change (a file has the import pipeline's limit). */
export const FORCE_STOCK_ITEMS_MAX = 100;

/**
 * A store product's new stock: the store product edit's rule (a whole number, 0 to 10,000,000; a contract domain does
 * not import another's schemas, so the rule is written here with the same bounds and words).
 */
export const forceStockValue = z.number({ error: 'Stock must be a number' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(10_000_000);

export const forceStockItem = z
  .object({
    store_code: codeField('Store code', 10),
    plu: codeField('PLU', 20),
    stock: forceStockValue,
  })
  .strict();
export type ForceStockItem = z.infer<typeof forceStockItem>;

/**
 * What a force-stock change sets: either `items`, typed in the form (store code, PLU, new stock), or
 * `import_batch_id`, a validated file of the `update-force-stock` import whose valid rows are set at once. Exactly one
 * of the two (400 otherwise).
 */
export const forceStockInput = z
  .object({
    items: z
      .array(forceStockItem)
      .min(1, 'Give a store product to change')
      .max(FORCE_STOCK_ITEMS_MAX, `At most ${FORCE_STOCK_ITEMS_MAX} store products at once: upload a file for more`)
      .optional(),
    import_batch_id: recordId.optional(),
  })
  .strict();
export type ForceStockInput = z.infer<typeof forceStockInput>;

/**
 * heimdal Update Force Stock as a guarded write: sets store products' stock (by store code and PLU), singly or by a
 * validated file, previewed before and after per store product, with a reason, the typed words for a bulk change and
 * a recent second factor; undone per row while that row's stock is still what the change set.
 */
export const forceStockApi = guardedToolApi({
  tool: 'update-force-stock',
  entry: UPDATE_FORCE_STOCK_ENTRY,
  path: 'update-force-stock',
  tag: 'update force stock',
  what: 'forcing store product stock',
  input: forceStockInput,
});

/** The force-stock file: store code, PLU and new stock per row; validated by the pipeline, applied by `forceStockApi`. */
export const forceStockImportApi = {
  updateForceStock: importApi(FORCE_STOCK_IMPORT_KEY, {
    title: 'Force store product stock by file',
    entries: UPDATE_FORCE_STOCK_ENTRIES,
    action: 'edit',
  }),
};
