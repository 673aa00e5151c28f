import { sql } from 'drizzle-orm';
import { formatRupiah, masterPromoRow, masterPromoUpdateBody, type MasterPromoBulk, type MasterPromoImportRow, type MasterPromoListQuery, type MasterPromoRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { refuseOverlap } from './period.ts';

const SELECT = sql`select mp.id, mp.product_id, p.plu, p.name as product_name, p.price as normal_price, mp.promo_price,
  case when p.price > 0 then round((p.price - mp.promo_price) * 100.0 / p.price) else 0 end::int as discount_percent,
  mp.start_date::text as start_date, mp.end_date::text as end_date, mp.status, mp.created_at, mp.updated_at, ub.name as updated_by_name, mp.version`;
const FROM = sql`from master_promos mp join products p on p.id = mp.product_id left join users ub on ub.id = mp.updated_by`;

/** The promo price must stay below the product's normal price (its list price now). */
async function checkBelowNormal(tx: Tx, productId: number, promoPrice: number): Promise<void> {
  const product = (await queryRows<{ price: number; plu: string }>(tx, sql`select price, plu from products where id = ${productId}`))[0];
  if (!product) throw badRequest(`Product ${productId} does not exist`, [{ path: 'product_id', message: 'Product does not exist' }]);
  if (promoPrice >= Number(product.price)) {
    const message = `Promo price must be below the normal price of ${formatRupiah(Number(product.price))}`;
    throw badRequest(message, [{ path: 'promo_price', message }]);
  }
}

export const masterPromoDef: ResourceDef<MasterPromoRow, MasterPromoListQuery> = {
  entity: 'master-promo',
  label: 'Master promo',
  table: 'master_promos',
  select: SELECT,
  from: FROM,
  id: 'mp.id',
  toRow: rowReader(masterPromoRow),
  sort: { updated_at: 'mp.updated_at', start_date: 'mp.start_date', promo_price: 'mp.promo_price', plu: 'p.plu' },
  search: (pattern, text) =>
    /^\d+$/.test(text.trim()) ? sql`p.plu like ${`${text.trim()}%`}` : sql`(lower(p.name) like lower(${pattern}) or p.plu = ${text.trim()})`,
  where: (q) => [
    q.status ? sql`mp.status = ${q.status}` : undefined,
    q.product_id ? sql`mp.product_id = ${q.product_id}` : undefined,
    q.active_on ? sql`mp.start_date <= ${q.active_on}::date and mp.end_date >= ${q.active_on}::date` : undefined,
  ],
  // Rows arrive by import, which names the product by PLU: the server writes its id.
  writable: writableColumns([masterPromoUpdateBody], { serverColumns: ['product_id'] }),
  check: async (tx, body, current) => {
    const merged = { ...current, ...body } as MasterPromoRow;
    await checkBelowNormal(tx, merged.product_id, merged.promo_price);
    await refuseOverlap(tx, {
      table: 'master_promos',
      what: 'promo price',
      productId: merged.product_id,
      start: merged.start_date,
      end: merged.end_date,
      status: merged.status,
      exceptId: current?.id ?? null,
    });
  },
  auditView: ({ updated_by_name: _u, product_name: _n, discount_percent: _d, ...rest }) => rest,
};

/** Master promos: edited one by one, or many at once with all-or-nothing bulk PUT; rows arrive by import. */
export class MasterPromoService extends ResourceService<MasterPromoRow, MasterPromoListQuery> {
  constructor(db: Db) {
    super(masterPromoDef, db);
  }

  /**
   * Saves every item in one transaction: a stale version, a missing row or a broken rule on any item refuses the whole
   * request, answered with the status of that item's failure and a message naming the row (its position and PLU).
   */
  async bulkUpdate(body: MasterPromoBulk, ctx: AuditContext): Promise<MasterPromoRow[]> {
    return this.db.transaction(async (tx) => {
      const saved: MasterPromoRow[] = [];
      for (const [i, item] of body.items.entries()) {
        const { id, ...fields } = item;
        try {
          saved.push(await this.update(id, fields, ctx, tx));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const plu = (await queryRows<{ plu: string }>(tx, sql`select p.plu from master_promos mp join products p on p.id = mp.product_id where mp.id = ${id}`))[0]?.plu;
          const which = `Row ${i + 1} (${plu ? `PLU ${plu}` : `id ${id}`})`;
          throw new AppError(
            err.status,
            err.code,
            `${which}: ${err.message}`,
            (err.details ?? [{ path: '', message: err.message }]).map((d) => ({ path: `items.${i}${d.path ? `.${d.path}` : ''}`, message: d.message })),
          );
        }
      }
      return saved;
    });
  }

  /**
   * The seam for the master promo import: adds promo prices by PLU (rows already validated against
   * `masterPromoImportRow`) inside the import's commit transaction, each checked (below the normal price, no overlapping
   * active period) and audited; any refused row rolls back them all.
   */
  async commitImportRows(tx: Tx, rows: readonly MasterPromoImportRow[], ctx: AuditContext): Promise<{ inserted: number }> {
    const plus = [...new Set(rows.map((r) => r.plu))];
    const products = await queryRows<{ id: number; plu: string }>(tx, sql`select id, plu from products where plu in (select value from json_array_elements_text(${JSON.stringify(plus)}::json))`);
    const idOf = new Map(products.map((p) => [p.plu, Number(p.id)]));
    for (const row of rows) {
      const productId = idOf.get(row.plu);
      if (productId === undefined) throw badRequest(`PLU ${row.plu} does not exist`, [{ path: 'plu', message: 'Product does not exist' }]);
      await this.create({ product_id: productId, promo_price: row.promo_price, start_date: row.start_date, end_date: row.end_date, status: 1 }, ctx, tx);
    }
    return { inserted: rows.length };
  }
}
