import { sql } from 'drizzle-orm';
import { productCreateBody, productRow, productUpdateBody, type ProductListQuery, type ProductRow } from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

export const PRODUCT_SELECT = sql`select p.id, p.plu, p.barcode, p.name, p.brand, p.category_id, sc.name as category_name, sc.parent_id as parent_category_id,
  pc.name as parent_category_name, p.product_category, p.uom, p.price, p.image_url, p.description, p.status,
  p.created_at, p.updated_at, ub.name as updated_by_name, p.version`;
export const PRODUCT_FROM = sql`from products p join categories sc on sc.id = p.category_id join categories pc on pc.id = sc.parent_id
  left join users ub on ub.id = p.updated_by`;

export const toProductRow = rowReader(productRow);

/** A search that looks like a PLU or barcode matches those exactly or as a prefix; other text matches the name. */
export const productSearch = (pattern: string, text: string) =>
  /^\d+$/.test(text.trim())
    ? sql`(p.plu like ${`${text.trim()}%`} or p.barcode = ${text.trim()})`
    : sql`(lower(p.name) like lower(${pattern}) or p.plu = ${text.trim()})`;

export const productDef: ResourceDef<ProductRow, ProductListQuery> = {
  entity: 'product',
  label: 'Product',
  table: 'products',
  select: PRODUCT_SELECT,
  from: PRODUCT_FROM,
  id: 'p.id',
  toRow: toProductRow,
  sort: { updated_at: 'p.updated_at', plu: 'p.plu', name: 'lower(p.name)', price: 'p.price', created_at: 'p.created_at' },
  search: productSearch,
  where: (q) => [
    q.category_id ? sql`p.category_id = ${q.category_id}` : undefined,
    q.parent_category_id ? sql`p.category_id in (select id from categories where parent_id = ${q.parent_category_id})` : undefined,
    q.product_category ? sql`p.product_category = ${q.product_category}` : undefined,
    q.status ? sql`p.status = ${q.status}` : undefined,
  ],
  countFrom: () => sql`from products p`,
  writable: writableColumns([productCreateBody, productUpdateBody]),
  references: [{ column: 'category_id', table: 'categories', label: 'Sub category', where: 'parent_id is not null' }],
  unique: [{ column: 'plu', label: 'PLU' }],
  auditView: ({ updated_by_name: _u, category_name: _c, parent_category_name: _p, ...rest }) => rest,
};
