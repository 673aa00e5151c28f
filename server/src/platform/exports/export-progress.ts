import { sql } from 'drizzle-orm';
import { DOWNLOAD_IN_PROGRESS } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { whereOf } from '../pagination.ts';
import type { ExportSource } from './source.ts';

/** How often a job writes its progress into its Download List entry, at most. */
export const PROGRESS_EVERY_MS = 1000;

/** Answers how many rows were written so far; called after each batch. */
export type ProgressReport = (rows: number) => void;

/**
 * A kept export's progress in its Download List entry (migration 0045): the rows its filters hold, counted as the job
 * starts (on `counter`, where the rows are read), then the rows written, at most once every `everyMs`. The updates do
 * not hold up the writing: each waits for the one before it, and one that comes after the entry is settled changes
 * nothing.
 */
export async function trackProgress(db: Db, downloadId: number, src: ExportSource, everyMs = PROGRESS_EVERY_MS, counter: Db = db): Promise<ProgressReport> {
  const [counted] = await queryRows<{ n: string }>(counter, sql`select count(*) as n ${src.from} ${whereOf([...src.where])}`);
  await db.execute(sql`update downloads set rows_expected = ${Number(counted?.n ?? 0)}, rows_done = 0 where id = ${downloadId} and status = ${DOWNLOAD_IN_PROGRESS}`);
  let last = Date.now();
  let pending: Promise<unknown> = Promise.resolve();
  return (rows) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    pending = pending
      .then(() => db.execute(sql`update downloads set rows_done = ${rows} where id = ${downloadId} and status = ${DOWNLOAD_IN_PROGRESS}`))
      .catch(() => undefined);
  };
}
