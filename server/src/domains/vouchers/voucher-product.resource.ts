import { sql } from 'drizzle-orm';
import {
  voucherProductCreateBody,
  voucherProductDetail,
  voucherProductRow,
  voucherProductUpdateBody,
  type VoucherProductDetail,
  type VoucherProductListQuery,
  type VoucherProductRow,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { listOf, replaceSet, requireIds, storesOfSet } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const STORES = { table: 'voucher_product_stores', owner: 'voucher_product_id', column: 'store_id', type: 'int' } as const;
const readStores = rowReader(voucherProductDetail.pick({ stores: true }));

/** cms Voucher digital, Voucher Management: voucher products on the generic resource layer, their stores a set beside each. */
export const voucherProductDef: ResourceDef<VoucherProductRow, VoucherProductListQuery> = {
  entity: 'voucher-product',
  label: 'Voucher product',
  table: 'voucher_products',
  select: sql`select v.id, v.voucher_code, v.name, v.denomination, v.validity_days, v.terms, v.description,
    array(select x.store_id from voucher_product_stores x where x.voucher_product_id = v.id order by x.store_id) as store_ids,
    v.status, v.created_at, cb.name as created_by_name, v.updated_at, ub.name as updated_by_name, v.version`,
  from: sql`from voucher_products v left join users cb on cb.id = v.created_by left join users ub on ub.id = v.updated_by`,
  countFrom: () => sql`from voucher_products v`,
  id: 'v.id',
  toRow: rowReader(voucherProductRow),
  sort: { updated_at: 'v.updated_at', name: 'lower(v.name)', voucher_code: 'lower(v.voucher_code)', denomination: 'v.denomination', validity_days: 'v.validity_days' },
  search: (pattern) => sql`(lower(v.name) like lower(${pattern}) or lower(v.voucher_code) like lower(${pattern}))`,
  where: (q) => [
    q.status !== undefined ? sql`v.status = ${q.status}` : undefined,
    q.store_id !== undefined
      ? sql`(not exists (select 1 from voucher_product_stores x where x.voucher_product_id = v.id)
          or exists (select 1 from voucher_product_stores x where x.voucher_product_id = v.id and x.store_id = ${q.store_id}))`
      : undefined,
  ],
  // Stores are a set beside the row, written in afterWrite.
  writable: writableColumns([voucherProductCreateBody, voucherProductUpdateBody], { notColumns: ['store_ids'] }),
  unique: [{ column: 'voucher_code', label: 'Voucher code', caseInsensitive: true }],
  check: async (tx, body) => {
    await requireIds(tx, listOf<number>(body.store_ids), { table: 'stores', field: 'store_ids', label: 'Store' });
  },
  afterWrite: async (tx, id, body) => {
    if (Array.isArray(body.store_ids)) await replaceSet(tx, STORES, id, listOf<number>(body.store_ids));
  },
  // The stores in scope are audited by id (store_ids); their codes and names are the stores' own.
  auditView: ({ created_by_name: _c, updated_by_name: _u, stores: _s, ...rest }: Record<string, unknown>) => rest,
};

/** Voucher products: the generic resource, its detail naming the stores in scope. */
export class VoucherProductService extends ResourceService<VoucherProductRow, VoucherProductListQuery> {
  constructor(db: Db) {
    super(voucherProductDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<VoucherProductDetail> {
    const row = await super.get(id, tx);
    return { ...row, ...readStores({ stores: await storesOfSet(tx, STORES, row.id) }) };
  }
}
