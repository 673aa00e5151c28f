import { sql, type SQL } from 'drizzle-orm';
import { jakartaDay, voucherRow, type VoucherListQuery, type VoucherRow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const readRow = rowReader(voucherRow);

// The list row carries `updated_at`, `updated_by_name` and `version` for the generic layer (vouchers have no staff edit).
type VoucherRecord = VoucherRow & { updated_at: string; updated_by_name: string | null; version: number };

/** A voucher's status on a Jakarta day, as SQL over `v`. */
export const voucherStatusSql = (today: string): SQL =>
  sql`case when v.used_at is not null then 'used' when v.valid_until < ${today}::date then 'expired' else 'active' end`;

/** The status filter as conditions that can use the indexes (used: the partial index on used_at). */
function statusCondition(status: VoucherListQuery['status'], today: string): SQL | undefined {
  if (status === 'used') return sql`v.used_at is not null`;
  if (status === 'expired') return sql`v.used_at is null and v.valid_until < ${today}::date`;
  if (status === 'active') return sql`v.used_at is null and v.valid_until >= ${today}::date`;
  return undefined;
}

/** Issued vouchers, an order's or the chain's, with their status today and their code masked: 1234 •••• •••• 5678. */
export function voucherDef(clock: Clock): ResourceDef<VoucherRecord, VoucherListQuery> {
  const today = () => jakartaDay(clock.now());
  return {
    entity: 'voucher',
    label: 'Voucher',
    table: 'vouchers',
    get select() {
      return sql`select v.id, left(v.code, 4) || ' •••• •••• ' || right(v.code, 4) as masked_code, ${voucherStatusSql(today())} as status,
        v.denomination, p.voucher_code, p.name as voucher_name, v.partner_id, pa.name as partner_name, v.order_id, o.order_number,
        v.released_at, to_char(v.valid_until, 'YYYY-MM-DD') as valid_until, v.used_at, s.code as used_store_code,
        v.released_at as updated_at, null::text as updated_by_name, 1 as version`;
    },
    from: sql`from vouchers v join voucher_products p on p.id = v.voucher_product_id join partners pa on pa.id = v.partner_id
      join voucher_orders o on o.id = v.order_id left join stores s on s.id = v.used_store_id`,
    countFrom: () => sql`from vouchers v`,
    pageFrom: () => sql`from vouchers v`,
    id: 'v.id',
    toRow: (r) => ({ ...readRow(r), updated_at: String(r.updated_at), updated_by_name: null, version: 1 }),
    sort: { released_at: 'v.released_at', used_at: 'v.used_at', denomination: 'v.denomination' },
    where: (q) => [
      q.order_id !== undefined ? sql`v.order_id = ${q.order_id}` : undefined,
      q.partner_id !== undefined ? sql`v.partner_id = ${q.partner_id}` : undefined,
      statusCondition(q.status, today()),
      ...daysBetween('v.released_at', q.date_from, q.date_until),
    ],
    writable: [],
  };
}

export class VoucherListService extends ResourceService<VoucherRecord, VoucherListQuery> {
  constructor(db: Db, clock: Clock) {
    super(voucherDef(clock), db);
  }
}
