import { ORDER_WAITING_PAYMENT } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import type { OrderWorkflowService } from './order-workflow.service.ts';
import { expireUnpaid, paymentExpiryJob, type UnpaidKind } from './payment-expiry.ts';

export const ORDER_EXPIRY_JOB = 'orders.expire';

const unpaidOrders = (workflow: OrderWorkflowService): UnpaidKind => ({
  table: 'orders',
  waitingStatus: ORDER_WAITING_PAYMENT,
  expire: (id, now) => workflow.move(id, { action: 'expire', actor: { kind: 'system' } }, now),
});

/** Ends the unpaid orders whose payment deadline has passed (Payment Expired, stock back), each by the workflow. */
export const expireUnpaidOrders = (db: Db, workflow: OrderWorkflowService, now: Date): Promise<number> => expireUnpaid(db, unpaidOrders(workflow), now);

export const orderExpiryJob = (db: Db, workflow: OrderWorkflowService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> =>
  paymentExpiryJob(ORDER_EXPIRY_JOB, db, unpaidOrders(workflow), jobs, clock);
