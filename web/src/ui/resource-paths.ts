import { can as canDo, MENU_BY_KEY, type Action, type MenuEntry, type PermissionSet } from '@portal/contract';
import { entryForPath } from '../lib/menu-path.ts';

/** The paths of a resource's screens under one menu entry's route. */
export interface ResourcePaths {
  list: string;
  create: string;
  detail: (id: string | number) => string;
  edit: (id: string | number) => string;
}

export interface ResourceAccess {
  /** The menu entry whose screen is open (`cms.role` or `ssosis.role-management` for the same roles). */
  entry: string;
  paths: ResourcePaths;
  /** Whether the signed-in user may do the action on this entry (and the entry offers it). */
  can: (action: Action) => boolean;
}

/** Paths of a record that differ from the entry's own (store products live under store-management/store-product/). */
export type PathsOverride = (entryRoute: string) => Partial<ResourcePaths>;

/** List, create, `{id}/detail` and `{id}/edit` under the entry's route (`/admin` for an unknown entry), ids URL-encoded. */
export function resourcePaths(entry: string): ResourcePaths {
  const list = MENU_BY_KEY.get(entry)?.route ?? '/admin';
  const id = (v: string | number) => encodeURIComponent(String(v));
  return {
    list,
    create: `${list}/create`,
    detail: (v) => `${list}/${id(v)}/detail`,
    edit: (v) => `${list}/${id(v)}/edit`,
  };
}

/**
 * Which of a resource's menu locations a path is in (the longest route that prefixes it, else the resource's first
 * entry), the paths there, and what the user may do there: an action needs the entry to offer it and the user to
 * hold it; without permissions (no session) nothing is allowed.
 */
export function resourceAccess(view: { entries: readonly string[]; paths?: PathsOverride }, pathname: string, perms: PermissionSet | undefined): ResourceAccess {
  const menuEntries = view.entries.flatMap((key): MenuEntry[] => {
    const entry = MENU_BY_KEY.get(key);
    return entry ? [entry] : [];
  });
  const entry = entryForPath(pathname, menuEntries)?.key ?? view.entries[0] ?? '';
  const menuEntry = MENU_BY_KEY.get(entry);
  const offered = menuEntry?.actions ?? [];
  return {
    entry,
    paths: { ...resourcePaths(entry), ...view.paths?.(menuEntry?.route ?? '/admin') },
    can: (action) => !!perms && offered.includes(action) && canDo(perms, entry, action),
  };
}
