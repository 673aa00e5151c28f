import { describe, expect, it } from 'vitest';
import type { PosTerms } from '@portal/contract';
import { ringUp } from './till-terms.ts';

const promo = (over: Partial<PosTerms['promos'][number]>): PosTerms['promos'][number] => ({
  code: 'P10',
  promo_type: 1,
  value: 10,
  max_discount: null,
  min_purchase: 0,
  member_scope: 0,
  plus: null,
  listed_consumers: false,
  ...over,
});
const basket = { card_id: null, lines: [{ plu: 'A', quantity: 3, price: 12_300 }, { plu: 'B', quantity: 1, price: 50_000 }] };

describe('a till ringing a basket up by its terms', () => {
  it('gives each line the first promo that takes it, a percentage in whole hundreds capped, an amount once a receipt', () => {
    const rung = ringUp(basket, { promos: [promo({ plus: ['A'] }), promo({ code: 'CUT', promo_type: 2, value: 5_000 })], gifts: [] });
    expect(rung.lines).toEqual([
      { plu: 'A', quantity: 3, price: 12_300, promo_code: 'P10', discount: 3_600 },
      { plu: 'B', quantity: 1, price: 50_000, promo_code: 'CUT', discount: 5_000 },
    ]);
    const capped = ringUp(basket, { promos: [promo({ value: 50, max_discount: 4_000 })], gifts: [] });
    expect(capped.lines.map((l) => 'discount' in l && l.discount)).toEqual([4_000, 4_000]);
    const once = ringUp(basket, { promos: [promo({ promo_type: 2, value: 1_000 })], gifts: [] });
    expect(once.lines.map((l) => ('promo_code' in l ? l.promo_code : null))).toEqual(['P10', null]);
  });

  it('keeps member promos for a scanned card, never a promo for listed consumers, and minimums by the gross', () => {
    const terms = { promos: [promo({ member_scope: 1 }), promo({ code: 'LISTED', listed_consumers: true }), promo({ code: 'BIG', min_purchase: 100_000 })], gifts: [] };
    expect(ringUp(basket, terms).lines.every((l) => !('promo_code' in l))).toBe(true);
    expect(ringUp({ ...basket, card_id: 'C1' }, terms).lines.map((l) => ('promo_code' in l ? l.promo_code : null))).toEqual(['P10', 'P10']);
  });

  it('gives an associate a tenth off, and every gift whose minimum what is paid reaches', () => {
    const gifts = [
      { code: 'G-80K', min_purchase: 80_000, items: [{ plu: 'GIFT', quantity: 2 }] },
      { code: 'G-70K', min_purchase: 70_000, items: [{ plu: 'OTHER', quantity: 1 }] },
    ];
    const staff = ringUp(basket, { promos: [], gifts }, { employee_no: 'EMP-1', monthly_quota: 300_000, used_this_month: 0 });
    expect(staff.associate).toEqual({ employee_no: 'EMP-1', discount: 8_690 });
    // 86.900 less 8.690 is 78.210: the 70.000 gift only.
    expect(staff.gifts).toEqual([{ code: 'G-70K', plu: 'OTHER', quantity: 1 }]);
    expect(ringUp(basket, { promos: [], gifts }).gifts).toHaveLength(2);
  });
});
