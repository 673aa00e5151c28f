import { MENU, MENU_BY_KEY, visibleIn } from './registry.ts';
import { ACTIONS, type Action, type AppEnv, type MenuEntry } from './types.ts';

/**
 * What a route demands. `public` needs nothing, `authenticated` any signed-in user (own profile, sign-out),
 * otherwise the action on at least one of the entries (the ssosis and cms screens over the same records both qualify).
 */
export type RoutePermission = 'public' | 'authenticated' | { entries: readonly string[]; action: Action };

/** The permissions a signed-in user holds, as the server and the web app both read them. */
export interface PermissionSet {
  superAdmin: boolean;
  grants: ReadonlySet<string>;
}

export const grantKey = (entry: string, action: Action) => `${entry}:${action}`;

const ACTION_SET: ReadonlySet<string> = new Set(ACTIONS);
const isAction = (value: string): value is Action => ACTION_SET.has(value);

/** The grant a `grantKey` string names (`cms.user:view`), or undefined when it has no entry or no known action. */
export function parseGrant(key: string): { entry: string; action: Action } | undefined {
  const at = key.lastIndexOf(':');
  if (at <= 0) return undefined;
  const action = key.slice(at + 1);
  return isAction(action) ? { entry: key.slice(0, at), action } : undefined;
}

/** The grants of `entry:action` strings (a profile's `permissions`), malformed ones and unknown actions dropped. */
export function parseGrants(keys: Iterable<string>): { entry: string; action: Action }[] {
  const grants: { entry: string; action: Action }[] = [];
  for (const key of keys) {
    const grant = parseGrant(key);
    if (grant) grants.push(grant);
  }
  return grants;
}

export function permissionSet(superAdmin: boolean, grants: Iterable<{ entry: string; action: Action }>): PermissionSet {
  return { superAdmin, grants: new Set([...grants].map((g) => grantKey(g.entry, g.action))) };
}

/** Entries only the Super Admin holds: a stored grant of one (written around the role editor) opens nothing. */
const SUPER_ONLY: ReadonlySet<string> = new Set(MENU.filter((e) => e.superOnly).map((e) => e.key));

export function can(perms: PermissionSet, entry: string, action: Action): boolean {
  return perms.superAdmin || (!SUPER_ONLY.has(entry) && perms.grants.has(grantKey(entry, action)));
}

export function allows(perms: PermissionSet | null, required: RoutePermission): 'ok' | 'unauthenticated' | 'forbidden' {
  if (required === 'public') return 'ok';
  if (!perms) return 'unauthenticated';
  if (required === 'authenticated') return 'ok';
  return required.entries.some((e) => can(perms, e, required.action)) ? 'ok' : 'forbidden';
}

/**
 * Whether a route exists in this environment: a route that serves only entries the environment does not show
 * (staging/uat-only entries in production) is absent there, for everyone.
 */
export function availableIn(required: RoutePermission, env: AppEnv): boolean {
  if (required === 'public' || required === 'authenticated') return true;
  return required.entries.some((e) => {
    const entry = MENU_BY_KEY.get(e);
    return !entry || visibleIn(entry, env);
  });
}

/** Menu entries the user may view in this environment, menu order kept. */
export function viewableMenu(perms: PermissionSet, env: AppEnv): MenuEntry[] {
  return MENU.filter((e) => !e.hidden && visibleIn(e, env) && can(perms, e.key, 'view'));
}
