import { sql } from 'drizzle-orm';
import { ORDER_DISTRIBUTED, ORDER_READY_TO_DELIVER, ORDER_STATUS, canOrder, orderMoveTo, returnsStock, type OrderAction } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { requestCourierHandover } from './courier-handover.ts';
import { countOrderMove } from './order-rollup.ts';
import { ORDER_SALE_JOB } from './order-sale.job.ts';
import { givePreOrderBack } from './pre-order-quota.ts';
import { ORDER_SUBJECT, recordMove, refusedMove, type MoveActor } from './workflow-move.ts';

type OrderStatusCode = (typeof ORDER_STATUS.values)[number];
export const statusText = (status: number): string => ORDER_STATUS.label(status as OrderStatusCode);

/** An order's row locked for a change, as its writers read it. */
export interface LockedOrder {
  status: number;
  fulfilment: number;
  version: number;
  store_id: number;
  picked_total: number;
  has_driver: boolean;
}

/**
 * Locks the order's row for the transaction's change (404 when there is none); with the version the writer saw, a newer
 * one answers 409. Every writer of an order (workflow moves, picking, drivers) starts here, so they queue on one lock.
 */
export async function lockOrder(tx: Tx, orderId: number, version?: number): Promise<LockedOrder> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select status, fulfilment, version, store_id, picked_total, driver_name is not null as has_driver from orders where id = ${orderId} for update`,
  );
  if (!row) throw notFound('Order');
  const order = {
    status: Number(row.status),
    fulfilment: Number(row.fulfilment),
    version: Number(row.version),
    store_id: Number(row.store_id),
    picked_total: Number(row.picked_total),
    has_driver: row.has_driver === true || row.has_driver === 't',
  };
  if (version !== undefined && version !== order.version) throw conflict('This order was changed by someone else after you opened it. Reload to see the latest version.');
  return order;
}

export interface OrderMove {
  action: OrderAction;
  actor: MoveActor;
  /** The version the mover saw (staff screens send it); a newer one answers 409. */
  version?: number;
  /** A cancel's reason, from the cancel-reasons list. */
  cancelReasonId?: number;
  note?: string | null;
  /** The payment gateway's reference of a payment. */
  paymentRef?: string | null;
}

/**
 * The only writer of an order's status: one move of the declared workflow (contract/workflows/order.ts) in one
 * transaction with the order's row locked, its version checked, the move recorded (recordMove: the row, its timeline
 * entry, a staff move's audit entry) and, for a move that ends the order unpaid or cancelled, its picked items back in
 * the store's stock (rows locked in product order, as placing an order takes them). Any other move answers 409 and
 * changes nothing.
 */
export class OrderWorkflowService {
  /** `jobs`: where a delivered order's sale is queued (ORDER_SALE_JOB); without it (a test of moves alone) none is. */
  constructor(
    private readonly db: Db,
    private readonly jobs?: JobQueue,
  ) {}

  async move(orderId: number, m: OrderMove, now: Date, tx?: Tx): Promise<{ status: number; version: number }> {
    if (!tx) return this.db.transaction((t) => this.move(orderId, m, now, t));
    const order = await lockOrder(tx, orderId, m.version);
    const state = { status: order.status, fulfilment: order.fulfilment };
    if (!canOrder(m.action, state)) throw refusedMove(ORDER_SUBJECT, statusText(state.status), m.action);
    if (m.action === 'confirm_pick' && order.picked_total === 0) throw unprocessable('Nothing is picked: cancel the order instead');
    if ((m.action === 'dispatch' || m.action === 'redeliver') && !order.has_driver) throw unprocessable('Assign a driver first');
    if (m.action === 'cancel') {
      const [reason] = m.cancelReasonId === undefined ? [] : await queryRows(tx, sql`select id from cancel_reasons where id = ${m.cancelReasonId} and status = 1`);
      if (!reason) throw badRequest('Choose a cancel reason from the list', [{ path: 'cancel_reason_id', message: 'Choose a cancel reason from the list' }]);
    }
    const to = orderMoveTo(m.action, state);
    const version = await recordMove(
      tx,
      ORDER_SUBJECT,
      {
        id: orderId,
        action: m.action,
        from: state.status,
        to,
        actor: m.actor,
        note: m.note ?? null,
        auditNote: m.note ?? null,
        paymentRef: m.paymentRef,
        set: sql`cancel_reason_id = coalesce(${m.cancelReasonId ?? null}::int, cancel_reason_id),
          cancel_note = case when ${m.action === 'cancel'} then ${m.note ?? null} else cancel_note end`,
      },
      now,
    );
    if (returnsStock(to)) {
      // A pre-order's units go back to its event's quotas first: their rows are locked before the stock's, as placing takes them.
      await givePreOrderBack(tx, orderId);
      await tx.execute(sql`with r as (select product_id, sum(picked_quantity)::int as quantity from order_items where order_id = ${orderId} group by product_id),
          k as (select sp.id from store_products sp where sp.store_id = ${order.store_id} and sp.product_id in (select product_id from r) order by sp.product_id for update)
        update store_products sp set stock = sp.stock + r.quantity from r
        where sp.store_id = ${order.store_id} and sp.product_id = r.product_id and sp.id in (select id from k) and r.quantity > 0`);
    }
    await countOrderMove(tx, orderId, state.status, to);
    if (to === ORDER_DISTRIBUTED) await this.jobs?.send(ORDER_SALE_JOB, { order_id: orderId }, { tx });
    // A 3PL delivery order ready to go is handed over to the courier (a job queued with this move: courier-handover.job.ts).
    if (to === ORDER_READY_TO_DELIVER && this.jobs) await requestCourierHandover(tx, orderId, null, now, this.jobs);
    return { status: to, version };
  }
}
