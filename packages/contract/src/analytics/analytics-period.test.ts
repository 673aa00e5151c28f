import { describe, expect, it } from 'vitest';
import { analyticsPeriod, analyticsQuery, denseRank, isWholeMonths, periodParts, previousPeriod, trendBucketOf, trendBuckets } from './analytics-period.ts';
import { customerRatios } from './customer-analytics.schema.ts';
import { engagementRatios } from './planogram-analytics.schema.ts';
import { percentChange, salesRatios } from './sales-analytics.schema.ts';

describe('dense rank', () => {
  it('gives equal values one rank and the next value the next rank, with no gaps', () => {
    const rows = [10, 10, 7, 7, 7, 3, 0].map((v, i) => ({ id: i, v }));
    expect(denseRank(rows, (r) => r.v).map((r) => r.rank)).toEqual([1, 1, 2, 2, 2, 3, 4]);
    expect(denseRank([], (r: { v: number }) => r.v)).toEqual([]);
    expect(denseRank([{ v: 5 }], (r) => r.v)).toEqual([{ v: 5, rank: 1 }]);
  });
});

describe('a period as the rollups read it', () => {
  it('reads whole months from the monthly rows and the days at either end from the daily ones', () => {
    expect(periodParts({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(periodParts({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ months: { from: '2026-01-01', to: '2026-12-01' }, days: [] });
    expect(periodParts({ from: '2025-12-01', to: '2026-01-31' })).toEqual({ months: { from: '2025-12-01', to: '2026-01-01' }, days: [] });
    expect(periodParts({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ months: { from: '2026-02-01', to: '2026-02-01' }, days: [] });
    expect(periodParts({ from: '2024-02-01', to: '2024-02-28' })).toEqual({ months: null, days: [{ from: '2024-02-01', to: '2024-02-28' }] });
    expect(periodParts({ from: '2026-03-05', to: '2026-03-20' })).toEqual({ months: null, days: [{ from: '2026-03-05', to: '2026-03-20' }] });
    expect(periodParts({ from: '2026-03-05', to: '2026-04-20' })).toEqual({ months: null, days: [{ from: '2026-03-05', to: '2026-04-20' }] });
  });

  it('covers every day exactly once, for every start and end over two years', () => {
    const days: string[] = [];
    for (let d = new Date('2025-01-01T00:00:00Z'); d < new Date('2026-12-31T00:00:00Z'); d = new Date(d.getTime() + 86_400_000 * 11)) days.push(d.toISOString().slice(0, 10));
    const count = (p: { from: string; to: string }) => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;
    const monthDays = (m: { from: string; to: string }) => {
      const end = new Date(Date.parse(`${m.to}T00:00:00Z`));
      end.setUTCMonth(end.getUTCMonth() + 1);
      return Math.round((end.getTime() - Date.parse(`${m.from}T00:00:00Z`)) / 86_400_000);
    };
    for (const from of days) {
      for (const to of days.filter((t) => t >= from)) {
        const parts = periodParts({ from, to });
        const covered = parts.days.reduce((n, d) => n + count(d), 0) + (parts.months ? monthDays(parts.months) : 0);
        expect(covered, `${from}..${to}`).toBe(count({ from, to }));
      }
    }
  });
});

describe('the period compared with', () => {
  it('is the same whole months before a period of whole months, else the same number of days right before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-16' })).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(isWholeMonths({ from: '2024-02-01', to: '2024-02-29' })).toBe(true);
    expect(isWholeMonths({ from: '2024-02-01', to: '2024-02-28' })).toBe(false);
  });
});

describe('the dashboards’ query', () => {
  it('defaults to this month so far, and refuses a reversed, too long or malformed filter with a message', () => {
    expect(analyticsPeriod({}, '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(analyticsPeriod({ from: '2026-11-20' }, '2026-11-29')).toEqual({ from: '2026-11-20', to: '2026-11-29' });
    expect(analyticsPeriod({ to: '2026-10-15' }, '2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-15' });
    expect(analyticsQuery.parse({}).basis).toBe('wib');
    const issue = (q: object) => analyticsQuery.safeParse(q).error?.issues[0]?.message;
    expect(issue({ from: '2026-02-01', to: '2026-01-01' })).toBe('The end date cannot be before the start date');
    expect(issue({ from: '2025-01-01', to: '2026-01-02' })).toBe('A dashboard shows at most 366 days at once');
    expect(issue({ from: '2025-01-01', to: '2026-01-01' })).toBeUndefined();
    expect(issue({ from: '2024-01-01', to: '2024-12-31' })).toBeUndefined();
    expect(issue({ store_code: 'S1;drop' })).toContain('Store codes must be codes separated by commas');
    expect(issue({ channel: '3' })).toBe('Channel must be 1 (offline) or 2 (online)');
  });

  it('charts up to 62 days by day and longer periods by month, every bucket listed', () => {
    expect(trendBucketOf({ from: '2026-01-01', to: '2026-03-03' })).toBe('day');
    expect(trendBucketOf({ from: '2026-01-01', to: '2026-03-04' })).toBe('month');
    expect(trendBuckets({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(trendBuckets({ from: '2025-11-15', to: '2026-02-10' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('ratios', () => {
  it('averages whole Rupiah and one-decimal counts, and answers 0 (never NaN) with nothing to divide by', () => {
    expect(salesRatios({ sales: 1_000_000, transactions: 3, quantity: 10, member_sales: 600_000, member_transactions: 2 })).toEqual({
      average_transaction: 333_333,
      apc_member: 300_000,
      apc_non_member: 400_000,
      items_per_transaction: 3.3,
      member_share: 66.7,
    });
    expect(Object.values(salesRatios({ sales: 0, transactions: 0, quantity: 0, member_sales: 0, member_transactions: 0 }))).toEqual([0, 0, 0, 0, 0]);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(5, 0)).toBeNull();
    expect(engagementRatios({ impressions: 3, clicks: 1, carts: 0 })).toEqual({ click_through: 33.3, cart_rate: 0 });
    const c = customerRatios({ customers: 2, member_transactions: 3, member_lines: 7, member_quantity: 9, member_sales: 250_001, transactions: 4, lines: 9, quantity: 11, sales: 300_000 });
    expect(c).toEqual({ 'apc-per-customer': 125_001, 'ipc-per-customer': 3.5, 'qpc-per-customer': 4.5, 'apc-per-transaction': 75_000, 'ipc-per-transaction': 2.3, 'qpc-per-transaction': 2.8 });
  });
});
