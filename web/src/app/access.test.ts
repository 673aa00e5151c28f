import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENU_BY_KEY, type MenuEntry, type Profile } from '@portal/contract';
import { markBuilt } from '../lib/screens.ts';
import { accessFor, actionForPath, adminLanding, afterSignIn, areaLanding, canOpen, PATHS, safeRedirect } from './access.ts';

const profile = (permissions: string[], isSuper = false): Profile => ({
  id: 1,
  username: 'budi',
  email: 'budi@example.test',
  name: 'Budi',
  phone: null,
  role: { id: 2, name: 'Staff', is_super: isSuper },
  permissions,
  version: 1,
});

// cms.user and cms.role have screens in this build; cms.store and the rest of the menu do not.
beforeAll(() => markBuilt('cms.user', 'cms.role', 'cms.group-store', 'cms.rating'));

const STAFF = ['cms.user:view', 'cms.user:edit', 'cms.store:view', 'cms.rating:view', 'cms.group-store:view', 'cms.download-list:view'];

describe('access of a signed-in user', () => {
  it('offers in the menu the entries the role may view, in this environment, whose screens exist', () => {
    const access = accessFor(profile(STAFF), 'production');
    expect(access.env).toBe('production');
    expect(access.viewable.map((e) => e.key)).toEqual(['cms.download-list', 'cms.store', 'cms.user']);
    expect(access.menu.map((e) => e.key)).toEqual(['cms.user']);
    expect(access.inactive).toBe(false);
    // Rating exists before production only; a hidden entry (group store) is never in the menu.
    expect(accessFor(profile(STAFF), 'staging').menu.map((e) => e.key)).toEqual(['cms.rating', 'cms.user']);
  });

  it('calls a role with nothing to view inactive', () => {
    const access = accessFor(profile(['cms.user:edit']), 'production');
    expect(access.viewable).toEqual([]);
    expect(access.inactive).toBe(true);
    expect(adminLanding(access)).toBe(PATHS.roleInactive);
  });

  it('gives Super Admin every entry of the environment', () => {
    const access = accessFor(profile([], true), 'development');
    expect(access.perms.superAdmin).toBe(true);
    expect(access.menu.map((e) => e.key)).toEqual(expect.arrayContaining(['cms.user', 'cms.role', 'cms.rating']));
    expect(access.menu.map((e) => e.key)).not.toContain('cms.group-store');
  });

  it('lands on the first permitted entry with a screen: for /admin, for an area, else the welcome page', () => {
    const staff = accessFor(profile(STAFF), 'production');
    expect(adminLanding(staff)).toBe('/admin/aphrodite/user');
    expect(areaLanding(staff, 'cms')).toBe('/admin/aphrodite/user');
    expect(areaLanding(staff, 'orion')).toBeUndefined();
    const storesOnly = accessFor(profile(['cms.store:view']), 'production');
    expect(adminLanding(storesOnly)).toBe(PATHS.mainPage);
  });
});

describe('which /admin paths open', () => {
  const staff = accessFor(profile(STAFF), 'production');

  it('opens the shell pages to everyone and leaves unknown paths to the not-found page', () => {
    expect(canOpen(staff, PATHS.mainPage)).toBe(true);
    expect(canOpen(staff, PATHS.profile)).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite')).toBe(true);
    expect(canOpen(staff, '/admin/no-such-page')).toBe(true);
  });

  it('needs the action of the sub-path on the entry', () => {
    expect(canOpen(staff, '/admin/aphrodite/user')).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite/user/')).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite/user/5/detail')).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite/user/5/edit')).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite/user/create')).toBe(false);
    expect(canOpen(staff, '/admin/aphrodite/role')).toBe(false);
  });

  it('opens a viewable entry whose screen is not built yet (the not-found page answers), but not one of another environment', () => {
    expect(canOpen(staff, '/admin/aphrodite/store')).toBe(true);
    expect(canOpen(staff, '/admin/aphrodite/rating')).toBe(false);
    expect(canOpen(accessFor(profile(STAFF), 'uat'), '/admin/aphrodite/rating')).toBe(true);
  });

  it('opens a hidden entry by URL to those who may view it', () => {
    expect(canOpen(staff, '/admin/aphrodite/group-store/3/detail')).toBe(true);
    expect(canOpen(accessFor(profile(['cms.user:view']), 'production'), '/admin/aphrodite/group-store')).toBe(false);
  });

  it('reads create and edit from the last segment, only where the entry offers them', () => {
    const users = MENU_BY_KEY.get('cms.user') as MenuEntry;
    const downloads = MENU_BY_KEY.get('cms.download-list') as MenuEntry;
    expect(actionForPath('/admin/aphrodite/user/create', users)).toBe('create');
    expect(actionForPath('/admin/aphrodite/user/9/edit/', users)).toBe('edit');
    expect(actionForPath('/admin/aphrodite/user/9/detail', users)).toBe('view');
    expect(actionForPath('/admin/aphrodite/download-list/9/edit', downloads)).toBe('view');
  });
});

describe('after signing in', () => {
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://portal.test' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('follows only same-origin paths that are not logged-out-only pages', () => {
    expect(safeRedirect('/admin/aphrodite/user?page=2#top')).toBe('/admin/aphrodite/user?page=2#top');
    expect(safeRedirect('/loginx')).toBe('/loginx');
    expect(safeRedirect('//evil.test/admin')).toBeUndefined();
    expect(safeRedirect('https://evil.test/admin')).toBeUndefined();
    expect(safeRedirect('/\\evil.test')).toBeUndefined();
    expect(safeRedirect('/login?redirect=/admin')).toBeUndefined();
    expect(safeRedirect('/reset-password/x')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
  });

  it('goes to the redirect target when the role may open it, else to /admin', () => {
    const staff = accessFor(profile(STAFF), 'production');
    expect(afterSignIn(staff, undefined)).toBe(PATHS.admin);
    expect(afterSignIn(staff, '/admin/aphrodite/user/5/edit?tab=1')).toBe('/admin/aphrodite/user/5/edit?tab=1');
    expect(afterSignIn(staff, '/admin/aphrodite/role')).toBe(PATHS.admin);
    expect(afterSignIn(staff, '/terms')).toBe('/terms');
    expect(afterSignIn(staff, 'https://evil.test')).toBe(PATHS.admin);
    const inactive = accessFor(profile([]), 'production');
    expect(afterSignIn(inactive, '/admin/aphrodite/user')).toBe(PATHS.roleInactive);
  });
});
