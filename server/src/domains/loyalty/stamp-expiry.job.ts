import { sql } from 'drizzle-orm';
import { jakartaDayStart, stampDayOf } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import type { StampLedgerService } from './stamp-ledger.service.ts';

export const STAMP_EXPIRY_JOB = 'stamps.expire';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Consumers and programmes expired per transaction: a day's expiry over a million consumers commits in steps. */
const BATCH = 2000;
/** The advisory lock that keeps two runs of the expiry from computing the same stamps at once. */
const LOCK_KEY = 7_021_021;

/**
 * Stamp expiry (code 21). A programme's `stamp_validity_days` says how long earned stamps (10, 30) stay valid, the day
 * earned counting as the first: stamps earned on day D are spendable through day D + N - 1 (Asia/Jakarta) and expire on
 * day D + N. Spending is first earned, first spent, so what is still unspent of the stamps earned before the cutoff is
 * what they earned before it less everything that ever went out (redeemed, deducted, expired before): never more than
 * the balance, so the expiry never takes it below zero. Each consumer's expiry of a day is one ledger row with the
 * source `expiry-<day>` (the ledger refuses a second), and a run after it finds nothing more due: running twice is safe.
 */
export class StampExpiryService {
  constructor(
    private readonly db: Db,
    private readonly ledger: StampLedgerService,
  ) {}

  /** Expires what is due on `now`'s Jakarta day; answers the number of stamps expired. */
  async expire(now: Date): Promise<number> {
    const day = stampDayOf(now);
    const dayStart = jakartaDayStart(day).toISOString();
    let expired = 0;
    let after = { consumer: 0, programme: 0 };
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
        const due = await queryRows<{ consumer_id: number; programme_id: number; quantity: number }>(
          tx,
          sql`select b.consumer_id, b.programme_id, (x.earned_before - x.spent)::int as quantity
            from stamp_balances b join stamp_programmes p on p.id = b.programme_id and p.stamp_validity_days is not null
            cross join lateral (
              select coalesce(sum(l.quantity) filter (where l.code in (10, 30) and l.at < ${dayStart}::timestamptz - (p.stamp_validity_days - 1) * interval '1 day'), 0) as earned_before,
                coalesce(sum(l.quantity) filter (where l.code in (20, 21, 31)), 0) as spent
              from stamp_ledger l where l.consumer_id = b.consumer_id and l.programme_id = b.programme_id) x
            where b.balance > 0 and (b.consumer_id, b.programme_id) > (${after.consumer}, ${after.programme}) and x.earned_before > x.spent
            order by b.consumer_id, b.programme_id limit ${BATCH}`,
        );
        await this.ledger.postMany(
          tx,
          due.map((d) => ({
            consumerId: Number(d.consumer_id),
            programmeId: Number(d.programme_id),
            code: 21,
            quantity: Number(d.quantity),
            source: 'expiry',
            sourceRef: `expiry-${day}`,
            actor: { kind: 'system', id: null },
            at: now,
            note: 'Stempel kedaluwarsa',
          })),
        );
        return due;
      });
      expired += batch.reduce((n, d) => n + Number(d.quantity), 0);
      const last = batch[batch.length - 1];
      if (!last || batch.length < BATCH) return expired;
      after = { consumer: Number(last.consumer_id), programme: Number(last.programme_id) };
    }
  }
}

/**
 * The daily stamp expiry: runs when the app starts (catching up after downtime), then queues itself for the next day
 * (one waiting run per day), as the coupon expiry does.
 */
export function stampExpiryJob(expiry: StampExpiryService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> {
  return async () => {
    const now = clock.now();
    await expiry.expire(now);
    const at = new Date(now.getTime() + DAY_MS);
    await jobs.send(STAMP_EXPIRY_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString().slice(0, 10)}` });
  };
}
