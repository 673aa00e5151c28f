import { sql } from 'drizzle-orm';
import { grabRetryConfirmation, type GrabRetryInput, type GuardedChange } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { badRequest, unprocessable } from '../../platform/errors.ts';
import type { GuardedTool } from '../../platform/guarded/guarded-writes.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { handoverRefusal, requestCourierHandover } from './courier-handover.ts';

interface RetryData {
  orderIds: number[];
}

interface Candidate extends Record<string, unknown> {
  id: number;
  order_no: string;
  status: number;
  fulfilment: number;
  delivery_mode: number | null;
  has_driver: unknown;
  handover_status: string | null;
  attempt: number | null;
}

const truthy = (v: unknown) => v === true || v === 't';

/**
 * heimdal Grab Retry as a guarded write: asks the courier again for each chosen order whose latest hand-over failed and
 * that still waits for a courier (a 3PL delivery order, Ready to Delivery, no driver). The preview lists each order's
 * hand-over Failed → Retrying with the attempt it becomes; an order that cannot be retried refuses the whole preview
 * (422) naming it and why, so the operator unticks it. Applying writes each order's pending attempt (naming the kept
 * action) and queues its booking job in the same transaction; the list shows the courier's answer when it comes. A
 * booking cannot be taken back, so every retry asks for the words typed (the order number, or the count) and none can
 * be undone.
 */
export function grabRetryTool(jobs: JobQueue): GuardedTool<GrabRetryInput, RetryData, never> {
  return {
    tool: 'grab-retry',
    async plan(tx, input, lock) {
      const ids = [...input.order_ids].sort((a, b) => a - b);
      // Orders locked in id order (every writer of an order locks its row first), so the plan holds until it is applied.
      const rows = await queryRows<Candidate>(
        tx,
        sql`select o.id, o.order_no, o.status, o.fulfilment, o.delivery_mode, o.driver_name is not null as has_driver, h.status as handover_status, h.attempt
          from orders o left join courier_handovers h on h.order_id = o.id and h.latest
          where o.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by o.id ${lock ? sql`for update of o` : sql``}`,
      );
      const found = new Map(rows.map((r) => [Number(r.id), r]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw badRequest(`No order has the id ${missing.join(', ')}`, [{ path: 'order_ids', message: `No order has the id ${missing.join(', ')}` }]);
      const refusals: string[] = [];
      const changes: GuardedChange[] = [];
      for (const id of ids) {
        const r = found.get(id)!;
        const refusal =
          handoverRefusal({ order_no: r.order_no, status: Number(r.status), fulfilment: Number(r.fulfilment), delivery_mode: r.delivery_mode === null ? null : Number(r.delivery_mode), has_driver: truthy(r.has_driver) }) ??
          (r.handover_status === null
            ? `Order ${r.order_no} was never handed over to the courier: there is nothing to retry`
            : r.handover_status === 'pending'
              ? `Order ${r.order_no} is being handed over already: wait for the courier’s answer`
              : r.handover_status === 'booked'
                ? `Order ${r.order_no} is booked with the courier already`
                : null);
        if (refusal) {
          refusals.push(refusal);
          continue;
        }
        const attempt = Number(r.attempt);
        changes.push({ entity: 'courier-handover', entity_id: String(id), label: r.order_no, field: 'hand-over', before: `Failed (attempt ${attempt})`, after: `Retrying (attempt ${attempt + 1})` });
      }
      if (refusals.length) throw unprocessable(`${refusals.length === 1 ? 'This order cannot be retried' : `${refusals.length} of these orders cannot be retried`}: ${refusals.join('; ')}. Untick ${refusals.length === 1 ? 'it' : 'them'} and preview again.`);
      const notes = [
        changes.length === 1 ? 'The courier is asked to book this order again.' : `The courier is asked to book these ${changes.length} orders again, each as its own attempt.`,
        'The list shows the courier’s answer when it comes: a booked order gets the courier’s driver and leaves the list; a refused one stays with the new error.',
        'A courier booking cannot be taken back from the portal: this cannot be undone.',
      ];
      return { changes, notes, confirmation: grabRetryConfirmation(changes.map((c) => c.label)), undoable: false, data: { orderIds: ids } };
    },

    async apply(tx, plan, ctx) {
      const by = { userId: ctx.actor.userId, name: ctx.actor.name, actionId: ctx.actionId };
      for (const orderId of plan.data.orderIds) {
        await requestCourierHandover(tx, orderId, by, ctx.now, jobs);
        // The order's timeline says who asked the courier again, and why.
        await tx.execute(sql`insert into order_events (order_id, action, from_status, to_status, actor_kind, actor_id, note, at)
          select id, 'courier_retry', status, status, 'staff', ${ctx.actor.userId}, ${ctx.reason}, ${ctx.now} from orders where id = ${orderId}`);
      }
      return null;
    },
  };
}
