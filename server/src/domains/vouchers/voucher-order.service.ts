import { sql } from 'drizzle-orm';
import {
  VOUCHER_ORDER_FINAL,
  VOUCHER_ORDER_MOVES,
  VOUCHER_ORDER_STATUS,
  canMoveVoucherOrder,
  formatDate,
  formatRupiah,
  jakartaDay,
  jakartaDayStart,
  voucherOrderCheckerDiffers,
  voucherOrderCreateBody,
  type VoucherOrderAction,
  type VoucherOrderDetail,
  type VoucherOrderMoveBodies,
  type VoucherOrderPayment,
  type VoucherOrderStatus,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { creditUsedOf } from './partner.resource.ts';
import { VoucherOrderQueries } from './voucher-order.resource.ts';

/** The job that generates a released order's voucher codes (voucher-release.job.ts). */
export const VOUCHER_RELEASE_JOB = 'voucher-orders.release';

const statusText = (s: VoucherOrderStatus) => VOUCHER_ORDER_STATUS.label(s);
const dayText = (day: string) => formatDate(jakartaDayStart(day));

/** A document's number: its kind, the Jakarta year and month of issue, and its place in the kind's sequence (QUO/2026/11/000042). */
const documentNumber = (kind: 'QUO' | 'KWT', sequence: string, now: Date) =>
  sql`${kind} || '/' || to_char(${now}::timestamptz at time zone 'Asia/Jakarta', 'YYYY/MM') || '/' || lpad(nextval(${sequence})::text, 6, '0')`;

interface LockedOrder {
  status: VoucherOrderStatus;
  version: number;
  total_amount: number;
  created_at: Date;
  updated_by_name: string | null;
  updated_at: Date;
}

/**
 * Clients' voucher orders: placing one (its client active and under a cooperation period today, its voucher products
 * on sale, a credit order within the client's credit limit), the workflow's moves (contract/workflows/voucher-order.ts:
 * state, grant and maker-checker by person), and a line's release amount before release. Each write locks the order
 * (or, for a placement, the client) and checks the version the writer saw, in one transaction with its timeline entry
 * and audit entry.
 */
export class VoucherOrderService extends VoucherOrderQueries {
  constructor(
    db: Db,
    private readonly jobs?: JobQueue,
  ) {
    super(db);
  }

  override async create(raw: Record<string, unknown>, ctx: AuditContext): Promise<VoucherOrderDetail> {
    const body = voucherOrderCreateBody.parse(raw);
    const id = await this.db.transaction(async (tx) => {
      const [partner] = await queryRows<{ name: string; status: number; credit_limit: string }>(
        tx,
        sql`select name, status, credit_limit from partners where id = ${body.partner_id} for update`,
      );
      if (!partner) throw badRequest('Validation failed', [{ path: 'partner_id', message: 'Partner does not exist' }]);
      if (Number(partner.status) !== 1) throw unprocessable(`${partner.name} is inactive: activate the partner before placing an order`);
      const today = jakartaDay(ctx.now);
      const [period] = await queryRows(tx, sql`select 1 from partner_periods where partner_id = ${body.partner_id} and starts_on <= ${today}::date and ends_on >= ${today}::date`);
      if (!period) throw unprocessable(`${partner.name} has no cooperation period covering today (${dayText(today)}): add a period first`);

      const ids = body.items.map((i) => i.voucher_product_id);
      const products = await queryRows<{ id: number; voucher_code: string; denomination: string; status: number }>(
        tx,
        sql`select id, voucher_code, denomination, status from voucher_products where id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      const byId = new Map(products.map((p) => [Number(p.id), p]));
      const missing = body.items.flatMap((item, i) => (byId.has(item.voucher_product_id) ? [] : [{ path: `items.${i}.voucher_product_id`, message: 'Voucher does not exist' }]));
      if (missing.length) throw badRequest('Validation failed', missing);
      const withdrawn = products.filter((p) => Number(p.status) !== 1).map((p) => p.voucher_code);
      if (withdrawn.length) throw unprocessable(`${withdrawn.join(', ')} ${withdrawn.length > 1 ? 'are' : 'is'} no longer sold: remove ${withdrawn.length > 1 ? 'them' : 'it'} from the order`);

      const total = body.items.reduce((sum, i) => sum + i.quantity * Number(byId.get(i.voucher_product_id)?.denomination), 0);
      const count = body.items.reduce((sum, i) => sum + i.quantity, 0);
      if (body.payment_method === 'credit') {
        // The client's row is locked, so no other credit order of this client is placed between the sum and the insert.
        const [open] = await queryRows<{ used: string }>(tx, sql`select ${creditUsedOf(sql`${body.partner_id}`)} as used`);
        const available = Number(partner.credit_limit) - Number(open?.used ?? 0);
        if (total > available) {
          throw unprocessable(`This order of ${formatRupiah(total)} exceeds ${partner.name}'s available credit of ${formatRupiah(Math.max(available, 0))} (limit ${formatRupiah(Number(partner.credit_limit))}): pay by transfer or raise the credit limit`);
        }
      }

      const actor = ctx.actor?.userId ?? null;
      const [order] = await queryRows<{ id: number; order_number: string }>(
        tx,
        sql`insert into voucher_orders (order_number, partner_id, payment_method, total_amount, voucher_count, note, created_at, created_by, updated_at, updated_by)
          values ('EVO-' || to_char(${ctx.now}::timestamptz at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(nextval('voucher_order_no_seq')::text, 6, '0'),
            ${body.partner_id}, ${body.payment_method}, ${total}, ${count}, ${body.note ?? null}, ${ctx.now}, ${actor}, ${ctx.now}, ${actor})
          returning id, order_number`,
      );
      const orderId = Number(order?.id);
      await tx.execute(sql`insert into voucher_order_items (order_id, voucher_product_id, quantity, denomination, release_amount)
        select ${orderId}, i.product, i.quantity, v.denomination, i.quantity
        from json_to_recordset(${JSON.stringify(body.items.map((i) => ({ product: i.voucher_product_id, quantity: i.quantity })))}::json) as i(product int, quantity int)
        join voucher_products v on v.id = i.product`);
      await tx.execute(sql`insert into voucher_order_events (order_id, action, from_status, to_status, actor_id, note, at)
        values (${orderId}, 'place', null, 'new', ${actor}, ${body.note ?? null}, ${ctx.now})`);
      await writeAudit(tx, ctx, { action: 'voucher-order.create', entity: 'voucher-order', entityId: orderId, after: { order_number: order?.order_number, ...body, total_amount: total } });
      return orderId;
    });
    return this.get(id);
  }

  /**
   * One move of the workflow; 409 from a state it does not allow or for a stale version, 422 when the checker made the
   * maker move. In `outer` (a bulk file's commit) it joins that transaction, and a release's job starts at the queue's next poll.
   */
  async move<A extends VoucherOrderAction>(id: number, action: A, body: VoucherOrderMoveBodies[A], ctx: AuditContext, outer?: Tx): Promise<VoucherOrderDetail> {
    const released = outer ? await this.moveIn(outer, id, action, body, ctx) : await this.db.transaction((tx) => this.moveIn(tx, id, action, body, ctx));
    if (released && !outer) this.jobs?.wake(VOUCHER_RELEASE_JOB);
    return this.get(id, outer ?? this.db);
  }

  /** The move in `tx`; answers whether it released the order (its job queued in `tx`). */
  private async moveIn<A extends VoucherOrderAction>(tx: Tx, id: number, action: A, body: VoucherOrderMoveBodies[A], ctx: AuditContext): Promise<boolean> {
    const order = await this.lock(tx, id, body.version);
    if (!canMoveVoucherOrder(action, order.status)) throw conflict(`This voucher order is ${statusText(order.status)}: it cannot be moved by ${action.replaceAll('_', ' ')}`);
    const move = VOUCHER_ORDER_MOVES[action];
    const actor = ctx.actor?.userId ?? 0;
    if (move.checks) {
      const makers = await queryRows<{ action: VoucherOrderAction; actor_id: number }>(
        tx,
        sql`select distinct on (action) action, actor_id from voucher_order_events where order_id = ${id} and action = ${move.checks} order by action, at desc, id desc`,
      );
      const movedBy = Object.fromEntries(makers.map((m) => [m.action, Number(m.actor_id)]));
      if (!voucherOrderCheckerDiffers(action, actor, movedBy)) {
        throw unprocessable(`You made the ${move.checks.replaceAll('_', ' ')} step of this order: ${action.replaceAll('_', ' ')} must be done by someone else`);
      }
    }
    const reason = 'reason' in body ? body.reason : null;
    const payment = action === 'payment_verify' ? (body as VoucherOrderPayment) : null;
    if (payment) this.checkPayment(payment, order, ctx.now);
    await tx.execute(sql`update voucher_orders set status = ${move.to}, version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null},
        reason = case when ${move.to === 'pic_rejected' || move.to === 'payment_rejected'} then ${reason} else reason end,
        payment_ref = coalesce(${payment?.payment_ref ?? null}, payment_ref),
        payment_amount = coalesce(${payment?.payment_amount ?? null}, payment_amount),
        payment_date = coalesce(${payment?.payment_date ?? null}::date, payment_date),
        quotation_no = case when ${action === 'pic_process'} then ${documentNumber('QUO', 'voucher_quotation_no_seq', ctx.now)} else quotation_no end,
        receipt_no = case when ${action === 'payment_date_verify'} then ${documentNumber('KWT', 'voucher_receipt_no_seq', ctx.now)} else receipt_no end
      where id = ${id}`);
    const note = payment ? `${payment.payment_ref} · ${formatRupiah(payment.payment_amount)} · ${dayText(payment.payment_date)}` : reason;
    await tx.execute(sql`insert into voucher_order_events (order_id, action, from_status, to_status, actor_id, note, at)
      values (${id}, ${action}, ${order.status}, ${move.to}, ${ctx.actor?.userId ?? null}, ${note}, ${ctx.now})`);
    await writeAudit(tx, ctx, { action: `voucher-order.${action}`, entity: 'voucher-order', entityId: id, before: { status: order.status }, after: { status: move.to, reason, payment } });
    if (action === 'release') await this.jobs?.send(VOUCHER_RELEASE_JOB, { order_id: id }, { tx, singletonKey: String(id) });
    return action === 'release';
  }

  /** A client voucher's release amount (the line named by its voucher code), until the order is released or closed. */
  async setReleaseAmount(id: number, code: string, body: { version: number; release_amount: number }, ctx: AuditContext): Promise<VoucherOrderDetail> {
    await this.db.transaction(async (tx) => {
      const order = await this.lock(tx, id, body.version);
      if (VOUCHER_ORDER_FINAL.includes(order.status)) throw conflict(`This voucher order is ${statusText(order.status)}: its release amounts can no longer change`);
      const [line] = await queryRows<{ quantity: number; release_amount: number }>(
        tx,
        sql`select i.quantity, i.release_amount from voucher_order_items i join voucher_products v on v.id = i.voucher_product_id
          where i.order_id = ${id} and upper(v.voucher_code) = ${code}`,
      );
      if (!line) throw notFound(`Voucher ${code} in this order`);
      if (body.release_amount > Number(line.quantity)) {
        throw badRequest('Validation failed', [{ path: 'release_amount', message: `Release amount is at most the ${Number(line.quantity).toLocaleString('id-ID')} vouchers ordered` }]);
      }
      await tx.execute(sql`update voucher_order_items i set release_amount = ${body.release_amount} from voucher_products v
        where v.id = i.voucher_product_id and i.order_id = ${id} and upper(v.voucher_code) = ${code}`);
      await tx.execute(sql`update voucher_orders set version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      await writeAudit(tx, ctx, { action: 'voucher-order.release-amount', entity: 'voucher-order', entityId: id, before: { code, release_amount: Number(line.release_amount) }, after: { code, release_amount: body.release_amount } });
    });
    return this.get(id);
  }

  private async lock(tx: Tx, id: number, version: number): Promise<LockedOrder> {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select o.status, o.version, o.total_amount, o.created_at, o.updated_at, u.name as updated_by_name
        from voucher_orders o left join users u on u.id = o.updated_by where o.id = ${id} for update of o`,
    );
    if (!row) throw notFound('Voucher order');
    const order: LockedOrder = {
      status: row.status as VoucherOrderStatus,
      version: Number(row.version),
      total_amount: Number(row.total_amount),
      created_at: new Date(String(row.created_at)),
      updated_at: new Date(String(row.updated_at)),
      updated_by_name: (row.updated_by_name as string | null) ?? null,
    };
    if (order.version !== version) throw staleVersion('voucher order', order.updated_by_name, order.updated_at);
    return order;
  }

  /** The transfer finance records must pay the order's total exactly, on a day between the order and today (Asia/Jakarta). */
  private checkPayment(p: { payment_amount: number; payment_date: string }, order: LockedOrder, now: Date): void {
    if (p.payment_amount !== order.total_amount) {
      throw unprocessable(`The transfer of ${formatRupiah(p.payment_amount)} does not match the order's total of ${formatRupiah(order.total_amount)}: reject the payment or ask the client to settle the difference`);
    }
    const ordered = jakartaDay(order.created_at);
    if (p.payment_date > jakartaDay(now)) throw badRequest('Validation failed', [{ path: 'payment_date', message: 'Payment date cannot be in the future' }]);
    if (p.payment_date < ordered) throw badRequest('Validation failed', [{ path: 'payment_date', message: `Payment date cannot be before the order was placed (${dayText(ordered)})` }]);
  }
}
