import { useMemo } from 'react';
import { useSearch } from '@tanstack/react-router';
import {
  addDays,
  ANALYTICS_MAX_DAYS,
  analyticsFilters,
  analyticsPeriod,
  analyticsQuery,
  daysBetween,
  jakartaDay,
  type DayPeriod,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';

/*
 * Every pandora dashboard's filters, kept in the URL (`from`, `to`, `store_code`, `province_code`, `channel`, `basis`,
 * the contract's `analyticsFilters`), and the period presets the filter bar offers. Pure functions here; the bar is
 * AnalyticsFilterBar.tsx.
 */

/** The URL's keys of the filters, in the order a link writes them. */
export const ANALYTICS_PARAMS = ['from', 'to', 'store_code', 'province_code', 'channel', 'basis'] as const;
export type AnalyticsParam = (typeof ANALYTICS_PARAMS)[number];
/** The filters as the URL holds them and the API takes them: text, only the keys set. */
export type AnalyticsSearch = Partial<Record<AnalyticsParam, string>>;

export const PERIOD_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth', 'last3Months', 'thisYear', 'last12Months'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The first day of the month `back` months before the month of `day` (0: its own month). */
function monthStart(day: string, back = 0): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The days of a preset, `today` being the Jakarta day. "Last month", "last 3 months" and "last 12 months" are whole
 * calendar months before this one, so each compares with as many whole months before it; the others run to today.
 */
export function presetPeriod(preset: PeriodPreset, today: string): DayPeriod {
  const endOfLastMonth = addDays(monthStart(today), -1);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth':
      return { from: monthStart(today, 1), to: endOfLastMonth };
    case 'last3Months':
      return { from: monthStart(today, 3), to: endOfLastMonth };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last12Months':
      return { from: monthStart(today, 12), to: endOfLastMonth };
  }
}

/** The preset the URL's period is (no period at all is this month, the API's default), or `custom`. */
export function presetOf(search: Pick<AnalyticsSearch, 'from' | 'to'>, today: string): PeriodPreset | 'custom' {
  const period = analyticsPeriod(search, today);
  return PERIOD_PRESETS.find((p) => {
    const candidate = presetPeriod(p, today);
    return candidate.from === period.from && candidate.to === period.to;
  }) ?? 'custom';
}

/** What is wrong with a chosen range: its end before its start, or more days than a dashboard shows at once. */
export function periodProblem(from: string, to: string): 'order' | 'tooLong' | null {
  if (to < from) return 'order';
  return daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS ? 'tooLong' : null;
}

/** The router parses JSON-looking values (`channel=1` → 1); the filters are text. */
function textOf(raw: Record<string, unknown>, key: string): string | undefined {
  const v = raw[key];
  if (typeof v === 'string') return v.trim() || undefined;
  return typeof v === 'number' ? String(v) : undefined;
}

/**
 * The filters of a URL's search: each key kept when the contract accepts it (a stale or hand-edited value is dropped),
 * and `problem` when the period itself is refused (its end before its start, or longer than a dashboard shows), in
 * which case no widget should ask for it.
 */
export function readAnalyticsSearch(raw: Record<string, unknown>): { search: AnalyticsSearch; problem?: 'order' | 'tooLong' } {
  const search: AnalyticsSearch = {};
  for (const key of ANALYTICS_PARAMS) {
    const text = textOf(raw, key);
    if (text === undefined) continue;
    const one = analyticsFilters.shape[key].safeParse(text);
    if (one.success) search[key] = text;
  }
  if (search.basis === 'wib') delete search.basis;
  if (!analyticsQuery.safeParse(search).success && search.from && search.to) {
    return { search, problem: periodProblem(search.from, search.to) ?? 'tooLong' };
  }
  return { search };
}

/** The filters of the open URL, with the Jakarta day they are read against. */
export function useAnalyticsSearch(): { search: AnalyticsSearch; problem?: 'order' | 'tooLong'; today: string } {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const today = jakartaDay(new Date());
  // Keyed by the filters' values, not by the search object (a new one on every navigation).
  const key = JSON.stringify(ANALYTICS_PARAMS.map((k) => raw[k]));
  return useMemo(() => ({ ...readAnalyticsSearch(raw), today }), [key, today]);
}

/** A search (filters and more) as the router writes it: whole numbers as numbers, so the URL reads `?channel=1`. */
export function routerSearch(search: Record<string, string | number | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === '') continue;
    out[k] = typeof v === 'string' && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : v;
  }
  return out;
}

/** The filters as an API query. */
export const apiQuery = (search: AnalyticsSearch, extra: Query = {}): Query => ({ ...search, ...extra });
