import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';

describe('sign-in', () => {
  const h = useHarness();

  it('signs an ordinary user in with a session cookie and the role managements', async () => {
    const res = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'admin.cms', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login Success');
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.role.name).toBe('CMS Admin');
    expect(body.data.role.managements).toContainEqual({ name: 'cms.user', type: 'cms', view: true });
    const cookie = res.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const profile = await h.call('GET', '/api/v1/user/profile', { headers: { cookie: `portal_session=${cookie?.value}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.username).toBe('admin.cms');
  });

  it('accepts the e-mail address as the identifier, in any letter case', async () => {
    const res = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'Viewer@Demo.Local', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe('viewer');
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    const unknown = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'nobody', password: DEMO_PASSWORD } });
    const wrong = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'cs.agent', password: 'Wrong@12345' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid username or password');
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await h.tokenOf('viewer');
    const b = await h.tokenOf('viewer');
    expect(a).not.toBe(b);
    expect((await h.call('GET', '/api/v1/user/profile', { token: a })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/user/profile', { token: b })).statusCode).toBe(200);
  });

  it('validates the body with the contract messages and refuses unknown fields', async () => {
    const empty = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.map((d: { message: string }) => d.message)).toEqual(expect.arrayContaining(['Username is required', 'Password is required']));
    const extra = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'viewer', password: DEMO_PASSWORD, role: 'Super Admin' } });
    expect(extra.statusCode).toBe(400);
  });

  it('signs out and ends the session on the server', async () => {
    const token = await h.tokenOf('cs.agent');
    const out = await h.call('DELETE', '/api/v1/auth/sign-out', { token });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Logout Success');
    expect((await h.call('GET', '/api/v1/user/profile', { token })).statusCode).toBe(401);
  });
});

describe('Super Admin second factor', () => {
  const h = useHarness();
  const superAdmin = { username: 'superadmin', password: DEMO_PASSWORD };
  const email = 'superadmin@demo.local';

  it('mails a 6-digit code instead of a token, and the code signs in once', async () => {
    const first = await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Verification has been sent to your email', data: { token: '', otp_expires_in: 300, role: { name: 'Super Admin' } } });
    expect(first.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const code = await h.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: code } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).not.toBe('');
    const again = await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: code } });
    expect(again.statusCode).toBe(401);
  });

  it('re-sends at most once a minute, and a new code voids the old one', async () => {
    h.clock.advance(61_000);
    await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin });
    const old = await h.latestCode(email);
    const tooSoon = await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait \d+ seconds/);
    h.clock.advance(61_000);
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin })).statusCode).toBe(200);
    const fresh = await h.latestCode(email);
    if (fresh !== old) {
      const withOld = await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: old } });
      expect(withOld.statusCode).toBe(401);
    }
    expect((await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: fresh } })).statusCode).toBe(200);
  });

  it('expires the code after 5 minutes', async () => {
    h.clock.advance(61_000);
    await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin });
    const code = await h.latestCode(email);
    h.clock.advance(5 * 60_000 + 1);
    const late = await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: code } });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/);
  });

  it('kills the code after 5 wrong tries', async () => {
    h.clock.advance(61_000);
    await h.call('POST', '/api/v1/auth/sign-in', { body: superAdmin });
    const code = await h.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: wrong } })).statusCode).toBe(401);
    }
    const right = await h.call('POST', '/api/v1/auth/sign-in-verification', { body: { ...superAdmin, otp: code } });
    expect(right.statusCode).toBe(401);
  });

  it('stores the code hashed, never in clear', async () => {
    const rows = await queryRows<{ code_hash: string }>(h.testDb.database.db, sql`select code_hash from sign_in_challenges`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.code_hash).toMatch(/^\$argon2id\$/);
    }
  });
});

describe('lockout', () => {
  const h = useHarness();

  it('locks the account for 15 minutes after 5 failures, then lets it in', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'viewer', password: 'Wrong@12345' } })).statusCode).toBe(401);
    }
    const fifth = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'viewer', password: 'Wrong@12345' } });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/locked/);
    const right = await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'viewer', password: DEMO_PASSWORD } });
    expect(right.statusCode).toBe(429);
    h.clock.advance(15 * 60_000 + 1);
    expect((await h.call('POST', '/api/v1/auth/sign-in', { body: { username: 'viewer', password: DEMO_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('idle sessions', () => {
  const h = useHarness();

  it('answers is_idle after the idle timeout, without the check counting as activity', async () => {
    const token = await h.tokenOf('cs.agent');
    const fresh = await h.call('POST', '/api/v1/auth/idle', { token, body: { type: 'cms' } });
    expect(fresh.json().data).toEqual({ is_idle: false, idle_timeout_seconds: 1800 });
    h.clock.advance(29 * 60_000);
    expect((await h.call('POST', '/api/v1/auth/idle', { token, body: { type: 'cms' } })).json().data.is_idle).toBe(false);
    h.clock.advance(2 * 60_000);
    expect((await h.call('POST', '/api/v1/auth/idle', { token, body: { type: 'cms' } })).json().data.is_idle).toBe(true);
    expect((await h.call('GET', '/api/v1/user/profile', { token })).statusCode).toBe(401);
  });

  it('keeps an active session alive', async () => {
    const token = await h.tokenOf('cs.agent');
    for (let i = 0; i < 4; i++) {
      h.clock.advance(20 * 60_000);
      expect((await h.call('GET', '/api/v1/user/profile', { token })).statusCode).toBe(200);
    }
  });
});
