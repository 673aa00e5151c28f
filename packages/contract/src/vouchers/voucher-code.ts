/**
 * A released voucher's code, which its barcode (Code 128) carries: 17 crypto-random digits and a Luhn check digit, so a
 * mistyped or misread digit is caught at the till and in Check Voucher Status before any lookup, and guessing a valid
 * unused code is hopeless (10^17 codes, tens of millions issued).
 */
export const VOUCHER_CODE_LENGTH = 18;
export const VOUCHER_CODE_PATTERN = /^\d{18}$/;

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, the digit next to the check digit is doubled, then every second one.
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a barcode is a well-formed voucher code: 18 digits whose last is the Luhn check digit of the others. */
export const isVoucherCode = (code: string): boolean => VOUCHER_CODE_PATTERN.test(code) && luhnDigit(code.slice(0, -1)) === code.slice(-1);

/** The message for a barcode that is not a voucher code. */
export const VOUCHER_CODE_MESSAGE = 'A voucher barcode is 18 digits, the last a check digit: check for a mistyped digit';
