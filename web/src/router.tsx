import { AREA_PREFIX, AREAS } from '@portal/contract';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect, type AnyRoute } from '@tanstack/react-router';
import { PATHS } from './app/access.ts';
import { adminIndexRedirect, areaRedirect, loggedOutOnly, requireAdmin, type RouterContext } from './app/guard.ts';
import { lazyScreen } from './lib/lazy.ts';
import { PageLoading, RouteError } from './app/route-states.tsx';
import { queryClient } from './lib/query-client.ts';
import { domainRoutes } from './domains/domains.routes.ts';

/*
 * The route tree, code-based. Every screen is a lazy chunk, so /login loads only the sign-in form on top of the
 * entry; the admin shell (layout, menu) and each admin screen arrive when first opened.
 */

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export interface LoginSearch {
  redirect?: string;
}
export interface TokenSearch {
  token?: string;
}
export interface LegalSearch {
  variant?: 'consumer' | 'voucher-partner';
  language?: 'en' | 'id';
}
export interface ResultSearch {
  type?: 'reset' | 'verification';
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyScreen(() => import('./app/pages/not-found-page.tsx'), 'NotFoundPage'),
  errorComponent: RouteError,
  pendingComponent: PageLoading,
});

/** The root redirects to /login (which sends a signed-in user on to /admin). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: PATHS.login });
  },
});

// Logged-out-only routes.
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: str(search.redirect) }),
  beforeLoad: loggedOutOnly,
  component: lazyScreen(() => import('./app/auth/login-page.tsx'), 'LoginPage'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  beforeLoad: loggedOutOnly,
  component: lazyScreen(() => import('./app/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): TokenSearch => ({ token: str(search.token) }),
  beforeLoad: loggedOutOnly,
  component: lazyScreen(() => import('./app/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
});
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-email',
  validateSearch: (search: Record<string, unknown>): TokenSearch => ({ token: str(search.token) }),
  component: lazyScreen(() => import('./app/auth/confirm-email-page.tsx'), 'ConfirmEmailPage'),
});

// Public pages, open to everyone.
const mobileResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mobile/reset-password',
  validateSearch: (search: Record<string, unknown>): TokenSearch => ({ token: str(search.token) }),
  component: lazyScreen(() => import('./app/public/mobile-pages.tsx'), 'MobileResetPasswordPage'),
});
const mobileVerificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mobile/email-verification',
  validateSearch: (search: Record<string, unknown>): TokenSearch => ({ token: str(search.token) }),
  component: lazyScreen(() => import('./app/public/mobile-pages.tsx'), 'MobileEmailVerificationPage'),
});
const mobileFailedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mobile/failed-page',
  component: lazyScreen(() => import('./app/public/mobile-pages.tsx'), 'MobileFailedPage'),
});
const mobileSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mobile/success-page',
  validateSearch: (search: Record<string, unknown>): ResultSearch => {
    const type = search.type;
    return { type: type === 'reset' || type === 'verification' ? type : undefined };
  },
  component: lazyScreen(() => import('./app/public/mobile-pages.tsx'), 'MobileSuccessPage'),
});
const legalSearch = (search: Record<string, unknown>): LegalSearch => ({
  variant: search.variant === 'consumer' || search.variant === 'voucher-partner' ? search.variant : undefined,
  language: search.language === 'en' || search.language === 'id' ? search.language : undefined,
});
const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'terms',
  validateSearch: legalSearch,
  component: lazyScreen(() => import('./app/public/legal-page.tsx'), 'TermsPage'),
});
const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy',
  validateSearch: legalSearch,
  component: lazyScreen(() => import('./app/public/legal-page.tsx'), 'PrivacyPage'),
});

// /admin: the session guard, then either the bare RoleInactive page or the shell with the menu.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  beforeLoad: (args) => {
    // The session's request first: the screens' chunks would otherwise take the browser's connections ahead of it.
    const guarded = requireAdmin(args);
    preloadScreens(args.matches);
    return guarded;
  },
  component: Outlet,
});

/**
 * Starts fetching the code of the screens a URL opens (the shell's and the screen's chunks) while the session is
 * checked, instead of once it has been: a list opened by URL then waits for one round trip less. A failure is left to
 * the route's own load, which reports it.
 */
function preloadScreens(matches: readonly { routeId: string }[]): void {
  const routes = router.routesById as Record<string, AnyRoute | undefined>;
  for (const { routeId } of matches) {
    const route = routes[routeId];
    if (route) router.loadRouteChunk(route)?.catch(() => undefined);
  }
}
const adminIndexRoute = createRoute({ getParentRoute: () => adminRoute, path: '/', beforeLoad: adminIndexRedirect });
const roleInactiveRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'dashboard/role/inactive',
  component: lazyScreen(() => import('./app/pages/role-inactive-page.tsx'), 'RoleInactivePage'),
});

/** The admin shell (sidebar, header, breadcrumbs, footer): parent of every screen under /admin. */
export const adminLayoutRoute = createRoute({
  getParentRoute: () => adminRoute,
  id: 'shell',
  component: lazyScreen(() => import('./app/layout/admin-layout.tsx'), 'AdminLayout'),
  notFoundComponent: lazyScreen(() => import('./app/pages/not-found-page.tsx'), 'NotFoundPage'),
});

const mainPageRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'main-page',
  component: lazyScreen(() => import('./app/pages/main-page.tsx'), 'MainPage'),
});
const unauthorizedRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'unauthorized',
  component: lazyScreen(() => import('./app/pages/unauthorized-page.tsx'), 'UnauthorizedPage'),
});
const ssosisUnauthorizedRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'dashboard/unauthorized',
  component: lazyScreen(() => import('./app/pages/unauthorized-page.tsx'), 'UnauthorizedPage'),
});
const settingIndexRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'setting',
  beforeLoad: () => {
    throw redirect({ href: PATHS.profile });
  },
});
const profileRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'setting/profile',
  component: lazyScreen(() => import('./app/settings/profile-page.tsx'), 'ProfilePage'),
});
const changePasswordRoute = createRoute({
  getParentRoute: () => adminLayoutRoute,
  path: 'setting/change-password',
  component: lazyScreen(() => import('./app/settings/change-password-page.tsx'), 'ChangePasswordPage'),
});
/** /admin/dashboard, /admin/aphrodite, ...: the area's first permitted entry. */
const areaRootRoutes = AREAS.map((area) =>
  createRoute({
    getParentRoute: () => adminLayoutRoute,
    path: AREA_PREFIX[area].slice(PATHS.admin.length + 1),
    beforeLoad: areaRedirect(area),
  }),
);

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  mobileResetRoute,
  mobileVerificationRoute,
  mobileFailedRoute,
  mobileSuccessRoute,
  termsRoute,
  privacyRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    roleInactiveRoute,
    adminLayoutRoute.addChildren([
      mainPageRoute,
      unauthorizedRoute,
      ssosisUnauthorizedRoute,
      settingIndexRoute,
      profileRoute,
      changePasswordRoute,
      ...areaRootRoutes,
      ...domainRoutes(adminLayoutRoute),
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 300,
  // A screen whose code and session arrive just after the spinner has shown replaces it at once: the router's
  // default keeps a shown spinner 500 ms, which held a list opened by URL about 460 ms after its rows were in.
  defaultPendingMinMs: 0,
  defaultPendingComponent: PageLoading,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
