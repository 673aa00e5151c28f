import { sql } from 'drizzle-orm';
import { groupStoreCreateBody, groupStoreRow, groupStoreUpdateBody, type GroupStoreListQuery, type GroupStoreRow } from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select g.id, g.code, g.name, g.description, g.status,
  (select count(*) from stores s where s.group_store_id = g.id)::int as store_count,
  g.created_at, g.updated_at, ub.name as updated_by_name, g.version`;
const FROM = sql`from group_stores g left join users ub on ub.id = g.updated_by`;

/** Group stores: a store belongs to at most one; one with stores cannot be deleted (409). */
export const groupStoreDef: ResourceDef<GroupStoreRow, GroupStoreListQuery> = {
  entity: 'group-store',
  label: 'Group store',
  table: 'group_stores',
  select: SELECT,
  from: FROM,
  id: 'g.id',
  toRow: rowReader(groupStoreRow),
  sort: { name: 'lower(g.name)', code: 'lower(g.code)', updated_at: 'g.updated_at', created_at: 'g.created_at' },
  search: (pattern) => sql`(lower(g.name) like lower(${pattern}) or lower(g.code) like lower(${pattern}))`,
  where: (q) => [q.status ? sql`g.status = ${q.status}` : undefined],
  writable: writableColumns([groupStoreCreateBody, groupStoreUpdateBody]),
  unique: [{ column: 'code', label: 'Group store code', caseInsensitive: true }],
  auditView: ({ updated_by_name: _u, store_count: _s, ...rest }) => rest,
  allLimit: 500,
};
