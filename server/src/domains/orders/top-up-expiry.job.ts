import { sql } from 'drizzle-orm';
import { TOP_UP_WAITING_PAYMENT } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import type { TopUpWorkflowService } from './top-up-workflow.service.ts';

export const TOP_UP_EXPIRY_JOB = 'top-ups.expire';
/** How often unpaid top-ups are looked at: one is expired at most this long after its deadline. */
const EVERY_MS = 60_000;
/** Top-ups expired in one run at most; a longer backlog goes on in the next. */
const PER_RUN = 500;

/** Ends the unpaid top-ups whose payment deadline has passed (Payment Expired), each by the workflow. */
export async function expireUnpaidTopUps(db: Db, workflow: TopUpWorkflowService, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from top_ups where status = ${TOP_UP_WAITING_PAYMENT} and payment_expires_at <= ${now} order by payment_expires_at limit ${PER_RUN}`,
  );
  let expired = 0;
  for (const { id } of due) {
    // A payment that arrived meanwhile wins: the workflow refuses to expire a paid top-up.
    if (await workflow.move(Number(id), { action: 'expire', actor: { kind: 'system' } }, now).then(() => true, () => false)) expired++;
  }
  return expired;
}

/** The payment expiry as a job: at start (catching up), then once a minute (one waiting run per minute across instances). */
export function topUpExpiryJob(db: Db, workflow: TopUpWorkflowService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> {
  return async () => {
    const now = clock.now();
    await expireUnpaidTopUps(db, workflow, now);
    const at = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS + EVERY_MS);
    await jobs.send(TOP_UP_EXPIRY_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString()}` });
  };
}
