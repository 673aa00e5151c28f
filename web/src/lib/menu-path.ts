import { MENU, type MenuEntry } from '@portal/contract';

/** A pathname without its trailing slashes (`/` stays `/`). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Whether `path` is `prefix` or below it (`/admin/x` is under `/admin`, `/adminx` is not). */
export const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The menu entry a path belongs to: of `among` (every menu entry by default), the one with the longest route that is
 * the path or a prefix of it; the first of equally long ones.
 */
export function entryForPath(pathname: string, among: readonly MenuEntry[] = MENU): MenuEntry | undefined {
  const path = normalizePath(pathname);
  let best: MenuEntry | undefined;
  for (const entry of among) if (isUnder(path, entry.route) && (!best || entry.route.length > best.route.length)) best = entry;
  return best;
}
