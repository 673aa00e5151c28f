import { sql } from 'drizzle-orm';
import { APP_EVENT_CODE, APP_EVENT_FUTURE_ALLOWANCE_MINUTES, APP_EVENT_MAX_AGE_DAYS, type AppEvent, type AppEventsResult } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { holdWriterLock } from './rollup-engine.ts';
import { EVENTS_SOURCE } from './event-rollup.ts';

/**
 * Records the consumer app's events: each once by its event id, products by PLU and stores by code (an unknown one is
 * kept as none: an event is a record of what the app showed, not a request to refuse), in one statement. Events from
 * a clock gone astray (older than 30 days, or ahead of the server) are answered as ignored and not kept.
 */
export class AppEventsService {
  constructor(
    private readonly db: Db,
    /** Called in the transaction that recorded new events (the module queues the rollups' catch-up). */
    private readonly recorded: (tx: Tx, now: Date) => Promise<void> = async () => {},
  ) {}

  async record(consumerId: number, events: readonly AppEvent[], now: Date): Promise<AppEventsResult> {
    const oldest = now.getTime() - APP_EVENT_MAX_AGE_DAYS * 86_400_000;
    const latest = now.getTime() + APP_EVENT_FUTURE_ALLOWANCE_MINUTES * 60_000;
    const kept = events.filter((e) => {
      const at = Date.parse(e.at);
      return at >= oldest && at <= latest;
    });
    const rows = kept.map((e) => ({ id: e.event_id, type: APP_EVENT_CODE[e.type], planogram_id: e.planogram_id, plu: e.plu?.toUpperCase() ?? null, content_id: e.content_id, store: e.store_code?.toLowerCase() ?? null, at: e.at }));
    const accepted = rows.length
      ? await this.db.transaction(async (tx) => {
          await holdWriterLock(tx, EVENTS_SOURCE);
          const added = await queryRows<{ id: string }>(
            tx,
            sql`insert into app_events (event_id, consumer_id, type, planogram_id, product_id, content_id, store_id, at, received_at)
              select e.id, ${consumerId}, e.type, e.planogram_id, p.id, e.content_id, s.id, e.at, ${now}
              from json_to_recordset(${JSON.stringify(rows)}::json) as e(id uuid, type smallint, planogram_id int, plu text, content_id int, store text, at timestamptz)
              left join products p on p.plu = e.plu
              left join stores s on lower(s.code) = e.store
              order by e.id
              on conflict (event_id) do nothing
              returning id`,
          );
          if (added.length) await this.recorded(tx, now);
          return added.length;
        })
      : 0;
    return { accepted, duplicates: kept.length - accepted, ignored: events.length - kept.length };
  }
}
