import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENU_BY_KEY, allows, permissionSet, type Action, type PermissionSet, type RoutePermission } from '@portal/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { RegisteredRoute } from '../src/platform/access-guard.ts';
import { TEST_CONFIG, useHarness, type Harness } from './harness.ts';

/** Ids of records that exist, so a GET on `/:id` can answer 2xx. */
interface Known {
  userId: number;
  roleId: number;
  auditId: number;
}

/** How to call one route. Mutations aim at a missing id (999999) or carry a body that fails validation: nothing is damaged. */
interface Recipe {
  params?: (k: Known) => Record<string, string | number>;
  query?: (k: Known) => Record<string, string | number>;
  body?: unknown;
  /** The call ends the caller's session (sign-out): use a session of its own. */
  fresh?: boolean;
  /** The status a caller the route admits gets. */
  expect: number;
}

const MISSING = 999999;
const NEW_PASSWORD = 'Matrix@123';

const RECIPES: Record<string, Recipe> = {
  'POST /api/v1/auth/sign-in': { body: {}, expect: 400 },
  'POST /api/v1/auth/sign-in-verification': { body: {}, expect: 400 },
  'POST /api/v1/auth/step-up': { body: {}, expect: 400 },
  // Every session of the matrix passed a step-up with an e-mailed code a minute ago: the resend wait has passed.
  'POST /api/v1/auth/step-up/send-code': { expect: 200 },
  'GET /api/v1/user/second-factor': { expect: 200 },
  'POST /api/v1/user/second-factor/setup': { expect: 200 },
  'POST /api/v1/user/second-factor/enable': { body: {}, expect: 400 },
  'POST /api/v1/user/second-factor/recovery-codes': { body: {}, expect: 400 },
  'POST /api/v1/user/second-factor/disable': { body: {}, expect: 400 },
  'POST /api/v1/auth/forgot-password': { body: { identifier: 'nobody.matrix' }, expect: 200 },
  'POST /api/v1/user/reset-password': { body: { token: 'x'.repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, expect: 400 },
  'DELETE /api/v1/auth/sign-out': { fresh: true, expect: 200 },
  'POST /api/v1/auth/idle': { body: { type: 'cms' }, expect: 200 },
  'GET /api/v1/user/profile': { expect: 200 },
  'PUT /api/v1/user/profile': { body: {}, expect: 400 },
  'PUT /api/v1/user/change-password': { body: {}, expect: 400 },
  'GET /api/v1/role-permission/profile': { expect: 200 },
  'GET /api/v1/user/list': { query: () => ({ page: 1, limit: 5 }), expect: 200 },
  'GET /api/v1/user/options': { query: () => ({ limit: 5 }), expect: 200 },
  'GET /api/v1/user/detail/:id': { params: (k) => ({ id: k.userId }), expect: 200 },
  'POST /api/v1/user': { body: {}, expect: 400 },
  'PUT /api/v1/user/update/:id': {
    body: { username: 'matrix.user', email: 'matrix.user@demo.local', name: 'Matrix', role_id: 1, version: 1 },
    expect: 404,
  },
  'DELETE /api/v1/user/delete/:id': { expect: 404 },
  'POST /api/v1/user/reset-password/:id': { body: {}, expect: 404 },
  'POST /api/v1/user/username': { body: { ids: [MISSING] }, expect: 200 },
  'GET /api/v1/role/list': { expect: 200 },
  'GET /api/v1/role/detail/:id': { params: (k) => ({ id: k.roleId }), expect: 200 },
  'POST /api/v1/role/add': { body: {}, expect: 400 },
  'PUT /api/v1/role/update/:id': { body: { name: 'Matrix role', version: 1 }, expect: 404 },
  'DELETE /api/v1/role/delete/:id': { expect: 404 },
  'GET /api/v1/permission/list': { expect: 200 },
  'GET /api/v1/role-permission': { query: (k) => ({ role_id: k.roleId }), expect: 200 },
  'PUT /api/v1/role-permission/update': { body: { role_id: MISSING, permissions: [], version: 1 }, expect: 404 },
  'GET /api/v1/log-history': { expect: 200 },
  'GET /api/v1/log-history/:id': { params: (k) => ({ id: k.auditId }), expect: 200 },
  'GET /api/v1/meta': { expect: 200 },
  'GET /api/v1/public/legal/:kind': { params: () => ({ kind: 'terms' }), expect: 200 },
  'GET /api/v1/dev/mailbox': { expect: 200 },
  // Region lists answer 200 (empty: the matrix's schema has no regions loaded); a village needs a district or a search,
  // and a well-formed village code that is not loaded answers 404.
  'GET /api/v1/villages': { query: () => ({ district_code: '11.01.01' }), expect: 200 },
  'GET /api/v1/villages/:code': { params: () => ({ code: '11.01.01.2001' }), expect: 404 },
  // The chat event stream stays open; `once=true` sends the current state and ends.
  'GET /api/v1/chats/events': { query: () => ({ once: 'true' }), expect: 200 },
  // The consumer app's routes are public to the staff guard and carry a consumer-token guard of their own: no staff
  // token (nor none) opens them.
  'DELETE /api/v1/app/auth/sign-out': { expect: 401 },
  'POST /api/v1/app/chat': { expect: 401 },
  'GET /api/v1/app/chat/messages': { expect: 401 },
  'POST /api/v1/app/chat/messages': { body: { message: 'matrix' }, expect: 401 },
  'POST /api/v1/app/tickets': { body: {}, expect: 401 },
  // A form's report needs the form; one that does not exist gives a file of headers only.
  'GET /api/v1/responses/report/export': { query: () => ({ form_id: String(MISSING) }), expect: 200 },
  'GET /api/v1/app/forms': { expect: 401 },
  'GET /api/v1/app/forms/:id': { expect: 401 },
  'POST /api/v1/app/forms/:id/responses': { body: { answers: [] }, expect: 401 },
  'POST /api/v1/app/transactions': { body: {}, expect: 401 },
  'GET /api/v1/app/stamps': { expect: 401 },
  'GET /api/v1/app/stamp-rewards': { expect: 401 },
  'POST /api/v1/app/stamp-rewards/:id/redeem': { expect: 401 },
  // The codes of one coupon as a file: a coupon with no codes gives an empty file.
  'GET /api/v1/coupon-codes/export': { query: () => ({ coupon_setting_id: MISSING }), expect: 200 },
  'GET /api/v1/app/coupons': { expect: 401 },
  'POST /api/v1/app/coupons/:id/claim': { expect: 401 },
  'GET /api/v1/app/my-coupons': { expect: 401 },
  'POST /api/v1/app/my-coupons/:id/use': { body: { store_id: 1, pos_receipt_no: 'matrix' }, expect: 401 },
  // The entries and winners of one raffle as a file: a raffle that does not exist gives a file of headers only.
  'GET /api/v1/raffle-coupons/export': { query: () => ({ raffle_id: String(MISSING) }), expect: 200 },
  'GET /api/v1/app/raffles': { expect: 401 },
  'POST /api/v1/app/raffles/:id/enter': { expect: 401 },
  'POST /api/v1/app/orders': { body: {}, expect: 401 },
  'GET /api/v1/app/orders': { expect: 401 },
  'GET /api/v1/app/orders/:id': { expect: 401 },
  'GET /api/v1/app/stores/:code/products': { params: () => ({ code: 'MATRIX' }), expect: 401 },
  'GET /api/v1/app/pre-order-events': { expect: 401 },
  // The payment gateway's callback: no session; an unsigned body is bad input.
  'POST /api/v1/payments/callback': { body: {}, expect: 400 },
  // Top-up and bills: the consumer's routes take the consumer token; the gateway's and biller's callbacks refuse an unsigned body.
  'GET /api/v1/app/digital-products': { expect: 401 },
  'POST /api/v1/app/top-ups': { body: {}, expect: 401 },
  'GET /api/v1/app/top-ups': { expect: 401 },
  'GET /api/v1/app/top-ups/:id': { expect: 401 },
  'GET /api/v1/app/top-up-cta': { expect: 401 },
  'POST /api/v1/payments/top-up-callback': { body: {}, expect: 400 },
  'POST /api/v1/billers/callback': { body: {}, expect: 400 },
  'POST /api/v1/top-ups/:id/move': { body: { action: 'retry', version: 1 }, expect: 404 },
  'PUT /api/v1/top-up-cta': { body: {}, expect: 400 },
  // E-vouchers: a well-formed barcode no voucher carries; the POS's redemption refuses an unsigned body.
  'GET /api/v1/vouchers/status': { query: () => ({ voucher_barcode: '123456789012345671' }), expect: 404 },
  'POST /api/v1/pos/vouchers/redeem': { body: {}, expect: 400 },
  // Analytics: the POS's sales batch refuses an unsigned body; the app's events take the consumer token.
  'POST /api/v1/pos/sales': { body: {}, expect: 400 },
  // A till's terms of the day refuse an unsigned query.
  'GET /api/v1/pos/terms': { expect: 400 },
  'POST /api/v1/app/events': { body: {}, expect: 401 },
  'GET /api/v1/analytics/share/recipients': { query: () => ({ entry: 'pandora.sales-dashboard' }), expect: 200 },
  // The thematic customer map answers a box (the whole of Indonesia here).
  'GET /api/v1/analytics/customer-map': { query: () => ({ top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -11.5, bottom_right_lon: 141.5 }), expect: 200 },
};

/**
 * A route the matrix has no recipe for: a GET without path parameters must answer 200, a GET of a missing id (999999)
 * 404; anything else is called with a missing id and an empty body and must merely get past the guard without a 5xx.
 */
const recipeOf = (route: RegisteredRoute): Recipe =>
  RECIPES[`${route.method} ${route.url}`] ?? (route.method === 'GET' ? { expect: route.url.includes('/:') ? 404 : 200 } : { body: {}, expect: 0 });

function urlOf(route: RegisteredRoute, recipe: Recipe, known: Known): string {
  const params = recipe.params?.(known) ?? {};
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? MISSING));
  const query = recipe.query?.(known);
  return query ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : path;
}

