import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catchUp, rebuild, type RollupSource } from './rollup-engine.ts';

/** Recording sales holds this advisory lock shared until it commits (see RollupSource). */
export const SALES_WATERMARK_LOCK = 16_001;

/** The sales and their lines, counted by day and month into the sales rollups (migration 0038). */
export const SALES_SOURCE: RollupSource = {
  watermark: 'sales',
  lock: SALES_WATERMARK_LOCK,
  table: 'sales_transactions',
  at: 'at',
  store: 'store_id',
  columns: ['channel', 'consumer_id', 'total', 'quantity', 'line_count'],
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
        ['lines', 'sum(t.line_count)'],
      ],
    },
    {
      table: 'sales_member',
      from: sql`t where t.consumer_id is not null`,
      dims: [
        ['channel', 't.channel'],
        ['consumer_id', 't.consumer_id'],
      ],
      measures: [
        ['transactions', 'count(*)'],
        ['lines', 'sum(t.line_count)'],
        ['quantity', 'sum(t.quantity)'],
        ['sales', 'sum(t.total)'],
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
