import { describe, expect, it } from 'vitest';
import { SPEND_BAND_FLOORS, SPEND_BANDS, spendBandLabel, spendBandOf } from './spend-band.schema.ts';

describe('spend bands', () => {
  it('cover every basket value once: each band from its bound to the next, the last without end', () => {
    expect(SPEND_BANDS.map((b) => [b.from, b.to])).toEqual([
      [0, 50_000],
      [50_000, 100_000],
      [100_000, 200_000],
      [200_000, 500_000],
      [500_000, 1_000_000],
      [1_000_000, null],
    ]);
    for (const b of SPEND_BANDS) {
      expect(spendBandOf(b.from)).toBe(b.from);
      if (b.to !== null) expect(spendBandOf(b.to - 1)).toBe(b.from);
    }
    expect(spendBandOf(0)).toBe(0);
    expect(spendBandOf(12_345_678_901)).toBe(1_000_000);
    expect([...SPEND_BAND_FLOORS]).toEqual([...SPEND_BAND_FLOORS].sort((a, b) => a - b));
  });

  it('reads as Rupiah with dot thousands, the upper bound the last Rupiah inside the band', () => {
    expect(SPEND_BANDS.map(spendBandLabel)).toEqual(['< Rp 50.000', 'Rp 50.000 – Rp 99.999', 'Rp 100.000 – Rp 199.999', 'Rp 200.000 – Rp 499.999', 'Rp 500.000 – Rp 999.999', '≥ Rp 1.000.000']);
  });
});
