import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';

/** An audit entry as a test reads it back. */
export interface AuditLogEntry extends Record<string, unknown> {
  actorId: number | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** Tests only: the audit entries matching `where` (every entry without it), oldest first. */
export function auditEntries(db: Db, where: SQL = sql`true`): Promise<AuditLogEntry[]> {
  return queryRows<AuditLogEntry>(
    db,
    sql`select id, actor_id as "actorId", actor_name as "actorName", action, entity, entity_id as "entityId", before, after, ip, at
        from audit_log where ${where} order by id`,
  );
}
