import { sql } from 'drizzle-orm';
import { auditListQuery } from '@portal/contract';
import { defineExport } from '../../platform/exports/index.ts';
import { logHistoryFilters } from './log-history.service.ts';

/** Log History as a file (spec section 9: `export_log`), with the list's filters and order (newest first by default). */
export const logHistoryExport = defineExport({
  name: 'export_log',
  sheetName: 'Log History',
  entries: ['cms.log-history'],
  listQuery: auditListQuery,
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'at', label: 'Time (WIB)', format: 'datetime' },
    { key: 'actor_name', label: 'User' },
    { key: 'action', label: 'Action' },
    { key: 'entity', label: 'Entity' },
    { key: 'entity_id', label: 'Record ID' },
    { key: 'ip', label: 'IP Address' },
  ],
  source: (q) => ({
    select: sql`select a.id, a.at, a.actor_name, a.action, a.entity, a.entity_id, a.ip`,
    from: sql`from audit_log a`,
    where: logHistoryFilters(q),
    // The list's order: time, then id (the audit_log indexes end in (at, id), so every batch is an index range).
    keys: ['a.at', 'a.id'],
    keyColumns: ['at', 'id'],
    dir: q.sort_dir,
  }),
});
