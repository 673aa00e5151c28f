import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, availableIn, type AppEnv, type RoutePermission } from '@portal/contract';
import type { Actor } from './request-context.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';


declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route demands; every /api route must say (deny by default). */
    permission?: RoutePermission;
    /** auth/idle answers for an idle session instead of refusing it. */
    allowIdle?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
}

export interface SessionResolver {
  resolve(token: string, opts: { allowIdle: boolean; via: 'cookie' | 'bearer' }): Promise<Actor | null>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_PATH = /^\/api\//i;

/** The session token a request carries: a Bearer header, else the session cookie of that name. */
export function tokenOf(req: FastifyRequest, cookieName: string): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies[cookieName];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** A browser mutation carried by the session cookie must come from this site. */
function isForeignOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host !== req.host;
    } catch {
      return true;
    }
  }
  return req.headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Deny by default: registering an /api route without a permission fails at start-up, and every request to one is
 * checked here before its body is even validated.
 */
export function registerAccessGuard(app: FastifyInstance, sessions: SessionResolver, routes: RegisteredRoute[], opts: { env: AppEnv; cookieName: string }): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, permission });
  });

  app.addHook('onRequest', async (req, reply) => {
    // Decided by the matched route, not by the raw URL: the router decodes the path, so `/%61pi/v1/...` reaches an
    // /api route while its raw URL does not start with `/api/`.
    if (API_PATH.test(req.routeOptions.url ?? req.url)) reply.header('cache-control', 'no-store');
    const permission = req.routeOptions.config?.permission;
    if (!permission) return; // not an /api route (the SPA, the docs) or an unknown path: the not-found handler answers
    if (!availableIn(permission, opts.env)) throw new AppError(404, 'not_found', 'This feature is not available in this environment');
    const carried = tokenOf(req, opts.cookieName);
    // A public route asks nothing of a staff session. A Bearer token there is most often a consumer app's (its own
    // guard checks it): looking it up among staff sessions would cost every app request a database round trip for
    // nothing. A cookie is still resolved, for the cross-origin check below.
    if (permission === 'public' && carried?.via === 'bearer') return;
    const actor = carried ? await sessions.resolve(carried.token, { allowIdle: req.routeOptions.config.allowIdle === true, via: carried.via }) : null;
    const verdict = allows(actor?.perms ?? null, permission);
    if (verdict === 'unauthenticated') throw unauthorized();
    if (actor && actor.via === 'cookie' && !SAFE_METHODS.has(req.method) && isForeignOrigin(req)) throw forbidden('Cross-origin request refused');
    if (verdict === 'forbidden') throw forbidden();
    req.actor = actor;
  });
}

/** The signed-in actor of a route that requires one. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
