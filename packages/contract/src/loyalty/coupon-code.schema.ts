import { z } from 'zod';
import { listQuery, recordIdText, versionField } from '../common/list-query.ts';
import { enumTable } from '../enums/enum-table.ts';

/** Where a coupon's code generation stands. */
export const COUPON_CODES_GENERATING = 1;
export const COUPON_CODE_STATE = enumTable([
  { value: 0, label: 'No codes', labelId: 'Tanpa kode', color: 'default' },
  { value: COUPON_CODES_GENERATING, label: 'Generating', labelId: 'Sedang dibuat', color: 'orange' },
  { value: 2, label: 'Ready', labelId: 'Siap', color: 'green' },
  { value: 3, label: 'Failed', labelId: 'Gagal', color: 'red' },
] as const);

/**
 * The characters each placeholder of a code pattern may take: `#` a digit, `X` a letter, `*` a letter or digit (no
 * 0/O, 1/I/L, which read alike). Anything else is written as it is.
 */
export const CODE_ALPHABETS: Readonly<Record<string, string>> = {
  '#': '0123456789',
  X: 'ABCDEFGHJKMNPQRSTUVWXYZ',
  '*': 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
};
/** How many times the quota a pattern must have room for, so random draws keep finding free codes. */
export const CODE_ROOM_FACTOR = 10;

/** The number of distinct codes a pattern can make. */
export function patternCapacity(pattern: string): number {
  let n = 1;
  for (const ch of pattern) n *= CODE_ALPHABETS[ch]?.length ?? 1;
  return n;
}

export const couponCodesBody = z
  .object({
    pattern: z
      .string({ error: 'Pattern is required' })
      .trim()
      .toUpperCase()
      .min(4, 'Pattern must be at least 4 characters')
      .max(40, 'Pattern must be at most 40 characters')
      .regex(/^[A-Z0-9#*._-]+$/, 'Pattern may hold letters, digits, dot, dash, underscore and the placeholders # (digit), X (letter), * (letter or digit)')
      .refine((p) => [...p].some((ch) => CODE_ALPHABETS[ch]), 'Pattern needs at least one placeholder: # (digit), X (letter) or * (letter or digit)'),
    version: versionField,
  })
  .strict();
export type CouponCodesBody = z.infer<typeof couponCodesBody>;

/** The generated codes of one coupon as a file. */
export const couponCodeExportQuery = listQuery(['id'] as const, { coupon_setting_id: recordIdText });
export type CouponCodeExportQuery = z.infer<typeof couponCodeExportQuery>;
