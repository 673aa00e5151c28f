import { sql } from 'drizzle-orm';
import { auditRow, type AuditDetail, type AuditListQuery } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern, pagedList, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select a.id, a.actor_id, a.actor_name, a.action, a.entity, a.entity_id, a.ip, a.at`;

const toRow = rowReader(auditRow);

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
