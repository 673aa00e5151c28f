import { AREA_PREFIX, AREAS, can, viewableMenu, type Action, type AppEnv, type Area, type MenuEntry, type Profile } from '@portal/contract';
import { entryForPath, isUnder, normalizePath } from '../lib/menu-path.ts';
import { hasScreen } from '../lib/screens.ts';
import { permissionsOf, type UserAccess } from '../lib/session.ts';

/** Paths of the shell that are not menu entries. */
export const PATHS = {
  login: '/login',
  admin: '/admin',
  mainPage: '/admin/main-page',
  unauthorized: '/admin/unauthorized',
  /** The spec lists unauthorized under the ssosis prefix too; both show the same page. */
  ssosisUnauthorized: '/admin/dashboard/unauthorized',
  roleInactive: '/admin/dashboard/role/inactive',
  settings: '/admin/setting',
  profile: '/admin/setting/profile',
  changePassword: '/admin/setting/change-password',
} as const;

/** What a signed-in user may see, derived once per profile and environment. */
export interface Access extends UserAccess {
  /** Entries the role may view in this environment (contract rule), screens built or not. */
  viewable: MenuEntry[];
  /** Viewable entries whose screens exist: the menu. */
  menu: MenuEntry[];
  /** The role leaves nothing to view: the RoleInactive page. */
  inactive: boolean;
}

export function accessFor(profile: Profile, env: AppEnv): Access {
  const perms = permissionsOf(profile);
  const viewable = viewableMenu(perms, env);
  return { perms, env, viewable, menu: viewable.filter((e) => hasScreen(e.key)), inactive: viewable.length === 0 };
}

/** The action a sub-path asks for: `.../create` create, `.../{id}/edit` edit, anything else view. */
export function actionForPath(pathname: string, entry: MenuEntry): Action {
  const rest = normalizePath(pathname).slice(entry.route.length).split('/').filter(Boolean);
  const last = rest[rest.length - 1];
  if (last === 'create' && entry.actions.includes('create')) return 'create';
  if (last === 'edit' && entry.actions.includes('edit')) return 'edit';
  return 'view';
}

/**
 * Whether the user may open an /admin path. Shell pages (main page, settings, unauthorized, area roots) are open to
 * every signed-in user; a menu path needs the entry viewable in this environment and the action of the sub-path;
 * any other path is left to the not-found page.
 */
export function canOpen(access: Access, pathname: string): boolean {
  const entry = entryForPath(pathname);
  if (!entry) return true;
  // A hidden entry (group-store) is never in the menu but its pages open by URL for those who may view it.
  const reachable = entry.hidden ? (access.env === 'development' || entry.envs.includes(access.env)) && can(access.perms, entry.key, 'view') : access.viewable.some((e) => e.key === entry.key);
  if (!reachable) return false;
  const action = actionForPath(pathname, entry);
  return can(access.perms, entry.key, action);
}

export function areaOfPath(pathname: string): Area | undefined {
  const path = normalizePath(pathname);
  return AREAS.find((area) => isUnder(path, AREA_PREFIX[area]));
}

/** An area's landing page: its first permitted entry with a screen (section 2). */
export function areaLanding(access: Access, area: Area): string | undefined {
  return access.menu.find((e) => e.area === area)?.route;
}

/** Where /admin leads: the first permitted entry with a screen, else the welcome page. */
export function adminLanding(access: Access): string {
  if (access.inactive) return PATHS.roleInactive;
  return access.menu[0]?.route ?? PATHS.mainPage;
}

/**
 * The `redirect` query of /login, if it is safe to follow: a same-origin path (one leading slash, no scheme, no
 * backslash trick), not a logged-out-only page.
 */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return undefined;
    if (LOGGED_OUT_ONLY.some((p) => isUnder(url.pathname, p))) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

export const LOGGED_OUT_ONLY: readonly string[] = ['/login', '/forgot-password', '/reset-password'];

/** Where to go after signing in: the redirect target if it passes the permission check (section 2), else /admin. */
export function afterSignIn(access: Access, redirectTarget: unknown): string {
  const target = safeRedirect(redirectTarget);
  if (!target) return PATHS.admin;
  const pathname = target.split(/[?#]/)[0] ?? target;
  if (isUnder(pathname, PATHS.admin)) {
    if (access.inactive) return PATHS.roleInactive;
    if (!canOpen(access, pathname)) return PATHS.admin;
  }
  return target;
}
