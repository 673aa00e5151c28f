import { z } from 'zod';
import { STAMP_DIRECTION, STAMP_IN_CODES, STAMP_OUT_CODES } from '../enums/stamp-movement.ts';
import { listQuery } from '../common/list-query.ts';
import { checkReportPeriod, dayFilter, reportPeriod } from '../common/period.ts';
import { idFilter } from '../common/resource-fields.ts';
import { stampDayOf } from './stamp-earning.ts';

export const STAMP_REPORT_ENTRIES = ['cms.report'] as const;

/** The longest range the report answers at once (a year and a day): the rollup holds a few rows a day, so a year stays cheap. */
export const STAMP_REPORT_MAX_DAYS = 366;

/**
 * cms Digital stamp, "report": the stamps in and out of one Asia/Jakarta day, programme and store (a store of null
 * gathers movements at no store: injections, redemptions, expiries). `id` is `day:programme:store` (store 0 for none).
 */
export const stampReportRow = z.object({
  id: z.string(),
  day: z.string(),
  programme_id: z.number().int(),
  programme_name: z.string(),
  store_id: z.number().int().nullable(),
  store_code: z.string().nullable(),
  store_name: z.string().nullable(),
  stamps_in: z.number().int(),
  stamps_out: z.number().int(),
  net: z.number().int(),
  movements: z.number().int(),
});
export type StampReportRow = z.infer<typeof stampReportRow>;

const reportFilters = {
  /** Spec section 3, Stamp movement filter: in (codes 10, 30), out (20, 21, 31); absent, both. */
  movement: z.enum(STAMP_DIRECTION.values).optional(),
  day_from: dayFilter,
  day_to: dayFilter,
  programme_id: idFilter,
  store_id: idFilter,
};

type RangeFields = { day_from?: string | undefined; day_to?: string | undefined };

/** The range's end may not come before its start, nor lie more than STAMP_REPORT_MAX_DAYS after it. */
const boundedRange = (q: RangeFields, ctx: z.RefinementCtx): void => checkReportPeriod(q.day_from, q.day_to, STAMP_REPORT_MAX_DAYS, 'day_to', ctx);

export const stampReportQuery = listQuery(['day', 'programme_name', 'store_name', 'stamps_in', 'stamps_out'] as const, reportFilters).superRefine(boundedRange);
export type StampReportQuery = z.infer<typeof stampReportQuery>;

/** The report's totals row: the same filters, summed over every row (not only the page shown). */
export const stampReportTotalsQuery = z.object(reportFilters).strict().superRefine(boundedRange);
export type StampReportTotalsQuery = z.infer<typeof stampReportTotalsQuery>;

export const stampReportTotals = z.object({
  day_from: z.string(),
  day_to: z.string(),
  stamps_in: z.number().int(),
  stamps_out: z.number().int(),
  net: z.number().int(),
  movements: z.number().int(),
});
export type StampReportTotals = z.infer<typeof stampReportTotals>;

/**
 * The range a report query covers, both ends inclusive Asia/Jakarta days. Neither end: this month (its first day to
 * today). A start alone runs to today (at most STAMP_REPORT_MAX_DAYS days on); an end alone starts on the first of its month.
 */
export function stampReportRange(q: RangeFields, now: Date): { from: string; to: string } {
  return reportPeriod(q.day_from, q.day_to, stampDayOf(now), STAMP_REPORT_MAX_DAYS);
}

/** The movement codes a movement filter admits. */
export function stampReportCodes(movement: 'in' | 'out' | undefined): readonly number[] {
  if (movement === 'in') return STAMP_IN_CODES;
  if (movement === 'out') return STAMP_OUT_CODES;
  return [...STAMP_IN_CODES, ...STAMP_OUT_CODES];
}
