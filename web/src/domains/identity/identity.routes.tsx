import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { auditListQuery, MENU_BY_KEY, roleListQuery, userListQuery } from '@portal/contract';
import type { z } from 'zod';
import { lazyScreen } from '../../app/lazy.ts';
import { listSearchValidator } from '../../ui/list-search.ts';

/*
 * Route objects of the identity screens. Only contract schemas and lazy screens are imported here, so the router
 * (loaded with /login) carries none of the screens' code; the screens arrive in one chunk when first opened.
 */

const screens = () => import('./identity.screens.tsx');
type ScreenName = keyof Awaited<ReturnType<typeof screens>>;

interface Resource {
  /** Menu entries (contract/access) serving the resource; each entry's route is a list path. */
  entries: readonly string[];
  listQuery: z.ZodType;
  list: ScreenName;
  detail: ScreenName;
  create?: ScreenName;
  edit?: ScreenName;
}

const RESOURCES: readonly Resource[] = [
  {
    entries: ['ssosis.role-management', 'cms.role'],
    listQuery: roleListQuery,
    list: 'RoleListScreen',
    create: 'RoleCreateScreen',
    detail: 'RoleDetailScreen',
    edit: 'RoleEditScreen',
  },
  {
    entries: ['ssosis.user-management', 'cms.user'],
    listQuery: userListQuery,
    list: 'UserListScreen',
    create: 'UserCreateScreen',
    detail: 'UserDetailScreen',
    edit: 'UserEditScreen',
  },
  { entries: ['cms.log-history'], listQuery: auditListQuery, list: 'LogHistoryListScreen', detail: 'LogHistoryDetailScreen' },
];

/** The full path of a route not yet in a tree, from its own and its parents' paths (pathless layouts add none). */
function fullPathOf(route: AnyRoute): string {
  const segments: string[] = [];
  let current: AnyRoute | undefined = route;
  for (let depth = 0; current && depth < 50; depth++) {
    const options: { path?: unknown; getParentRoute?: () => AnyRoute } = current.options ?? {};
    if (typeof options.path === 'string') segments.unshift(options.path.replace(/^\/+|\/+$/g, ''));
    current = options.getParentRoute?.();
  }
  const path = segments.filter(Boolean).join('/');
  return path ? `/${path}` : '';
}

/**
 * The role, user and log-history routes under `parent` (the admin shell): for each menu location list (search params
 * validated by the contract list query), create, $id/detail and $id/edit where the resource has them.
 */
export function identityRoutes(parent: AnyRoute): AnyRoute[] {
  const base = fullPathOf(parent);
  const relative = (route: string) => (base && route.startsWith(`${base}/`) ? route.slice(base.length + 1) : route.replace(/^\//, ''));
  return RESOURCES.flatMap((resource) =>
    resource.entries.flatMap((entry) => {
      const route = MENU_BY_KEY.get(entry)?.route;
      if (!route) return [];
      const path = relative(route);
      const routes: AnyRoute[] = [
        createRoute({
          getParentRoute: () => parent,
          path,
          validateSearch: listSearchValidator(resource.listQuery),
          component: lazyScreen(screens, resource.list),
        }),
        createRoute({ getParentRoute: () => parent, path: `${path}/$id/detail`, component: lazyScreen(screens, resource.detail) }),
      ];
      if (resource.create) routes.push(createRoute({ getParentRoute: () => parent, path: `${path}/create`, component: lazyScreen(screens, resource.create) }));
      if (resource.edit) routes.push(createRoute({ getParentRoute: () => parent, path: `${path}/$id/edit`, component: lazyScreen(screens, resource.edit) }));
      return routes;
    }),
  );
}
