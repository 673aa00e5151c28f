import { beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import type { AppEnv, Profile } from '@portal/contract';
import { markBuilt } from '../lib/screens.ts';
import { DEFAULT_META, metaQuery, profileQuery } from '../lib/session.ts';
import { PATHS } from './access.ts';
import { loadSession } from './admin-session.ts';
import { adminIndexRedirect, areaRedirect, loggedOutOnly, requireAdmin } from './guard.ts';

const profile = (permissions: string[]): Profile => ({
  id: 4,
  username: 'dewi',
  email: 'dewi@example.test',
  name: 'Dewi',
  phone: null,
  role: { id: 5, name: 'Support', is_super: false },
  permissions,
  version: 1,
});

/** A query cache as the guard finds it after GET user/profile and GET meta: no network involved. */
function signedIn(permissions: string[] | null, env: AppEnv = 'production'): { queryClient: QueryClient } {
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileQuery.queryKey, permissions ? profile(permissions) : null);
  queryClient.setQueryData(metaQuery.queryKey, { ...DEFAULT_META, app_env: env });
  return { queryClient };
}

const at = (href: string) => ({ pathname: href.split('?')[0] ?? href, href }) as ParsedLocation;

/** Where a guard sends the user (its thrown redirect), or undefined when it lets them through. */
async function redirectOf(guard: () => unknown): Promise<string | undefined> {
  try {
    await guard();
    return undefined;
  } catch (err) {
    if (isRedirect(err)) return err.options.href;
    throw err;
  }
}

beforeAll(() => markBuilt('cms.user', 'cms.help-center'));

describe('route guards', () => {
  it('sends a signed-in user away from the logged-out pages to /admin', async () => {
    expect(await redirectOf(() => loggedOutOnly({ context: signedIn(['cms.user:view']), location: at('/login') }))).toBe('/admin');
    expect(await redirectOf(() => loggedOutOnly({ context: signedIn(null), location: at('/login') }))).toBeUndefined();
  });

  it('keeps the sign-in page open when the session cannot be read', async () => {
    // Nothing cached and no server: reading the profile fails.
    expect(await redirectOf(() => loggedOutOnly({ context: { queryClient: new QueryClient() }, location: at('/login') }))).toBeUndefined();
  });

  it('sends a visitor without a session to /login, with the page to come back to', async () => {
    const context = signedIn(null);
    expect(await redirectOf(() => requireAdmin({ context, location: at('/admin/aphrodite/user?page=2') }))).toBe('/login?redirect=%2Fadmin%2Faphrodite%2Fuser%3Fpage%3D2');
    expect(await redirectOf(() => requireAdmin({ context, location: at('/admin/dashboard/role/inactive') }))).toBe('/login');
  });

  it('lets a user through to what the role may open and hands the session on', async () => {
    const result = await requireAdmin({ context: signedIn(['cms.user:view', 'cms.user:edit']), location: at('/admin/aphrodite/user/3/edit/') });
    expect(result.session.profile.username).toBe('dewi');
    expect(result.session.access.menu.map((e) => e.key)).toEqual(['cms.user']);
    expect(await redirectOf(() => requireAdmin({ context: signedIn(['cms.user:view']), location: at(PATHS.mainPage) }))).toBeUndefined();
  });

  it('sends a user to unauthorized for a page outside the role', async () => {
    const context = signedIn(['cms.user:view']);
    expect(await redirectOf(() => requireAdmin({ context, location: at('/admin/aphrodite/user/create') }))).toBe('/admin/unauthorized');
    expect(await redirectOf(() => requireAdmin({ context, location: at('/admin/aphrodite/role') }))).toBe('/admin/unauthorized');
  });

  it('keeps a role with nothing to view on the RoleInactive page, and others off it', async () => {
    const inactive = signedIn(['cms.user:edit']);
    expect(await redirectOf(() => requireAdmin({ context: inactive, location: at('/admin/aphrodite/user') }))).toBe('/admin/dashboard/role/inactive');
    expect(await redirectOf(() => requireAdmin({ context: inactive, location: at('/admin/dashboard/role/inactive') }))).toBeUndefined();
    expect(await redirectOf(() => requireAdmin({ context: signedIn(['cms.user:view']), location: at('/admin/dashboard/role/inactive') }))).toBe('/admin');
  });

  it('leads /admin and an area root to the first permitted screen', async () => {
    const session = await loadSession(signedIn(['cms.help-center:view', 'cms.user:view']).queryClient);
    if (!session) throw new Error('no session');
    expect(await redirectOf(() => adminIndexRedirect({ context: { session } }))).toBe('/admin/aphrodite/help-center');
    expect(await redirectOf(() => areaRedirect('cms')({ context: { session } }))).toBe('/admin/aphrodite/help-center');
    expect(await redirectOf(() => areaRedirect('orion')({ context: { session } }))).toBe('/admin/unauthorized');
  });

  it('reads the environment from meta, and the most restrictive one when meta is missing', async () => {
    const client = signedIn(['cms.user:view'], 'staging').queryClient;
    expect((await loadSession(client))?.access.env).toBe('staging');
    client.removeQueries({ queryKey: metaQuery.queryKey });
    // GET meta fails without a server: production.
    expect((await loadSession(client))?.access.env).toBe('production');
  });
});
