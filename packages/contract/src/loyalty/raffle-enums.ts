import { enumTable } from '../enums/enum-table.ts';

/** A raffle's status, derived from its entry period and its draw (never stored). */
export const RAFFLE_UPCOMING = 1;
export const RAFFLE_OPEN = 2;
export const RAFFLE_CLOSED = 3;
export const RAFFLE_DRAWN = 4;
export const RAFFLE_STATUS = enumTable([
  { value: RAFFLE_UPCOMING, label: 'Upcoming', labelId: 'Akan Datang', color: 'blue' },
  { value: RAFFLE_OPEN, label: 'Open', labelId: 'Dibuka', color: 'green' },
  { value: RAFFLE_CLOSED, label: 'Closed', labelId: 'Ditutup', color: 'orange' },
  { value: RAFFLE_DRAWN, label: 'Drawn', labelId: 'Sudah Diundi', color: 'purple' },
] as const);

/** How a raffle coupon was earned: by a transaction of the consumer, or by entering in the app. */
export const RAFFLE_SOURCE_TRANSACTION = 1;
export const RAFFLE_SOURCE_APP = 2;
export const RAFFLE_SOURCE = enumTable([
  { value: RAFFLE_SOURCE_TRANSACTION, label: 'Transaction', labelId: 'Transaksi', color: 'blue' },
  { value: RAFFLE_SOURCE_APP, label: 'App entry', labelId: 'Masuk lewat aplikasi', color: 'gold' },
] as const);

/** The status of a raffle at `now`: drawn once drawn, else by where `now` falls in the entry period [start, end). */
export function raffleStatus(r: { entry_start: string; entry_end: string; drawn_at: string | null }, now: Date): number {
  if (r.drawn_at) return RAFFLE_DRAWN;
  const t = now.getTime();
  if (t < Date.parse(r.entry_start)) return RAFFLE_UPCOMING;
  return t < Date.parse(r.entry_end) ? RAFFLE_OPEN : RAFFLE_CLOSED;
}
