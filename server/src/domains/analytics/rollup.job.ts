import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import { catchUpEventRollups } from './event-rollup.ts';
import { catchUpSalesRollups } from './sales-rollup.ts';

export const ANALYTICS_ROLLUP_JOB = 'analytics.rollups';
/** After new rows, the rollups catch up this soon (one waiting run however many batches arrive meanwhile). */
const AFTER_NEW_ROWS_MS = 5_000;
/** A catch-up also runs this often, so the rollups are at most this late even if a trigger was missed. */
const TICK_MS = 60_000;

/** Queues a catch-up a few seconds after new sales or events, in the transaction that recorded them. */
export const queueRollupCatchUp = (jobs: JobQueue) => async (tx: Tx, now: Date): Promise<void> => {
  await jobs.send(ANALYTICS_ROLLUP_JOB, {}, { tx, singletonKey: 'catch-up', startAfter: new Date(now.getTime() + AFTER_NEW_ROWS_MS) });
};

/** The catch-up of every analytics rollup: sent after each batch (a few seconds later, one waiting run at a time) and once a minute. */
export function rollupJob(db: Db, jobs: JobQueue, clock: Clock): JobHandler<{ tick?: boolean }> {
  return async (payload) => {
    const now = clock.now();
    await catchUpSalesRollups(db, now);
    await catchUpEventRollups(db, now);
    if (payload.tick) {
      const at = new Date(Math.floor(now.getTime() / TICK_MS) * TICK_MS + TICK_MS);
      await jobs.send(ANALYTICS_ROLLUP_JOB, { tick: true }, { startAfter: at, singletonKey: `tick:${at.toISOString()}` });
    }
  };
}
