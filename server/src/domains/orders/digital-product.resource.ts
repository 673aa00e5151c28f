import { sql } from 'drizzle-orm';
import { digitalProductCreateBody, digitalProductRow, digitalProductUpdateBody, type DigitalProductListQuery, type DigitalProductRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** orion Digital Product Management: pulsa and data packages by operator (the generic resource layer does the rest). */
export const digitalProductDef: ResourceDef<DigitalProductRow, DigitalProductListQuery> = {
  entity: 'digital-product',
  label: 'Digital product',
  table: 'digital_products',
  select: sql`select d.id, d.product_type, d.operator, d.name, d.denomination, d.price, d.biller_code, d.status,
    d.created_at, cb.name as created_by_name, d.updated_at, ub.name as updated_by_name, d.version`,
  from: sql`from digital_products d left join users cb on cb.id = d.created_by left join users ub on ub.id = d.updated_by`,
  countFrom: () => sql`from digital_products d`,
  id: 'd.id',
  toRow: rowReader(digitalProductRow),
  sort: { updated_at: 'd.updated_at', name: 'lower(d.name)', price: 'd.price', denomination: 'd.denomination' },
  search: (pattern) => sql`(lower(d.name) like lower(${pattern}) or lower(d.biller_code) like lower(${pattern}))`,
  where: (q) => [
    q.product_type !== undefined ? sql`d.product_type = ${q.product_type}` : undefined,
    q.operator !== undefined ? sql`d.operator = ${q.operator}` : undefined,
    q.status !== undefined ? sql`d.status = ${q.status}` : undefined,
  ],
  writable: writableColumns([digitalProductCreateBody, digitalProductUpdateBody]),
  unique: [{ column: 'biller_code', label: 'Biller product code', caseInsensitive: true }],
  auditView: ({ created_by_name: _c, updated_by_name: _u, ...rest }) => rest,
  allLimit: 500,
};

export class DigitalProductService extends ResourceService<DigitalProductRow, DigitalProductListQuery> {
  constructor(db: Db) {
    super(digitalProductDef, db);
  }
}
