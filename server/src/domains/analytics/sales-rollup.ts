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
    {
      // The Promo Report (migration 0044): the lines a till gave a promo on, by promo; a receipt counts once per promo.
      table: 'sales_promo',
      from: sql`t join sales_lines l on l.transaction_pk = t.id and l.promo_id is not null`,
      dims: [
        ['channel', 't.channel'],
        ['promo_id', 'l.promo_id'],
      ],
      measures: [
        ['transactions', 'count(distinct t.id)'],
        ['lines', 'count(*)'],
        ['quantity', 'sum(l.quantity)'],
        ['gross', 'sum(l.amount)'],
        ['discount', 'sum(l.discount)'],
      ],
    },
    {
      // The Free Gift Report (migration 0044): the gifts handed over with the receipts, by programme.
      table: 'sales_gift',
      from: sql`t join sales_gifts g on g.transaction_pk = t.id`,
      dims: [
        ['channel', 't.channel'],
        ['free_gift_id', 'g.free_gift_id'],
      ],
      measures: [
        ['handovers', 'count(*)'],
        ['receipts', 'count(distinct t.id)'],
        ['quantity', 'sum(g.quantity)'],
        ['member_receipts', 'count(distinct t.id) filter (where t.consumer_id is not null)'],
      ],
    },
    {
      // The Spend Band Report: transactions by basket-value band (migration 0045's spend_band_from).
      table: 'sales_band',
      from: sql`t`,
      dims: [
        ['channel', 't.channel'],
        ['band_from', 'spend_band_from(t.total)'],
      ],
      measures: [
        ['transactions', 'count(*)'],
        ['member_transactions', 'count(t.consumer_id)'],
        ['sales', 'sum(t.total)'],
        ['member_sales', 'coalesce(sum(t.total) filter (where t.consumer_id is not null), 0)'],
      ],
    },
  ],
};

/** Counts every sale recorded since the last catch-up into the sales rollups; answers how many it counted. */
export const catchUpSalesRollups = (db: Db, now: Date): Promise<number> => catchUp(db, SALES_SOURCE, now);

/** Recounts whole Jakarta months (`YYYY-MM`, both ends inclusive) of the sales rollups from the transactions. */
export const rebuildSalesRollups = (db: Db, fromMonth: string, toMonth: string, now: Date): Promise<void> => rebuild(db, SALES_SOURCE, fromMonth, toMonth, now);
