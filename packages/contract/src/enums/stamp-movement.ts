import { enumTable } from './enum-table.ts';

/**
 * Stamp ledger movement codes (spec section 3: Stamp In 10 and 30, Stamp Out 20, 21 and 31). What each code means is
 * not given by the spec; the labels are this project's reading of them.
 */
export const STAMP_MOVEMENT = enumTable([
  { value: 10, label: 'Stamp In - purchase', labelId: 'Stempel Masuk - belanja', color: 'green' },
  { value: 30, label: 'Stamp In - injected', labelId: 'Stempel Masuk - injeksi', color: 'green' },
  { value: 20, label: 'Stamp Out - redeemed', labelId: 'Stempel Keluar - ditukar', color: 'orange' },
  { value: 21, label: 'Stamp Out - expired', labelId: 'Stempel Keluar - kedaluwarsa', color: 'red' },
  { value: 31, label: 'Stamp Out - correction', labelId: 'Stempel Keluar - koreksi', color: 'red' },
] as const);
export const STAMP_IN_CODES = [10, 30] as const;
export const STAMP_OUT_CODES = [20, 21, 31] as const;
/** The stamp history filter: in (10, 30) or out (20, 21, 31). */
export const STAMP_DIRECTION = enumTable([
  { value: 'in', label: 'Stamp In', labelId: 'Stempel Masuk', color: 'green' },
  { value: 'out', label: 'Stamp Out', labelId: 'Stempel Keluar', color: 'orange' },
] as const);
export const stampDirectionOf = (code: number): 'in' | 'out' => ((STAMP_IN_CODES as readonly number[]).includes(code) ? 'in' : 'out');
