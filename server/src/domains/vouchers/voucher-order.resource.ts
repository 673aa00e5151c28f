import { sql } from 'drizzle-orm';
import { voucherOrderDetail, voucherOrderRow, type VoucherOrderDetail, type VoucherOrderListQuery, type VoucherOrderRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const readDetail = rowReader(voucherOrderDetail.pick({ note: true, payment_ref: true, payment_amount: true, payment_date: true, reason: true, quotation_no: true, receipt_no: true, released_at: true, partner: true, items: true, events: true }));

/** cms Voucher digital, Order Voucher Management: the list and detail of clients' orders (written by VoucherOrderService). */
export const voucherOrderDef: ResourceDef<VoucherOrderRow, VoucherOrderListQuery> = {
  entity: 'voucher-order',
  label: 'Voucher order',
  table: 'voucher_orders',
  select: sql`select o.id, o.order_number, o.partner_id, p.partner_code, p.name as partner_name, o.status, o.payment_method, o.total_amount,
    o.voucher_count, o.released_count, o.created_at, cb.name as created_by_name, o.updated_at, ub.name as updated_by_name, o.version`,
  from: sql`from voucher_orders o join partners p on p.id = o.partner_id left join users cb on cb.id = o.created_by left join users ub on ub.id = o.updated_by`,
  countFrom: (q) => (q.search ? sql`from voucher_orders o join partners p on p.id = o.partner_id` : sql`from voucher_orders o`),
  id: 'o.id',
  toRow: rowReader(voucherOrderRow),
  sort: { created_at: 'o.created_at', order_number: 'o.order_number', total_amount: 'o.total_amount' },
  search: (pattern) => sql`(o.order_number like upper(${pattern}) or lower(p.name) like lower(${pattern}) or lower(p.partner_code) like lower(${pattern}))`,
  where: (q) => [
    q.status ? sql`o.status = ${q.status}` : undefined,
    q.partner_id !== undefined ? sql`o.partner_id = ${q.partner_id}` : undefined,
    q.payment_method ? sql`o.payment_method = ${q.payment_method}` : undefined,
    q.order_number ? sql`o.order_number = ${q.order_number.toUpperCase()}` : undefined,
    ...daysBetween('o.created_at', q.date_from, q.date_until),
  ],
  // Orders are written only by the service's placement and moves.
  writable: [],
};

/** Voucher orders as read: the generic list, and the detail with its client, lines and timeline. */
export class VoucherOrderQueries extends ResourceService<VoucherOrderRow, VoucherOrderListQuery> {
  constructor(db: Db) {
    super(voucherOrderDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<VoucherOrderDetail> {
    const row = await super.get(id, tx);
    const [more] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select o.note, o.payment_ref, o.payment_amount, to_char(o.payment_date, 'YYYY-MM-DD') as payment_date, o.reason, o.quotation_no, o.receipt_no, o.released_at,
        json_build_object('name', p.name, 'npwp', p.npwp, 'address', p.address, 'email', p.email, 'phone', p.phone,
          'contact_name', p.contact_name, 'contact_email', p.contact_email, 'contact_phone', p.contact_phone) as partner,
        coalesce((select json_agg(json_build_object('voucher_product_id', i.voucher_product_id, 'voucher_code', v.voucher_code, 'name', v.name,
          'denomination', i.denomination, 'quantity', i.quantity, 'release_amount', i.release_amount, 'amount', i.quantity * i.denomination,
          'validity_days', v.validity_days) order by v.voucher_code)
          from voucher_order_items i join voucher_products v on v.id = i.voucher_product_id where i.order_id = o.id), '[]'::json) as items,
        coalesce((select json_agg(json_build_object('id', e.id, 'action', e.action, 'from_status', e.from_status, 'to_status', e.to_status,
          'actor_id', e.actor_id, 'actor_name', u.name, 'note', e.note, 'at', e.at) order by e.at, e.id)
          from voucher_order_events e left join users u on u.id = e.actor_id where e.order_id = o.id), '[]'::json) as events
      from voucher_orders o join partners p on p.id = o.partner_id where o.id = ${row.id}`,
    );
    if (!more) throw notFound('Voucher order');
    return { ...row, ...readDetail(more) };
  }
}
