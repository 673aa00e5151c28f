import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppEvent } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { AppEventsService } from '../domains/analytics/app-events.service.ts';
import { catchUpEventRollups } from '../domains/analytics/event-rollup.ts';
import { seededRandom } from './demo-sales.ts';

const DAY = 86_400_000;
const BATCH = 500;

/**
 * The app's events of the last four weeks as the consumer app sends them, through the events service: consumers see
 * planograms (the first ones, at the top of the home screen, far more often), open some, look at their products and put
 * some in the cart; a few offers and banners are seen and opened too. Then the event rollups catch up.
 */
export async function seedAppEvents(db: Db, now: Date, perDay: number): Promise<void> {
  if ((await queryRows(db, sql`select 1 from app_events limit 1`)).length) return;
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit 100`);
  const stores = await queryRows<{ code: string }>(db, sql`select code from stores where status = 1 order by id limit 8`);
  const planograms = await queryRows<{ id: number; plus: string[] | string }>(
    db,
    sql`select pl.id, coalesce(json_agg(p.plu order by p.id) filter (where p.id is not null), '[]') as plus
      from planograms pl left join planogram_products pp on pp.planogram_id = pl.id left join products p on p.id = pp.product_id
      where pl.status = 1 group by pl.id order by pl.priority, pl.position, pl.id`,
  );
  const contents = await queryRows<{ id: number }>(db, sql`select id from content_items order by id limit 20`);
  if (!consumers.length || !planograms.length) return;
  const events = new AppEventsService(db);
  const random = seededRandom(20_261_129);
  const pick = <T>(list: readonly T[], skew = 1): T => list[Math.floor(list.length * random() ** skew)]!;
  const byConsumer = new Map<number, Partial<AppEvent>[]>();
  const push = (consumer: number, e: Partial<AppEvent>) => {
    const list = byConsumer.get(consumer) ?? [];
    list.push({ event_id: randomUUID(), ...e });
    byConsumer.set(consumer, list);
  };
  for (let d = 27; d >= 0; d--) {
    for (let i = 0; i < perDay; i++) {
      const at = new Date(now.getTime() - d * DAY - Math.floor(random() * (d === 0 ? 6 : 24) * 3_600_000)).toISOString();
      const consumer = Number(pick(consumers).id);
      const store_code = pick(stores).code;
      const shelf = pick(planograms, 2);
      const plus = typeof shelf.plus === 'string' ? (JSON.parse(shelf.plus) as string[]) : shelf.plus;
      push(consumer, { type: 'impression', planogram_id: Number(shelf.id), store_code, at });
      if (random() < 0.35) {
        push(consumer, { type: 'click', planogram_id: Number(shelf.id), store_code, at });
        const plu = plus.length ? pick(plus, 1.5) : null;
        if (plu) {
          push(consumer, { type: 'impression', planogram_id: Number(shelf.id), plu, store_code, at });
          if (random() < 0.5) push(consumer, { type: 'click', planogram_id: Number(shelf.id), plu, store_code, at });
          if (random() < 0.25) push(consumer, { type: 'add_to_cart', planogram_id: Number(shelf.id), plu, store_code, at });
        }
      }
      if (contents.length && random() < 0.3) {
        const content_id = Number(pick(contents, 1.5).id);
        push(consumer, { type: 'impression', content_id, store_code, at });
        if (random() < 0.2) push(consumer, { type: 'click', content_id, store_code, at });
      }
    }
  }
  for (const [consumer, list] of byConsumer) {
    for (let i = 0; i < list.length; i += BATCH) await events.record(consumer, list.slice(i, i + BATCH) as AppEvent[], now);
  }
  await catchUpEventRollups(db, now);
}
