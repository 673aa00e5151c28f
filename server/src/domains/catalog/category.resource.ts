import { sql } from 'drizzle-orm';
import {
  categoryRow,
  parentCategoryCreateBody,
  parentCategoryUpdateBody,
  subCategoryUpdateBody,
  type CategoryRow,
  type ParentCategoryListQuery,
  type SubCategoryListQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { writeAudit } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select c.id, c.parent_id, pc.name as parent_name, c.code, c.name, c.description, c.image_url, c.position, c.status,
  (select count(*) from categories s where s.parent_id = c.id)::int as sub_count,
  (select count(*) from products p where p.category_id = c.id or p.category_id in (select s.id from categories s where s.parent_id = c.id))::int as product_count,
  c.created_at, c.updated_at, ub.name as updated_by_name, c.version`;
const FROM = sql`from categories c left join categories pc on pc.id = c.parent_id left join users ub on ub.id = c.updated_by`;

const toRow = rowReader(categoryRow);

const SORT = { position: 'c.position', name: 'lower(c.name)', code: 'lower(c.code)', updated_at: 'c.updated_at', created_at: 'c.created_at' };
const common = {
  table: 'categories',
  select: SELECT,
  from: FROM,
  id: 'c.id',
  toRow,
  sort: SORT,
  search: (pattern: string) => sql`(c.name ilike ${pattern} or c.code ilike ${pattern})`,
  unique: [{ column: 'code', label: 'Code', caseInsensitive: true }],
  auditView: ({ sub_count: _s, product_count: _p, updated_by_name: _u, ...rest }: CategoryRow) => rest,
  allLimit: 1000,
};

export const parentCategoryDef: ResourceDef<CategoryRow, ParentCategoryListQuery> = {
  ...common,
  entity: 'parent-category',
  label: 'Parent category',
  scope: sql`c.parent_id is null`,
  // A new parent category goes last: the server sets its position.
  writable: writableColumns([parentCategoryCreateBody, parentCategoryUpdateBody], { serverColumns: ['position'] }),
  where: (q) => [q.status ? sql`c.status = ${q.status}` : undefined],
};

export const subCategoryDef: ResourceDef<CategoryRow, SubCategoryListQuery> = {
  ...common,
  entity: 'sub-category',
  label: 'Sub category',
  scope: sql`c.parent_id is not null`,
  writable: writableColumns([subCategoryUpdateBody]),
  references: [{ column: 'parent_id', table: 'categories', label: 'Parent category', where: 'parent_id is null' }],
  where: (q) => [q.status ? sql`c.status = ${q.status}` : undefined, q.parent_id ? sql`c.parent_id = ${q.parent_id}` : undefined],
};

/** Parent categories: the generic resource, new ones placed last, plus saving a dragged order. */
export class ParentCategoryService extends ResourceService<CategoryRow, ParentCategoryListQuery> {
  constructor(db: Db) {
    super(parentCategoryDef, db);
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext): Promise<CategoryRow> {
    const next = await queryRows<{ n: number }>(this.db, sql`select coalesce(max(position), 0)::int + 1 as n from categories where parent_id is null`);
    return super.create({ ...body, position: next[0]?.n ?? 1 }, ctx);
  }
}

/**
 * Saves a new order of siblings (all parent categories, or the sub categories of one parent) as positions 1..n. The ids
 * must be exactly the current siblings: a list that changed since it was loaded answers 409 rather than half-applying.
 */
export async function saveCategoryPositions(db: Db, parentId: number | null, ids: number[], ctx: AuditContext): Promise<{ id: number; position: number }[]> {
  return db.transaction(async (tx) => {
    const siblings = await queryRows<{ id: number; position: number }>(
      tx,
      sql`select id, position from categories where ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`} order by position, id for update`,
    );
    const current = new Set(siblings.map((s) => Number(s.id)));
    if (current.size !== ids.length || ids.some((id) => !current.has(id))) {
      throw conflict('The category list changed since you opened it (a category was added or removed). Reload and drag again.');
    }
    const before = siblings.map((s) => Number(s.id));
    await tx.execute(sql`update categories c set position = o.position, version = c.version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null}
      from (select * from unnest(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}) with ordinality as t(id, position)) o
      where c.id = o.id and c.position is distinct from o.position`);
    await writeAudit(tx, ctx, { action: 'reorder', entity: parentId === null ? 'parent-category' : 'sub-category', entityId: parentId, before: { order: before }, after: { order: ids } });
    return ids.map((id, i) => ({ id, position: i + 1 }));
  });
}
