import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENU, PERSONAL_DATA_ENTRY, formatDateTime } from '@portal/contract';
import { auditEntries } from '../../../test/audit-log.ts';
import { useHarness, type Harness } from '../../../test/harness.ts';

interface Grant {
  entry: string;
  action: string;
}
interface RoleDetail {
  id: number;
  name: string;
  description: string | null;
  is_super: boolean;
  status: number;
  user_count: number;
  permission_count: number;
  updated_at: string;
  updated_by_name: string | null;
  version: number;
  permissions: Grant[];
}

const PASSWORD = 'Staff@12345';
const sorted = (grants: Grant[]) => [...grants].sort((a, b) => `${a.entry}:${a.action}`.localeCompare(`${b.entry}:${b.action}`));

async function setup(h: Harness) {
  const token = await h.tokenOf('admin.cms');
  // Changing a role's rights asks for a recent second factor.
  await h.stepUp(token);
  const me = (await h.call('GET', '/api/v1/user/profile', { token })).json().data as { id: number; name: string };
  const roles = (await h.call('GET', '/api/v1/role/list?is_all=true', { token })).json().data.data as RoleDetail[];
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  const addRole = async (name: string, permissions: Grant[], status: 1 | 2 = 1) => {
    const res = await h.call('POST', '/api/v1/role/add', { token, body: { name, description: `${name} role`, status, permissions } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RoleDetail;
  };
  const detail = async (id: number) => (await h.call('GET', `/api/v1/role/detail/${id}`, { token })).json().data as RoleDetail;
  return { token, me, roleId, addRole, detail };
}

const auditOf = (h: Harness, id: number) =>
  auditEntries(h.testDb.database.db, sql`entity = 'role' and entity_id = ${String(id)}`);

describe('roles', () => {
  const h = useHarness();
  let ctx: Awaited<ReturnType<typeof setup>>;

  it('lists roles with their user and permission counts, searchable and sortable, or all of them for a dropdown', async () => {
    ctx = await setup(h);
    const all = await h.call('GET', '/api/v1/role/list?is_all=true', { token: ctx.token });
    expect(all.statusCode).toBe(200);
    const rows = all.json().data.data as RoleDetail[];
    expect(rows.map((r) => r.name).sort()).toEqual(['Analyst', 'CMS Admin', 'Customer Service', 'No Access', 'Super Admin', 'Viewer']);
    const cs = rows.find((r) => r.name === 'Customer Service')!;
    expect(cs).toMatchObject({ is_super: false, status: 1, user_count: 1, version: 1 });
    expect(cs.permission_count).toBe(MENU.filter((e) => ['cms.consumer', PERSONAL_DATA_ENTRY, 'cms.help-center', 'cms.faq', 'cms.chatlive', 'cms.chatbot', 'cms.rating'].includes(e.key)).reduce((n, e) => n + e.actions.length, 0));
    expect(rows.find((r) => r.name === 'Super Admin')).toMatchObject({ is_super: true, permission_count: 0 });

    const search = (await h.call('GET', '/api/v1/role/list?search=ADMIN&sort_by=name&sort_dir=asc', { token: ctx.token })).json().data;
    expect(search.data.map((r: RoleDetail) => r.name)).toEqual(['CMS Admin', 'Super Admin']);
    expect(search.meta).toMatchObject({ page: 1, limit: 10, total: 2 });
    const paged = (await h.call('GET', '/api/v1/role/list?limit=2&page=3&sort_by=name&sort_dir=asc', { token: ctx.token })).json().data;
    expect(paged.data.map((r: RoleDetail) => r.name)).toEqual(['Super Admin', 'Viewer']);
    expect((await h.call('GET', '/api/v1/role/list?sort_by=is_super', { token: ctx.token })).statusCode).toBe(400);
  });

  it('returns a role with its grants, and 404 for a missing one', async () => {
    const res = await h.call('GET', `/api/v1/role/detail/${ctx.roleId('Viewer')}`, { token: ctx.token });
    expect(res.statusCode).toBe(200);
    const viewer = res.json().data as RoleDetail;
    // Every cms entry to view, except the consumers' personal data (the viewer sees them masked).
    expect(viewer.permissions).toEqual(sorted(MENU.filter((e) => e.area === 'cms' && e.key !== PERSONAL_DATA_ENTRY && !e.superOnly).map((e) => ({ entry: e.key, action: 'view' }))));
    expect((await h.call('GET', '/api/v1/role/detail/999999', { token: ctx.token })).statusCode).toBe(404);
  });

  it('lists every menu entry of the registry as a permission, with its actions', async () => {
    const res = await h.call('GET', '/api/v1/permission/list', { token: ctx.token });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { entry: string; area: string; group: string; label: string; route: string; actions: string[] }[];
    // Every entry but those only the Super Admin holds (the personal-data access log), which no role can be given.
    const grantable = MENU.filter((e) => !e.superOnly);
    expect(items.map((i) => i.entry)).toEqual(grantable.map((e) => e.key));
    for (const e of grantable) {
      expect(items.find((i) => i.entry === e.key)).toEqual({ entry: e.key, area: e.area, group: e.group, label: e.label, route: e.route, actions: [...e.actions] });
    }
  });

  it('creates a role with its permissions, adding the implied view, audited once', async () => {
    const role = await ctx.addRole('Content Editor', [
      { entry: 'cms.faq', action: 'edit' },
      { entry: 'cms.banners', action: 'approve' },
      { entry: 'cms.faq', action: 'edit' },
    ]);
    expect(role).toMatchObject({ name: 'Content Editor', description: 'Content Editor role', is_super: false, status: 1, user_count: 0, permission_count: 4, version: 1 });
    expect(role.permissions).toEqual(
      sorted([
        { entry: 'cms.banners', action: 'approve' },
        { entry: 'cms.banners', action: 'view' },
        { entry: 'cms.faq', action: 'edit' },
        { entry: 'cms.faq', action: 'view' },
      ]),
    );
    const audit = await auditOf(h, role.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: ctx.me.id, actorName: ctx.me.name, before: null });
    expect(audit[0]!.after).toMatchObject({ name: 'Content Editor', status: 1, permissions: ['cms.banners:approve', 'cms.banners:view', 'cms.faq:edit', 'cms.faq:view'] });
  });

  it('refuses a duplicate name (any letter case), an unknown entry and an action the entry does not offer', async () => {
    const dup = await h.call('POST', '/api/v1/role/add', { token: ctx.token, body: { name: 'content editor', permissions: [] } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A role named content editor already exists');
    const unknown = await h.call('POST', '/api/v1/role/add', { token: ctx.token, body: { name: 'Bad Entry', permissions: [{ entry: 'cms.nope', action: 'view' }] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toContainEqual({ path: 'permissions.0.entry', message: 'Unknown menu entry' });
    const action = await h.call('POST', '/api/v1/role/add', { token: ctx.token, body: { name: 'Bad Action', permissions: [{ entry: 'cms.log-history', action: 'delete' }] } });
    expect(action.statusCode).toBe(400);
    expect(action.json().message).toContain('This action does not exist for this menu entry');
    const short = await h.call('POST', '/api/v1/role/add', { token: ctx.token, body: { name: 'x' } });
    expect(short.json().details).toEqual([{ path: 'name', message: 'Name must be at least 2 characters' }]);
    const names = (await h.call('GET', '/api/v1/role/list?is_all=true', { token: ctx.token })).json().data.data.map((r: RoleDetail) => r.name);
    expect(names).not.toContain('Bad Entry');
    expect(names).not.toContain('Bad Action');
  });

  it('updates a role with its version, and answers a stale version with 409 naming who changed it', async () => {
    const role = await ctx.addRole('Campaign Planner', [{ entry: 'cms.campaigns', action: 'view' }]);
    const body = { name: 'Campaign Manager', description: null, status: 1, permissions: [{ entry: 'cms.campaigns', action: 'create' }], version: role.version };
    const res = await h.call('PUT', `/api/v1/role/update/${role.id}`, { token: ctx.token, body });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as RoleDetail;
    expect(updated).toMatchObject({ name: 'Campaign Manager', description: null, version: role.version + 1, updated_by_name: ctx.me.name });
    expect(updated.permissions).toEqual(sorted([{ entry: 'cms.campaigns', action: 'create' }, { entry: 'cms.campaigns', action: 'view' }]));

    const stale = await h.call('PUT', `/api/v1/role/update/${role.id}`, { token: ctx.token, body: { ...body, name: 'Lost Edit' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(`changed by ${ctx.me.name} at ${formatDateTime(updated.updated_at)} (Asia/Jakarta)`);
    expect((await ctx.detail(role.id)).name).toBe('Campaign Manager');

    const audit = await auditOf(h, role.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ actorId: ctx.me.id, before: { name: 'Campaign Planner', permissions: ['cms.campaigns:view'] }, after: { name: 'Campaign Manager', permissions: ['cms.campaigns:create', 'cms.campaigns:view'] } });
  });

  it('reads and replaces grants through role-permission, adding the implied view and checking the version', async () => {
    const role = await ctx.addRole('Grant Target', []);
    const got = await h.call('GET', `/api/v1/role-permission?role_id=${role.id}`, { token: ctx.token });
    expect(got.json().data).toEqual({ role_id: role.id, version: role.version, is_super: false, permissions: [] });

    const put = await h.call('PUT', '/api/v1/role-permission/update', {
      token: ctx.token,
      body: { role_id: role.id, version: role.version, permissions: [{ entry: 'cms.user', action: 'edit' }, { entry: 'cms.product', action: 'export' }] },
    });
    expect(put.statusCode).toBe(200);
    const expected = sorted([
      { entry: 'cms.user', action: 'edit' },
      { entry: 'cms.user', action: 'view' },
      { entry: 'cms.product', action: 'export' },
      { entry: 'cms.product', action: 'view' },
    ]);
    expect(put.json().data).toEqual({ role_id: role.id, version: role.version + 1, is_super: false, permissions: expected });
    expect((await h.call('GET', `/api/v1/role-permission?role_id=${role.id}`, { token: ctx.token })).json().data.permissions).toEqual(expected);

    const stale = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: role.id, version: role.version, permissions: [] } });
    expect(stale.statusCode).toBe(409);
    for (const bad of [{ entry: 'cms.unknown', action: 'view' }, { entry: 'cms.user', action: 'fly' }, { entry: 'cms.dashboard', action: 'edit' }]) {
      const res = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: role.id, version: role.version + 1, permissions: [bad] } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await ctx.detail(role.id)).permissions).toEqual(expected);
    const audit = await auditOf(h, role.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'permission-update']);
    expect(audit[1]).toMatchObject({ actorId: ctx.me.id, before: { permissions: [] }, after: { permissions: expected } });
    expect((await h.call('GET', '/api/v1/role-permission?role_id=999999', { token: ctx.token })).statusCode).toBe(404);
  });

  it('grants only rights the editor holds, and never lets anyone change the role they hold', async () => {
    const role = await ctx.addRole('Escalation Target', []);
    // The CMS admin holds no orion right: it cannot hand one out, not even to another role.
    for (const foreign of [{ entry: 'orion.product-management', action: 'export' }, { entry: 'orion.master-promo', action: 'view' }]) {
      const res = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: role.id, version: role.version, permissions: [foreign] } });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await h.call('GET', `/api/v1/role-permission?role_id=${role.id}`, { token: ctx.token })).json().data).toMatchObject({ version: role.version, permissions: [] });
    const created = await h.call('POST', '/api/v1/role/add', { token: ctx.token, body: { name: 'Sneaky Role', status: 1, permissions: [{ entry: 'orion.product-management', action: 'view' }] } });
    expect(created.statusCode, created.body).toBe(403);

    const own = (await h.call('GET', '/api/v1/user/profile', { token: ctx.token })).json().data as { role: { id: number } };
    const mine = (await h.call('GET', `/api/v1/role-permission?role_id=${own.role.id}`, { token: ctx.token })).json().data as { version: number; permissions: unknown[] };
    const raise = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: own.role.id, version: mine.version, permissions: mine.permissions } });
    expect(raise.statusCode, raise.body).toBe(422);
  });

  it('keeps the Super Admin role unchangeable (422)', async () => {
    const id = ctx.roleId('Super Admin');
    const sa = await ctx.detail(id);
    const update = await h.call('PUT', `/api/v1/role/update/${id}`, { token: ctx.token, body: { name: 'Super Admin', status: 2, permissions: [], version: sa.version } });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toBe('The Super Admin role holds every permission and cannot be changed');
    const grants = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: id, version: sa.version, permissions: [{ entry: 'cms.user', action: 'view' }] } });
    expect(grants.statusCode).toBe(422);
    const del = await h.call('DELETE', `/api/v1/role/delete/${id}`, { token: ctx.token });
    expect(del.statusCode).toBe(422);
    expect(await ctx.detail(id)).toEqual(sa);
    expect((await h.call('GET', `/api/v1/role-permission?role_id=${id}`, { token: ctx.token })).json().data).toMatchObject({ is_super: true, permissions: [] });
  });

  it('refuses to delete a role while users hold it (409), and deletes it once they are moved', async () => {
    const role = await ctx.addRole('Temporary', [{ entry: 'cms.faq', action: 'view' }]);
    const created = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { username: 'temp.holder', email: 'temp.holder@staff.local', name: 'Temp', role_id: role.id, password: PASSWORD } });
    expect(created.statusCode).toBe(200);
    const user = created.json().data;
    const held = await h.call('DELETE', `/api/v1/role/delete/${role.id}`, { token: ctx.token });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('The role Temporary is still assigned to 1 user; move them to another role first');
    const move = await h.call('PUT', `/api/v1/user/update/${user.id}`, {
      token: ctx.token,
      body: { username: user.username, email: user.email, name: user.name, role_id: ctx.roleId('Viewer'), version: user.version },
    });
    expect(move.statusCode).toBe(200);
    const del = await h.call('DELETE', `/api/v1/role/delete/${role.id}`, { token: ctx.token });
    expect(del.statusCode).toBe(200);
    expect((await h.call('GET', `/api/v1/role/detail/${role.id}`, { token: ctx.token })).statusCode).toBe(404);
    const names = (await h.call('GET', '/api/v1/role/list?is_all=true', { token: ctx.token })).json().data.data.map((r: RoleDetail) => r.name);
    expect(names).not.toContain('Temporary');
    const audit = await auditOf(h, role.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1]).toMatchObject({ actorId: ctx.me.id, after: null, before: { name: 'Temporary' } });
    // The name is free again.
    expect((await ctx.addRole('Temporary', [])).id).not.toBe(role.id);
  });
});

