import { z } from 'zod';
import { recordId } from './list-query.ts';

/**
 * Periods of promos, planograms and limits are whole days (YYYY-MM-DD, Asia/Jakarta calendar), both ends inclusive:
 * a one-day promo starts and ends on the same day.
 */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** PostgreSQL's calendar has no year 0 (1 BC comes right before AD 1), which JavaScript's dates accept. */
const inYearZero = (s: string) => s.startsWith('0000-');
const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && !inYearZero(s);
};
/** An instant with its offset (`2026-01-31T09:00:00+07:00`) that PostgreSQL can store. */
export const isInstantText = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success && !inYearZero(v);

/** An instant with its offset, as the form sends it (`2026-01-02T00:00:00+07:00`). */
export const instantField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isInstantText, `${label} must be a date and time like 2026-01-31T09:00:00+07:00`);

export const dayField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(DAY_PATTERN, `${label} must be a date like 2025-01-31`)
    .refine(isRealDay, `${label} is not a real date`);

/** A day from a query string (`active_on=2025-01-31`). */
export const dayFilter = z.string().regex(DAY_PATTERN, 'Must be a date like 2025-01-31').refine(isRealDay, 'Not a real date').optional();

const DAY_MS = 86_400_000;
/** The calendar day `n` days after `day` (YYYY-MM-DD; `n` may be negative). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Whole days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The days a report covers, both ends inclusive, from its optional ends and today (a calendar day). Neither end: this
 * month (its first day to today). A start alone runs to today (at most `maxDays` days on); an end alone starts on the
 * first of its month.
 */
export function reportPeriod(from: string | undefined, to: string | undefined, today: string, maxDays: number): { from: string; to: string } {
  if (from && to) return { from, to };
  if (from) {
    const last = addDays(from, maxDays - 1);
    const end = today < from ? from : today;
    return { from, to: end > last ? last : end };
  }
  const end = to ?? today;
  return { from: `${end.slice(0, 7)}-01`, to: end };
}

/** Refuses (on `toKey`) a report period whose end comes before its start or lies `maxDays` or more days after it. */
export function checkReportPeriod(from: string | undefined, to: string | undefined, maxDays: number, toKey: string, ctx: z.RefinementCtx): void {
  if (!from || !to) return;
  if (to < from) ctx.addIssue({ code: 'custom', path: [toKey], message: 'The end date cannot be before the start date' });
  else if (daysBetween(from, to) >= maxDays) ctx.addIssue({ code: 'custom', path: [toKey], message: `The report covers at most ${maxDays} days at once` });
}

/** The end of a period may not come before its start (the same day is a one-day period). */
export const withPeriod = <T extends z.ZodType<{ start_date: string; end_date: string }>>(schema: T) =>
  schema.refine((b) => b.end_date >= b.start_date, { message: 'End date cannot be before the start date', path: ['end_date'] });

/** A list of ids chosen in a multi-select: positive, each once. */
export const idList = (label: string, max: number) =>
  z
    .array(recordId, { error: `${label} must be a list of ids` })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .refine((ids) => new Set(ids).size === ids.length, `A ${label.toLowerCase().replace(/s$/, '')} is chosen twice`);

/** A number field limited to the values of a contract enum table. */
export const enumValueField = (table: { values: readonly (string | number)[] }, label: string) =>
  z
    .number({ error: `${label} is required` })
    .int()
    .refine((v) => table.values.includes(v), `${label} must be one of ${table.values.join(', ')}`);
