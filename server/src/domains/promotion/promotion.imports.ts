import { promotionImportsApi, masterPromoImportRow, promoCreateBody, type ImportCellError, type PromoCreate } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { defineImport, existsIn, rowSchemaCheck, type ImportDefinition } from '../../platform/imports/index.ts';
import { commitPromoRows } from './promo.resource.ts';
import type { PromotionServices } from './promotion.deps.ts';

/*
 * Promotion imports on the shared pipeline, committing through the seams the promotion services keep for them
 * (MasterPromoService.commitImportRows, FreeGiftService.commitStoreUpload): the pipeline checks every cell and foreign
 * key first, the seam applies its business rules inside the commit transaction, and any row it refuses rolls back all.
 */

const storeExists = existsIn('stores', 'code', { caseInsensitive: true });

/** A list cell: values separated by `;`, `,` or line breaks. */
const listOf = (cell: unknown): string[] => (typeof cell === 'string' ? cell.split(/[;,\n]/).map((x) => x.trim()).filter(Boolean) : []);

/** Of list cells, the ones naming a value `table.column` lacks, with a message naming the missing values. */
function missingInList(table: 'products' | 'stores', column: 'plu' | 'code', label: string) {
  const compare = column === 'code' ? 'lower(t.code) = lower(v.value)' : 't.plu = v.value';
  return async (db: Db | Tx, cells: readonly string[]): Promise<ReadonlyMap<string, string>> => {
    const all = [...new Set(cells.flatMap(listOf))];
    const found = await queryRows<{ value: string }>(
      db,
      sql`select v.value from jsonb_array_elements_text(${JSON.stringify(all)}::jsonb) as v(value) where exists (select 1 from ${sql.raw(table)} t where ${sql.raw(compare)})`,
    );
    const known = new Set(found.map((r) => r.value));
    const problems = new Map<string, string>();
    for (const cell of cells) {
      const missing = listOf(cell).filter((v) => !known.has(v));
      if (missing.length) problems.set(cell, `Unknown ${label}: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`);
    }
    return problems;
  };
}

const PROMO_LIST_COLUMNS: Record<string, string> = { product_ids: 'product_plus', store_ids: 'store_codes', consumers: 'consumers' };

/** The contract's promo body from a staged row; lists of PLUs and store codes stand as empty id lists until commit. */
function promoBody(v: Readonly<Record<string, unknown>>, ids: { products: number[]; stores: number[] } = { products: [], stores: [] }): Record<string, unknown> {
  const scalars = ['code', 'name', 'description', 'promo_type', 'value', 'channel', 'member_scope', 'start_date', 'end_date', 'min_purchase', 'max_discount', 'status'];
  const body: Record<string, unknown> = Object.fromEntries(scalars.filter((k) => v[k] !== null && v[k] !== undefined).map((k) => [k, v[k]]));
  return { ...body, product_ids: ids.products, store_ids: ids.stores, consumers: listOf(v.consumers) };
}