const DEMO_USERS = ['superadmin', 'admin.cms', 'cs.agent', 'viewer', 'analyst', 'no.access'] as const;

describe('permission matrix: every registered API route, every demo role, and anonymous', () => {
  const h = useHarness();
  let setup: Promise<{ known: Known; tokens: Map<string, string>; perms: Map<string, PermissionSet> }> | undefined;

  /** Signs every demo user in once and reads each role's actual grants as the Super Admin sees them. */
  const context = () =>
    (setup ??= (async () => {
      const tokens = new Map<string, string>();
      // Every session passes the step-up, so a sensitive route answers by its permission and not by the missing factor.
      for (const u of DEMO_USERS) {
        const token = await h.tokenOf(u);
        await h.stepUp(token);
        tokens.set(u, token);
      }
      const root = tokens.get('superadmin')!;
      const users = (await h.call('GET', '/api/v1/user/list?limit=100', { token: root })).json<{ data: { data: { id: number; username: string; role_id: number }[] } }>().data.data;
      const perms = new Map<string, PermissionSet>();
      for (const u of DEMO_USERS) {
        const user = users.find((x) => x.username === u);
        if (!user) throw new Error(`demo user ${u} missing`);
        const res = await h.call('GET', `/api/v1/role-permission?role_id=${user.role_id}`, { token: root });
        expect(res.statusCode).toBe(200);
        const rp = res.json<{ data: { is_super: boolean; permissions: { entry: string; action: Action }[] } }>().data;
        perms.set(u, permissionSet(rp.is_super, rp.permissions));
      }
      const log = (await h.call('GET', '/api/v1/log-history?limit=1', { token: root })).json<{ data: { data: { id: number }[] } }>().data.data;
      const viewer = users.find((x) => x.username === 'viewer')!;
      return { known: { userId: viewer.id, roleId: viewer.role_id, auditId: log[0]!.id }, tokens, perms };
    })());

  /** Calls every route as one caller and lists every answer that differs from what the registry says. */
  async function walk(caller: string, perms: PermissionSet | null, token: string | undefined): Promise<string[]> {
    const { known } = await context();
    const problems: string[] = [];
    for (const route of h.routes) {
      const recipe = recipeOf(route);
      const verdict = allows(perms, route.permission);
      const useToken = recipe.fresh && token && perms ? await h.tokenOf(caller) : token;
      const res = await h.call(route.method, urlOf(route, recipe, known), { token: useToken, ...(recipe.body !== undefined ? { body: recipe.body } : {}) });
      const got = res.statusCode;
      const label = `${caller}: ${route.method} ${route.url} (${JSON.stringify(route.permission)}) answered ${got}`;
      if (verdict === 'unauthenticated') {
        if (got !== 401) problems.push(`${label}, expected 401`);
      } else if (verdict === 'forbidden') {
        if (got !== 403) problems.push(`${label}, expected 403`);
      } else if (recipe.expect) {
        if (got !== recipe.expect) problems.push(`${label}, expected ${recipe.expect}: ${res.body.slice(0, 200)}`);
      } else if (got === 401 || got === 403 || got >= 500) {
        problems.push(`${label}, expected to pass the guard`);
      }
    }
    return problems;
  }

  it('covers a real route table, every route declaring a permission of real menu entries and actions', () => {
    expect(h.routes.length).toBeGreaterThan(25);
    const keys = h.routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of h.routes) {
      const p: RoutePermission = route.permission;
      if (p === 'public' || p === 'authenticated') continue;
      expect(p.entries.length, `${route.url}`).toBeGreaterThan(0);
      for (const entry of p.entries) {
        expect(MENU_BY_KEY.get(entry)?.actions, `${route.method} ${route.url} names ${entry}:${p.action}`).toContain(p.action);
      }
    }
    // Every kind of permission is present, so each branch of the matrix below is exercised.
    expect(h.routes.some((r) => r.permission === 'public')).toBe(true);
    expect(h.routes.some((r) => r.permission === 'authenticated')).toBe(true);
    expect(h.routes.some((r) => typeof r.permission === 'object')).toBe(true);
  });

  it('answers 401 to an anonymous caller on every non-public route, and serves the public ones', async () => {
    expect(await walk('anonymous', null, undefined)).toEqual([]);
  });

  it('answers 401 to an unknown session token exactly as to no token', async () => {
    expect(await walk('forged token', null, 'x'.repeat(43))).toEqual([]);
  });

  for (const user of DEMO_USERS) {
    it(`admits ${user} exactly where the grants of its role allow, and refuses with 403 elsewhere`, async () => {
      const { tokens, perms } = await context();
      const userPerms = perms.get(user)!;
      expect(await walk(user, userPerms, tokens.get(user))).toEqual([]);
    });
  }

  it('holds the demo roles to what the seed says, so the matrix sees every verdict', async () => {
    const { perms } = await context();
    const verdicts = (u: string) => new Set(h.routes.map((r) => allows(perms.get(u)!, r.permission)));
    expect(perms.get('superadmin')!.superAdmin).toBe(true);
    expect(verdicts('superadmin')).toEqual(new Set(['ok']));
    // admin.cms holds every cms entry, so only orion routes (categories) refuse it.
    expect(verdicts('admin.cms')).toEqual(new Set(['ok', 'forbidden']));
    expect(verdicts('viewer')).toEqual(new Set(['ok', 'forbidden']));
    expect(verdicts('cs.agent')).toEqual(new Set(['ok', 'forbidden']));
    expect(perms.get('no.access')!.grants.size).toBe(0);
  });

  it('refuses to build an app with an /api route that declares no permission', async () => {
    await expect(buildWith(h, (app) => app.get('/api/v1/unguarded', async () => 'x'))).rejects.toThrow('declares no permission');
    await expect(buildWith(h, (app) => app.post('/api/v1/unguarded', { config: {} }, async () => 'x'))).rejects.toThrow('declares no permission');
  });

  it('guards a route added with a permission like any other', async () => {
    const built = await buildWith(h, (app) => {
      app.get('/api/v1/guarded', { config: { permission: { entries: ['cms.user'], action: 'view' } } }, async () => ({ message: 'ok', data: null }));
    });
    try {
      expect(built.routes.find((r) => r.url === '/api/v1/guarded')?.permission).toEqual({ entries: ['cms.user'], action: 'view' });
      expect((await built.app.inject({ method: 'GET', url: '/api/v1/guarded' })).statusCode).toBe(401);
      const { tokens } = await context();
      const asNoAccess = await built.app.inject({ method: 'GET', url: '/api/v1/guarded', headers: { authorization: `Bearer ${tokens.get('no.access')}` } });
      expect(asNoAccess.statusCode).toBe(403);
      const asViewer = await built.app.inject({ method: 'GET', url: '/api/v1/guarded', headers: { authorization: `Bearer ${tokens.get('viewer')}` } });
      expect(asViewer.statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  });
});

function buildWith(h: Harness, extraRoutes: Parameters<typeof buildApp>[0]['extraRoutes']) {
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, TEST_CONFIG);
  return buildApp({ config, database: h.testDb.database, clock: h.clock, extraRoutes });
}

