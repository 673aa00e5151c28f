import { sql, type SQL } from 'drizzle-orm';
import { INDONESIAN_MOBILE, TOP_UP_CANCELLED, maskPhone, normalisePhone, topUpDetail, topUpRow, type TopUpDetail, type TopUpListQuery, type TopUpRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** What a cancelled paid top-up owes the consumer (contract `topUpRefundDue`, in SQL). */
export const TOP_UP_REFUND_DUE = sql.raw(`case when t.paid_at is not null and t.status = ${TOP_UP_CANCELLED} then t.amount else 0 end`);

export const TOP_UP_SELECT = sql`select t.id, t.transaction_no, t.created_at, t.consumer_id, c.name as consumer_name, t.phone_number, t.product_id,
  t.product_type, t.operator, t.product_name, t.denomination, t.amount, t.status, t.payment_status, t.paid_at, t.biller_ref, t.attempts,
  ${TOP_UP_REFUND_DUE} as refund_due, t.updated_at, u.name as updated_by_name, t.version, false as personal_masked`;
export const TOP_UP_FROM = sql`from top_ups t join consumers c on c.id = t.consumer_id left join users u on u.id = t.updated_by`;

/**
 * The search: a transaction number (its start, any case) or a mobile number (whole, in any of its written forms: an
 * exact match, so a masked list cannot be searched digit by digit).
 */
export function topUpSearch(text: string): SQL {
  const typed = text.trim();
  if (INDONESIAN_MOBILE.test(typed.replace(/[\s-]/g, ''))) return sql`t.phone_number = ${normalisePhone(typed.replace(/[\s-]/g, ''))}`;
  return sql`t.transaction_no like ${`${typed.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`;
}

/** The list's filters on the top-ups table alone (the total counts without joins), each served by an index. */
export const topUpConditions = (q: TopUpListQuery): (SQL | undefined)[] => [
  q.status !== undefined ? sql`t.status = ${q.status}` : undefined,
  q.product_type !== undefined ? sql`t.product_type = ${q.product_type}` : undefined,
  q.operator !== undefined ? sql`t.operator = ${q.operator}` : undefined,
  q.consumer_id !== undefined ? sql`t.consumer_id = ${q.consumer_id}` : undefined,
  ...daysBetween('t.created_at', q.date_from, q.date_until),
];

const readRow = rowReader(topUpRow);
const readDetail = rowReader(topUpDetail);

export const topUpDef: ResourceDef<TopUpRow, TopUpListQuery> = {
  entity: 'top-up',
  label: 'Top-up',
  table: 'top_ups',
  select: TOP_UP_SELECT,
  from: TOP_UP_FROM,
  countFrom: () => sql`from top_ups t`,
  id: 't.id',
  toRow: readRow,
  sort: { created_at: 't.created_at', amount: 't.amount' },
  search: (_pattern, text) => topUpSearch(text),
  where: topUpConditions,
  writable: [],
};

/** A top-up as the caller may see it: the numbers masked without the personal-data right. */
export function presentTopUp<T extends TopUpRow>(row: T, unmasked: boolean): T {
  if (unmasked) return row;
  const masked = { ...row, phone_number: maskPhone(row.phone_number), personal_masked: true };
  if ('consumer_phone' in masked) Object.assign(masked, { consumer_phone: maskPhone(masked.consumer_phone as string | null) });
  return masked;
}

/** cms Order Management Digital Product's reads: the list (generic), and a top-up with its timeline. */
export class TopUpService extends ResourceService<TopUpRow, TopUpListQuery> {
  constructor(db: Db) {
    super(topUpDef, db);
  }

  async detail(id: number, tx: Db | Tx = this.db): Promise<TopUpDetail> {
    const [row] = await queryRows(
      tx,
      sql`${TOP_UP_SELECT}, c.phone as consumer_phone, t.biller_code, t.payment_ref, t.payment_expires_at, t.serial_number, t.biller_message, t.cancel_reason,
          coalesce((select json_agg(json_build_object('id', e.id, 'action', e.action, 'from_status', e.from_status, 'to_status', e.to_status,
              'actor_kind', e.actor_kind, 'actor_name', case e.actor_kind when 'staff' then su.name when 'consumer' then c.name end, 'note', e.note,
              'at', e.at) order by e.at, e.id)
            from top_up_events e left join users su on e.actor_kind = 'staff' and su.id = e.actor_id where e.top_up_id = t.id), '[]'::json) as timeline
        ${TOP_UP_FROM} where t.id = ${id}`,
    );
    if (!row) throw notFound('Top-up');
    return readDetail(row);
  }
}
