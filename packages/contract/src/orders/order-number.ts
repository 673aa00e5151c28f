/**
 * An order number is `ORD-YYYYMMDD-XXXXXXXX`, the Jakarta day it was placed followed by 8 random characters
 * (decisions.md, orders). A typed prefix that reaches into the digits therefore names the days its orders were placed
 * on: `ORD-20261127` one day, `ORD-202611` a month, `ORD-2026112` the 20th to the 29th. The list adds those days to the
 * prefix filter so that it walks the day's part of the date index instead of every order the prefix matches; where the
 * days are `exact`ly the prefix's orders it filters by the days alone, so the total is counted from the index.
 */
export function orderNoDays(prefix: string): { from: string; until: string; exact: boolean } | null {
  const typed = prefix.trim().toUpperCase();
  const m = /^ORD-(\d{1,8})/.exec(typed);
  if (!m) return null;
  const digits = m[1]!;
  const low = digits.padEnd(8, '0');
  const high = digits.padEnd(8, '9');
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  const day = (s: string, last: boolean) => {
    const year = Number(s.slice(0, 4));
    const month = clamp(Number(s.slice(4, 6)), 1, 12);
    // The last day of the month, or the first: a typed day past the month's end cannot be an order's, so clamping only widens.
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const date = clamp(Number(s.slice(6, 8)), 1, last ? monthDays : 31);
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, monthDays)).padStart(2, '0')}`;
  };
  const from = day(low, false);
  const until = day(high, true);
  if (from > until) return null;
  // The days are exactly the prefix's orders when the prefix is the date alone and both ends begin with its digits
  // (days in order are numbers in order, so every day between begins with them too): then the days alone filter.
  const begins = (d: string) => d.replaceAll('-', '').startsWith(digits);
  const exact = (typed === `ORD-${digits}` || (digits.length === 8 && typed === `ORD-${digits}-`)) && begins(from) && begins(until);
  return { from, until, exact };
}
