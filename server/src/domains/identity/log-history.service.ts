import { sql } from 'drizzle-orm';
import type { AuditDetail, AuditListQuery, AuditRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { iso, likePattern, pagedList, whereOf } from '../../platform/pagination.ts';

const SELECT = sql`select a.id, a.actor_id, a.actor_name, a.action, a.entity, a.entity_id, a.ip, a.at`;

function toRow(r: Record<string, unknown>): AuditRow {
  return {
    id: Number(r.id),
    actor_id: r.actor_id === null ? null : Number(r.actor_id),
    actor_name: (r.actor_name as string | null) ?? null,
    action: String(r.action),
    entity: String(r.entity),
    entity_id: (r.entity_id as string | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    at: iso(r.at),
  };
}

/** Date filters are calendar days in Asia/Jakarta. */
const jakartaDayStart = (d: string) => `${d}T00:00:00+07:00`;

/** The list's filters as conditions on `audit_log a`; the list and its export (log-history.export.ts) share them. */
export const logHistoryFilters = (q: AuditListQuery) => [
  q.actor_id ? sql`a.actor_id = ${q.actor_id}` : undefined,
  q.entity ? sql`a.entity = ${q.entity}` : undefined,
  q.action ? sql`a.action = ${q.action}` : undefined,
  q.date_from ? sql`a.at >= ${jakartaDayStart(q.date_from)}::timestamptz` : undefined,
  q.date_to ? sql`a.at < ${jakartaDayStart(q.date_to)}::timestamptz + interval '1 day'` : undefined,
  q.search ? sql`(a.actor_name ilike ${likePattern(q.search)} or a.entity_id = ${q.search})` : undefined,
];

export class LogHistoryService {
  constructor(private readonly db: Db) {}

  async list(q: AuditListQuery) {
    const where = whereOf(logHistoryFilters(q));
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, { select: SELECT, from: sql`from audit_log a`, where, orderBy: sql`a.at ${dir}, a.id ${dir}`, page: q });
    return { data: page.data.map(toRow), meta: page.meta };
  }

  async get(id: number): Promise<AuditDetail> {
    const row = (await queryRows(this.db, sql`${SELECT}, a.before, a.after from audit_log a where a.id = ${id}`))[0];
    if (!row) throw notFound('Log entry');
    return { ...toRow(row), before: row.before ?? null, after: row.after ?? null };
  }
}
