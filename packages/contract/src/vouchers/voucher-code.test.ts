import { describe, expect, it } from 'vitest';
import { isVoucherCode, luhnDigit } from './voucher-code.ts';

describe('voucher codes', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // 7992739871 is the textbook example, check digit 3; a card test number 4111 1111 1111 111 → 1.
    expect(luhnDigit('7992739871')).toBe('3');
    expect(luhnDigit('411111111111111')).toBe('1');
    expect(luhnDigit('0')).toBe('0');
  });

  it('accepts 18 digits with their check digit and catches every single mistyped digit and most swaps', () => {
    const body = '12345678901234567';
    const code = body + luhnDigit(body);
    expect(isVoucherCode(code)).toBe(true);
    for (let i = 0; i < code.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === code[i]) continue;
        expect(isVoucherCode(code.slice(0, i) + d + code.slice(i + 1))).toBe(false);
      }
    }
    const swapped = code[1]! + code[0]! + code.slice(2);
    expect(isVoucherCode(swapped)).toBe(false);
  });

  it('refuses what is not 18 digits', () => {
    expect(isVoucherCode('')).toBe(false);
    expect(isVoucherCode('1234567890123456789')).toBe(false);
    expect(isVoucherCode('12345678901234567A')).toBe(false);
  });
});
