import { sql } from 'drizzle-orm';
import { stampRewardCreateBody, stampRewardRow, stampRewardUpdateBody, type StampRewardListQuery, type StampRewardRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select r.id, r.programme_id, p.name as programme_name, r.name, r.description, r.stamps_required, r.stock,
  r.start_date::text as start_date, r.end_date::text as end_date, r.image_url, r.status,
  r.created_at, cb.name as created_by_name, r.updated_at, ub.name as updated_by_name, r.version`;
const FROM = sql`from stamp_rewards r join stamp_programmes p on p.id = r.programme_id left join users cb on cb.id = r.created_by left join users ub on ub.id = r.updated_by`;

export const stampRewardDef: ResourceDef<StampRewardRow, StampRewardListQuery> = {
  entity: 'stamp-reward',
  label: 'Reward',
  table: 'stamp_rewards',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from stamp_rewards r`,
  id: 'r.id',
  toRow: rowReader(stampRewardRow),
  sort: { updated_at: 'r.updated_at', name: 'lower(r.name)', stamps_required: 'r.stamps_required', start_date: 'r.start_date', created_at: 'r.created_at' },
  search: (pattern) => sql`lower(r.name) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`r.status = ${q.status}` : undefined,
    q.programme_id ? sql`r.programme_id = ${q.programme_id}` : undefined,
    q.active_on ? sql`r.start_date <= ${q.active_on}::date and r.end_date >= ${q.active_on}::date` : undefined,
  ],
  writable: writableColumns([stampRewardCreateBody, stampRewardUpdateBody]),
  check: async (tx, body) => {
    if (typeof body.programme_id === 'number') await requireIds(tx, [body.programme_id], { table: 'stamp_programmes', field: 'programme_id', label: 'Stamp programme' });
  },
  auditView: ({ created_by_name: _c, updated_by_name: _u, programme_name: _p, ...rest }) => rest,
};

/** Rewards: the generic resource over stamp_rewards. */
export class StampRewardService extends ResourceService<StampRewardRow, StampRewardListQuery> {
  constructor(db: Db) {
    super(stampRewardDef, db);
  }
}
