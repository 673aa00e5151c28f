import { describe, expect, it } from 'vitest';
import { stampReportCodes, stampReportQuery, stampReportRange, STAMP_REPORT_MAX_DAYS } from './stamp-report.schema.ts';

describe('the stamp report range', () => {
  // 2026-03-31 20:00 UTC is already 1 April in Jakarta (UTC+7).
  const lateMarchUtc = new Date('2026-03-31T20:00:00Z');

  it('defaults to this month in Asia/Jakarta: its first day to today', () => {
    expect(stampReportRange({}, new Date('2026-03-15T05:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(stampReportRange({}, lateMarchUtc)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it('keeps both ends when given; an end alone starts on the first of its month; a start alone runs to today', () => {
    expect(stampReportRange({ day_from: '2026-01-05', day_to: '2026-01-09' }, lateMarchUtc)).toEqual({ from: '2026-01-05', to: '2026-01-09' });
    expect(stampReportRange({ day_to: '2026-02-10' }, lateMarchUtc)).toEqual({ from: '2026-02-01', to: '2026-02-10' });
    expect(stampReportRange({ day_from: '2026-03-20' }, lateMarchUtc)).toEqual({ from: '2026-03-20', to: '2026-04-01' });
    expect(stampReportRange({ day_from: '2026-05-01' }, lateMarchUtc)).toEqual({ from: '2026-05-01', to: '2026-05-01' });
  });

  it('never lets a start alone reach past the longest range', () => {
    const { from, to } = stampReportRange({ day_from: '2020-01-01' }, lateMarchUtc);
    expect(from).toBe('2020-01-01');
    expect(to).toBe('2020-12-31');
  });

  it('refuses an end before the start, and a range longer than the longest', () => {
    expect(stampReportQuery.safeParse({ day_from: '2026-02-01', day_to: '2026-01-31' }).error?.issues[0]?.path).toEqual(['day_to']);
    expect(stampReportQuery.safeParse({ day_from: '2025-01-01', day_to: '2026-01-02' }).success).toBe(false);
    expect(stampReportQuery.safeParse({ day_from: '2025-01-01', day_to: '2025-12-31' }).success).toBe(true);
    expect(STAMP_REPORT_MAX_DAYS).toBe(366);
    expect(stampReportQuery.safeParse({ movement: 'sideways' }).success).toBe(false);
  });
});

describe('the stamp movement filter', () => {
  it('admits 10 and 30 as Stamp In, 20, 21 and 31 as Stamp Out, all five without a filter', () => {
    expect(stampReportCodes('in')).toEqual([10, 30]);
    expect(stampReportCodes('out')).toEqual([20, 21, 31]);
    expect([...stampReportCodes(undefined)].sort()).toEqual([10, 20, 21, 30, 31]);
  });
});
