import { describe, expect, it } from 'vitest';
import { checkSheetName, formatCompact, formatCount, formatDateTime, formatRupiah, isDateRangeWithin, truncate, uniqueFileName } from './format.ts';

describe('formatting helpers of section 9', () => {
  it('formats Rupiah with dot thousands', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(-2500)).toBe('-Rp 2.500');
    expect(formatRupiah(null)).toBe('-');
  });

  it('formats counts with dot thousands', () => {
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(1000000)).toBe('1.000.000');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(undefined)).toBe('-');
  });

  it('formats compact numbers with one decimal', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(1530)).toBe('1.5K');
    expect(formatCompact(2_000_000)).toBe('2.0M');
    expect(formatCompact(3_450_000_000)).toBe('3.4B');
    expect(formatCompact(1.2e12)).toBe('1.2T');
  });

  it('shows dates as DD/MMM/YYYY HH:mm:ss in Asia/Jakarta', () => {
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    expect(formatDateTime('2026-08-16T17:30:05Z', 'en')).toBe('17/Aug/2026 00:30:05');
    expect(formatDateTime('2026-08-16T17:30:05Z', 'id')).toBe('17/Agu/2026 00:30:05');
    expect(formatDateTime('2026-12-01T00:00:00Z', 'id')).toBe('01/Des/2026 07:00:00');
    // Three letters always, as the date pickers take them (some locales write September "Sept").
    expect(formatDateTime('2026-09-15T05:00:00Z', 'en')).toBe('15/Sep/2026 12:00:00');
    expect(formatDateTime('2026-09-15T05:00:00Z', 'id')).toBe('15/Sep/2026 12:00:00');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('Supermarket', 5)).toBe('Super...');
    expect(truncate('Super', 5)).toBe('Super');
  });

  it('refuses sheet names over 31 characters', () => {
    expect(checkSheetName('a'.repeat(31))).toHaveLength(31);
    expect(() => checkSheetName('a'.repeat(32))).toThrow('Sheet name too long');
  });

  it('adds a duplicate counter to taken file names', () => {
    expect(uniqueFileName('a.xlsx', new Set())).toBe('a.xlsx');
    expect(uniqueFileName('a.xlsx', new Set(['a.xlsx', 'a duplicate 1.xlsx']))).toBe('a duplicate 2.xlsx');
  });

  it('accepts date ranges of at most 6 days', () => {
    expect(isDateRangeWithin(new Date('2026-01-01'), new Date('2026-01-07'))).toBe(true);
    expect(isDateRangeWithin(new Date('2026-01-01'), new Date('2026-01-08'))).toBe(false);
  });
});
