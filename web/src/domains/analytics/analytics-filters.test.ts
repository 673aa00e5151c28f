import { describe, expect, it } from 'vitest';
import { PERIOD_PRESETS, periodProblem, presetOf, presetPeriod, readAnalyticsSearch, routerSearch } from './analytics-filters.ts';
import { bucketPeriod, bucketText } from './analytics-links.tsx';
import { analyticsI18n } from './analytics.i18n.ts';

describe('analytics period presets', () => {
  const today = '2026-03-15';

  it('give each preset its days, both ends inclusive', () => {
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-03-14', to: '2026-03-14' });
    expect(presetPeriod('last7', today)).toEqual({ from: '2026-03-09', to: today });
    expect(presetPeriod('last30', today)).toEqual({ from: '2026-02-14', to: today });
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('last3Months', today)).toEqual({ from: '2025-12-01', to: '2026-02-28' });
    expect(presetPeriod('thisYear', today)).toEqual({ from: '2026-01-01', to: today });
    expect(presetPeriod('last12Months', today)).toEqual({ from: '2025-03-01', to: '2026-02-28' });
    // January: last month is December of the year before.
    expect(presetPeriod('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('keeps every preset within what a dashboard shows, leap years too', () => {
    for (const day of [today, '2024-12-31', '2025-03-01', '2028-02-29']) {
      for (const preset of PERIOD_PRESETS) {
        const p = presetPeriod(preset, day);
        expect(periodProblem(p.from, p.to), `${preset} on ${day}`).toBeNull();
      }
    }
  });

  it('names the preset a URL’s period is: none is this month, other days are custom', () => {
    expect(presetOf({}, today)).toBe('thisMonth');
    expect(presetOf({ from: '2026-03-09', to: today }, today)).toBe('last7');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, today)).toBe('lastMonth');
    expect(presetOf({ from: '2026-02-02', to: '2026-02-28' }, today)).toBe('custom');
  });

  it('refuses a range ending before it starts or longer than 366 days', () => {
    expect(periodProblem('2026-01-02', '2026-01-01')).toBe('order');
    expect(periodProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('tooLong');
  });
});

describe('analytics filters in the URL', () => {
  it('keeps what the contract accepts, as text, and drops the rest', () => {
    const read = readAnalyticsSearch({ from: '2026-03-01', to: '2026-03-31', store_code: 'S0001,S0002', province_code: 31, channel: 2, basis: 'store', page: 3 });
    expect(read).toEqual({ search: { from: '2026-03-01', to: '2026-03-31', store_code: 'S0001,S0002', province_code: '31', channel: '2', basis: 'store' } });
    expect(readAnalyticsSearch({ from: '2026-02-30', channel: 3, basis: 'wib', province_code: 'Jakarta' })).toEqual({ search: {} });
  });

  it('says why a period is refused', () => {
    expect(readAnalyticsSearch({ from: '2024-01-01', to: '2026-01-01' }).problem).toBe('tooLong');
    expect(readAnalyticsSearch({ from: '2026-01-05', to: '2026-01-01' }).problem).toBe('order');
  });

  it('writes whole numbers as numbers, as the router reads them back', () => {
    expect(routerSearch({ province_code: '31', channel: 1, from: '2026-03-01', store_code: '', page: undefined })).toEqual({ province_code: 31, channel: 1, from: '2026-03-01' });
  });
});

describe('trend buckets', () => {
  it('open a day, or the days of a month within the period shown', () => {
    const within = { from: '2026-01-10', to: '2026-11-20' };
    expect(bucketPeriod('2026-03-04', within)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(bucketPeriod('2026-02', within)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(bucketPeriod('2026-01', within)).toEqual({ from: '2026-01-10', to: '2026-01-31' });
    expect(bucketPeriod('2026-11', within)).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(bucketPeriod('2025-12', { from: '2025-12-01', to: '2026-01-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('read as DD/MMM/YYYY or MMM/YYYY in the UI language', () => {
    expect(bucketText('2026-05-04', 'en')).toBe('04/May/2026');
    expect(bucketText('2026-08', 'en')).toBe('Aug/2026');
    expect(bucketText('2026-08', 'id')).toBe('Agu/2026');
  });
});

describe('analytics texts', () => {
  /** The sales dashboards and the building blocks whose texts analytics.i18n.ts holds (other dashboards keep their own). */
  const SOURCES = import.meta.glob<string>(
    ['./sales-dashboard.screens.tsx', './sales.widgets.tsx', './sales.measures.ts', './AnalyticsFilterBar.tsx', './analytics-blocks.tsx', './analytics-links.tsx'],
    { eager: true, query: '?raw', import: 'default' },
  );
  /** Every module of the folder: the other dashboards use some of the same texts. */
  const FOLDER = import.meta.glob<string>(['./**/*.tsx', './**/*.ts', '!./**/*.test.ts'], { eager: true, query: '?raw', import: 'default' });
  const keysOf = (sources: Record<string, string>) => new Set(Object.values(sources).flatMap((source) => [...source.matchAll(/t\(\s*'(analytics\.[^']+)'/g)].map((m) => m[1]!)));

  it('have an Indonesian text for every key the screens use, and none unused', () => {
    const used = keysOf(SOURCES);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !analyticsI18n.id[key])).toEqual([]);
    const anywhere = keysOf(FOLDER);
    expect(Object.keys(analyticsI18n.id).filter((key) => !anywhere.has(key))).toEqual([]);
  });
});