export function promotionImports(s: Pick<PromotionServices, 'masterPromos' | 'freeGifts' | 'promos'>): ImportDefinition[] {
  const promo = defineImport(promotionImportsApi.promo, {
    sheet: 'Promos',
    templateName: 'template_promo',
    keyColumns: ['code'],
    columns: [
      { key: 'code', label: 'Promo Code', required: true, max: 30, example: 'PROMO-JAN' },
      { key: 'name', label: 'Name', required: true, max: 120, example: 'Diskon Januari' },
      { key: 'description', label: 'Description', max: 1000 },
      { key: 'promo_type', label: 'Promo Type', type: 'integer', required: true, example: '1', help: '1 Percentage, 2 Amount.' },
      { key: 'value', label: 'Value', type: 'integer', required: true, example: '10', help: 'Percent (1 to 100) or whole Rupiah.' },
      { key: 'channel', label: 'Channel', type: 'integer', required: true, example: '2', help: '1 Offline, 2 Online.' },
      { key: 'member_scope', label: 'Member Scope', type: 'integer', example: '0', help: '0 All Member, 1 App Member (blank: 0).' },
      { key: 'start_date', label: 'Start Date', type: 'date', required: true, example: '2026-01-01' },
      { key: 'end_date', label: 'End Date', type: 'date', required: true, example: '2026-01-31' },
      { key: 'min_purchase', label: 'Minimum Purchase', type: 'integer', example: '50000' },
      { key: 'max_discount', label: 'Maximum Discount', type: 'integer', example: '20000', help: 'Percentage promos only.' },
      { key: 'status', label: 'Status', type: 'integer', example: '1', help: '1 Active, 2 Inactive (blank: 1).' },
      { key: 'product_plus', label: 'Product PLUs', max: 60_000, example: '100001;100002', help: 'PLUs separated by ; (blank: every product).' },
      { key: 'store_codes', label: 'Store Codes', max: 60_000, example: 'JKT001;JKT002', help: 'Store codes separated by ; (blank: every store).' },
      { key: 'consumers', label: 'Consumer Phones', max: 200_000, example: '081234567890', help: 'Mobile numbers separated by ; (blank: every consumer of the member scope).' },
    ],
    rowCheck: (v) => {
      const errors: ImportCellError[] = [];
      const parsed = promoCreateBody.safeParse(promoBody(v));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const head = String(issue.path[0] ?? 'code');
          const column = PROMO_LIST_COLUMNS[head] ?? (head in v ? head : 'code');
          if (!errors.some((e) => e.column === column)) errors.push({ column, message: issue.message });
        }
      }
      for (const [column, what] of [['product_plus', 'A PLU'], ['store_codes', 'A store code']] as const) {
        const items = listOf(v[column]).map((x) => x.toLowerCase());
        if (new Set(items).size !== items.length && !errors.some((e) => e.column === column)) errors.push({ column, message: `${what} is listed twice` });
      }
      return errors;
    },
    references: [
      {
        column: 'code',
        problems: async (db, codes) => {
          const used = await queryRows<{ value: string }>(
            db,
            sql`select v.value from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as v(value) where exists (select 1 from promos p where lower(p.code) = lower(v.value))`,
          );
          return new Map(used.map((u) => [u.value, `Promo code ${u.value} is already used`]));
        },
      },
      { column: 'product_plus', problems: missingInList('products', 'plu', 'PLU') },
      { column: 'store_codes', problems: missingInList('stores', 'code', 'store code') },
    ],
    commit: async (tx, { staged, actor, now }) => {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select code, name, description, promo_type::int as promo_type, value::bigint::text as value, channel::int as channel, member_scope::int as member_scope,
          to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, min_purchase::bigint::text as min_purchase,
          max_discount::bigint::text as max_discount, status::int as status, product_plus, store_codes, consumers from ${staged} s order by row_no`,
      );
      const numeric = (x: unknown) => (x === null || x === undefined ? null : Number(x));
      const plus = [...new Set(rows.flatMap((r) => listOf(r.product_plus)))];
      const codes = [...new Set(rows.flatMap((r) => listOf(r.store_codes).map((c) => c.toLowerCase())))];
      const productIds = new Map(
        (await queryRows<{ id: number; plu: string }>(tx, sql`select id, plu from products where plu in (select value from jsonb_array_elements_text(${JSON.stringify(plus)}::jsonb))`)).map((p) => [p.plu, Number(p.id)]),
      );
      const storeIds = new Map(
        (await queryRows<{ id: number; code: string }>(tx, sql`select id, lower(code) as code from stores where lower(code) in (select value from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`)).map((st) => [st.code, Number(st.id)]),
      );
      const bodies: PromoCreate[] = rows.map((r) => {
        const v = { ...r, value: numeric(r.value), min_purchase: numeric(r.min_purchase), max_discount: numeric(r.max_discount) };
        const ids = {
          products: listOf(r.product_plus).map((plu) => productIds.get(plu) ?? 0),
          stores: listOf(r.store_codes).map((c) => storeIds.get(c.toLowerCase()) ?? 0),
        };
        return promoCreateBody.parse(promoBody(v, ids));
      });
      return commitPromoRows(s.promos, tx, bodies, { actor, ip: null, now });
    },
  });

  const masterPromo = defineImport(promotionImportsApi.masterPromo, {
    sheet: 'Master Promo',
    templateName: 'template_master_promo',
    keyColumns: ['plu', 'start_date'],
    columns: [
      { key: 'plu', label: 'PLU', required: true, max: 20, example: '100001' },
      { key: 'promo_price', label: 'Promo Price', type: 'integer', required: true, example: '2500', help: 'Whole Rupiah, below the product\'s normal price.' },
      { key: 'start_date', label: 'Start Date', type: 'date', required: true, example: '2026-01-01' },
      { key: 'end_date', label: 'End Date', type: 'date', required: true, example: '2026-01-31' },
    ],
    references: [{ column: 'plu', label: 'PLU', check: existsIn('products', 'plu') }],
    rowCheck: rowSchemaCheck(masterPromoImportRow, 'plu'),
    commit: async (tx, { staged, actor, now }) => {
      const rows = await queryRows<{ plu: string; promo_price: number; start_date: string; end_date: string }>(
        tx,
        sql`select plu, promo_price::int as promo_price, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
          from ${staged} s order by row_no`,
      );
      return s.masterPromos.commitImportRows(tx, rows.map((r) => ({ ...r, promo_price: Number(r.promo_price) })), { actor, ip: null, now });
    },
  });

  const freeGiftStores = defineImport(promotionImportsApi.freeGiftStores, {
    sheet: 'Stores',
    templateName: 'template_free_gift_stores',
    checkParams: async (db, params) => {
      const found = await queryRows(db, sql`select 1 from free_gifts where id = ${Number(params.free_gift_id)}`);
      if (!found.length) throw notFound('Free gift');
    },
    keyColumns: ['store_code'],
    columns: [{ key: 'store_code', label: 'Store Code', required: true, max: 20, example: 'JKT001', help: 'A store in one of the free gift\'s regions.' }],
    references: [
      { column: 'store_code', label: 'Store code', check: storeExists },
      {
        column: 'store_code',
        message: (code) => `Store ${code} is outside the free gift's regions`,
        check: async (db, values, params) => {
          const rows = await queryRows<{ value: string }>(
            db,
            sql`select v.value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v(value)
              where exists (select 1 from stores st join free_gift_regions r on r.province_code = st.province_code
                where lower(st.code) = lower(v.value) and r.free_gift_id = ${Number(params.free_gift_id)})`,
          );
          return new Set(rows.map((r) => r.value));
        },
      },
    ],
    commit: async (tx, { staged, params, actor, now }) => {
      const rows = await queryRows<{ store_code: string }>(tx, sql`select store_code from ${staged} s order by row_no`);
      return s.freeGifts.commitStoreUpload(tx, Number(params.free_gift_id), rows, { actor, ip: null, now });
    },
  });

  return [promo, masterPromo, freeGiftStores];
}