describe('a role decides what its users may do', () => {
  const h = useHarness();
  let ctx: Awaited<ReturnType<typeof setup>>;
  let role: RoleDetail;
  let userToken: string;

  it('gives a user exactly the role’s permissions plus the implied view', async () => {
    ctx = await setup(h);
    role = await ctx.addRole('User Editor', [
      { entry: 'cms.user', action: 'edit' },
      { entry: 'cms.log-history', action: 'view' },
    ]);
    const created = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { username: 'role.member', email: 'role.member@staff.local', name: 'Role Member', role_id: role.id, password: PASSWORD } });
    expect(created.statusCode).toBe(200);
    userToken = await h.tokenOf('role.member', PASSWORD);
    const profile = (await h.call('GET', '/api/v1/user/profile', { token: userToken })).json().data;
    expect(profile.role).toEqual({ id: role.id, name: 'User Editor', is_super: false });
    expect([...profile.permissions].sort()).toEqual(['cms.log-history:view', 'cms.user:edit', 'cms.user:view']);
    const rp = (await h.call('GET', '/api/v1/role-permission/profile', { token: userToken })).json().data;
    expect(rp.is_super).toBe(false);
    expect([...rp.permissions].sort()).toEqual(['cms.log-history:view', 'cms.user:edit', 'cms.user:view']);
  });

  it('admits the user where those permissions allow and refuses elsewhere with 403', async () => {
    const call = (method: string, url: string, body?: unknown) => h.call(method, url, { token: userToken, ...(body !== undefined ? { body } : {}) });
    expect((await call('GET', '/api/v1/user/list')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/log-history')).statusCode).toBe(200);
    expect((await call('PUT', '/api/v1/user/update/999999', { username: 'nobody.x', email: 'nobody.x@staff.local', name: 'N', role_id: role.id, version: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/user', {})).statusCode).toBe(403);
    expect((await call('DELETE', '/api/v1/user/delete/999999')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/role/list')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/permission/list')).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/role-permission/update', { role_id: role.id, version: 1, permissions: [] })).statusCode).toBe(403);
  });

  it('takes effect on the next request when the grants change, without signing in again', async () => {
    const current = await ctx.detail(role.id);
    const put = await h.call('PUT', '/api/v1/role-permission/update', { token: ctx.token, body: { role_id: role.id, version: current.version, permissions: [{ entry: 'cms.role', action: 'view' }] } });
    expect(put.statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/role/list', { token: userToken })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/user/list', { token: userToken })).statusCode).toBe(403);
  });

  it('leaves the users of an inactive role with no permissions, signed in but refused everywhere else', async () => {
    const current = await ctx.detail(role.id);
    const off = await h.call('PUT', `/api/v1/role/update/${role.id}`, {
      token: ctx.token,
      body: { name: current.name, status: 2, permissions: current.permissions, version: current.version },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ status: 2, permissions: current.permissions }); // the grants stay on record
    const profile = await h.call('GET', '/api/v1/user/profile', { token: userToken });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.permissions).toEqual([]);
    expect((await h.call('GET', '/api/v1/role-permission/profile', { token: userToken })).json().data).toEqual({ is_super: false, permissions: [] });
    expect((await h.call('GET', '/api/v1/role/list', { token: userToken })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/user/list', { token: userToken })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/log-history', { token: userToken })).statusCode).toBe(403);
    expect((await h.call('POST', '/api/v1/user/username', { token: userToken, body: { ids: [1] } })).statusCode).toBe(403);
    // A fresh sign-in gets no managements either.
    const signIn = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'role.member', password: PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.role.managements).toEqual([]);
  });
});
