import { sql } from 'drizzle-orm';
import { storeProductRow, storeProductUpdateBody, type StoreProductListQuery, type StoreProductRow } from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

export const STORE_PRODUCT_SELECT = sql`select sp.id, sp.store_id, s.code as store_code, s.name as store_name, sp.product_id, p.plu, p.name as product_name,
  sc.name as category_name, sp.price, sp.promo_price, sp.stock, sp.is_active, sp.updated_at, ub.name as updated_by_name, sp.version`;
export const STORE_PRODUCT_FROM = sql`from store_products sp join stores s on s.id = sp.store_id join products p on p.id = sp.product_id
  join categories sc on sc.id = p.category_id left join users ub on ub.id = sp.updated_by`;

export const toStoreProductRow = rowReader(storeProductRow);

/** One store's products (the store id comes from the path as an extra condition). */
export const storeProductDef: ResourceDef<StoreProductRow, StoreProductListQuery> = {
  entity: 'store-product',
  label: 'Store product',
  table: 'store_products',
  select: STORE_PRODUCT_SELECT,
  from: STORE_PRODUCT_FROM,
  id: 'sp.id',
  toRow: toStoreProductRow,
  sort: { plu: 'p.plu', name: 'lower(p.name)', price: 'sp.price', stock: 'sp.stock', updated_at: 'sp.updated_at', store_code: 'lower(s.code)' },
  search: (pattern, text) =>
    /^\d+$/.test(text.trim()) ? sql`p.plu like ${`${text.trim()}%`}` : sql`lower(p.name) like lower(${pattern})`,
  where: (q) => [
    q.category_id ? sql`p.category_id = ${q.category_id}` : undefined,
    q.is_active === undefined ? undefined : sql`sp.is_active = ${q.is_active}`,
    q.in_stock === undefined ? undefined : q.in_stock ? sql`sp.stock > 0` : sql`sp.stock = 0`,
  ],
  // Product columns are needed only by the search and category filters.
  countFrom: (q) => (q.search || q.category_id ? sql`from store_products sp join products p on p.id = sp.product_id` : sql`from store_products sp`),
  writable: writableColumns([storeProductUpdateBody]),
  created: false,
  auditView: ({ updated_by_name: _u, store_name: _s, category_name: _c, ...rest }) => rest,
};
