import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { MENU_BY_KEY } from '@portal/contract';
import { lazyScreen } from '../lib/lazy.ts';
import { markBuilt } from '../lib/screens.ts';

/**
 * The routes of a domain's resources, declared as data. Only menu entries and lazy screens are referenced, so the
 * router (loaded with /login) carries none of the screens' code and no schema: a list reads its URL through its
 * contract list query in the screen (ResourceTable), and a domain's screens arrive in one chunk when first opened.
 */
export interface ResourceRouteSpec<S extends string> {
  /** Menu entries (contract/access) serving the resource; each entry's route is a list path. */
  entries: readonly string[];
  /** The screen at the entry's route itself; omitted for screens under an entry whose list is in another chunk. */
  list?: S;
  detail?: S;
  create?: S;
  edit?: S;
  /** Further screens under the entry's route: `{ path: 'store-product/$id/detail', screen }`. */
  extra?: readonly { path: string; screen: S }[];
}

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

/** A full path (`/admin/pandora/preview`) as a path under `parent`, a route not yet in a tree: screens that are no resource's. */
export function pathUnder(parent: AnyRoute, route: string): string {
  const base = fullPathOf(parent);
  return base && route.startsWith(`${base}/`) ? route.slice(base.length + 1) : route.replace(/^\//, '');
}

/**
 * Starts the data a screen shows (a list screen's page, see `listScreen`) once its route is entered and its chunk has
 * arrived, without holding the route: the screen renders meanwhile and finds the data loading or loaded.
 */
function prefetchScreenData<T extends Record<string, unknown>>(screens: () => Promise<T>, screen: keyof T, search: object): void {
  screens()
    .then((module) => {
      const component = module[screen] as { prefetch?: (search: object) => void } | undefined;
      component?.prefetch?.(search);
    })
    .catch(() => undefined);
}

/** For each resource and each of its menu locations: list, create, $id/detail, $id/edit and extras, under `parent`. */
export function resourceRoutes<T extends Record<string, unknown>>(
  parent: AnyRoute,
  screens: () => Promise<T>,
  resources: readonly ResourceRouteSpec<Extract<keyof T, string>>[],
): AnyRoute[] {
  const base = fullPathOf(parent);
  const relative = (route: string) => (base && route.startsWith(`${base}/`) ? route.slice(base.length + 1) : route.replace(/^\//, ''));
  const route = (path: string, screen: Extract<keyof T, string>) =>
    createRoute({
      getParentRoute: () => parent,
      path,
      component: lazyScreen(screens, screen),
      loader: ({ location }) => prefetchScreenData(screens, screen, location.search),
    });
  return resources.flatMap((resource) =>
    resource.entries.flatMap((entry) => {
      const menuRoute = MENU_BY_KEY.get(entry)?.route;
      if (!menuRoute) return [];
      const path = relative(menuRoute);
      markBuilt(entry);
      const routes: AnyRoute[] = resource.list ? [route(path, resource.list)] : [];
      if (resource.detail) routes.push(route(`${path}/$id/detail`, resource.detail));
      if (resource.create) routes.push(route(`${path}/create`, resource.create));
      if (resource.edit) routes.push(route(`${path}/$id/edit`, resource.edit));
      for (const extra of resource.extra ?? []) routes.push(route(`${path}/${extra.path}`, extra.screen));
      return routes;
    }),
  );
}
