import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs.ts';

export const CONTENT_PUBLISH_JOB = 'content.publish';

/**
 * Scheduled publishing: keeps the stored status of approved items in step with their period (Published - Upcoming →
 * Live at the start, → Expired at the end), each move audited as `go-live` or `expire` by the system. A sweep moves
 * every item that is due at the clock's time, so it is safe to run twice and catches up after downtime. Sweeps are
 * queued (pg-boss, in the database) for each approved item's start and end and for the next due time after each
 * sweep, and once when the app starts: a restart loses nothing.
 */
export class ContentPublishingService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  /** Queues a sweep at `at` (at most one waiting sweep per instant), inside the caller's transaction when given. */
  async scheduleAt(at: Date, tx?: Tx): Promise<void> {
    await this.jobs.send(CONTENT_PUBLISH_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString()}`, ...(tx ? { tx } : {}) });
  }

  /** Moves every due item; returns how many went live and how many expired. */
  async sweep(): Promise<{ live: number; expired: number }> {
    const now = this.clock.now();
    const moved = await this.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; kind: string; before: number; after: number }>(
        tx,
        sql`with due as (
              select id, status from content_items
              where (status = 2 and start_at <= ${now}) or (status in (2, 3) and end_at <= ${now})
              for update skip locked
            )
            update content_items c set status = case when c.end_at <= ${now} then 4 else 3 end
            from due where c.id = due.id
            returning c.id, c.kind, due.status as before, c.status as after`,
      );
      for (const r of rows) {
        await writeAudit(tx, { actor: null, ip: null, now }, {
          action: Number(r.after) === 4 ? 'expire' : 'go-live',
          entity: String(r.kind),
          entityId: Number(r.id),
          before: { status: Number(r.before) },
          after: { status: Number(r.after) },
        });
      }
      return rows;
    });
    const next = await this.nextDue(now);
    if (next) await this.scheduleAt(next);
    return { live: moved.filter((r) => Number(r.after) === 3).length, expired: moved.filter((r) => Number(r.after) === 4).length };
  }

  private async nextDue(now: Date): Promise<Date | null> {
    const rows = await queryRows<{ at: string | Date | null }>(
      this.db,
      sql`select least(
            (select min(start_at) from content_items where status = 2 and start_at > ${now}),
            (select min(end_at) from content_items where status in (2, 3) and end_at > ${now})
          ) as at`,
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : null;
  }
}
