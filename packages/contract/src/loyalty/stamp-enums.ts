import { enumTable } from '../enums/enum-table.ts';

/** Spec section 3, Seasonality: a programme that runs all year or one tied to a season (Lebaran, year end). */
export const STAMP_SEASONALITY = enumTable([
  { value: 'regular', label: 'Regular', labelId: 'Reguler', color: 'blue' },
  { value: 'seasonal', label: 'Seasonal', labelId: 'Musiman', color: 'purple' },
] as const);
export type StampSeasonality = (typeof STAMP_SEASONALITY.values)[number];

/** Spec section 3, Stamp reward type: how a transaction earns the programme's base stamps. */
export const REWARD_MIN_TOTAL = 1;
export const REWARD_SPONSOR_PRODUCT = 2;
export const REWARD_COMBINATION = 3;
export const STAMP_REWARD_TYPE = enumTable([
  { value: REWARD_MIN_TOTAL, label: 'Minimal Total Transaction', labelId: 'Minimal Total Transaksi', color: 'blue' },
  { value: REWARD_SPONSOR_PRODUCT, label: 'Sponsor Product Purchase', labelId: 'Pembelian Produk Sponsor', color: 'blue' },
  { value: REWARD_COMBINATION, label: 'Combination', labelId: 'Kombinasi', color: 'purple' },
] as const);

/** Spec section 3, Extra stamp: a fixed bonus on top of what a transaction earns. */
export const EXTRA_NONE = 0;
export const EXTRA_BANK_PROMOTION = 1;
export const EXTRA_REGULAR_PROMOTION = 2;
export const EXTRA_STAMP = enumTable([
  { value: EXTRA_NONE, label: 'No Extra', labelId: 'Tanpa Ekstra', color: 'default' },
  { value: EXTRA_BANK_PROMOTION, label: 'Bank Promotion', labelId: 'Promosi Bank', color: 'gold' },
  { value: EXTRA_REGULAR_PROMOTION, label: 'Regular Promotion', labelId: 'Promosi Reguler', color: 'green' },
] as const);

/** Spec section 3, Multiplier: the earned stamps times a factor, or a fixed number more per unit. */
export const MULTIPLIER_NONE = 0;
export const MULTIPLIER_MULTIPLIED = 1;
export const MULTIPLIER_UNIT = 2;
export const STAMP_MULTIPLIER = enumTable([
  { value: MULTIPLIER_NONE, label: 'No Extra', labelId: 'Tanpa Ekstra', color: 'default' },
  { value: MULTIPLIER_MULTIPLIED, label: 'Multiplied', labelId: 'Dikalikan', color: 'orange' },
  { value: MULTIPLIER_UNIT, label: 'Unit', labelId: 'Per Unit', color: 'blue' },
] as const);

/** What wrote a ledger row: the one source each movement answers to. */
export const STAMP_SOURCE = enumTable([
  { value: 'transaction', label: 'Transaction', labelId: 'Transaksi', color: 'green' },
  { value: 'injection', label: 'Injection batch', labelId: 'Batch injeksi', color: 'blue' },
  { value: 'redemption', label: 'Redemption', labelId: 'Penukaran', color: 'orange' },
  { value: 'expiry', label: 'Expiry', labelId: 'Kedaluwarsa', color: 'red' },
  { value: 'reversal', label: 'Reversal', labelId: 'Pembatalan', color: 'red' },
] as const);
export type StampSource = (typeof STAMP_SOURCE.values)[number];

/** Who caused a ledger row. */
export const STAMP_ACTOR = enumTable([
  { value: 'staff', label: 'Staff', labelId: 'Staf' },
  { value: 'consumer', label: 'Consumer', labelId: 'Konsumen' },
  { value: 'system', label: 'System', labelId: 'Sistem' },
] as const);
export type StampActorKind = (typeof STAMP_ACTOR.values)[number];
