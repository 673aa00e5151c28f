import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import { catchUp, rebuild, type RollupSource } from './rollup-engine.ts';

export const SALES_ROLLUP_JOB = 'analytics.sales-rollup';
/** Recording sales holds this advisory lock shared until it commits (see RollupSource). */
export const SALES_WATERMARK_LOCK = 16_001;
/** After new sales, the rollups catch up this soon (one waiting run however many batches arrive meanwhile). */
const AFTER_SALES_MS = 5_000;
/** A catch-up also runs this often, so the rollups are at most this late even if a trigger was missed. */
const TICK_MS = 60_000;

/** The sales and their lines, counted by day and month into the sales rollups (migration 0038). */
export const SALES_SOURCE: RollupSource = {
  watermark: 'sales',
  lock: SALES_WATERMARK_LOCK,
  table: 'sales_transactions',
  at: 'at',
  store: 'store_id',
  columns: ['channel', 'consumer_id', 'total', 'quantity'],
  families: [
    {
      table: 'sales_rollup',
      from: sql`t`,
      dims: [['channel', 't.channel']],
      measures: [
        ['transactions', 'count(*)'],
        ['member_transactions', 'count(t.consumer_id)'],
        ['quantity', 'sum(t.quantity)'],
        ['sales', 'sum(t.total)'],
        ['member_sales', 'coalesce(sum(t.total) filter (where t.consumer_id is not null), 0)'],
      ],
    },
    {
      table: 'sales_category',
      from: sql`t join sales_lines l on l.transaction_pk = t.id`,
      dims: [
        ['channel', 't.channel'],
        ['category_id', 'coalesce(l.category_id, 0)'],
      ],
      measures: [
        ['lines', 'count(*)'],
        ['quantity', 'sum(l.quantity)'],
        ['sales', 'sum(l.amount)'],
      ],
    },
    {
      table: 'sales_plu',
      from: sql`t join sales_lines l on l.transaction_pk = t.id`,
      dims: [
        ['channel', 't.channel'],
        ['plu', 'l.plu'],
      ],
      measures: [
        ['lines', 'count(*)'],
        ['quantity', 'sum(l.quantity)'],
        ['sales', 'sum(l.amount)'],
      ],
    },
  ],
};

/** Counts every sale recorded since the last catch-up into the sales rollups; answers how many it counted. */
export const catchUpSalesRollups = (db: Db, now: Date): Promise<number> => catchUp(db, SALES_SOURCE, now);

/** Recounts whole Jakarta months (`YYYY-MM`, both ends inclusive) of the sales rollups from the transactions. */
export const rebuildSalesRollups = (db: Db, fromMonth: string, toMonth: string, now: Date): Promise<void> => rebuild(db, SALES_SOURCE, fromMonth, toMonth, now);

/** Queues a catch-up a few seconds after new sales, in the transaction that recorded them. */
export const queueSalesCatchUp = (jobs: JobQueue) => async (tx: Tx, now: Date): Promise<void> => {
  await jobs.send(SALES_ROLLUP_JOB, {}, { tx, singletonKey: 'catch-up', startAfter: new Date(now.getTime() + AFTER_SALES_MS) });
};

/** The catch-up job: sent after each batch (a few seconds later, one waiting run at a time) and once a minute. */
export function salesRollupJob(db: Db, jobs: JobQueue, clock: Clock): JobHandler<{ tick?: boolean }> {
  return async (payload) => {
    const now = clock.now();
    await catchUpSalesRollups(db, now);
    if (payload.tick) {
      const at = new Date(Math.floor(now.getTime() / TICK_MS) * TICK_MS + TICK_MS);
      await jobs.send(SALES_ROLLUP_JOB, { tick: true }, { startAfter: at, singletonKey: `tick:${at.toISOString()}` });
    }
  };
}
