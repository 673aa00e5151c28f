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

// The stamp movement codes and the in/out filter are shared with loyalty: enums/stamp-movement.ts.


/** Coupon claim status (spec section 4): Active, Cancelled, Expired, Used. */
export const COUPON_CLAIM_STATUS = enumTable([
  { value: 1, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 2, label: 'Cancelled', labelId: 'Dibatalkan', color: 'red' },
  { value: 3, label: 'Expired', labelId: 'Kedaluwarsa', color: 'default' },
  { value: 4, label: 'Used', labelId: 'Terpakai', color: 'blue' },
] as const);
