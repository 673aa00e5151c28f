import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditEntries } from '../../../test/audit-log.ts';
import { useHarness, type Harness } from '../../../test/harness.ts';

const PASSWORD = 'Staff@12345';
const FORGOT = '/api/v1/auth/forgot-password';
const RESET = '/api/v1/user/reset-password';

/** Creates a staff user through the API (as the CMS admin) and returns its id. */
async function staff(h: Harness, username: string, status: 1 | 2 = 1): Promise<number> {
  const admin = await h.tokenOf('admin.cms');
  const roleId = (await h.call('GET', '/api/v1/user/profile', { token: admin })).json().data.role.id;
  const res = await h.call('POST', '/api/v1/user', { token: admin, body: { username, email: `${username}@staff.local`, name: `Staff ${username}`, role_id: roleId, status, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const mailsTo = async (h: Harness, email: string) => (await h.services.mailer.outbox(200))!.filter((m) => m.to === email);

/** Asks for a reset link and returns the token the newest mail carries. */
async function forgot(h: Harness, username: string): Promise<string> {
  const res = await h.call('POST', FORGOT, { body: { identifier: username } });
  expect(res.statusCode).toBe(200);
  const link = (await mailsTo(h, `${username}@staff.local`))[0]?.text.match(/(\S+)\/reset-password\?token=(\S+)/);
  if (!link) throw new Error(`no reset link for ${username}`);
  return decodeURIComponent(link[2]!);
}

const reset = (h: Harness, token: string, password: string) => h.call('POST', RESET, { body: { token, password, password_confirmation: password } });
const signIn = (h: Harness, username: string, password: string) => h.call('POST', '/api/v1/auth/sign-in', { body: { username, password } });
const alive = async (h: Harness, token: string) => (await h.call('GET', '/api/v1/user/profile', { token })).statusCode === 200;

describe('forgot and reset password', () => {
  const h = useHarness();

  it('mails a one-time link to /reset-password?token=, valid 30 minutes, and keeps only its SHA-256', async () => {
    const id = await staff(h, 'forgot.me');
    const res = await h.call('POST', FORGOT, { body: { identifier: 'Forgot.Me@Staff.Local' } });
    expect(res.json()).toEqual({ message: 'If an account matches, a password reset link has been sent to its e-mail address.', data: null });
    const [mail] = await mailsTo(h, 'forgot.me@staff.local');
    expect(mail?.subject).toBe('Reset your Loyalty Portal password');
    expect(mail?.text).toContain('valid for 30 minutes and works once');
    const url = mail!.text.match(/(https?:\/\/\S+\/reset-password\?token=\S+)/)?.[1];
    expect(url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w%-]{40,}$/);
    expect(mail!.html).toContain(url!.replace(/&/g, '&#38;'));
    const token = decodeURIComponent(new URL(url!).searchParams.get('token')!);

    const rows = await queryRows<{ token_hash: string; created_at: string; expires_at: string; used_at: string | null }>(
      h.testDb.database.db,
      sql`select token_hash, created_at, expires_at, used_at from password_resets where user_id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(token);
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(30 * 60_000);
    expect(row.used_at).toBeNull();
  });

  it('sets the new password with the token: the old one stops working, every earlier session ends', async () => {
    await staff(h, 'reset.me');
    const sessions = [(await signIn(h, 'reset.me', PASSWORD)).json().data.token, (await signIn(h, 'reset.me', PASSWORD)).json().data.token];
    for (const s of sessions) expect(await alive(h, s)).toBe(true);
    const token = await forgot(h, 'reset.me');
    const res = await reset(h, token, 'Brand@New123');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been changed. Sign in with the new password.');
    for (const s of sessions) expect(await alive(h, s)).toBe(false);
    expect((await signIn(h, 'reset.me', PASSWORD)).statusCode).toBe(401);
    expect((await signIn(h, 'reset.me', 'Brand@New123')).statusCode).toBe(200);
  });

  it('accepts a token once only', async () => {
    await staff(h, 'once.only');
    const token = await forgot(h, 'once.only');
    expect((await reset(h, token, 'First@Use123')).statusCode).toBe(200);
    const again = await reset(h, token, 'Second@Use123');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired. Ask for a new one.');
    expect((await signIn(h, 'once.only', 'First@Use123')).statusCode).toBe(200);
    expect((await signIn(h, 'once.only', 'Second@Use123')).statusCode).toBe(401);
  });

  it('expires the token after 30 minutes', async () => {
    await staff(h, 'late.one');
    const late = await forgot(h, 'late.one');
    h.clock.advance(31 * 60_000);
    const res = await reset(h, late, 'Too@Late123');
    expect(res.statusCode).toBe(400);
    expect((await signIn(h, 'late.one', PASSWORD)).statusCode).toBe(200);
    const inTime = await forgot(h, 'late.one');
    h.clock.advance(29 * 60_000);
    expect((await reset(h, inTime, 'In@Time123')).statusCode).toBe(200);
  });

  it('voids an older link when a new one is sent', async () => {
    await staff(h, 'two.links');
    const older = await forgot(h, 'two.links');
    const newer = await forgot(h, 'two.links');
    expect(newer).not.toBe(older);
    expect((await reset(h, older, 'Older@Link123')).statusCode).toBe(400);
    expect((await reset(h, newer, 'Newer@Link123')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a weak or mismatched password', async () => {
    expect((await reset(h, 'not-a-token-that-exists-anywhere', 'Valid@Pass123')).statusCode).toBe(400);
    await staff(h, 'weak.pass');
    const token = await forgot(h, 'weak.pass');
    const mismatch = await h.call('POST', RESET, { body: { token, password: 'Valid@Pass123', password_confirmation: 'Other@Pass123' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ path: 'password_confirmation', message: 'Passwords do not match' }]);
    const weak = await reset(h, token, 'onlyletters');
    expect(weak.json().details).toEqual([{ path: 'password', message: 'Password must contain letters and at least one digit or symbol' }]);
    // The refused attempts did not spend the token.
    expect((await reset(h, token, 'Valid@Pass123')).statusCode).toBe(200);
  });

  it('sends nothing to an inactive account, yet answers the same', async () => {
    await staff(h, 'inactive.one', 2);
    const res = await h.call('POST', FORGOT, { body: { identifier: 'inactive.one' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If an account matches, a password reset link has been sent to its e-mail address.');
    expect(await mailsTo(h, 'inactive.one@staff.local')).toEqual([]);
  });

  it('audits a reset without the actor or any secret', async () => {
    const id = await staff(h, 'audited.reset');
    const token = await forgot(h, 'audited.reset');
    expect((await reset(h, token, 'Audited@123')).statusCode).toBe(200);
    const rows = await auditEntries(h.testDb.database.db, sql`entity = 'user' and entity_id = ${String(id)} and action = 'password-reset'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, before: null, after: null });
  });
});

describe('change password', () => {
  const h = useHarness();

  it('refuses a wrong current password with the detail on old_password', async () => {
    await staff(h, 'change.wrong');
    const token = (await signIn(h, 'change.wrong', PASSWORD)).json().data.token;
    const res = await h.call('PUT', '/api/v1/user/change-password', { token, body: { old_password: 'Wrong@12345', password: 'Changed@123', password_confirmation: 'Changed@123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The current password is wrong', details: [{ path: 'old_password', message: 'The current password is wrong' }] });
    expect(await alive(h, token)).toBe(true);
    expect((await signIn(h, 'change.wrong', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one or not confirmed', async () => {
    await staff(h, 'change.same');
    const token = (await signIn(h, 'change.same', PASSWORD)).json().data.token;
    const same = await h.call('PUT', '/api/v1/user/change-password', { token, body: { old_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(same.json().details).toEqual([{ path: 'password', message: 'The new password must differ from the current one' }]);
    const unconfirmed = await h.call('PUT', '/api/v1/user/change-password', { token, body: { old_password: PASSWORD, password: 'Changed@123', password_confirmation: 'Changed@124' } });
    expect(unconfirmed.json().details).toEqual([{ path: 'password_confirmation', message: 'Passwords do not match' }]);
  });

  it('changes the password and ends every session of the user, the current one included', async () => {
    const id = await staff(h, 'change.ok');
    const first = await signIn(h, 'change.ok', PASSWORD);
    const current = first.json().data.token;
    const other = (await signIn(h, 'change.ok', PASSWORD)).json().data.token;
    const cookie = first.cookies.find((c) => c.name === 'portal_session')!.value;
    const res = await h.call('PUT', '/api/v1/user/change-password', { headers: { cookie: `portal_session=${cookie}` }, body: { old_password: PASSWORD, password: 'Changed@123', password_confirmation: 'Changed@123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed. Sign in again with the new password.');
    expect(res.cookies.find((c) => c.name === 'portal_session')?.value).toBe('');
    for (const t of [current, other]) expect(await alive(h, t)).toBe(false);
    expect((await h.call('GET', '/api/v1/user/profile', { headers: { cookie: `portal_session=${cookie}` } })).statusCode).toBe(401);
    expect((await signIn(h, 'change.ok', PASSWORD)).statusCode).toBe(401);
    expect((await signIn(h, 'change.ok', 'Changed@123')).statusCode).toBe(200);
    const audit = await auditEntries(h.testDb.database.db, sql`entity = 'user' and entity_id = ${String(id)} and action = 'password-change'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: id, actorName: 'Staff change.ok', after: null });
  });
});

describe('own profile', () => {
  const h = useHarness();

  it('shows the signed-in user with role, permissions and version', async () => {
    const token = await h.tokenOf('cs.agent');
    const res = await h.call('GET', '/api/v1/user/profile', { token });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ username: 'cs.agent', email: 'cs.agent@demo.local', name: 'Dewi Lestari', phone: null, role: { name: 'Customer Service', is_super: false }, version: 1 });
    expect(p.permissions).toContain('cms.faq:edit');
    expect(p.permissions).not.toContain('cms.user:view');
    const root = (await h.call('GET', '/api/v1/user/profile', { token: await h.tokenOf('superadmin') })).json().data;
    expect(root.role).toMatchObject({ name: 'Super Admin', is_super: true });
    expect(root.permissions).toEqual([]);
  });

  it('updates own name and phone with the version, audited, and answers 409 when stale', async () => {
    const token = await h.tokenOf('viewer');
    const before = (await h.call('GET', '/api/v1/user/profile', { token })).json().data;
    const res = await h.call('PUT', '/api/v1/user/profile', { token, body: { name: ' Agus P. ', phone: '+6281311112222', version: before.version } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Edit Data Successful', data: { name: 'Agus P.', phone: '+6281311112222', version: before.version + 1, username: 'viewer' } });
    const stale = await h.call('PUT', '/api/v1/user/profile', { token, body: { name: 'Lost', version: before.version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('This profile was changed by Agus P. at');
    expect((await h.call('GET', '/api/v1/user/profile', { token })).json().data.name).toBe('Agus P.');
    const audit = await auditEntries(h.testDb.database.db, sql`entity = 'profile' and entity_id = ${String(before.id)}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', actorId: before.id, before: { name: 'Agus Pratama', phone: null }, after: { name: 'Agus P.', phone: '+6281311112222' } });
  });

  it('validates the profile body and refuses fields it does not own', async () => {
    const token = await h.tokenOf('no.access');
    const { version } = (await h.call('GET', '/api/v1/user/profile', { token })).json().data;
    const bad = await h.call('PUT', '/api/v1/user/profile', { token, body: { name: '', phone: 'abc', version } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(expect.arrayContaining([{ path: 'name', message: 'Name is required' }, { path: 'phone', message: 'Phone must be 8 to 15 digits' }]));
    for (const extra of [{ email: 'me@else.where' }, { username: 'root' }, { role_id: 1 }]) {
      expect((await h.call('PUT', '/api/v1/user/profile', { token, body: { name: 'Rina', version, ...extra } })).statusCode).toBe(400);
    }
    expect((await h.call('GET', '/api/v1/user/profile', { token })).json().data).toMatchObject({ name: 'Rina Wijaya', version });
  });
});
