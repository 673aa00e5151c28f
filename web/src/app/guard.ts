import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Area } from '@portal/contract';
import { normalizePath } from '../lib/menu-path.ts';
import { adminLanding, areaLanding, canOpen, PATHS } from './access.ts';
import { loadSession, type AdminSession } from './admin-session.ts';

/** What every route's loader and guard can read. */
export interface RouterContext {
  queryClient: QueryClient;
}

interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
}

const loginWithRedirect = (location: ParsedLocation) => `${PATHS.login}?redirect=${encodeURIComponent(location.href)}`;

/** /login, /forgot-password, /reset-password: a signed-in user goes to /admin. */
export async function loggedOutOnly({ context }: GuardArgs): Promise<void> {
  const session = await loadSession(context.queryClient).catch(() => null);
  if (session) throw redirect({ href: PATHS.admin });
}

/**
 * Every /admin route (section 2): no session → /login?redirect=<target> (the inactive-role page → /login without
 * one); a role with nothing to view → the RoleInactive page; a path outside the role's menu → /admin/unauthorized.
 * The session it read is handed to the child routes' context.
 */
export async function requireAdmin({ context, location }: GuardArgs): Promise<{ session: AdminSession }> {
  const session = await loadSession(context.queryClient);
  const path = normalizePath(location.pathname);
  if (!session) throw redirect({ href: path === PATHS.roleInactive ? PATHS.login : loginWithRedirect(location) });
  const { access } = session;
  if (access.inactive) {
    if (path !== PATHS.roleInactive) throw redirect({ href: PATHS.roleInactive });
  } else if (path === PATHS.roleInactive) {
    throw redirect({ href: PATHS.admin });
  } else if (!canOpen(access, path)) {
    throw redirect({ href: PATHS.unauthorized });
  }
  return { session };
}

/** /admin itself: the first permitted entry (the welcome page when none has a screen yet). */
export function adminIndexRedirect({ context }: { context: { session: AdminSession } }): never {
  throw redirect({ href: adminLanding(context.session.access) });
}

/** An area root (/admin/aphrodite, ...): its first permitted entry, else unauthorized. */
export function areaRedirect(area: Area) {
  return ({ context }: { context: { session: AdminSession } }): never => {
    throw redirect({ href: areaLanding(context.session.access, area) ?? PATHS.unauthorized });
  };
}
