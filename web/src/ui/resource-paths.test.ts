import { describe, expect, it } from 'vitest';
import { permissionSet } from '@portal/contract';
import { resourceAccess, resourcePaths } from './resource-paths.ts';

const USERS = { entries: ['ssosis.user-management', 'cms.user'] };

describe('resource paths', () => {
  it('builds list, create, detail and edit under the entry route, ids encoded', () => {
    const paths = resourcePaths('cms.user');
    expect(paths.list).toBe('/admin/aphrodite/user');
    expect(paths.create).toBe('/admin/aphrodite/user/create');
    expect(paths.detail(12)).toBe('/admin/aphrodite/user/12/detail');
    expect(paths.edit('a b/c')).toBe('/admin/aphrodite/user/a%20b%2Fc/edit');
  });

  it('falls back to /admin for an entry the menu does not know', () => {
    expect(resourcePaths('cms.nope').list).toBe('/admin');
    expect(resourcePaths('cms.nope').detail(1)).toBe('/admin/1/detail');
  });
});

describe('resource access', () => {
  const editor = permissionSet(false, [
    { entry: 'cms.user', action: 'view' },
    { entry: 'cms.user', action: 'edit' },
    { entry: 'ssosis.user-management', action: 'view' },
  ]);

  it('picks the menu location of the open path, else the first one', () => {
    expect(resourceAccess(USERS, '/admin/aphrodite/user/5/detail', editor).entry).toBe('cms.user');
    expect(resourceAccess(USERS, '/admin/dashboard/user-management', editor).entry).toBe('ssosis.user-management');
    expect(resourceAccess(USERS, '/admin/aphrodite/elsewhere', editor).entry).toBe('ssosis.user-management');
    expect(resourceAccess(USERS, '/admin/aphrodite/user', editor).paths.create).toBe('/admin/aphrodite/user/create');
  });

  it('allows an action the entry offers and the user holds, on that entry only', () => {
    const cms = resourceAccess(USERS, '/admin/aphrodite/user', editor);
    expect(cms.can('view')).toBe(true);
    expect(cms.can('edit')).toBe(true);
    expect(cms.can('delete')).toBe(false);
    const ssosis = resourceAccess(USERS, '/admin/dashboard/user-management', editor);
    expect(ssosis.can('view')).toBe(true);
    expect(ssosis.can('edit')).toBe(false);
  });

  it('refuses what the entry does not offer, even to Super Admin, and everything without a session', () => {
    const superAdmin = permissionSet(true, []);
    const logs = resourceAccess({ entries: ['cms.download-list'] }, '/admin/aphrodite/download-list', superAdmin);
    expect(logs.can('view')).toBe(true);
    expect(logs.can('delete')).toBe(false);
    expect(resourceAccess(USERS, '/admin/aphrodite/user', undefined).can('view')).toBe(false);
  });

  it('lets a view move its record paths, given the entry route', () => {
    const view = { entries: ['cms.store-management'], paths: (route: string) => ({ detail: (id: string | number) => `${route}/store-product/${id}/detail` }) };
    const access = resourceAccess(view, '/admin/aphrodite/store-management', undefined);
    expect(access.paths.detail(3)).toBe('/admin/aphrodite/store-management/store-product/3/detail');
    expect(access.paths.edit(3)).toBe('/admin/aphrodite/store-management/3/edit');
  });
});
