import { z } from 'zod';
import { addDays, daysBetween, dayFilter } from '../common/period.ts';

/** The longest period a dashboard shows at once: a year and a day (a leap year's whole year fits). */
export const ANALYTICS_MAX_DAYS = 366;
/** Periods up to this many days are charted day by day; longer ones month by month. */
export const ANALYTICS_DAILY_MAX_DAYS = 62;

/**
 * Which calendar a day of sales is: the Jakarta day (WIB, the chain's reporting day, as the spec says), or each store's
 * own day (WIB, WITA or WIT by the store's province), so a Makassar store's day runs from its own midnight.
 */
export const ANALYTICS_BASIS = ['wib', 'store'] as const;
export type AnalyticsBasis = (typeof ANALYTICS_BASIS)[number];

/** A period of whole days, both ends inclusive (YYYY-MM-DD). */
export interface DayPeriod {
  from: string;
  to: string;
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const lastOfMonth = (day: string) => addDays(nextMonth(firstOfMonth(day)), -1);
const monthsBack = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
};

/** The period is whole calendar months: from the first of one to the last day of one. */
export const isWholeMonths = (p: DayPeriod): boolean => p.from === firstOfMonth(p.from) && p.to === lastOfMonth(p.to);

/**
 * The period compared with: the same number of whole months before it when the period is whole months (March against
 * February, a quarter against the quarter before), else the same number of days right before it.
 */
export function previousPeriod(p: DayPeriod): DayPeriod {
  if (isWholeMonths(p)) {
    const months = (Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12 + Number(p.to.slice(5, 7)) - Number(p.from.slice(5, 7)) + 1;
    return { from: monthsBack(p.from, months), to: addDays(p.from, -1) };
  }
  const days = daysBetween(p.from, p.to) + 1;
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/**
 * A period as the rollups read it: the calendar months it covers whole (read from the monthly rollups, first days from
 * `months.from` to `months.to`, both inclusive) and the days left over at either end (from the daily rollups). A year
 * reads twelve monthly rows per key instead of 365 daily ones.
 */
export interface PeriodParts {
  months: DayPeriod | null;
  days: DayPeriod[];
}

export function periodParts(p: DayPeriod): PeriodParts {
  const start = p.from === firstOfMonth(p.from) ? p.from : nextMonth(firstOfMonth(p.from));
  const endNext = p.to === lastOfMonth(p.to) ? nextMonth(firstOfMonth(p.to)) : firstOfMonth(p.to);
  if (start >= endNext) return { months: null, days: [p] };
  const days: DayPeriod[] = [];
  if (p.from < start) days.push({ from: p.from, to: addDays(start, -1) });
  if (endNext <= p.to) days.push({ from: endNext, to: p.to });
  return { months: { from: start, to: monthsBack(endNext, 1) }, days };
}

/** How a trend is cut: by day for periods up to two months, else by calendar month. */
export const trendBucketOf = (p: DayPeriod): 'day' | 'month' => (daysBetween(p.from, p.to) + 1 <= ANALYTICS_DAILY_MAX_DAYS ? 'day' : 'month');

/** Every bucket of a period in order (days as YYYY-MM-DD, months as YYYY-MM), so a chart shows the empty ones too. */
export function trendBuckets(p: DayPeriod): string[] {
  const out: string[] = [];
  if (trendBucketOf(p) === 'day') {
    for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  } else {
    for (let m = firstOfMonth(p.from); m <= p.to; m = nextMonth(m)) out.push(m.slice(0, 7));
  }
  return out;
}

/** A comma-separated list of codes from a query string, trimmed, empty ones dropped, each once. */
export const codesOf = (text: string | undefined): string[] => [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

const codeList = (label: string, pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => codesOf(v).length <= 100, `At most 100 ${label}`)
    .refine((v) => codesOf(v).every((c) => pattern.test(c)), `${label} must be codes separated by commas, like ${example}`)
    .optional();

/**
 * Every dashboard's filters, in the URL: the period (default this month to today, Asia/Jakarta), stores by code,
 * regions (provinces) by code, the channel (1 offline, 2 online) and the day basis.
 */
export const analyticsFilters = z.object({
    from: dayFilter,
    to: dayFilter,
    store_code: codeList('Store codes', /^[A-Za-z0-9_-]{1,20}$/, 'S001,S002'),
    province_code: codeList('Region codes', /^\d{2}$/, '31,32'),
    channel: z.coerce.number().int().refine((v) => v === 1 || v === 2, 'Channel must be 1 (offline) or 2 (online)').optional(),
    basis: z.enum(ANALYTICS_BASIS, { error: 'Basis must be wib or store' }).default('wib'),
});

/** A dashboard query's period check: the end not before the start, at most a year and a day. */
export const withAnalyticsPeriod = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const q = value as { from?: string; to?: string };
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date cannot be before the start date' });
    else if (q.from && q.to && daysBetween(q.from, q.to) >= ANALYTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `A dashboard shows at most ${ANALYTICS_MAX_DAYS} days at once` });
  });
export const analyticsQuery = withAnalyticsPeriod(analyticsFilters);
export type AnalyticsQuery = z.infer<typeof analyticsFilters>;

/** The period a query asks for: its ends, or this month to today, or from its start to today, or the month of its end. */
export function analyticsPeriod(q: Pick<AnalyticsQuery, 'from' | 'to'>, today: string): DayPeriod {
  if (q.from && q.to) return { from: q.from, to: q.to };
  if (q.from) {
    const last = addDays(q.from, ANALYTICS_MAX_DAYS - 1);
    const end = today < q.from ? q.from : today;
    return { from: q.from, to: end > last ? last : end };
  }
  const to = q.to ?? today;
  return { from: firstOfMonth(to), to };
}

/**
 * Ranks in order with a dense rank: equal values share a rank and the next value takes the next rank (10, 10, 7 rank
 * 1, 1, 2), as the spec asks of the offer top average. `rows` must already be sorted by the value, descending.
 */
export function denseRank<T>(rows: readonly T[], value: (row: T) => number): (T & { rank: number })[] {
  let rank = 0;
  let last: number | undefined;
  return rows.map((row) => {
    const v = value(row);
    if (last === undefined || v !== last) rank += 1;
    last = v;
    return { ...row, rank };
  });
}
