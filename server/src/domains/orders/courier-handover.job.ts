import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobInfo } from '../../platform/jobs.ts';
import { CourierRefusal, type CourierAdapter, type CourierBooking, type CourierBookingRequest } from './courier.ts';
import { handoverRefusal, type HandoverOrder } from './courier-handover.ts';
import { lockOrder } from './order-workflow.service.ts';

interface Pending extends Record<string, unknown> {
  order_id: number;
  order_no: string;
  attempt: number;
  status: number;
  fulfilment: number;
  delivery_mode: number | null;
  has_driver: unknown;
  delivery_address: string | null;
  picked_total: number;
  items: number;
  recipient: string;
  recipient_phone: string;
  store_code: string;
  store_name: string;
  store_address: string | null;
  store_phone: string | null;
}

const truthy = (v: unknown) => v === true || v === 't';

const orderOf = (p: Pending): HandoverOrder => ({
  order_no: p.order_no,
  status: Number(p.status),
  fulfilment: Number(p.fulfilment),
  delivery_mode: p.delivery_mode === null ? null : Number(p.delivery_mode),
  has_driver: truthy(p.has_driver),
});

/** An error as operators read it in Grab Retry: one line, at most 500 characters, never a stack. */
const shown = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'The courier gave no reason';

/**
 * Books the courier for one pending attempt (COURIER_HANDOVER_JOB, queued with it). The order is read first: one that
 * no longer waits for a courier (cancelled, a driver assigned by hand meanwhile) fails the attempt without a call. The
 * courier is called outside any transaction; then, with the order locked (lockOrder, as every writer of an order), a
 * booking sets the courier's driver on the order as the system and goes on its timeline, and a refusal records the
 * courier's message (on the timeline too). A call that could not be made (not a refusal) is retried by the queue with
 * the same attempt and fails on the last try. A booking the order can no longer use (it moved on during the call) is
 * cancelled with the courier. Safe to run twice: an attempt already answered is left alone.
 */
export function courierHandoverJob(db: Db, courier: CourierAdapter, clock: Clock): JobHandler<Record<string, unknown>> {
  return async (payload, job: JobInfo) => {
    const id = Number(payload.handover_id);
    const [p] = await queryRows<Pending>(
      db,
      sql`select h.order_id, h.order_no, h.attempt, o.status, o.fulfilment, o.delivery_mode, o.driver_name is not null as has_driver, o.delivery_address,
          o.picked_total, (select count(*) from order_items i where i.order_id = o.id and i.picked_quantity > 0)::int as items,
          c.name as recipient, c.phone as recipient_phone, s.code as store_code, s.name as store_name, s.address as store_address, s.phone as store_phone
        from courier_handovers h join orders o on o.id = h.order_id join consumers c on c.id = o.consumer_id join stores s on s.id = o.store_id
        where h.id = ${id} and h.status = 'pending'`,
    );
    if (!p) return;
    const refusal = handoverRefusal(orderOf(p));
    if (refusal) {
      await db.transaction((tx) => fail(tx, id, Number(p.order_id), null, refusal, clock.now(), false));
      return;
    }
    const req: CourierBookingRequest = {
      reference: `${p.order_no}-${p.attempt}`,
      order_no: p.order_no,
      attempt: Number(p.attempt),
      pickup: { store_code: p.store_code, store_name: p.store_name, address: p.store_address, phone: p.store_phone },
      dropoff: { address: p.delivery_address ?? '', recipient: p.recipient, phone: p.recipient_phone },
      parcel: { value: Number(p.picked_total), items: Number(p.items) },
    };
    let booking: CourierBooking | null = null;
    let error: string | null = null;
    try {
      booking = await courier.book(req);
    } catch (err) {
      if (!(err instanceof CourierRefusal) && !job.lastAttempt) throw err;
      error = shown(err instanceof CourierRefusal ? err.message : `The courier could not be reached: ${(err as Error).message}`);
    }
    const unused = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, Number(p.order_id));
      const [still] = await queryRows<{ status: string }>(tx, sql`select status from courier_handovers where id = ${id} for update`);
      if (still?.status !== 'pending') return booking;
      const now = clock.now();
      if (!booking) {
        await fail(tx, id, Number(p.order_id), courier.name, error ?? 'The courier gave no reason', now, true);
        return null;
      }
      const movedOn = handoverRefusal({ ...orderOf(p), status: order.status, fulfilment: order.fulfilment, has_driver: order.has_driver });
      if (movedOn) {
        await fail(tx, id, Number(p.order_id), courier.name, shown(`Booked as ${booking.booking_ref}, then cancelled: ${movedOn}`), now, false);
        return booking;
      }
      await tx.execute(sql`update courier_handovers set status = 'booked', courier = ${courier.name}, booking_ref = ${booking.booking_ref}, finished_at = ${now} where id = ${id}`);
      await tx.execute(sql`update orders set driver_name = ${booking.driver_name}, driver_phone = ${booking.driver_phone}, driver_assigned_at = ${now},
          version = version + 1, updated_at = ${now}, updated_by = null
        where id = ${p.order_id}`);
      await timeline(tx, Number(p.order_id), 'courier_booked', order.status, `${booking.driver_name} (3PL, ${courier.name} booking ${booking.booking_ref})`, now);
      return null;
    });
    if (unused) await courier.cancel(unused.booking_ref);
  };
}

/** Records the attempt's failure; `onTimeline`: the courier's refusal goes on the order's timeline (a moved-on order's does not). */
async function fail(tx: Tx, id: number, orderId: number, courierName: string | null, error: string, now: Date, onTimeline: boolean): Promise<void> {
  const [row] = await queryRows<{ attempt: number }>(
    tx,
    sql`update courier_handovers set status = 'failed', courier = ${courierName}, error = ${error}, finished_at = ${now} where id = ${id} and status = 'pending' returning attempt`,
  );
  if (!row || !onTimeline) return;
  const [o] = await queryRows<{ status: number }>(tx, sql`select status from orders where id = ${orderId}`);
  await timeline(tx, orderId, 'courier_failed', Number(o!.status), `Attempt ${row.attempt}: ${error}`, now);
}

/** A hand-over is no move: it goes on the order's timeline in its current status, by the system. */
async function timeline(tx: Tx, orderId: number, action: string, status: number, note: string, now: Date): Promise<void> {
  await tx.execute(sql`insert into order_events (order_id, action, from_status, to_status, actor_kind, actor_id, note, at)
    values (${orderId}, ${action}, ${status}, ${status}, 'system', null, ${note}, ${now})`);
}
