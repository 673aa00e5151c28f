import { sql } from 'drizzle-orm';
import { ORDER_WAITING_PAYMENT } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import type { OrderWorkflowService } from './order-workflow.service.ts';

export const ORDER_EXPIRY_JOB = 'orders.expire';
/** How often unpaid orders are looked at: an order is expired at most this long after its deadline. */
const EVERY_MS = 60_000;
/** Orders expired in one run at most; a longer backlog goes on in the next. */
const PER_RUN = 500;

/** Ends the unpaid orders whose payment deadline has passed (Payment Expired, stock back), each by the workflow. */
export async function expireUnpaidOrders(db: Db, workflow: OrderWorkflowService, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from orders where status = ${ORDER_WAITING_PAYMENT} and payment_expires_at <= ${now} order by payment_expires_at limit ${PER_RUN}`,
  );
  let expired = 0;
  for (const { id } of due) {
    // A payment that arrived meanwhile wins: the workflow refuses to expire a paid order (409), and that is fine here.
    const done = await workflow.move(Number(id), { action: 'expire', actor: { kind: 'system' } }, now).then(
      () => true,
      () => false,
    );
    if (done) expired++;
  }
  return expired;
}

/**
 * The payment expiry as a job: it runs when the app starts (catching up after downtime) and then queues itself for
 * the next minute (one waiting run per minute across instances).
 */
export function orderExpiryJob(db: Db, workflow: OrderWorkflowService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> {
  return async () => {
    const now = clock.now();
    await expireUnpaidOrders(db, workflow, now);
    const at = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS + EVERY_MS);
    await jobs.send(ORDER_EXPIRY_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString()}` });
  };
}
