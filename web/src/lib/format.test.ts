import { afterEach, describe, expect, it } from 'vitest';
import { formatCompact, formatDate, formatDateTime, formatRupiah, TIME_ZONE } from './format.ts';
import { currentLang, setLanguage } from './i18n.ts';

describe('formatting', () => {
  afterEach(() => setLanguage('en'));

  it('writes Rupiah with dot thousands and no decimals', () => {
    expect(formatRupiah(1234567)).toBe('Rp 1.234.567');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(-1500000)).toBe('-Rp 1.500.000');
    expect(formatRupiah(1234.6)).toBe('Rp 1.235');
    expect(formatRupiah(null)).toBe('-');
    expect(formatRupiah(undefined)).toBe('-');
    expect(formatRupiah(Number.NaN)).toBe('-');
  });

  it('shows dates as DD/MMM/YYYY HH:mm:ss in Asia/Jakarta (UTC+7)', () => {
    expect(TIME_ZONE).toBe('Asia/Jakarta');
    // 17:04:05 UTC on 31 May is 00:04:05 on 1 June in Jakarta.
    expect(formatDateTime('2024-05-31T17:04:05Z')).toBe('01/Jun/2024 00:04:05');
    expect(formatDateTime(new Date('2024-01-09T02:30:00Z'))).toBe('09/Jan/2024 09:30:00');
    expect(formatDateTime('2024-01-09T02:30:00Z', false)).toBe('09/Jan/2024');
    expect(formatDate('2024-12-31T16:59:59Z')).toBe('31/Dec/2024');
    expect(formatDate('2024-12-31T17:00:00Z')).toBe('01/Jan/2025');
  });

  it('names months in the UI language', () => {
    setLanguage('id');
    expect(currentLang()).toBe('id');
    expect(formatDateTime('2024-05-10T03:00:00Z')).toBe('10/Mei/2024 10:00:00');
    expect(formatDate('2024-08-17T00:00:00Z')).toBe('17/Agu/2024');
    expect(formatDate('2024-10-01T00:00:00Z')).toBe('01/Okt/2024');
    expect(formatDate('2024-12-25T00:00:00Z')).toBe('25/Des/2024');
    setLanguage('en');
    expect(currentLang()).toBe('en');
    expect(formatDateTime('2024-05-10T03:00:00Z')).toBe('10/May/2024 10:00:00');
    expect(formatDate('2024-08-17T00:00:00Z')).toBe('17/Aug/2024');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });

  it('compacts large numbers to K, M, B and T with one decimal, rounding down', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1530)).toBe('1.5K');
    expect(formatCompact(1_999_999)).toBe('1.9M');
    expect(formatCompact(2_000_000_000)).toBe('2.0B');
    expect(formatCompact(-4_250_000_000_000)).toBe('-4.2T');
  });
});
