import { enumTable } from '../enums/enum-table.ts';

/** Content status set B (spec section 4): the portal's lifecycle of offers, banners, campaigns and push messages. */
export const CONTENT_STATUS = enumTable([
  { value: 0, label: 'Draft', labelId: 'Draf', color: 'default' },
  { value: 1, label: 'Pending Approval', labelId: 'Menunggu Persetujuan', color: 'orange' },
  { value: 2, label: 'Published - Upcoming', labelId: 'Terbit - Akan Datang', color: 'blue' },
  { value: 3, label: 'Published - Live', labelId: 'Terbit - Tayang', color: 'green' },
  { value: 4, label: 'Expired', labelId: 'Kedaluwarsa', color: 'default' },
  { value: 5, label: 'Rejected', labelId: 'Ditolak', color: 'red' },
  { value: 6, label: 'Inactive', labelId: 'Tidak Aktif', color: 'red' },
] as const);
export type ContentStatus = (typeof CONTENT_STATUS.values)[number];

export const CONTENT_DRAFT = 0;
export const CONTENT_PENDING = 1;
export const CONTENT_UPCOMING = 2;
export const CONTENT_LIVE = 3;
export const CONTENT_EXPIRED = 4;
export const CONTENT_REJECTED = 5;
export const CONTENT_INACTIVE = 6;

/** The statuses whose displayed value follows the clock: an approved item is upcoming, live or expired. */
export const PUBLISHED_STATUSES: readonly number[] = [CONTENT_UPCOMING, CONTENT_LIVE, CONTENT_EXPIRED];

/** Content status set A (spec section 4): the app-facing view, without the review states. */
export const CONTENT_STATUS_A = enumTable([
  { value: 'draft', label: 'Draft', labelId: 'Draf', color: 'default' },
  { value: 'live', label: 'Published - Live', labelId: 'Terbit - Tayang', color: 'green' },
  { value: 'upcoming', label: 'Published - Upcoming', labelId: 'Terbit - Akan Datang', color: 'blue' },
  { value: 'expired', label: 'Expired', labelId: 'Kedaluwarsa', color: 'default' },
  { value: 'inactive', label: 'Inactive', labelId: 'Tidak Aktif', color: 'red' },
] as const);
export type ContentStatusA = (typeof CONTENT_STATUS_A.values)[number];

/** Set B → set A: an item in review or rejected is not published, so set A shows it as a draft. */
export function toStatusA(status: number): ContentStatusA {
  switch (status) {
    case CONTENT_UPCOMING:
      return 'upcoming';
    case CONTENT_LIVE:
      return 'live';
    case CONTENT_EXPIRED:
      return 'expired';
    case CONTENT_INACTIVE:
      return 'inactive';
    default:
      return 'draft';
  }
}

const ms = (t: string | Date) => (typeof t === 'string' ? new Date(t).getTime() : t.getTime());

/**
 * The status people see, from the stored state and the period: an approved item is Published - Upcoming before its
 * start, Published - Live from its start (inclusive) until its end (exclusive), and Expired from its end on. Times are
 * instants; the Asia/Jakarta calendar only matters where a day is turned into an instant (`jakartaDayStart`).
 */
export function displayedContentStatus(stored: number, startAt: string | Date, endAt: string | Date, now: Date): number {
  if (!PUBLISHED_STATUSES.includes(stored)) return stored;
  const t = now.getTime();
  if (t < ms(startAt)) return CONTENT_UPCOMING;
  if (t < ms(endAt)) return CONTENT_LIVE;
  return CONTENT_EXPIRED;
}

/** When the displayed status of an approved item next changes (its start, then its end), or null when it no longer will. */
export function nextContentChange(stored: number, startAt: string | Date, endAt: string | Date, now: Date): Date | null {
  if (!PUBLISHED_STATUSES.includes(stored)) return null;
  const t = now.getTime();
  if (t < ms(startAt)) return new Date(ms(startAt));
  if (t < ms(endAt)) return new Date(ms(endAt));
  return null;
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
export const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/** The instant a Jakarta calendar day (YYYY-MM-DD) begins: 2026-01-02 → 2026-01-01T17:00:00.000Z. */
export function jakartaDayStart(day: string): Date {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() - JAKARTA_OFFSET_MS);
}

/** The Jakarta calendar day of an instant: 2026-01-01T17:00Z → 2026-01-02. */
export function jakartaDay(at: Date): string {
  return new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The label of a set-B status held as a plain number. */
export const contentStatusLabel = (status: number): string => CONTENT_STATUS.options.find((o) => o.value === status)?.label ?? String(status);
