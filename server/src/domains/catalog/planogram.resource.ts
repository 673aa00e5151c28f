import { sql } from 'drizzle-orm';
import {
  planogramCreateBody,
  planogramDetail,
  planogramRow,
  planogramUpdateBody,
  type PlanogramDetail,
  type PlanogramListQuery,
  type PlanogramRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { replaceSet, requireIds } from '../../platform/sql/link-sets.ts';

const SELECT = sql`select g.id, g.title, g.content_type, g.display_location, g.member_scope, g.start_date::text as start_date,
  g.end_date::text as end_date, g.priority, g.position, g.image_url, g.description, g.status,
  (select count(*) from planogram_sub_categories c where c.planogram_id = g.id)::int as sub_category_count,
  (select count(*) from planogram_products p where p.planogram_id = g.id)::int as product_count,
  g.created_at, g.updated_at, ub.name as updated_by_name, g.version`;
const FROM = sql`from planograms g left join users ub on ub.id = g.updated_by`;

const toRow = rowReader(planogramRow);
const readSubCategory = rowReader(planogramDetail.shape.sub_categories.element);
const readProduct = rowReader(planogramDetail.shape.products.element);

export const planogramDef: ResourceDef<PlanogramRow, PlanogramListQuery> = {
  entity: 'planogram',
  label: 'Planogram',
  table: 'planograms',
  select: SELECT,
  from: FROM,
  id: 'g.id',
  toRow,
  sort: { position: 'g.position', priority: 'g.priority', title: 'lower(g.title)', start_date: 'g.start_date', updated_at: 'g.updated_at' },
  search: (pattern) => sql`lower(g.title) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`g.status = ${q.status}` : undefined,
    q.content_type === undefined ? undefined : sql`g.content_type = ${q.content_type}`,
    q.display_location === undefined ? undefined : sql`g.display_location = ${q.display_location}`,
    q.member_scope === undefined ? undefined : sql`g.member_scope = ${q.member_scope}`,
    q.active_on ? sql`g.start_date <= ${q.active_on}::date and g.end_date >= ${q.active_on}::date` : undefined,
  ],
  // A new planogram goes last: the server sets its position.
  writable: writableColumns([planogramCreateBody, planogramUpdateBody], { serverColumns: ['position'] }),
  auditView: ({ updated_by_name: _u, sub_category_count: _s, product_count: _p, ...rest }) => rest,
};

const CATEGORY_LINK = { table: 'planogram_sub_categories', owner: 'planogram_id', column: 'category_id', type: 'int' } as const;
const PRODUCT_LINK = { table: 'planogram_products', owner: 'planogram_id', column: 'product_id', type: 'int' } as const;

/** Planograms: the generic resource, its detail carrying the synced sub categories and products; new ones go last. */
export class PlanogramService extends ResourceService<PlanogramRow, PlanogramListQuery> {
  constructor(db: Db) {
    super(planogramDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<PlanogramDetail> {
    const row = await super.get(id, tx);
    const subCategories = await queryRows(
      tx,
      sql`select c.id, c.code, c.name, pc.name as parent_name from planogram_sub_categories l join categories c on c.id = l.category_id
          join categories pc on pc.id = c.parent_id where l.planogram_id = ${row.id} order by pc.position, c.position, c.id`,
    );
    const products = await queryRows(
      tx,
      sql`select p.id, p.plu, p.name from planogram_products l join products p on p.id = l.product_id where l.planogram_id = ${row.id} order by p.plu`,
    );
    return {
      ...row,
      sub_categories: subCategories.map(readSubCategory),
      products: products.map(readProduct),
    };
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext): Promise<PlanogramDetail> {
    const next = await queryRows<{ n: number }>(this.db, sql`select coalesce(max(position), 0)::int + 1 as n from planograms`);
    return (await super.create({ ...body, position: next[0]?.n ?? 1 }, ctx)) as PlanogramDetail;
  }

  /**
   * Replaces the planogram's synced sub categories (`category`) or products (`product`). The contract refuses an empty
   * list on the sync routes (spec section 5); `clear` empties a set on purpose. Moves the version on, so an edit form
   * opened before the sync answers 409 instead of overwriting it.
   */
  async sync(id: number, kind: 'category' | 'product', ids: number[], ctx: AuditContext): Promise<PlanogramDetail> {
    return this.db.transaction(async (tx) => {
      const locked = await queryRows(tx, sql`select id from planograms where id = ${id} for update`);
      if (!locked.length) throw notFound('Planogram');
      const before = await this.get(id, tx);
      if (kind === 'category') {
        await requireIds(tx, ids, { table: 'categories', field: 'sub_category_id', label: 'Sub category', where: 'parent_id is not null' });
        await replaceSet(tx, CATEGORY_LINK, id, ids);
      } else {
        await requireIds(tx, ids, { table: 'products', field: 'product_id', label: 'Product' });
        await replaceSet(tx, PRODUCT_LINK, id, ids);
      }
      await tx.execute(sql`update planograms set version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      const after = await this.get(id, tx);
      const view = (d: PlanogramDetail) =>
        kind === 'category' ? { sub_category_ids: d.sub_categories.map((c) => c.id) } : { product_ids: d.products.map((p) => p.id) };
      await writeAudit(tx, ctx, { action: 'update', entity: 'planogram', entityId: id, before: view(before), after: view(after) });
      return after;
    });
  }

  /**
   * Saves a new display order of every planogram as positions 1..n. The ids must be exactly the current planograms: a
   * list that changed since it was loaded answers 409 rather than half-applying.
   */
  async savePositions(ids: number[], ctx: AuditContext): Promise<{ id: number; position: number }[]> {
    return this.db.transaction(async (tx) => {
      const current = await queryRows<{ id: number }>(tx, sql`select id from planograms order by position, id for update`);
      const known = new Set(current.map((r) => Number(r.id)));
      if (known.size !== ids.length || ids.some((id) => !known.has(id))) {
        throw conflict('The planogram list changed since you opened it (one was added or removed). Reload and drag again.');
      }
      await tx.execute(sql`update planograms g set position = o.position, version = g.version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null}
        from (select * from unnest(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}) with ordinality as t(id, position)) o
        where g.id = o.id and g.position is distinct from o.position`);
      await writeAudit(tx, ctx, { action: 'reorder', entity: 'planogram', entityId: null, before: { order: current.map((r) => Number(r.id)) }, after: { order: ids } });
      return ids.map((id, i) => ({ id, position: i + 1 }));
    });
  }
}
