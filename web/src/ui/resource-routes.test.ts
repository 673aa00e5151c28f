import { describe, expect, it } from 'vitest';
import { createRootRoute, createRoute, type AnyRoute } from '@tanstack/react-router';
import { hasScreen } from '../lib/screens.ts';
import { resourceRoutes } from './resource-routes.ts';

const root = createRootRoute();
const admin = createRoute({ getParentRoute: () => root, path: 'admin' });
/** A pathless layout under /admin, as the admin shell is. */
const shell = createRoute({ getParentRoute: () => admin, id: 'shell' });

const screens = () => Promise.resolve({ UserList: () => null, UserDetail: () => null, UserForm: () => null, UserSecurity: () => null });

const pathOf = (route: AnyRoute): unknown => (route.options as { path?: unknown }).path;
const validatorOf = (route: AnyRoute): unknown => (route.options as { validateSearch?: unknown }).validateSearch;

describe('resource routes', () => {
  it('declares list, detail, create, edit and extra screens for each menu location, relative to the parent', () => {
    const routes = resourceRoutes(shell, screens, [
      {
        entries: ['ssosis.user-management', 'cms.user'],
        list: 'UserList',
        detail: 'UserDetail',
        create: 'UserForm',
        edit: 'UserForm',
        extra: [{ path: '$id/security', screen: 'UserSecurity' }],
      },
    ]);
    expect(routes.map(pathOf)).toEqual([
      'dashboard/user-management',
      'dashboard/user-management/$id/detail',
      'dashboard/user-management/create',
      'dashboard/user-management/$id/edit',
      'dashboard/user-management/$id/security',
      'aphrodite/user',
      'aphrodite/user/$id/detail',
      'aphrodite/user/create',
      'aphrodite/user/$id/edit',
      'aphrodite/user/$id/security',
    ]);
    expect(hasScreen('ssosis.user-management')).toBe(true);
    expect(hasScreen('cms.user')).toBe(true);
  });

  it('leaves the search to the screens, so the route tree (loaded with sign-in) needs no schema', () => {
    const routes = resourceRoutes(shell, screens, [{ entries: ['cms.user'], list: 'UserList', detail: 'UserDetail' }]);
    expect(routes).toHaveLength(2);
    expect(routes.map(validatorOf)).toEqual([undefined, undefined]);
  });

  it('builds nothing for an entry the menu does not know, and keeps full paths under a root parent', () => {
    expect(resourceRoutes(shell, screens, [{ entries: ['cms.nope'], list: 'UserList' }])).toEqual([]);
    expect(hasScreen('cms.nope')).toBe(false);
    expect(resourceRoutes(root, screens, [{ entries: ['cms.user'], list: 'UserList' }]).map(pathOf)).toEqual(['admin/aphrodite/user']);
  });

  it("starts a screen's data from its route with the URL's search once the chunk has arrived, and ignores screens without any", async () => {
    const asked: object[] = [];
    const UserList = Object.assign(() => null, { prefetch: (search: object) => asked.push(search) });
    const withPrefetch = () => Promise.resolve({ UserList, UserDetail: () => null });
    const [list, detail] = resourceRoutes(shell, withPrefetch, [{ entries: ['cms.user'], list: 'UserList', detail: 'UserDetail' }]);
    const loaderOf = (route: AnyRoute | undefined) => (route?.options as { loader?: (ctx: { location: { search: object } }) => void } | undefined)?.loader;
    loaderOf(list)?.({ location: { search: { page: 2, search: 'budi' } } });
    loaderOf(detail)?.({ location: { search: {} } });
    await withPrefetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([{ page: 2, search: 'budi' }]);
  });
});
