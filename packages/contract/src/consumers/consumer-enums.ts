import { enumTable } from '../enums/enum-table.ts';

/** A consumer's account state: Active, Locked (cannot sign in to the app), Withdrawn (left the programme). */
export const CONSUMER_ACTIVE = 1;
export const CONSUMER_LOCKED = 2;
export const CONSUMER_WITHDRAWN = 3;
export const CONSUMER_STATUS = enumTable([
  { value: CONSUMER_ACTIVE, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: CONSUMER_LOCKED, label: 'Locked', labelId: 'Terkunci', color: 'red' },
  { value: CONSUMER_WITHDRAWN, label: 'Withdrawn', labelId: 'Mengundurkan Diri', color: 'default' },
] as const);

/** The spec's genders (gender_id). */
export const GENDER = enumTable([
  { value: 1, label: 'Male', labelId: 'Laki-laki', color: 'blue' },
  { value: 2, label: 'Female', labelId: 'Perempuan', color: 'purple' },
] as const);

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

/** Coupon claim status (spec section 4): Active, Cancelled, Expired, Used. */
export const COUPON_CLAIM_STATUS = enumTable([
  { value: 1, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 2, label: 'Cancelled', labelId: 'Dibatalkan', color: 'red' },
  { value: 3, label: 'Expired', labelId: 'Kedaluwarsa', color: 'default' },
  { value: 4, label: 'Used', labelId: 'Terpakai', color: 'blue' },
] as const);
