import { sql } from 'drizzle-orm';
import {
  stampProgrammeCreateBody,
  stampProgrammeDetail,
  stampProgrammeRow,
  stampProgrammeUpdateBody,
  type StampProgrammeDetail,
  type StampProgrammeListQuery,
  type StampProgrammeRow,
  type StampRule,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { listOf, replaceSet, requireIds, storesOfSet } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select p.id, p.name, p.description, p.start_date::text as start_date, p.end_date::text as end_date, p.seasonality, p.reward_type,
  p.min_transaction, p.stamps_per_multiple, p.sponsor_plus, p.stamps_per_unit, p.extra_stamp, p.extra_stamp_amount, p.multiplier, p.multiplier_value,
  p.member_scope, p.status, p.stamp_validity_days,
  array(select x.store_id from stamp_programme_stores x where x.programme_id = p.id order by x.store_id) as store_ids,
  p.created_at, cb.name as created_by_name, p.updated_at, ub.name as updated_by_name, p.version`;
const FROM = sql`from stamp_programmes p left join users cb on cb.id = p.created_by left join users ub on ub.id = p.updated_by`;

const toRow = rowReader(stampProgrammeRow);
const RULE_FIELDS = {
  id: true,
  name: true,
  status: true,
  start_date: true,
  end_date: true,
  reward_type: true,
  min_transaction: true,
  stamps_per_multiple: true,
  sponsor_plus: true,
  stamps_per_unit: true,
  extra_stamp: true,
  extra_stamp_amount: true,
  multiplier: true,
  multiplier_value: true,
  store_ids: true,
  member_scope: true,
} as const;
const toRule = rowReader(stampProgrammeRow.pick(RULE_FIELDS));
/** An active programme as an earn event reads it: its rule, id and name. */
export type ActiveRule = StampRule & { id: number; name: string };

/**
 * The programmes active on a Jakarta day with their earning rules, as one json array: a scalar subquery that a
 * statement doing other work (the earn event's first statement) reads in the same round trip. Read it with activeRules.
 */
export const activeRulesJson = (day: string) =>
  sql`(select coalesce(json_agg(r order by r.id), '[]'::json) from (select p.id, p.name, p.status, p.start_date::text as start_date, p.end_date::text as end_date,
      p.reward_type, p.min_transaction, p.stamps_per_multiple, p.sponsor_plus, p.stamps_per_unit, p.extra_stamp, p.extra_stamp_amount, p.multiplier,
      p.multiplier_value, p.member_scope, array(select x.store_id from stamp_programme_stores x where x.programme_id = p.id order by x.store_id) as store_ids
    from stamp_programmes p where p.status = 1 and p.start_date <= ${day}::date and p.end_date >= ${day}::date) r)`;

/** The rules of activeRulesJson's answer (json, or its text). */
export const activeRules = (v: unknown): ActiveRule[] => {
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? list.map((r) => toRule(r) as ActiveRule) : [];
};
const readStores = rowReader(stampProgrammeDetail.pick({ stores: true }));
const STORES = { table: 'stamp_programme_stores', owner: 'programme_id', column: 'store_id', type: 'int' } as const;

export const stampProgrammeDef: ResourceDef<StampProgrammeRow, StampProgrammeListQuery> = {
  entity: 'stamp-programme',
  label: 'Stamp programme',
  table: 'stamp_programmes',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from stamp_programmes p`,
  id: 'p.id',
  toRow,
  sort: { updated_at: 'p.updated_at', start_date: 'p.start_date', name: 'lower(p.name)', created_at: 'p.created_at' },
  search: (pattern) => sql`lower(p.name) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`p.status = ${q.status}` : undefined,
    q.reward_type ? sql`p.reward_type = ${q.reward_type}` : undefined,
    q.seasonality ? sql`p.seasonality = ${q.seasonality}` : undefined,
    q.active_on ? sql`p.start_date <= ${q.active_on}::date and p.end_date >= ${q.active_on}::date` : undefined,
  ],
  // Sponsor PLUs are a text[] column and stores a set beside the row: both written in afterWrite.
  writable: writableColumns([stampProgrammeCreateBody, stampProgrammeUpdateBody], { notColumns: ['sponsor_plus', 'store_ids'] }),
  check: async (tx, body) => {
    await requireIds(tx, listOf<number>(body.store_ids), { table: 'stores', field: 'store_ids', label: 'Store' });
  },
  afterWrite: async (tx, id, body) => {
    if (Array.isArray(body.sponsor_plus)) {
      await tx.execute(sql`update stamp_programmes set sponsor_plus = array(select json_array_elements_text(${JSON.stringify(body.sponsor_plus)}::json)) where id = ${id}`);
    }
    if (Array.isArray(body.store_ids)) await replaceSet(tx, STORES, id, listOf<number>(body.store_ids));
  },
  // The stores in scope are audited by id (store_ids); their codes and names are the stores' own.
  auditView: ({ created_by_name: _c, updated_by_name: _u, stores: _s, ...rest }: Record<string, unknown>) => rest,
};

/** Stamp programmes: the generic resource, its detail naming the stores in scope; and the active rules an earn event reads. */
export class StampProgrammeService extends ResourceService<StampProgrammeRow, StampProgrammeListQuery> {
  constructor(db: Db) {
    super(stampProgrammeDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<StampProgrammeDetail> {
    const row = await super.get(id, tx);
    return { ...row, ...readStores({ stores: await storesOfSet(tx, STORES, row.id) }) };
  }

  /** The active programmes whose period holds a Jakarta day, with their earning rules. */
  async activeOn(day: string, tx: Db | Tx = this.db): Promise<ActiveRule[]> {
    const [row] = await queryRows<{ rules: unknown }>(tx, sql`select ${activeRulesJson(day)} as rules`);
    return activeRules(row?.rules);
  }
}
