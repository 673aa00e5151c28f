import { sql, type SQL } from 'drizzle-orm';
import { PERSONAL_DATA_ENTRY } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { ExportSource, ExportViewer } from './exports/index.ts';
import { whereOf } from './pagination.ts';
import { maskEmailSql, maskPhoneSql, seesPersonalData, type PersonalDataAccessLog } from './personal-data.ts';
import type { Actor } from './request-context.ts';
import { requireRecentSecondFactor } from './step-up.ts';
import { holdsRight } from './user-rights.ts';

/*
 * Exports that hold consumers' phone numbers and e-mail addresses (consumers, members, the coupon log): masked unless the
 * exporting user holds the personal-data right when the rows are read, an unmasked file recorded in the access log.
 */

/**
 * Whether the exporting user may see personal data, read when the rows are read (a kept export runs later, in a job):
 * an active role that is super or holds the personal-data view right. Same rule as the API's masking.
 */
export const personalRight = (userId: number) => holdsRight(userId, PERSONAL_DATA_ENTRY, 'view');

/** Personal data leaves unmasked only after a recent second factor (step-up); a masked export needs none. */
export const stepUpForPersonalData = (actor: Actor, now: Date) => {
  if (seesPersonalData(actor.perms)) requireRecentSecondFactor(actor, now);
};

/** The consumer's (`c`) phone and e-mail as the file shows them: masked by the database unless the viewer may see them. */
export const shownContact = (viewer: ExportViewer): SQL =>
  viewer.personalData
    ? sql`c.phone as shown_phone, c.email as shown_email`
    : sql`${maskPhoneSql(sql`c.phone`)} as shown_phone, ${maskEmailSql(sql`c.email`)} as shown_email`;

/**
 * Decides, when the rows are read (a kept export in its job), whether the file shows personal data unmasked; an unmasked
 * export is recorded in the personal-data access log with every consumer the file holds, in one set-based statement
 * over the export's own query, run while the rows are written (`recorded`): the writer hands the file to no one before
 * that entry is written, and a file whose entry fails is not handed over at all.
 */
export const decidePersonalData =
  (accessLog: PersonalDataAccessLog, name: string, consumerId: string) =>
  async (db: Db, src: ExportSource, viewer: ExportViewer): Promise<ExportViewer> => {
    const [row] = await queryRows<{ open: unknown }>(db, sql`select ${personalRight(viewer.userId)} as open`);
    const personalData = row?.open === true || row?.open === 't';
    if (!personalData) return { ...viewer, personalData };
    const read = { userId: viewer.userId, at: accessLog.now(), screen: name, route: 'export' };
    // Beside the rows rather than before them: at a million rows the entry's subjects cost as much as the file.
    const recorded = accessLog.recordSelected(read, sql`select ${sql.raw(consumerId)} as consumer_id ${src.from} ${whereOf([...src.where])}`, db);
    // Awaited by the writer after the rows; until then a failure must not count as unhandled.
    recorded.catch(() => undefined);
    return { ...viewer, personalData, recorded };
  };

