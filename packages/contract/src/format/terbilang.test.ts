import { describe, expect, it } from 'vitest';
import { terbilang, terbilangRupiah } from './terbilang.ts';

describe('terbilang: a whole number in Indonesian words', () => {
  it('writes units, the teens and tens with se- for one', () => {
    const cases: [number, string][] = [
      [0, 'nol'],
      [1, 'satu'],
      [9, 'sembilan'],
      [10, 'sepuluh'],
      [11, 'sebelas'],
      [12, 'dua belas'],
      [19, 'sembilan belas'],
      [20, 'dua puluh'],
      [21, 'dua puluh satu'],
      [99, 'sembilan puluh sembilan'],
      [100, 'seratus'],
      [101, 'seratus satu'],
      [111, 'seratus sebelas'],
      [115, 'seratus lima belas'],
      [250, 'dua ratus lima puluh'],
      [999, 'sembilan ratus sembilan puluh sembilan'],
    ];
    for (const [n, words] of cases) expect(terbilang(n), String(n)).toBe(words);
  });

  it('says seribu for one thousand, but satu juta, satu miliar and satu triliun', () => {
    expect(terbilang(1_000)).toBe('seribu');
    expect(terbilang(1_001)).toBe('seribu satu');
    expect(terbilang(1_100)).toBe('seribu seratus');
    expect(terbilang(2_000)).toBe('dua ribu');
    expect(terbilang(11_000)).toBe('sebelas ribu');
    expect(terbilang(101_000)).toBe('seratus satu ribu');
    expect(terbilang(1_000_000)).toBe('satu juta');
    expect(terbilang(1_001_000)).toBe('satu juta seribu');
    expect(terbilang(1_000_000_000)).toBe('satu miliar');
    expect(terbilang(1_000_000_000_000)).toBe('satu triliun');
  });

  it('writes the amounts of voucher orders, skipping empty groups', () => {
    expect(terbilang(350_000)).toBe('tiga ratus lima puluh ribu');
    expect(terbilang(1_500_000)).toBe('satu juta lima ratus ribu');
    expect(terbilang(12_345_678)).toBe('dua belas juta tiga ratus empat puluh lima ribu enam ratus tujuh puluh delapan');
    expect(terbilang(2_000_000_050)).toBe('dua miliar lima puluh');
    expect(terbilang(100_000_000_000)).toBe('seratus miliar');
    expect(terbilang(999_999_999_999_999)).toBe(
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    );
    expect(terbilang(-2_500)).toBe('minus dua ribu lima ratus');
  });

  it('refuses what is not a whole number or beyond 999 trillion', () => {
    expect(() => terbilang(1.5)).toThrow(RangeError);
    expect(() => terbilang(Number.NaN)).toThrow(RangeError);
    expect(() => terbilang(1e15)).toThrow(RangeError);
  });

  it('writes an amount of Rupiah capitalised, ending in rupiah', () => {
    expect(terbilangRupiah(350_000)).toBe('Tiga ratus lima puluh ribu rupiah');
    expect(terbilangRupiah(0)).toBe('Nol rupiah');
  });
});
