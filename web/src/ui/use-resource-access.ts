import { useLocation } from '@tanstack/react-router';
import { can as canDo, MENU_BY_KEY, type Action } from '@portal/contract';
import { useSession } from '../app/session.ts';

export interface ResourceAccess {
  /** The menu entry whose screen is open (`cms.role` or `ssosis.role-management` for the same roles). */
  entry: string;
  paths: {
    list: string;
    create: string;
    detail: (id: string | number) => string;
    edit: (id: string | number) => string;
  };
  /** Whether the signed-in user may do the action on this entry (and the entry offers it). */
  can: (action: Action) => boolean;
}

/** The entry whose route prefixes the path; the longest wins, the first entry when none does. */
export function entryForPath(entries: readonly string[], pathname: string): string {
  let best: string | undefined;
  let bestLength = -1;
  for (const key of entries) {
    const route = MENU_BY_KEY.get(key)?.route;
    if (!route) continue;
    if ((pathname === route || pathname.startsWith(`${route}/`)) && route.length > bestLength) {
      best = key;
      bestLength = route.length;
    }
  }
  return best ?? entries[0] ?? '';
}

export function resourcePaths(entry: string): ResourceAccess['paths'] {
  const list = MENU_BY_KEY.get(entry)?.route ?? '/admin';
  const id = (v: string | number) => encodeURIComponent(String(v));
  return {
    list,
    create: `${list}/create`,
    detail: (v) => `${list}/${id(v)}/detail`,
    edit: (v) => `${list}/${id(v)}/edit`,
  };
}

/** Paths of a record that differ from the entry's own (store products live under store-management/store-product/). */
export type PathsOverride = (entryRoute: string) => Partial<ResourceAccess['paths']>;

/** Which of the resource's menu locations is open, its paths, and what the user may do there. */
export function useResourceAccess(view: { entries: readonly string[]; paths?: PathsOverride }): ResourceAccess {
  const pathname = useLocation({ select: (l) => l.pathname });
  const perms = useSession()?.access.perms;
  const entry = entryForPath(view.entries, pathname);
  const offered = MENU_BY_KEY.get(entry)?.actions ?? [];
  return {
    entry,
    paths: { ...resourcePaths(entry), ...view.paths?.(MENU_BY_KEY.get(entry)?.route ?? '/admin') },
    can: (action) => !!perms && offered.includes(action) && canDo(perms, entry, action),
  };
}
