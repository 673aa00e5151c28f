import { describe, expect, it } from 'vitest';
import { orderNoDays } from './order-number.ts';

describe('orderNoDays', () => {
  it('names the day, month, year or span of days a prefix reaches', () => {
    expect(orderNoDays('ORD-20261127')).toEqual({ from: '2026-11-27', until: '2026-11-27', exact: true });
    expect(orderNoDays('ORD-20261127-')).toEqual({ from: '2026-11-27', until: '2026-11-27', exact: true });
    expect(orderNoDays('ord-20261127-ab')).toEqual({ from: '2026-11-27', until: '2026-11-27', exact: false });
    expect(orderNoDays('ORD-202611')).toEqual({ from: '2026-11-01', until: '2026-11-30', exact: true });
    expect(orderNoDays('ORD-2026112')).toEqual({ from: '2026-11-20', until: '2026-11-29', exact: true });
    expect(orderNoDays('ORD-20261')).toEqual({ from: '2026-10-01', until: '2026-12-31', exact: true });
    expect(orderNoDays('ORD-2026')).toEqual({ from: '2026-01-01', until: '2026-12-31', exact: true });
    expect(orderNoDays('ORD-202602')).toEqual({ from: '2026-02-01', until: '2026-02-28', exact: true });
    expect(orderNoDays('ORD-2028022')).toEqual({ from: '2028-02-20', until: '2028-02-29', exact: true });
    // No real date begins so: the days only narrow, the prefix still filters.
    expect(orderNoDays('ORD-2026023')).toMatchObject({ exact: false });
    expect(orderNoDays('ORD-202613')).toMatchObject({ exact: false });
    expect(orderNoDays('ORD-20261132')).toMatchObject({ exact: false });
  });

  it('holds every real order number of the prefix, however the prefix cuts the date', () => {
    for (const day of ['2026-01-01', '2026-02-28', '2026-09-30', '2026-10-01', '2026-12-31', '2028-02-29']) {
      const no = `ORD-${day.replaceAll('-', '')}-ABCDEFGH`;
      for (let cut = 5; cut <= 12; cut++) {
        const range = orderNoDays(no.slice(0, cut));
        expect(range && range.from <= day && day <= range.until, `${no.slice(0, cut)} → ${JSON.stringify(range)}`).toBe(true);
        // Exact: every day of the range begins with the prefix's digits.
        if (range?.exact) expect([range.from, range.until].every((d) => `ORD-${d.replaceAll('-', '')}`.startsWith(no.slice(0, cut)))).toBe(true);
      }
    }
  });

  it('names no days for a prefix without the date', () => {
    expect(orderNoDays('ORD-')).toBeNull();
    expect(orderNoDays('ORD')).toBeNull();
    expect(orderNoDays('ABCDEFGH')).toBeNull();
    expect(orderNoDays('123')).toBeNull();
  });
});
