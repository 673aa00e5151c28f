import { TOP_UP_WAITING_PAYMENT } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import { expireUnpaid, paymentExpiryJob, type UnpaidKind } from './payment-expiry.ts';
import type { TopUpWorkflowService } from './top-up-workflow.service.ts';

export const TOP_UP_EXPIRY_JOB = 'top-ups.expire';

const unpaidTopUps = (workflow: TopUpWorkflowService): UnpaidKind => ({
  table: 'top_ups',
  waitingStatus: TOP_UP_WAITING_PAYMENT,
  expire: (id, now) => workflow.move(id, { action: 'expire', actor: { kind: 'system' } }, now),
});

/** Ends the unpaid top-ups whose payment deadline has passed (Payment Expired), each by the workflow. */
export const expireUnpaidTopUps = (db: Db, workflow: TopUpWorkflowService, now: Date): Promise<number> => expireUnpaid(db, unpaidTopUps(workflow), now);

export const topUpExpiryJob = (db: Db, workflow: TopUpWorkflowService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> =>
  paymentExpiryJob(TOP_UP_EXPIRY_JOB, db, unpaidTopUps(workflow), jobs, clock);
