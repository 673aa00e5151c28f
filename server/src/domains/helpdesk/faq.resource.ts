import { sql } from 'drizzle-orm';
import { faqCreateBody, faqRow, faqUpdateBody, type FaqListQuery, type FaqRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const toRow = rowReader(faqRow);

export const faqDef: ResourceDef<FaqRow, FaqListQuery> = {
  entity: 'faq',
  label: 'FAQ',
  table: 'faqs',
  select: sql`select f.id, f.question, f.answer, f.status, f.position, f.created_at, f.updated_at, ub.name as updated_by_name, f.version`,
  from: sql`from faqs f left join users ub on ub.id = f.updated_by`,
  countFrom: () => sql`from faqs f`,
  id: 'f.id',
  toRow,
  sort: { position: 'f.position', question: 'lower(f.question)', updated_at: 'f.updated_at', created_at: 'f.created_at' },
  search: (pattern) => sql`lower(f.question) like lower(${pattern})`,
  where: (q) => [q.status ? sql`f.status = ${q.status}` : undefined],
  // A new question goes last: the server sets its position.
  writable: writableColumns([faqCreateBody, faqUpdateBody], { serverColumns: ['position'] }),
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
  allLimit: 1000,
};

/** FAQ: the generic resource; a new question goes last, and dragging saves the whole order at once. */
export class FaqService extends ResourceService<FaqRow, FaqListQuery> {
  constructor(db: Db) {
    super(faqDef, db);
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext): Promise<FaqRow> {
    const next = await queryRows<{ n: number }>(this.db, sql`select coalesce(max(position), 0)::int + 1 as n from faqs`);
    return super.create({ ...body, position: Number(next[0]?.n ?? 1) }, ctx);
  }

  /** `ids` names every FAQ in its new order; a list that changed meanwhile answers 409 rather than half-applying. */
  async savePositions(ids: number[], ctx: AuditContext): Promise<{ id: number; position: number }[]> {
    return this.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number }>(tx, sql`select id from faqs order by position, id for update`);
      const current = new Set(rows.map((r) => Number(r.id)));
      if (current.size !== ids.length || new Set(ids).size !== ids.length || ids.some((id) => !current.has(id))) {
        throw conflict('The FAQ list changed since you opened it (a question was added or removed). Reload and drag again.');
      }
      await tx.execute(sql`update faqs f set position = o.position, version = f.version + 1, updated_at = ${ctx.now.toISOString()}, updated_by = ${ctx.actor?.userId ?? null}
        from (select * from unnest(${sql.raw(`ARRAY[${ids.map((i) => Math.trunc(i)).join(',')}]::int[]`)}) with ordinality as t(id, position)) o
        where f.id = o.id and f.position is distinct from o.position`);
      await writeAudit(tx, ctx, { action: 'reorder', entity: 'faq', entityId: null, before: { order: rows.map((r) => Number(r.id)) }, after: { order: ids } });
      return ids.map((id, i) => ({ id, position: i + 1 }));
    });
  }
}
