import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catchUp, rebuild, type RollupSource } from './rollup-engine.ts';

/** Recording app events holds this advisory lock shared until it commits (see RollupSource). */
export const EVENTS_WATERMARK_LOCK = 16_002;

const COUNTS: [string, string][] = [
  ['impressions', 'count(*) filter (where t.type = 1)'],
  ['clicks', 'count(*) filter (where t.type = 2)'],
  ['carts', 'count(*) filter (where t.type = 3)'],
];

/** The app's events, counted by day and month per planogram, product and content (migration 0041). */
export const EVENTS_SOURCE: RollupSource = {
  watermark: 'events',
  lock: EVENTS_WATERMARK_LOCK,
  table: 'app_events',
  at: 'at',
  store: 'store_id',
  columns: ['type', 'planogram_id', 'product_id', 'content_id'],
  families: [
    { table: 'event_planogram', from: sql`t where t.planogram_id is not null`, dims: [['planogram_id', 't.planogram_id']], measures: COUNTS },
    {
      table: 'event_product',
      from: sql`t where t.product_id is not null`,
      dims: [
        ['product_id', 't.product_id'],
        ['planogram_id', 'coalesce(t.planogram_id, 0)'],
      ],
      measures: COUNTS,
    },
    { table: 'event_content', from: sql`t where t.content_id is not null`, dims: [['content_id', 't.content_id']], measures: COUNTS },
  ],
};

export const catchUpEventRollups = (db: Db, now: Date, rowsPerStep?: number): Promise<number> => catchUp(db, EVENTS_SOURCE, now, rowsPerStep);
export const rebuildEventRollups = (db: Db, fromMonth: string, toMonth: string, now: Date): Promise<void> => rebuild(db, EVENTS_SOURCE, fromMonth, toMonth, now);
