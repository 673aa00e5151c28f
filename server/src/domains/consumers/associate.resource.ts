import { sql } from 'drizzle-orm';
import {
  associateCreateBody,
  associateHistoryRow,
  associateRow,
  associateUpdateBody,
  type AssociateHistoryQuery,
  type AssociateHistoryRow,
  type AssociateListQuery,
  type AssociateRow,
  type ListMeta,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { pagedList, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** The first instant of the current month in Asia/Jakarta. */
const MONTH_START = sql`(date_trunc('month', now() at time zone 'Asia/Jakarta') at time zone 'Asia/Jakarta')`;

const SELECT = sql`select a.id, a.employee_no, a.name, a.email, a.store_id, s.name as store_name, a.department, a.position, a.monthly_quota,
  coalesce((select sum(h.discount) from associate_history h where h.associate_id = a.id and h.at >= ${MONTH_START}), 0) as used_this_month,
  a.joined_on::text as joined_on, a.status, mb.id as member_id, mb.member_no, a.created_at, a.updated_at, ub.name as updated_by_name, a.version`;
const FROM = sql`from associates a left join stores s on s.id = a.store_id left join members mb on mb.employee_no = a.employee_no
  left join users ub on ub.id = a.updated_by`;

const readAssociate = rowReader(associateRow);
/** URLs key an associate by its employee number (the row's `id`); the table's id is `associate_id`. */
const toRow = (r: Record<string, unknown>): AssociateRow => readAssociate({ ...r, id: r.employee_no, associate_id: r.id });
const readHistory = rowReader(associateHistoryRow);

export const associateDef: ResourceDef<AssociateRow, AssociateListQuery> = {
  entity: 'associate',
  label: 'Associate',
  table: 'associates',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from associates a`,
  id: 'a.id',
  toRow,
  sort: { employee_no: 'a.employee_no', name: 'lower(a.name)', joined_on: 'a.joined_on', updated_at: 'a.updated_at' },
  search: (pattern, text) => sql`(a.employee_no = upper(${text.trim()}) or lower(a.name) like lower(${pattern}))`,
  where: (q) => [q.status ? sql`a.status = ${q.status}` : undefined, q.store_id ? sql`a.store_id = ${q.store_id}` : undefined],
  writable: writableColumns([associateCreateBody, associateUpdateBody]),
  references: [{ column: 'store_id', table: 'stores', label: 'Store' }],
  unique: [{ column: 'employee_no', label: 'Employee number' }],
  auditView: ({ id: _key, store_name: _s, updated_by_name: _u, used_this_month: _q, member_id: _m, member_no: _n, ...rest }) => rest,
};

/**
 * The associate loyalty program on the generic resource layer. Rows are keyed by employee number in URLs (the row's
 * `id`); the table's numeric id (`associate_id`) keys writes, the audit log and the history.
 */
export class AssociateService extends ResourceService<AssociateRow, AssociateListQuery> {
  constructor(db: Db) {
    super(associateDef, db);
  }

  /** The numeric id of an employee number (404 when none). */
  async idOf(employeeNo: string, tx: Db | Tx = this.db): Promise<number> {
    const rows = await queryRows<{ id: number }>(tx, sql`select id from associates where employee_no = ${employeeNo}`);
    if (!rows[0]) throw notFound('Associate');
    return Number(rows[0].id);
  }

  async history(q: AssociateHistoryQuery): Promise<{ data: AssociateHistoryRow[]; meta: ListMeta }> {
    if (q.associateId) {
      const found = await queryRows(this.db, sql`select 1 from associates where id = ${q.associateId}`);
      if (!found.length) throw notFound('Associate');
    }
    const page = await pagedList(this.db, {
      select: sql`select h.id, h.at, h.receipt_no, s.name as store_name, h.amount, h.discount`,
      from: sql`from associate_history h left join stores s on s.id = h.store_id`,
      where: whereOf([q.associateId ? sql`h.associate_id = ${q.associateId}` : undefined]),
      orderBy: sql`h.at desc, h.id desc`,
      page: { page: q.page, limit: q.limit, with_total: q.with_total },
    });
    return {
      data: page.data.map(readHistory),
      meta: page.meta,
    };
  }
}