/** One attempt at escalation and what must come of it. */
interface Escalation {
  name: string;
  method: string;
  url: (k: EscalationKnown) => string;
  body?: (k: EscalationKnown) => unknown;
}

interface EscalationKnown {
  self: { id: number; role_id: number; version: number; email: string; username: string; name: string };
  superAdmin: { id: number; role_id: number; version: number; email: string; username: string; name: string };
  viewer: { id: number; role_id: number; version: number; email: string; username: string; name: string };
  selfRoleVersion: number;
  viewerRoleVersion: number;
}

const asBody = (u: EscalationKnown['self'], change: Record<string, unknown>) => ({ username: u.username, email: u.email, name: u.name, role_id: u.role_id, status: 1, version: u.version, ...change });

/**
 * Item 1 of the trust issue, tried as the demo CMS Admin (edit on user and role management, password only): every way
 * to reach Super Admin or widen its own rights is refused, and nothing changes.
 */
const ESCALATIONS: Escalation[] = [
  { name: 'give itself the Super Admin role', method: 'PUT', url: (k) => `/api/v1/user/update/${k.self.id}`, body: (k) => asBody(k.self, { role_id: k.superAdmin.role_id }) },
  { name: 'give another user the Super Admin role', method: 'PUT', url: (k) => `/api/v1/user/update/${k.viewer.id}`, body: (k) => asBody(k.viewer, { role_id: k.superAdmin.role_id }) },
  { name: 'create a Super Admin', method: 'POST', url: () => '/api/v1/user', body: (k) => ({ username: 'escalated.su', email: 'escalated.su@demo.local', name: 'Escalated', role_id: k.superAdmin.role_id, password: NEW_PASSWORD }) },
  { name: "change a Super Admin's e-mail", method: 'PUT', url: (k) => `/api/v1/user/update/${k.superAdmin.id}`, body: (k) => asBody(k.superAdmin, { email: 'attacker@evil.example' }) },
  { name: "reset a Super Admin's password", method: 'POST', url: (k) => `/api/v1/user/reset-password/${k.superAdmin.id}`, body: () => ({}) },
  { name: 'deactivate a Super Admin', method: 'PUT', url: (k) => `/api/v1/user/update/${k.superAdmin.id}`, body: (k) => asBody(k.superAdmin, { status: 2 }) },
  { name: 'delete a Super Admin', method: 'DELETE', url: (k) => `/api/v1/user/delete/${k.superAdmin.id}?version=${k.superAdmin.version}` },
  { name: 'change its own status', method: 'PUT', url: (k) => `/api/v1/user/update/${k.self.id}`, body: (k) => asBody(k.self, { status: 2 }) },
  { name: 'change its own role', method: 'PUT', url: (k) => `/api/v1/user/update/${k.self.id}`, body: (k) => asBody(k.self, { role_id: k.viewer.role_id }) },
  {
    name: 'grant its own role a right',
    method: 'PUT',
    url: () => '/api/v1/role-permission/update',
    body: (k) => ({ role_id: k.self.role_id, permissions: [{ entry: 'orion.product-management', action: 'view' }], version: k.selfRoleVersion }),
  },
  {
    name: 'grant another role a right it does not hold',
    method: 'PUT',
    url: () => '/api/v1/role-permission/update',
    body: (k) => ({ role_id: k.viewer.role_id, permissions: [{ entry: 'orion.product-management', action: 'view' }], version: k.viewerRoleVersion }),
  },
];

