import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';

/** How often unpaid orders and top-ups are looked at: one is expired at most this long after its deadline. */
const EVERY_MS = 60_000;
/** Expired in one run at most; a longer backlog goes on in the next. */
const PER_RUN = 500;

/** What waits for its payment: an orders or top-ups table, its waiting status, and its workflow's expire move. */
export interface UnpaidKind {
  table: 'orders' | 'top_ups';
  waitingStatus: number;
  expire: (id: number, now: Date) => Promise<unknown>;
}

/**
 * Ends the unpaid records whose payment deadline has passed (a partial index on the waiting status), each by its
 * workflow; a payment that arrived meanwhile wins, since the workflow refuses to expire a paid one.
 */
export async function expireUnpaid(db: Db, kind: UnpaidKind, now: Date): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(kind.table)} where status = ${kind.waitingStatus} and payment_expires_at <= ${now} order by payment_expires_at limit ${PER_RUN}`,
  );
  let expired = 0;
  for (const { id } of due) {
    if (await kind.expire(Number(id), now).then(() => true, () => false)) expired++;
  }
  return expired;
}

/** The payment expiry as a job: at start (catching up after downtime), then once a minute (one waiting run per minute across instances). */
export function paymentExpiryJob(name: string, db: Db, kind: UnpaidKind, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> {
  return async () => {
    const now = clock.now();
    await expireUnpaid(db, kind, now);
    const at = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS + EVERY_MS);
    await jobs.send(name, {}, { startAfter: at, singletonKey: `due:${at.toISOString()}` });
  };
}
