import { sql } from 'drizzle-orm';
import {
  freeGiftCreateBody,
  freeGiftDetail,
  freeGiftRow,
  freeGiftUpdateBody,
  regionStoreRow,
  type FreeGiftDetail,
  type FreeGiftListQuery,
  type FreeGiftRow,
  type FreeGiftStoreUploadRow,
  type RegionStoreRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { listOf, replaceSet, requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select f.id, f.code, f.name, f.description, f.min_purchase, f.start_date::text as start_date, f.end_date::text as end_date, f.status,
  (select count(*) from free_gift_products x where x.free_gift_id = f.id)::int as product_count,
  (select count(*) from free_gift_regions x where x.free_gift_id = f.id)::int as region_count,
  (select count(*) from free_gift_stores x where x.free_gift_id = f.id)::int as store_count,
  f.created_at, cb.name as created_by_name, f.updated_at, ub.name as updated_by_name, f.version`;
const FROM = sql`from free_gifts f left join users cb on cb.id = f.created_by left join users ub on ub.id = f.updated_by`;

const toRow = rowReader(freeGiftRow);
const readDetailSets = rowReader(freeGiftDetail.pick({ products: true, regions: true, stores: true }));
const toRegionStore = rowReader(regionStoreRow);

const REGIONS = { table: 'free_gift_regions', owner: 'free_gift_id', column: 'province_code', type: 'text' } as const;
const STORES = { table: 'free_gift_stores', owner: 'free_gift_id', column: 'store_id', type: 'int' } as const;

interface GiftItem {
  product_id: number;
  quantity: number;
}
const items = (v: unknown): GiftItem[] => (Array.isArray(v) ? (v as GiftItem[]) : []);

/** Stores must lie inside the chosen regions: a store elsewhere is refused on store_ids, named by code. */
async function checkStoresInRegions(tx: Tx, storeIds: number[], provinces: string[]): Promise<void> {
  if (!storeIds.length) return;
  await requireIds(tx, storeIds, { table: 'stores', field: 'store_ids', label: 'Store' });
  const outside = await queryRows<{ code: string }>(
    tx,
    sql`select code from stores where id = any(${sql.raw(`ARRAY[${storeIds.map(Number).join(',')}]::int[]`)})
        and province_code not in (select value from json_array_elements_text(${JSON.stringify(provinces)}::json)) order by code limit 5`,
  );
  if (outside.length) {
    const message = `Store ${outside.map((s) => s.code).join(', ')} is outside the chosen regions`;
    throw badRequest(message, [{ path: 'store_ids', message }]);
  }
}

export const freeGiftDef: ResourceDef<FreeGiftRow, FreeGiftListQuery> = {
  entity: 'free-gift',
  label: 'Free gift',
  table: 'free_gifts',
  select: SELECT,
  from: FROM,
  id: 'f.id',
  toRow,
  sort: { updated_at: 'f.updated_at', start_date: 'f.start_date', name: 'lower(f.name)', min_purchase: 'f.min_purchase', created_at: 'f.created_at' },
  search: (pattern) => sql`(lower(f.name) like lower(${pattern}) or lower(f.code) like lower(${pattern}))`,
  where: (q) => [
    q.status ? sql`f.status = ${q.status}` : undefined,
    q.active_on ? sql`f.start_date <= ${q.active_on}::date and f.end_date >= ${q.active_on}::date` : undefined,
    q.province_code ? sql`exists (select 1 from free_gift_regions x where x.free_gift_id = f.id and x.province_code = ${q.province_code})` : undefined,
  ],
  // Its gift products, regions and stores are sets beside the row, written in afterWrite.
  writable: writableColumns([freeGiftCreateBody, freeGiftUpdateBody], { notColumns: ['products', 'province_codes', 'store_ids'] }),
  unique: [{ column: 'code', label: 'Free gift code', caseInsensitive: true }],
  check: async (tx, body) => {
    await requireIds(
      tx,
      items(body.products).map((i) => i.product_id),
      { table: 'products', field: 'products', label: 'Gift product' },
    );
    const provinces = listOf<string>(body.province_codes);
    if (provinces.length) {
      const known = await queryRows<{ code: string }>(tx, sql`select code from provinces where code in (select value from json_array_elements_text(${JSON.stringify(provinces)}::json))`);
      const missing = provinces.filter((p) => !known.some((k) => k.code === p));
      if (missing.length) throw badRequest(`Region ${missing.join(', ')} does not exist`, [{ path: 'province_codes', message: `Region ${missing.join(', ')} does not exist` }]);
    }
    await checkStoresInRegions(tx, listOf<number>(body.store_ids), provinces);
  },
  afterWrite: async (tx, id, body) => {
    if (Array.isArray(body.products)) {
      await tx.execute(sql`delete from free_gift_products where free_gift_id = ${id}`);
      await tx.execute(sql`insert into free_gift_products (free_gift_id, product_id, quantity)
        select ${id}, (r->>'product_id')::int, (r->>'quantity')::int from json_array_elements(${JSON.stringify(items(body.products))}::json) r`);
    }
    if (Array.isArray(body.province_codes)) await replaceSet(tx, REGIONS, id, listOf<string>(body.province_codes));
    if (Array.isArray(body.store_ids)) await replaceSet(tx, STORES, id, listOf<number>(body.store_ids));
  },
  auditView: (row) => {
    const { updated_by_name: _u, created_by_name: _c, product_count: _p, region_count: _r, store_count: _s, ...rest } = row;
    const d = row as Partial<FreeGiftDetail>;
    return {
      ...rest,
      products: d.products?.map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
      province_codes: d.regions?.map((r) => r.code),
      store_ids: d.stores?.map((s) => s.id),
    };
  },
};

/** Free gifts: the generic resource; the detail carries gift products, regions and stores, with who created and changed it. */
export class FreeGiftService extends ResourceService<FreeGiftRow, FreeGiftListQuery> {
  constructor(db: Db) {
    super(freeGiftDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<FreeGiftDetail> {
    const row = await super.get(id, tx);
    const products = await queryRows(
      tx,
      sql`select p.id as product_id, p.plu, p.name, x.quantity from free_gift_products x join products p on p.id = x.product_id where x.free_gift_id = ${row.id} order by p.plu`,
    );
    const regions = await queryRows(tx, sql`select pr.code, pr.name from free_gift_regions x join provinces pr on pr.code = x.province_code where x.free_gift_id = ${row.id} order by pr.code`);
    const stores = await queryRows(
      tx,
      sql`select s.id, s.code, s.name, s.province_code from free_gift_stores x join stores s on s.id = x.store_id where x.free_gift_id = ${row.id} order by s.code`,
    );
    return { ...row, ...readDetailSets({ products, regions, stores }) };
  }

  /** Stores by region (spec: "GET stores by region"): active stores of the given provinces, searched by code or name. */
  async regionStores(q: { province_code?: string | undefined; search?: string | undefined; limit: number }): Promise<RegionStoreRow[]> {
    const provinces = q.province_code ? q.province_code.split(',') : [];
    const rows = await queryRows(
      this.db,
      sql`select s.id, s.code, s.name, s.province_code, pr.name as province_name from stores s join provinces pr on pr.code = s.province_code
          where s.status = 1
          ${provinces.length ? sql`and s.province_code in (select value from json_array_elements_text(${JSON.stringify(provinces)}::json))` : sql``}
          ${q.search ? sql`and (lower(s.name) like lower(${likePattern(q.search)}) or lower(s.code) like lower(${likePattern(q.search)}))` : sql``}
          order by lower(s.code), s.id limit ${q.limit}`,
    );
    return rows.map(toRegionStore);
  }

  /**
   * The seam for the free-gift bulk store upload: adds the stores named by code (already validated against
   * `freeGiftStoreUploadRow`) to the free gift inside the import's commit transaction. Every code must name a store in
   * the free gift's regions, else the whole upload is refused (400). Moves the version on and writes the audit entry.
   */
  async commitStoreUpload(tx: Tx, freeGiftId: number, rows: readonly FreeGiftStoreUploadRow[], ctx: AuditContext): Promise<{ added: number }> {
    const locked = await queryRows(tx, sql`select id from free_gifts where id = ${freeGiftId} for update`);
    if (!locked.length) throw notFound('Free gift');
    const before = await this.get(freeGiftId, tx);
    const codes = [...new Set(rows.map((r) => r.store_code.trim().toLowerCase()))];
    const found = await queryRows<{ id: number; code: string }>(
      tx,
      sql`select id, code from stores where lower(code) in (select value from json_array_elements_text(${JSON.stringify(codes)}::json))`,
    );
    const unknown = codes.filter((c) => !found.some((f) => f.code.toLowerCase() === c));
    if (unknown.length) throw badRequest(`Store ${unknown.slice(0, 5).join(', ')} does not exist`, [{ path: 'store_code', message: 'Store does not exist' }]);
    const ids = [...new Set([...before.stores.map((s) => s.id), ...found.map((f) => Number(f.id))])];
    await checkStoresInRegions(tx, ids, before.regions.map((r) => r.code));
    await replaceSet(tx, STORES, freeGiftId, ids);
    await tx.execute(sql`update free_gifts set version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${freeGiftId}`);
    await writeAudit(tx, ctx, { action: 'update', entity: 'free-gift', entityId: freeGiftId, before: { store_ids: before.stores.map((s) => s.id) }, after: { store_ids: ids.sort((a, b) => a - b) } });
    return { added: ids.length - before.stores.length };
  }
}
