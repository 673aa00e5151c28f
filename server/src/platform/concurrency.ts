import { formatDateTime } from '@portal/contract';
import { conflict } from './errors.ts';

/** The 409 of a stale write, naming who changed the record and when. */
export function staleVersion(what: string, changedBy: string | null, changedAt: Date | string): Error {
  const who = changedBy ?? 'another user';
  return conflict(`This ${what} was changed by ${who} at ${formatDateTime(changedAt)} (Asia/Jakarta) after you opened it. Reload to see the latest version.`);
}