describe('permission matrix: escalation to Super Admin and beyond its own rights', () => {
  const h = useHarness();

  it('refuses every escalation the CMS Admin tries, with 403 or 422, and leaves accounts and roles as they were', async () => {
    const root = await h.tokenOf('superadmin');
    const admin = await h.tokenOf('admin.cms');
    const users = (await h.call('GET', '/api/v1/user/list?limit=100', { token: root })).json<{ data: { data: EscalationKnown['self'][] } }>().data.data;
    const find = (u: string) => users.find((x) => x.username === u)!;
    const roleVersion = async (id: number) => (await h.call('GET', `/api/v1/role/detail/${id}`, { token: root })).json<{ data: { version: number } }>().data.version;
    const known: EscalationKnown = {
      self: find('admin.cms'),
      superAdmin: find('superadmin'),
      viewer: find('viewer'),
      selfRoleVersion: await roleVersion(find('admin.cms').role_id),
      viewerRoleVersion: await roleVersion(find('viewer').role_id),
    };
    const before = JSON.stringify({ users, grants: (await h.call('GET', `/api/v1/role-permission?role_id=${known.viewer.role_id}`, { token: root })).json().data });

    const unexpected: string[] = [];
    for (const e of ESCALATIONS) {
      const res = await h.call(e.method, e.url(known), { token: admin, ...(e.body ? { body: e.body(known) } : {}) });
      if (res.statusCode !== 403 && res.statusCode !== 422) unexpected.push(`${e.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(unexpected).toEqual([]);

    const usersAfter = (await h.call('GET', '/api/v1/user/list?limit=100', { token: root })).json<{ data: { data: unknown[] } }>().data.data;
    const after = JSON.stringify({ users: usersAfter, grants: (await h.call('GET', `/api/v1/role-permission?role_id=${known.viewer.role_id}`, { token: root })).json().data });
    expect(after).toBe(before);
    // The mail of a reset never went out either.
    const resets = (await h.services.mailer.outbox(50))?.filter((m) => m.to === known.superAdmin.email && m.subject.includes('Reset')) ?? [];
    expect(resets).toEqual([]);
  });

  it('answers 401 to an expired session on every non-public route', async () => {
    const token = await h.tokenOf('viewer');
    await h.testDb.database.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where revoked_at is null and user_id = (select id from users where username = 'viewer')`);
    const wrong: string[] = [];
    for (const route of h.routes) {
      if (route.permission === 'public') continue;
      const res = await h.call(route.method, route.url.replace(/:(\w+)/g, String(MISSING)), { token, ...(route.method === 'GET' ? {} : { body: {} }) });
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
