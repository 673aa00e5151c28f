import { describe, expect, it } from 'vitest';
import { programmeAdmits, stampsEarned, type StampRule, type StampTransaction } from './stamp-earning.ts';

const rule = (over: Partial<StampRule> = {}): StampRule => ({
  status: 1,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  reward_type: 1,
  min_transaction: 50_000,
  stamps_per_multiple: 1,
  sponsor_plus: ['P1'],
  stamps_per_unit: 2,
  extra_stamp: 0,
  extra_stamp_amount: 3,
  multiplier: 0,
  multiplier_value: 2,
  store_ids: [],
  member_scope: 0,
  ...over,
});

// Rp120.000 is two multiples of Rp50.000; three units of the sponsor PLU P1, five of P2 (not a sponsor).
const tx = (over: Partial<StampTransaction> = {}): StampTransaction => ({
  at: '2026-03-15T03:00:00Z',
  store_id: 7,
  total: 120_000,
  items: [
    { plu: 'P1', quantity: 3, price: 10_000 },
    { plu: 'P2', quantity: 5, price: 18_000 },
  ],
  bank_promotion: true,
  app_member: true,
  ...over,
});

// [reward type, extra stamp, multiplier, stamps]: base 2 (type 1), 6 (type 2), 8 (type 3); units 2, 3, 5;
// multiplied ×2; unit +2 a unit; extra +3.
const CASES: [number, number, number, number][] = [
  [1, 0, 0, 2], [1, 0, 1, 4], [1, 0, 2, 6],
  [1, 1, 0, 5], [1, 1, 1, 7], [1, 1, 2, 9],
  [1, 2, 0, 5], [1, 2, 1, 7], [1, 2, 2, 9],
  [2, 0, 0, 6], [2, 0, 1, 12], [2, 0, 2, 12],
  [2, 1, 0, 9], [2, 1, 1, 15], [2, 1, 2, 15],
  [2, 2, 0, 9], [2, 2, 1, 15], [2, 2, 2, 15],
  [3, 0, 0, 8], [3, 0, 1, 16], [3, 0, 2, 18],
  [3, 1, 0, 11], [3, 1, 1, 19], [3, 1, 2, 21],
  [3, 2, 0, 11], [3, 2, 1, 19], [3, 2, 2, 21],
];

describe('stampsEarned', () => {
  it.each(CASES)('reward type %i, extra stamp %i, multiplier %i earns %i', (reward_type, extra_stamp, multiplier, stamps) => {
    expect(stampsEarned(rule({ reward_type, extra_stamp, multiplier }), tx())).toBe(stamps);
  });

  it('gives the bank-promotion extra only to a transaction with the bank-promotion flag', () => {
    expect(stampsEarned(rule({ extra_stamp: 1 }), tx({ bank_promotion: false }))).toBe(2);
    expect(stampsEarned(rule({ extra_stamp: 2 }), tx({ bank_promotion: false }))).toBe(5);
  });

  it('gives no extra to a transaction that earns nothing', () => {
    expect(stampsEarned(rule({ extra_stamp: 2 }), tx({ total: 49_999 }))).toBe(0);
    expect(stampsEarned(rule({ reward_type: 2, extra_stamp: 1 }), tx({ items: [{ plu: 'P2', quantity: 9, price: 1 }] }))).toBe(0);
  });

  it('counts whole multiples of the minimal total only', () => {
    expect(stampsEarned(rule(), tx({ total: 50_000 }))).toBe(1);
    expect(stampsEarned(rule(), tx({ total: 99_999 }))).toBe(1);
    expect(stampsEarned(rule({ stamps_per_multiple: 3 }), tx({ total: 150_000 }))).toBe(9);
  });

  it('counts the period in Asia/Jakarta days, both ends inclusive', () => {
    expect(stampsEarned(rule(), tx({ at: '2026-02-28T16:59:59Z' }))).toBe(0); // 28 Feb 23:59:59 WIB
    expect(stampsEarned(rule(), tx({ at: '2026-02-28T17:00:00Z' }))).toBe(2); // 1 Mar 00:00:00 WIB
    expect(stampsEarned(rule(), tx({ at: '2026-03-31T16:59:59Z' }))).toBe(2); // 31 Mar 23:59:59 WIB
    expect(stampsEarned(rule(), tx({ at: '2026-03-31T17:00:00Z' }))).toBe(0); // 1 Apr 00:00:00 WIB
    expect(stampsEarned(rule(), tx({ at: '2026-03-01T00:00:00+07:00' }))).toBe(2);
  });
});

describe('programmeAdmits', () => {
  it('admits only an active programme', () => {
    expect(programmeAdmits(rule(), tx())).toBe(true);
    expect(programmeAdmits(rule({ status: 2 }), tx())).toBe(false);
  });

  it('admits a listed store only when stores are listed', () => {
    expect(programmeAdmits(rule({ store_ids: [7, 9] }), tx())).toBe(true);
    expect(programmeAdmits(rule({ store_ids: [9] }), tx())).toBe(false);
    expect(programmeAdmits(rule({ store_ids: [9] }), tx({ store_id: null }))).toBe(false);
    expect(programmeAdmits(rule(), tx({ store_id: null }))).toBe(true);
  });

  it('admits only app members under member scope 1', () => {
    expect(programmeAdmits(rule({ member_scope: 1 }), tx({ app_member: false }))).toBe(false);
    expect(programmeAdmits(rule({ member_scope: 1 }), tx())).toBe(true);
    expect(programmeAdmits(rule({ member_scope: 0 }), tx({ app_member: false }))).toBe(true);
  });
});
