import { sql } from 'drizzle-orm';
import { FULFIL_DELIVERY, ORDER_READY_TO_DELIVER, ORDER_STATUS } from '@portal/contract';
import { queryRows, type Tx } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';

/** The job that books the courier for one attempt (`{ handover_id }`), queued with the attempt's row. */
export const COURIER_HANDOVER_JOB = 'orders.courier-handover';

/** Delivery mode 1 (spec section 3): the order goes with a third-party courier. */
export const DELIVERY_3PL = 1;

/** Who asked for an attempt beside the system: the operator and the kept action (Grab Retry) it belongs to. */
export interface HandoverRequester {
  userId: number;
  name: string;
  actionId: number;
}

/** The order as a hand-over reads it. */
export interface HandoverOrder {
  order_no: string;
  status: number;
  fulfilment: number;
  delivery_mode: number | null;
  has_driver: boolean;
}

const statusText = (s: number) => ORDER_STATUS.label(s as (typeof ORDER_STATUS.values)[number]);

/**
 * Why the order cannot be handed over to the courier now (null: it can): only a 3PL delivery order that is Pick
 * Confirmed and Ready to Delivery and has no driver yet waits for one.
 */
export function handoverRefusal(o: HandoverOrder): string | null {
  if (o.fulfilment !== FULFIL_DELIVERY || o.delivery_mode !== DELIVERY_3PL) return `Order ${o.order_no} is not a 3PL delivery: no courier is booked for it`;
  if (o.status !== ORDER_READY_TO_DELIVER) return `Order ${o.order_no} is ${statusText(o.status)}: only an order Ready to Delivery is handed over to the courier`;
  if (o.has_driver) return `Order ${o.order_no} has a driver already (assigned by hand or by the courier): it needs no courier`;
  return null;
}

/** The same condition in SQL, over `orders o`: the order still waits for a courier. */
export const WAITS_FOR_COURIER = sql`o.status = ${ORDER_READY_TO_DELIVER} and o.fulfilment = ${FULFIL_DELIVERY} and o.delivery_mode = ${DELIVERY_3PL} and o.driver_name is null`;

/**
 * Asks the courier to take a 3PL delivery order (other orders: nothing, null): the order's next attempt, pending and
 * its latest, and the job that books it (COURIER_HANDOVER_JOB), both in the caller's transaction, so the request exists
 * exactly when the change that made it commits. Without `jobs` (the demo seed) the caller runs the job itself.
 * Answers the attempt's id.
 */
export async function requestCourierHandover(tx: Tx, orderId: number, by: HandoverRequester | null, now: Date, jobs?: JobQueue): Promise<number | null> {
  const [o] = await queryRows<{ order_no: string; store_id: number; fulfilment: number; delivery_mode: number | null }>(
    tx,
    sql`select order_no, store_id, fulfilment, delivery_mode from orders where id = ${orderId}`,
  );
  if (!o || Number(o.fulfilment) !== FULFIL_DELIVERY || Number(o.delivery_mode) !== DELIVERY_3PL) return null;
  await tx.execute(sql`update courier_handovers set latest = false where order_id = ${orderId} and latest`);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into courier_handovers (order_id, order_no, store_id, attempt, requested_by, requested_by_name, operator_action_id, requested_at)
      values (${orderId}, ${o.order_no}, ${o.store_id}, (select coalesce(max(attempt), 0) + 1 from courier_handovers where order_id = ${orderId}),
        ${by?.userId ?? null}, ${by?.name ?? null}, ${by?.actionId ?? null}, ${now})
      returning id`,
  );
  const id = Number(row!.id);
  // A call that could not be made is tried twice more, 5 s apart, with the same attempt (the courier answers it once).
  if (jobs) await jobs.send(COURIER_HANDOVER_JOB, { handover_id: id }, { tx, retryLimit: 2, retryDelaySeconds: 5 });
  return id;
}
