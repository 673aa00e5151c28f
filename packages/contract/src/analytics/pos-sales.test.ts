import { describe, expect, it } from 'vitest';
import { posSale, posSalesSignedText, receiptGross, receiptPromoDiscount, type PosSale } from './pos-sales.schema.ts';

const AT = '2026-03-05T10:00:00+07:00';
const plain: PosSale = { transaction_id: 'T-1', store_code: 'S0001', channel: 1, card_id: null, at: AT, lines: [{ plu: 'P1', quantity: 2, price: 10_000 }] };
const issuesOf = (v: unknown) => (posSale.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('what a till applies on a receipt', () => {
  it('signs a receipt without it exactly as tills always have, and every applied part when there is one', () => {
    expect(posSalesSignedText([plain])).toBe(`T-1|S0001|1||${AT}|P1:2:10000`);
    const applied: PosSale = {
      ...plain,
      card_id: 'C9',
      lines: [{ plu: 'P1', quantity: 2, price: 10_000, promo_code: 'HEMAT', discount: 2_000 }, { plu: 'P2', quantity: 1, price: 5_000 }],
      associate: { employee_no: 'EMP-1', discount: 1_300 },
      gifts: [
        { code: 'FG-1', plu: 'G1', quantity: 1 },
        { code: 'FG-2', plu: 'G2', quantity: 2 },
      ],
    };
    expect(posSalesSignedText([applied])).toBe(`T-1|S0001|1|C9|${AT}|P1:2:10000:HEMAT:2000,P2:1:5000|A:EMP-1:1300|G:FG-1:G1:1,FG-2:G2:2`);
    expect(receiptGross(applied.lines)).toBe(25_000);
    expect(receiptPromoDiscount(applied.lines)).toBe(2_000);
  });

  it('takes a promo with its discount, within the line; a staff discount within what is left; each gift once', () => {
    expect(issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 2, price: 10_000, promo_code: 'HEMAT', discount: 20_000 }] })).toEqual([]);
    expect(issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 2, price: 10_000, promo_code: 'HEMAT', discount: 20_001 }] })).toEqual(['lines.0.discount: discount cannot exceed the line’s quantity × price']);
    expect(issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 2, price: 10_000, discount: 1 }] })).toEqual(['lines.0.promo_code: A discount needs the promo_code it was given by']);
    expect(issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 2, price: 10_000, promo_code: 'HEMAT' }] })).toEqual(['lines.0.discount: discount is required with promo_code']);
    expect(issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 1, price: 10_000, promo_code: 'NO SPACE', discount: 1 }] })).toEqual(['lines.0.promo_code: promo_code may hold letters, digits, dot, dash and underscore only']);
    const staff = (discount: number) => issuesOf({ ...plain, lines: [{ plu: 'P1', quantity: 2, price: 10_000, promo_code: 'HEMAT', discount: 5_000 }], associate: { employee_no: 'EMP-1', discount } });
    expect(staff(15_000)).toEqual([]);
    expect(staff(15_001)).toEqual(['associate.discount: The staff discount cannot exceed what the receipt comes to after its promo discounts']);
    expect(issuesOf({ ...plain, associate: { employee_no: 'E 1', discount: 0 } })).toEqual(['associate.employee_no: employee_no holds 3 to 20 letters, digits or dashes']);
    expect(issuesOf({ ...plain, gifts: [{ code: 'FG', plu: 'g1', quantity: 1 }, { code: 'fg', plu: 'G1', quantity: 2 }] })).toEqual(['gifts.1: Gift G1 of fg is listed twice']);
    expect(issuesOf({ ...plain, gifts: [{ code: 'FG', plu: 'G1', quantity: 100 }] })).toEqual(['gifts.0.quantity: quantity is at most 99']);
    expect(issuesOf({ ...plain, gifts: [] })).toEqual(['gifts: gifts holds at least one gift when given']);
  });
});
