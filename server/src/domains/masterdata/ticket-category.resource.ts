import { sql } from 'drizzle-orm';
import { ticketCategoryCreateBody, ticketCategoryRow, ticketCategoryUpdateBody, type TicketCategoryListQuery, type TicketCategoryRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select c.id, c.name, c.description, c.sla_hours, c.status, c.position, c.created_at, c.updated_at, ub.name as updated_by_name, c.version`;
const FROM = sql`from ticket_categories c left join users ub on ub.id = c.updated_by`;

const toRow = rowReader(ticketCategoryRow);

export const ticketCategoryDef: ResourceDef<TicketCategoryRow, TicketCategoryListQuery> = {
  entity: 'ticket-category',
  label: 'Ticket category',
  table: 'ticket_categories',
  select: SELECT,
  from: FROM,
  id: 'c.id',
  toRow,
  sort: { position: 'c.position', name: 'lower(c.name)', sla_hours: 'c.sla_hours', updated_at: 'c.updated_at', created_at: 'c.created_at' },
  search: (pattern) => sql`lower(c.name) like lower(${pattern})`,
  where: (q) => [q.status ? sql`c.status = ${q.status}` : undefined],
  writable: writableColumns([ticketCategoryCreateBody, ticketCategoryUpdateBody]),
  unique: [{ column: 'name', label: 'Ticket category', caseInsensitive: true }],
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
  allLimit: 1000,
};

/** Ticket categories: the generic resource; one created without a position goes last. */
export class TicketCategoryService extends ResourceService<TicketCategoryRow, TicketCategoryListQuery> {
  constructor(db: Db) {
    super(ticketCategoryDef, db);
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext): Promise<TicketCategoryRow> {
    if (body.position !== undefined) return super.create(body, ctx);
    const next = await queryRows<{ n: number }>(this.db, sql`select coalesce(max(position), 0)::int + 1 as n from ticket_categories`);
    return super.create({ ...body, position: Math.min(next[0]?.n ?? 1, 9999) }, ctx);
  }
}
