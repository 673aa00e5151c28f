import { sql } from 'drizzle-orm';
import { memberRow, memberStoreOption, memberUpdateBody, phoneSearchKey, type MemberListQuery, type MemberRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { likePattern } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select m.id, m.consumer_id, m.member_no, c.name, c.phone, c.email, m.tier, m.is_check, m.employee_no, m.home_store_id,
  s.name as home_store_name, c.status as consumer_status, c.stamp_balance, m.joined_at, m.created_at, m.updated_at, ub.name as updated_by_name, m.version`;
const FROM = sql`from members m join consumers c on c.id = m.consumer_id left join stores s on s.id = m.home_store_id left join users ub on ub.id = m.updated_by`;

const readMember = rowReader(memberRow.omit({ personal_masked: true }));
/** A member as stored; `presentConsumer` masks it for a caller without the personal-data right. */
export const toMemberRow = (r: Record<string, unknown>): MemberRow => ({ ...readMember(r), personal_masked: false });
const readStoreOption = rowReader(memberStoreOption);

export const memberDef: ResourceDef<MemberRow, MemberListQuery> = {
  entity: 'member',
  label: 'Member',
  table: 'members',
  select: SELECT,
  from: FROM,
  countFrom: (q) => (q.search ? sql`from members m join consumers c on c.id = m.consumer_id` : sql`from members m`),
  id: 'm.id',
  toRow: toMemberRow,
  sort: { joined_at: 'm.joined_at', member_no: 'm.member_no', name: 'lower(c.name)', updated_at: 'm.updated_at' },
  // Digits: a member number, a phone or a card, each exactly (unique indexes); an e-mail exactly; else a name part.
  search: (pattern, text) => {
    const t = text.trim();
    if (t.includes('@')) return sql`lower(c.email) = lower(${t})`;
    const phone = phoneSearchKey(t);
    const digits = t.replace(/[\s-]/g, '');
    if (phone) return sql`(m.member_no = ${digits} or c.phone = ${phone} or c.app_card_id = ${digits} or c.physical_card_id = ${digits})`;
    return sql`lower(c.name) like lower(${pattern})`;
  },
  where: (q) => [
    q.tier ? sql`m.tier = ${q.tier}` : undefined,
    q.is_check === undefined ? undefined : sql`m.is_check = ${q.is_check}`,
    q.home_store_id ? sql`m.home_store_id = ${q.home_store_id}` : undefined,
  ],
  writable: writableColumns([memberUpdateBody]),
  references: [{ column: 'home_store_id', table: 'stores', label: 'Home store' }],
  unique: [{ column: 'employee_no', label: 'Employee number' }],
  // The log keeps the membership, never the consumer's phone or e-mail.
  auditView: ({ name: _n, phone: _p, email: _e, home_store_name: _s, updated_by_name: _u, personal_masked: _m, stamp_balance: _b, consumer_status: _c, ...rest }) => rest,
};

/** Loyalty memberships on the generic resource layer; their addresses and coupons are their consumer's. */
export class MemberService extends ResourceService<MemberRow, MemberListQuery> {
  constructor(db: Db) {
    super(memberDef, db);
  }

  /** Active stores to choose a home store from, by code or name (50 at most; typing narrows on the server). */
  async storeOptions(search: string | undefined): Promise<{ id: number; code: string; name: string }[]> {
    const pattern = search ? likePattern(search) : null;
    const rows = await queryRows(
      this.db,
      sql`select id, code, name from stores where status = 1 ${pattern ? sql`and (lower(name) like lower(${pattern}) or lower(code) like lower(${pattern}))` : sql``}
        order by lower(name), id limit 50`,
    );
    return rows.map(readStoreOption);
  }

  /** The consumer behind a member (404 for a member that does not exist). */
  async consumerOf(id: number, tx: Db | Tx = this.db): Promise<number> {
    const rows = await queryRows<{ consumer_id: number }>(tx, sql`select consumer_id from members where id = ${id}`);
    if (!rows[0]) throw notFound('Member');
    return Number(rows[0].consumer_id);
  }
}
