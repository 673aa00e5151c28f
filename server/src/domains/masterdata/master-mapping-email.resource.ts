import { sql } from 'drizzle-orm';
import {
  masterMappingEmailCreateBody,
  masterMappingEmailRow,
  masterMappingEmailUpdateBody,
  type MasterMappingEmailListQuery,
  type MasterMappingEmailRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { conflictOn, ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select m.id, m.user_id, m.parent_id, json_build_object('id', u.id, 'email', u.email, 'name', u.name, 'username', u.username) as "user",
  case when p.id is null then null else json_build_object('id', pu.id, 'email', pu.email, 'name', pu.name, 'username', pu.username) end as parent_user,
  (select count(*) from master_mapping_emails c where c.parent_id = m.id)::int as child_count,
  m.created_at, m.updated_at, ub.name as updated_by_name, m.version`;
const FROM = sql`from master_mapping_emails m join users u on u.id = m.user_id
  left join master_mapping_emails p on p.id = m.parent_id left join users pu on pu.id = p.user_id
  left join users ub on ub.id = m.updated_by`;

const toRow = rowReader(masterMappingEmailRow);

/** The deepest escalation chain looked at when checking for a cycle (a real tree is a few levels deep). */
const MAX_DEPTH = 100;

/**
 * A user appears once; a mapping never escalates to itself, directly or through its own escalations. Tree edits are
 * serialised with a table lock so two concurrent moves cannot close a loop between them.
 */
async function checkMapping(tx: Tx, body: Record<string, unknown>, current: MasterMappingEmailRow | null): Promise<void> {
  const userId = body.user_id as number | undefined;
  if (userId !== undefined && userId !== current?.user_id) {
    const taken = await queryRows<{ name: string }>(
      tx,
      sql`select u.name from master_mapping_emails m join users u on u.id = m.user_id where m.user_id = ${userId} ${current ? sql`and m.id <> ${current.id}` : sql``}`,
    );
    if (taken[0]) throw conflictOn('user_id', `${taken[0].name} is already in the mapping`);
  }
  const parentId = body.parent_id as number | null | undefined;
  if (parentId === undefined || parentId === null || !current) return;
  if (parentId === current.id) throw badRequest('A mapping cannot escalate to itself', [{ path: 'parent_id', message: 'A mapping cannot escalate to itself' }]);
  await tx.execute(sql`lock table master_mapping_emails in share row exclusive mode`);
  const loop = await queryRows(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 1 from master_mapping_emails where id = ${parentId}
          union all
          select m.id, m.parent_id, up.depth + 1 from master_mapping_emails m join up on m.id = up.parent_id where up.depth < ${MAX_DEPTH}
        ) select 1 from up where id = ${current.id} limit 1`,
  );
  if (loop.length) {
    const message = 'The chosen parent escalates to this mapping already, so this would make a loop';
    throw badRequest(message, [{ path: 'parent_id', message }]);
  }
}

export const masterMappingEmailDef: ResourceDef<MasterMappingEmailRow, MasterMappingEmailListQuery> = {
  entity: 'master-mapping-email',
  label: 'Mapping',
  table: 'master_mapping_emails',
  select: SELECT,
  from: FROM,
  id: 'm.id',
  toRow,
  sort: { name: 'lower(u.name)', email: 'lower(u.email)', updated_at: 'm.updated_at', created_at: 'm.created_at' },
  search: (pattern) => sql`(u.name ilike ${pattern} or u.email ilike ${pattern} or u.username ilike ${pattern})`,
  where: (q) => [
    q.parent_id ? sql`m.parent_id = ${q.parent_id}` : undefined,
    q.user_id ? sql`m.user_id = ${q.user_id}` : undefined,
    q.is_root === undefined ? undefined : q.is_root ? sql`m.parent_id is null` : sql`m.parent_id is not null`,
  ],
  writable: writableColumns([masterMappingEmailCreateBody, masterMappingEmailUpdateBody]),
  references: [
    { column: 'user_id', table: 'users', label: 'User', where: 'deleted_at is null' },
    { column: 'parent_id', table: 'master_mapping_emails', label: 'Parent mapping' },
  ],
  check: checkMapping,
  auditView: (r) => ({ id: r.id, user_id: r.user_id, user_email: r.user.email, parent_id: r.parent_id, parent_email: r.parent_user?.email ?? null, version: r.version }),
  allLimit: 1000,
};

/** The generic resource, with a delete that names the mappings still escalating to the one removed. */
export class MasterMappingEmailService extends ResourceService<MasterMappingEmailRow, MasterMappingEmailListQuery> {
  constructor(db: Db) {
    super(masterMappingEmailDef, db);
  }

  override async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const row = await this.get(id);
    if (row.child_count > 0) {
      throw conflict(`${row.child_count} mapping${row.child_count === 1 ? '' : 's'} escalate${row.child_count === 1 ? 's' : ''} to ${row.user.name}; move or delete ${row.child_count === 1 ? 'it' : 'them'} first`);
    }
    await super.remove(id, ctx, version);
  }

  /** Which of these users are mapped already (the picker marks them). */
  async mappedUsers(userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await queryRows<{ id: number; user_id: number }>(
      this.db,
      sql`select id, user_id from master_mapping_emails where user_id in (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)})`,
    );
    return new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
  }
}
