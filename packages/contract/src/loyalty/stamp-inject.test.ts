import { describe, expect, it } from 'vitest';
import { injectReasonField, injectStampsField, stampInjectionLinesQuery, stampInjectionListQuery, stampInjectParams } from './stamp-inject.schema.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('stamp injection rules', () => {
  it('takes a whole number of stamps other than zero, negative for a correction out, within ±10,000', () => {
    expect(injectStampsField.parse(5)).toBe(5);
    expect(injectStampsField.parse(-3)).toBe(-3);
    expect(injectStampsField.parse(10_000)).toBe(10_000);
    expect(firstMessage(injectStampsField.safeParse(0))).toBe('Stamps cannot be 0: a positive number adds stamps, a negative one takes them away');
    expect(firstMessage(injectStampsField.safeParse(1.5))).toBe('Stamps must be a whole number');
    expect(firstMessage(injectStampsField.safeParse(-10_001))).toBe('Stamps is at least -10,000');
    expect(firstMessage(injectStampsField.safeParse(10_001))).toBe('Stamps is at most 10,000');
  });

  it('asks for a reason first, then at least 3 and at most 300 characters, trimmed', () => {
    expect(firstMessage(injectReasonField.safeParse(''))).toBe('Enter the reason of the injection');
    expect(firstMessage(injectReasonField.safeParse('   '))).toBe('Enter the reason of the injection');
    expect(firstMessage(injectReasonField.safeParse('ab'))).toBe('The reason has at least 3 characters');
    expect(firstMessage(injectReasonField.safeParse('x'.repeat(301)))).toBe('The reason has at most 300 characters');
    expect(stampInjectParams.parse({ reason: '  Gangguan POS  ' })).toEqual({ reason: 'Gangguan POS' });
    expect(stampInjectParams.safeParse({ reason: 'Gangguan POS', other: 1 }).success).toBe(false);
  });

  it('lists batches by the whitelisted sorts and filters, and a batch’s rows in file order by default', () => {
    expect(stampInjectionListQuery.parse({ status: 'reversed', created_from: '2026-01-01' })).toMatchObject({ status: 'reversed', sort_by: 'created_at', sort_dir: 'desc' });
    expect(stampInjectionListQuery.safeParse({ sort_by: 'reason' }).success).toBe(false);
    expect(stampInjectionListQuery.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(stampInjectionLinesQuery.parse({})).toEqual({ page: 1, limit: 10, sort_dir: 'asc' });
    expect(stampInjectionLinesQuery.safeParse({ search: 'x' }).success).toBe(false);
  });
});
