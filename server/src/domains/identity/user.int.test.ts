import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@portal/contract';
import { auditEntries } from '../../../test/audit-log.ts';
import { useHarness, type Harness } from '../../../test/harness.ts';
import { DEMO_ROLES } from '../../seed/demo-identity.ts';

/** The demo's users (one a role) and the five this file adds (list.alpha to list.delta, and list.echo inactive). */
const USERS = DEMO_ROLES.length + 5;
const ACTIVE_USERS = USERS - 1;

interface UserRow {
  id: number;
  username: string;
  email: string;
  name: string;
  phone: string | null;
  role_id: number;
  role_name: string;
  status: number;
  updated_by_name: string | null;
  version: number;
}

const PASSWORD = 'Staff@12345';

/** Signs in as the CMS admin and learns the ids the tests need. */
async function setup(h: Harness) {
  const token = await h.tokenOf('admin.cms');
  const me = (await h.call('GET', '/api/v1/user/profile', { token })).json().data as { id: number; name: string };
  const roles = (await h.call('GET', '/api/v1/role/list?is_all=true', { token })).json().data.data as { id: number; name: string }[];
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  const create = async (username: string, extra: Partial<{ role_id: number; status: 1 | 2; name: string; phone: string }> = {}) => {
    const res = await h.call('POST', '/api/v1/user', {
      token,
      body: { username, email: `${username}@staff.local`, name: `Staff ${username}`, role_id: roleId('Viewer'), password: PASSWORD, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as UserRow;
  };
  return { token, me, roleId, create };
}

/** The audit entries of one user record, oldest first. */
const auditOf = (h: Harness, id: number) =>
  auditEntries(h.testDb.database.db, sql`entity = 'user' and entity_id = ${String(id)}`);

const list = async (h: Harness, token: string, query: string) => {
  const res = await h.call('GET', `/api/v1/user/list?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: UserRow[]; meta: { page: number; limit: number; total: number; total_kind: string } };
};

describe('user list, detail and options', () => {
  const h = useHarness();
  let ctx: Awaited<ReturnType<typeof setup>>;

  it('pages a search, reporting page, limit and total', async () => {
    ctx = await setup(h);
    for (const n of ['list.alpha', 'list.bravo', 'list.charlie', 'list.delta']) await ctx.create(n);
    await ctx.create('list.echo', { role_id: ctx.roleId('Customer Service'), status: 2 });
    const first = await list(h, ctx.token, 'search=list.&limit=2&page=1&sort_by=username&sort_dir=asc');
    expect(first.meta).toEqual({ page: 1, limit: 2, total: 5, total_kind: 'exact' });
    expect(first.data.map((u) => u.username)).toEqual(['list.alpha', 'list.bravo']);
    const third = await list(h, ctx.token, 'search=list.&limit=2&page=3&sort_by=username&sort_dir=asc');
    expect(third.data.map((u) => u.username)).toEqual(['list.echo']);
    const beyond = await list(h, ctx.token, 'search=list.&limit=2&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(5);
  });

  it('searches username, name and e-mail, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await list(h, ctx.token, 'search=LIST.BRAVO')).data.map((u) => u.username)).toEqual(['list.bravo']);
    expect((await list(h, ctx.token, 'search=Staff%20list.charlie')).data.map((u) => u.username)).toEqual(['list.charlie']);
    expect((await list(h, ctx.token, 'search=delta@staff.local')).data.map((u) => u.username)).toEqual(['list.delta']);
    expect((await list(h, ctx.token, 'search=%25')).meta.total).toBe(0);
    expect((await list(h, ctx.token, 'search=list_alpha')).meta.total).toBe(0);
  });

  it('filters by role and status', async () => {
    const cs = ctx.roleId('Customer Service');
    const byRole = await list(h, ctx.token, `role_id=${cs}&limit=100`);
    expect(byRole.data.map((u) => u.username).sort()).toEqual(['cs.agent', 'list.echo']);
    expect(byRole.data.every((u) => u.role_id === cs && u.role_name === 'Customer Service')).toBe(true);
    const inactive = await list(h, ctx.token, 'status=2&limit=100');
    expect(inactive.data.map((u) => u.username)).toEqual(['list.echo']);
    const active = await list(h, ctx.token, 'status=1&limit=100');
    expect(active.data.every((u) => u.status === 1)).toBe(true);
    expect(active.meta.total).toBe(ACTIVE_USERS);
  });

  it('sorts by a whitelisted column in either direction and refuses any other', async () => {
    const asc = (await list(h, ctx.token, 'sort_by=name&sort_dir=asc&limit=100')).data.map((u) => u.name.toLowerCase());
    expect(asc).toEqual([...asc].sort());
    const desc = (await list(h, ctx.token, 'sort_by=email&sort_dir=desc&limit=100')).data.map((u) => u.email);
    expect(desc).toEqual([...desc].sort().reverse());
    const bad = await h.call('GET', '/api/v1/user/list?sort_by=password_hash', { token: ctx.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('sort_by');
  });

  it('caps limit at 100 and reports the cap in meta.limit', async () => {
    const res = await list(h, ctx.token, 'limit=500');
    expect(res.meta.limit).toBe(100);
    expect(res.meta.total).toBe(USERS);
    expect(res.data).toHaveLength(USERS);
    expect((await list(h, ctx.token, '')).meta.limit).toBe(10);
  });

  it('returns one user by id, and 404 for a missing one', async () => {
    const target = (await list(h, ctx.token, 'search=list.alpha')).data[0]!;
    const res = await h.call('GET', `/api/v1/user/detail/${target.id}`, { token: ctx.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: target.id, username: 'list.alpha', email: 'list.alpha@staff.local', role_name: 'Viewer', status: 1, version: 1 });
    expect(res.json().data).not.toHaveProperty('password_hash');
    const missing = await h.call('GET', '/api/v1/user/detail/999999', { token: ctx.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'User not found' });
  });

  it('offers active users for pickers, searchable, up to a limit of 1000', async () => {
    const all = (await h.call('GET', '/api/v1/user/options', { token: ctx.token })).json().data as { id: number; username: string; name: string; email: string }[];
    expect(all.map((u) => u.username)).not.toContain('list.echo'); // inactive
    expect(all).toHaveLength(ACTIVE_USERS);
    expect(Object.keys(all[0]!).sort()).toEqual(['email', 'id', 'name', 'username']);
    const some = await h.call('GET', '/api/v1/user/options?search=list.&limit=2', { token: ctx.token });
    expect(some.json().data).toHaveLength(2);
    expect(some.json().data.every((u: { username: string }) => u.username.startsWith('list.'))).toBe(true);
    expect((await h.call('GET', '/api/v1/user/options?limit=1000', { token: ctx.token })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/user/options?limit=1001', { token: ctx.token })).statusCode).toBe(400);
  });

  it('names users by id for those who may view users, and for nobody else (staff names are personal data)', async () => {
    const rows = (await list(h, ctx.token, 'search=list.&sort_by=username&sort_dir=asc')).data;
    const ids = [rows[0]!.id, rows[1]!.id, 999999];
    expect((await h.call('POST', '/api/v1/user/username', { token: await h.tokenOf('no.access'), body: { ids } })).statusCode).toBe(403);
    const agent = await h.tokenOf('viewer');
    const res = await h.call('POST', '/api/v1/user/username', { token: agent, body: { ids } });
    expect(res.statusCode).toBe(200);
    const named = (res.json().data as { id: number; username: string; name: string }[]).sort((a, b) => a.id - b.id);
    expect(named).toEqual([
      { id: rows[0]!.id, username: 'list.alpha', name: 'Staff list.alpha' },
      { id: rows[1]!.id, username: 'list.bravo', name: 'Staff list.bravo' },
    ]);
    expect((await h.call('POST', '/api/v1/user/username', { token: agent, body: { ids: [] } })).statusCode).toBe(400);
  });
});

describe('user create and update', () => {
  const h = useHarness();
  let ctx: Awaited<ReturnType<typeof setup>>;

  it('creates a user who can sign in, audited once with the actor and no secret', async () => {
    ctx = await setup(h);
    const res = await h.call('POST', '/api/v1/user', {
      token: ctx.token,
      body: { username: ' New.Staff ', email: 'New.Staff@Staff.Local', name: ' New Staff ', phone: '+6281234567890', role_id: ctx.roleId('Customer Service'), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().data as UserRow;
    expect(user).toMatchObject({ username: 'new.staff', email: 'new.staff@staff.local', name: 'New Staff', phone: '+6281234567890', role_name: 'Customer Service', status: 1, version: 1, updated_by_name: ctx.me.name });
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'new.staff', password: PASSWORD } })).statusCode).toBe(200);
    const audit = await auditOf(h, user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: ctx.me.id, actorName: ctx.me.name, before: null });
    expect(audit[0]!.after).toEqual({ username: 'new.staff', email: 'new.staff@staff.local', name: 'New Staff', phone: '+6281234567890', role_id: ctx.roleId('Customer Service'), role_name: 'Customer Service', status: 1 });
  });

  it('validates the body with the contract messages', async () => {
    const res = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { username: 'ab', email: 'not-an-email', name: '', password: 'password', phone: '12' } });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries((res.json().details as { path: string; message: string }[]).map((d) => [d.path, d.message]));
    expect(byPath).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'E-mail is not valid',
      name: 'Name is required',
      password: 'Password must contain letters and at least one digit or symbol',
      phone: 'Phone must be 8 to 15 digits',
      role_id: 'Role is required',
    });
    const badChars = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { username: 'bad name!', email: 'b@staff.local', name: 'B', role_id: ctx.roleId('Viewer'), password: PASSWORD } });
    expect(badChars.json().details).toEqual([{ path: 'username', message: 'Use letters, digits, dot, dash or underscore' }]);
    const noRole = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { username: 'no.role', email: 'no.role@staff.local', name: 'N', role_id: 999999, password: PASSWORD } });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().details).toEqual([{ path: 'role_id', message: 'The chosen role does not exist' }]);
  });

  it('refuses a duplicate username or e-mail, in any letter case, with 409', async () => {
    const base = { name: 'Dup', role_id: ctx.roleId('Viewer'), password: PASSWORD };
    const dupName = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { ...base, username: 'VIEWER', email: 'fresh@staff.local' } });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('The username viewer is already taken');
    const dupMail = await h.call('POST', '/api/v1/user', { token: ctx.token, body: { ...base, username: 'fresh.user', email: 'Viewer@Demo.Local' } });
    expect(dupMail.statusCode).toBe(409);
    expect(dupMail.json().message).toBe('The e-mail viewer@demo.local is already used by another user');
    expect((await list(h, ctx.token, 'search=fresh')).meta.total).toBe(0);
  });

  it('updates with the current version, bumps it, and audits before and after', async () => {
    const user = await ctx.create('edit.me');
    const body = { username: 'edit.me', email: 'edit.me@staff.local', name: 'Edited Name', phone: '0812345678', role_id: ctx.roleId('Customer Service'), status: 1, version: user.version };
    const res = await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Edit Data Successful', data: { name: 'Edited Name', phone: '0812345678', role_name: 'Customer Service', version: user.version + 1, updated_by_name: ctx.me.name } });
    const audit = await auditOf(h, user.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ actorId: ctx.me.id, actorName: ctx.me.name });
    expect(audit[1]!.before).toMatchObject({ name: 'Staff edit.me', phone: null, role_name: 'Viewer' });
    expect(audit[1]!.after).toMatchObject({ name: 'Edited Name', phone: '0812345678', role_name: 'Customer Service' });
  });

  it('answers a stale version with 409 naming who changed the record and when, and changes nothing', async () => {
    const user = await ctx.create('stale.me');
    const body = { username: 'stale.me', email: 'stale.me@staff.local', name: 'First Edit', role_id: ctx.roleId('Viewer'), version: user.version };
    expect((await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body })).statusCode).toBe(200);
    const stale = await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body: { ...body, name: 'Second Edit' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('conflict');
    const now = (await h.call('GET', `/api/v1/user/detail/${user.id}`, { token: ctx.token })).json().data;
    expect(now).toMatchObject({ name: 'First Edit', version: user.version + 1 });
    expect(stale.json().message).toContain(`changed by ${ctx.me.name} at ${formatDateTime(now.updated_at)} (Asia/Jakarta)`);
    expect((await auditOf(h, user.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses to take another user’s username or e-mail on update', async () => {
    const user = await ctx.create('rename.me');
    const body = { username: 'cs.agent', email: 'rename.me@staff.local', name: 'R', role_id: ctx.roleId('Viewer'), version: user.version };
    expect((await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body })).statusCode).toBe(409);
    const mail = await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body: { ...body, username: 'rename.me', email: 'cs.agent@demo.local' } });
    expect(mail.statusCode).toBe(409);
    // Keeping one's own username and e-mail is no clash.
    expect((await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body: { ...body, username: 'rename.me' } })).statusCode).toBe(200);
  });

  it('does not let an administrator deactivate their own account', async () => {
    const me = (await h.call('GET', `/api/v1/user/detail/${ctx.me.id}`, { token: ctx.token })).json().data as UserRow;
    const res = await h.call('PUT', `/api/v1/user/update/${me.id}`, {
      token: ctx.token,
      body: { username: me.username, email: me.email, name: me.name, role_id: me.role_id, status: 2, version: me.version },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot deactivate your own account');
    expect((await h.call('GET', '/api/v1/user/profile', { token: ctx.token })).statusCode).toBe(200);
  });

  it('ends every session of a user who is deactivated, and refuses their sign-in', async () => {
    const user = await ctx.create('deactivate.me');
    const a = await h.tokenOf('deactivate.me', PASSWORD);
    const b = await h.tokenOf('deactivate.me', PASSWORD);
    const res = await h.call('PUT', `/api/v1/user/update/${user.id}`, {
      token: ctx.token,
      body: { username: user.username, email: user.email, name: user.name, role_id: user.role_id, status: 2, version: user.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe(2);
    for (const t of [a, b]) expect((await h.call('GET', '/api/v1/user/profile', { token: t })).statusCode).toBe(401);
    const again = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'deactivate.me', password: PASSWORD } });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('account_inactive');
  });
});

describe('user delete and administrator password reset', () => {
  const h = useHarness();
  let ctx: Awaited<ReturnType<typeof setup>>;

  it('soft-deletes: the user leaves the list and detail, their sessions end, and the name is free again', async () => {
    ctx = await setup(h);
    const user = await ctx.create('delete.me');
    const session = await h.tokenOf('delete.me', PASSWORD);
    const res = await h.call('DELETE', `/api/v1/user/delete/${user.id}?version=${user.version}`, { token: ctx.token });
    expect(res.statusCode).toBe(200);
    expect((await list(h, ctx.token, 'search=delete.me')).meta.total).toBe(0);
    expect((await h.call('GET', `/api/v1/user/detail/${user.id}`, { token: ctx.token })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/user/profile', { token: session })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'delete.me', password: PASSWORD } })).statusCode).toBe(401);
    expect((await h.call('DELETE', `/api/v1/user/delete/${user.id}`, { token: ctx.token })).statusCode).toBe(404);
    const audit = await auditOf(h, user.id);
    expect(audit.filter((a) => a.entity === 'user').map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1]).toMatchObject({ actorId: ctx.me.id, actorName: ctx.me.name, after: null });
    expect(audit[1]!.before).toMatchObject({ username: 'delete.me', email: 'delete.me@staff.local' });
    // The record is kept for the log history, yet the username can be used again.
    expect((await ctx.create('delete.me')).id).not.toBe(user.id);
  });

  it('refuses a delete with a stale version', async () => {
    const user = await ctx.create('stale.delete');
    const update = { username: user.username, email: user.email, name: 'Changed', role_id: user.role_id, version: user.version };
    expect((await h.call('PUT', `/api/v1/user/update/${user.id}`, { token: ctx.token, body: update })).statusCode).toBe(200);
    const res = await h.call('DELETE', `/api/v1/user/delete/${user.id}?version=${user.version}`, { token: ctx.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(ctx.me.name);
    expect((await h.call('GET', `/api/v1/user/detail/${user.id}`, { token: ctx.token })).statusCode).toBe(200);
  });

  it('does not let a user delete their own account', async () => {
    const res = await h.call('DELETE', `/api/v1/user/delete/${ctx.me.id}`, { token: ctx.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot delete your own account');
    expect((await h.call('GET', '/api/v1/user/profile', { token: ctx.token })).statusCode).toBe(200);
  });

  it("mails the user a reset link, ends the user's sessions, and audits the reset once", async () => {
    const user = await ctx.create('reset.me');
    const session = await h.tokenOf('reset.me', PASSWORD);
    const before = (await auditOf(h, user.id)).length;
    const res = await h.call('POST', `/api/v1/user/reset-password/${user.id}`, { token: ctx.token, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link has been sent to reset.me@staff.local');
    expect((await h.call('GET', '/api/v1/user/profile', { token: session })).statusCode).toBe(401);
    const mail = (await h.services.mailer.outbox(10))!.find((m) => m.to === 'reset.me@staff.local');
    expect(mail?.subject).toBe('Reset your Loyalty Portal password');
    expect(mail?.text).toContain(`${ctx.me.name} started a password reset for your account.`);
    const token = decodeURIComponent(mail!.text.match(/\/reset-password\?token=(\S+)/)![1]!);
    const audit = await auditOf(h, user.id);
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'password-reset', actorId: ctx.me.id, before: null, after: { by: 'admin.cms' } });
    // The old password keeps working until the link is used; the link sets a new one.
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'reset.me', password: PASSWORD } })).statusCode).toBe(200);
    const newPassword = 'Renewed@123';
    const reset = await h.call('POST', '/api/v1/user/reset-password', { body: { token, password: newPassword, password_confirmation: newPassword } });
    expect(reset.statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'reset.me', password: newPassword } })).statusCode).toBe(200);
  });

  it('answers 404 for a reset or delete of a missing user, with no audit entry', async () => {
    const count = async () => (await auditEntries(h.testDb.database.db)).length;
    const before = await count();
    expect((await h.call('POST', '/api/v1/user/reset-password/999999', { token: ctx.token, body: {} })).statusCode).toBe(404);
    expect((await h.call('DELETE', '/api/v1/user/delete/999999', { token: ctx.token })).statusCode).toBe(404);
    expect((await h.call('PUT', '/api/v1/user/update/999999', { token: ctx.token, body: { username: 'x.y.z', email: 'x.y.z@staff.local', name: 'X', role_id: 1, version: 1 } })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('Super Admin accounts (no escalation)', () => {
  const h = useHarness();

  it('only a Super Admin gives the Super Admin role or edits, resets or deletes a Super Admin; nobody changes their own role; the last one stays', async () => {
    const ctx = await setup(h);
    const superRole = ctx.roleId('Super Admin');
    const list = (await h.call('GET', '/api/v1/user/list?search=superadmin', { token: ctx.token })).json().data.data as UserRow[];
    const root = list.find((u) => u.username === 'superadmin')!;
    const body = (u: UserRow, extra: Partial<UserRow> = {}) => ({ username: u.username, email: u.email, name: u.name, role_id: u.role_id, status: u.status, version: u.version, ...extra });

    // The CMS admin (edit on user management, no second factor) cannot reach the Super Admin role or its holders.
    const created = await h.call('POST', '/api/v1/user', {
      token: ctx.token,
      body: { username: 'would.be.root', email: 'would.be.root@staff.local', name: 'Would Be', role_id: superRole, password: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(403);
    const staff = await ctx.create('promote.me');
    expect((await h.call('PUT', `/api/v1/user/update/${staff.id}`, { token: ctx.token, body: body(staff, { role_id: superRole }) })).statusCode).toBe(403);
    expect((await h.call('PUT', `/api/v1/user/update/${ctx.me.id}`, { token: ctx.token, body: body((await h.call('GET', `/api/v1/user/detail/${ctx.me.id}`, { token: ctx.token })).json().data, { role_id: superRole }) })).statusCode).toBe(422);
    expect((await h.call('PUT', `/api/v1/user/update/${root.id}`, { token: ctx.token, body: body(root, { email: 'attacker@evil.example' }) })).statusCode).toBe(403);
    expect((await h.call('PUT', `/api/v1/user/update/${root.id}`, { token: ctx.token, body: body(root, { status: 2 }) })).statusCode).toBe(403);
    expect((await h.call('POST', `/api/v1/user/reset-password/${root.id}`, { token: ctx.token, body: {} })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/v1/user/delete/${root.id}?version=${root.version}`, { token: ctx.token })).statusCode).toBe(403);
    const untouched = (await h.call('GET', `/api/v1/user/detail/${root.id}`, { token: ctx.token })).json().data as UserRow;
    expect(untouched).toMatchObject({ email: root.email, status: 1, version: root.version });

    // A Super Admin may give the role; the last active one cannot be demoted, deactivated or deleted.
    const sa = await h.tokenOf('superadmin');
    const promoted = await h.call('PUT', `/api/v1/user/update/${staff.id}`, { token: sa, body: body(staff, { role_id: superRole }) });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const deleted = await h.call('DELETE', `/api/v1/user/delete/${staff.id}?version=${(promoted.json().data as UserRow).version}`, { token: sa });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const alone = await h.call('PUT', `/api/v1/user/update/${root.id}`, { token: sa, body: body(untouched, { role_id: ctx.roleId('Viewer') }) });
    expect(alone.statusCode).toBe(422);
  });
});
