import { describe, expect, it } from 'vitest';
import { CUSTOMER_DETAIL_TYPES, CUSTOMER_MEASURES, customerMeasure, customerRankQuery, customerRatios, type CustomerFigures } from './customer-analytics.schema.ts';

const figures = (f: Partial<CustomerFigures>): CustomerFigures => ({
  customers: 0,
  member_transactions: 0,
  member_lines: 0,
  member_quantity: 0,
  member_sales: 0,
  transactions: 0,
  lines: 0,
  quantity: 0,
  sales: 0,
  ...f,
});

describe('customer analytics measures', () => {
  it('divides each measure’s numerator by its denominator: members’ figures per customer, everyone’s per transaction', () => {
    const f = figures({ customers: 4, member_sales: 1_000_001, member_lines: 10, member_quantity: 17, transactions: 8, sales: 2_400_000, lines: 20, quantity: 30 });
    expect(customerRatios(f)).toEqual({
      'apc-per-customer': 250_000,
      'ipc-per-customer': 2.5,
      'qpc-per-customer': 4.3,
      'apc-per-transaction': 300_000,
      'ipc-per-transaction': 2.5,
      'qpc-per-transaction': 3.8,
    });
    expect(CUSTOMER_DETAIL_TYPES.filter((t) => CUSTOMER_MEASURES[t].per === 'customer')).toEqual(['apc-per-customer', 'ipc-per-customer', 'qpc-per-customer']);
  });

  it('rounds half up from the exact quotient, as SQL’s round() of a numeric does', () => {
    expect(customerMeasure('ipc-per-customer', figures({ customers: 20, member_lines: 23 }))).toBe(1.2);
    expect(customerMeasure('apc-per-transaction', figures({ transactions: 2, sales: 3 }))).toBe(2);
    expect(customerMeasure('apc-per-transaction', figures({ transactions: 3, sales: 4 }))).toBe(1);
  });

  it('is 0 with nothing to divide by', () => {
    expect(customerMeasure('apc-per-customer', figures({ member_sales: 500 }))).toBe(0);
    expect(customerMeasure('qpc-per-transaction', figures({}))).toBe(0);
  });

  it('ranks by a known measure, pages within the limits, and refuses anything else with a message', () => {
    expect(customerRankQuery.parse({})).toMatchObject({ type: 'apc-per-customer', order: 'desc', page: 1, limit: 10, basis: 'wib' });
    expect(customerRankQuery.parse({ type: 'qpc-per-transaction', order: 'asc', page: '3', limit: '100' })).toMatchObject({ type: 'qpc-per-transaction', order: 'asc', page: 3, limit: 100 });
    const refused = customerRankQuery.safeParse({ type: 'apc' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Type must be one of apc-per-customer/);
    expect(customerRankQuery.safeParse({ limit: 101 }).success).toBe(false);
    expect(customerRankQuery.safeParse({ from: '2025-02-01', to: '2025-01-01' }).success).toBe(false);
  });
});
