import { sql, type SQL } from 'drizzle-orm';
import {
  partnerCreateBody,
  partnerDetail,
  partnerRow,
  partnerUpdateBody,
  VOUCHER_ORDER_OPEN_CREDIT,
  type PartnerDetail,
  type PartnerListQuery,
  type PartnerRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/**
 * The credit a partner has in use: the total of its credit orders still open (placed, not refused, payment not yet
 * confirmed), read per partner through the orders' partner index.
 */
export const creditUsedOf = (partnerId: SQL): SQL =>
  sql`(select coalesce(sum(o.total_amount), 0) from voucher_orders o
    where o.partner_id = ${partnerId} and o.payment_method = 'credit' and o.status in (${sql.join(
      VOUCHER_ORDER_OPEN_CREDIT.map((s) => sql`${s}`),
      sql`, `,
    )}))`;

/** A partner row with its PIC, its credit in use (`cu.used`) and its editors: what the partner and credit-limit lists read. */
export const PARTNER_FROM = sql`from partners p left join users pic on pic.id = p.pic_user_id
  left join users cb on cb.id = p.created_by left join users ub on ub.id = p.updated_by
  cross join lateral (select ${creditUsedOf(sql`p.id`)} as used) cu`;

/** Both lists filter, search and sort on the partners table alone: a page's ids are chosen there, its rows read after. */
export const partnersOnly = () => sql`from partners p`;
export const partnerSearch = (pattern: string) => sql`(lower(p.name) like lower(${pattern}) or lower(p.partner_code) like lower(${pattern}))`;

/** Today in Asia/Jakarta, the calendar cooperation periods are written in. */
const JAKARTA_TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

const readPeriods = rowReader(partnerDetail.pick({ periods: true }));

/** cms Voucher digital, Partner Management: the business clients on the generic resource layer. */
export const partnerDef: ResourceDef<PartnerRow, PartnerListQuery> = {
  entity: 'partner',
  label: 'Partner',
  table: 'partners',
  select: sql`select p.id, p.partner_code, p.name, p.npwp, p.address, p.email, p.phone, p.contact_name, p.contact_email, p.contact_phone,
    p.pic_user_id, pic.name as pic_user_name, p.credit_limit, cu.used as credit_used, p.credit_limit - cu.used as credit_available,
    (select max(pp.ends_on)::text from partner_periods pp where pp.partner_id = p.id and pp.starts_on <= ${JAKARTA_TODAY} and pp.ends_on >= ${JAKARTA_TODAY}) as period_ends_on,
    p.status, p.created_at, cb.name as created_by_name, p.updated_at, ub.name as updated_by_name, p.version`,
  from: PARTNER_FROM,
  countFrom: partnersOnly,
  pageFrom: partnersOnly,
  id: 'p.id',
  toRow: rowReader(partnerRow),
  sort: { updated_at: 'p.updated_at', name: 'lower(p.name)', partner_code: 'lower(p.partner_code)' },
  search: partnerSearch,
  where: (q) => [q.status !== undefined ? sql`p.status = ${q.status}` : undefined, q.pic_user_id !== undefined ? sql`p.pic_user_id = ${q.pic_user_id}` : undefined],
  // The credit limit is not in the partner's bodies: it is set on the Credit Limit screen (credit-limit.resource.ts).
  writable: writableColumns([partnerCreateBody, partnerUpdateBody]),
  unique: [{ column: 'partner_code', label: 'Partner code', caseInsensitive: true }],
  check: async (tx, body, current) => {
    // A new PIC must be an active staff user; a partner whose PIC has since left keeps them until someone is chosen.
    if (typeof body.pic_user_id !== 'number' || body.pic_user_id === current?.pic_user_id) return;
    const found = await queryRows(tx, sql`select 1 from users where id = ${body.pic_user_id} and deleted_at is null and status = 1`);
    if (!found.length) throw badRequest('PIC must be an active staff user', [{ path: 'pic_user_id', message: 'PIC must be an active staff user' }]);
  },
  // What the partner is, not what is computed about it (credit in use, the running period) nor the names of users.
  auditView: ({ pic_user_name: _p, credit_used: _u, credit_available: _a, period_ends_on: _e, created_by_name: _c, updated_by_name: _b, periods: _s, ...rest }: Record<string, unknown>) => rest,
};

/** Partners: the generic resource, its detail carrying its cooperation periods, the newest first. */
export class PartnerService extends ResourceService<PartnerRow, PartnerListQuery> {
  constructor(db: Db) {
    super(partnerDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<PartnerDetail> {
    const row = await super.get(id, tx);
    const periods = await queryRows(
      tx,
      sql`select pp.id, pp.agreement_no, pp.starts_on::text as starts_on, pp.ends_on::text as ends_on, pp.note, pp.created_at, u.name as created_by_name
        from partner_periods pp left join users u on u.id = pp.created_by where pp.partner_id = ${row.id} order by pp.starts_on desc, pp.id desc`,
    );
    return { ...row, ...readPeriods({ periods }) };
  }
}
