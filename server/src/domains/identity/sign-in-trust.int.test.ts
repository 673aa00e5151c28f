import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { MailMessage, MailTransport } from '../../platform/mail.ts';
import { DEMO_PASSWORD, useHarness, type Harness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

const SIGN_IN = '/api/v1/auth/sign-in';
const VERIFY = '/api/v1/auth/sign-in-verification';

const from = (h: Harness, address: string, url: string, body: object, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: body, remoteAddress: address, headers });

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

const createUser = (h: Harness, username: string) => createStaff(h.testDb.database.db, username, [{ entry: 'cms.user', action: 'view' }]);

describe('sign-in under parallel guesses', () => {
  const h = useHarness();

  it('locks after exactly the configured count when 20 wrong passwords arrive at once; only 5 are ever checked', async () => {
    const userId = await createUser(h, 'parallel.guess');
    const answers = await Promise.all(Array.from({ length: 20 }, () => from(h, '10.0.0.7', SIGN_IN, { username: 'parallel.guess', password: 'Wrong@Guess1' })));
    // Attempts 1-4 are wrong passwords, the 5th locks, the other 15 find every attempt taken.
    expect(statuses(answers)).toEqual([...Array<number>(4).fill(401), ...Array<number>(16).fill(429)]);
    const audit = await queryRows<{ action: string; n: number }>(
      h.testDb.database.db,
      sql`select action, count(*)::int as n from audit_log where entity = 'user' and entity_id = ${String(userId)} group by action`,
    );
    expect(audit).toContainEqual({ action: 'account-locked', n: 1 });
    // The right password from the same address is refused while the lock runs…
    expect((await from(h, '10.0.0.7', SIGN_IN, { username: 'parallel.guess', password: DEMO_PASSWORD })).statusCode).toBe(429);
    // …but a stranger's lock does not keep the owner out at their own address.
    expect((await from(h, '10.0.0.8', SIGN_IN, { username: 'parallel.guess', password: DEMO_PASSWORD })).statusCode).toBe(200);
    // The lock ends by itself.
    h.clock.advance(h.services.config.LOCKOUT_MINUTES * 60_000 + 1);
    expect((await from(h, '10.0.0.7', SIGN_IN, { username: 'parallel.guess', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('answers an unknown name exactly like a real account, lock included (no existence oracle)', async () => {
    await createUser(h, 'real.account');
    const tryAll = async (username: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await from(h, '10.0.1.1', SIGN_IN, { username, password: 'Wrong@Guess1' });
        seen.push(`${res.statusCode} ${res.json().message}`);
      }
      return seen;
    };
    const real = await tryAll('real.account');
    const unknown = await tryAll('nobody.here');
    expect(unknown).toEqual(real);
    expect(real.at(-1)).toMatch(/^429 Too many failed sign-in attempts/);
  });

  it('checks at most 5 of 20 parallel wrong codes, and then even the right code is refused', async () => {
    const first = await from(h, '10.0.2.1', SIGN_IN, { username: 'superadmin', password: DEMO_PASSWORD });
    expect(first.statusCode).toBe(200);
    const code = await h.latestCode('superadmin@demo.local');
    const wrong = code === '000000' ? '111111' : '000000';
    // From 20 addresses, so the password budget of one address does not stop them before the code is checked.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => from(h, `10.0.3.${i + 1}`, VERIFY, { username: 'superadmin', password: DEMO_PASSWORD, otp: wrong })));
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
    const challenge = await queryRows<{ attempts: number }>(
      h.testDb.database.db,
      sql`select attempts from sign_in_challenges c join users u on u.id = c.user_id where u.username = 'superadmin' order by c.created_at desc limit 1`,
    );
    expect(challenge[0]?.attempts).toBe(5);
    const right = await from(h, '10.0.3.30', VERIFY, { username: 'superadmin', password: DEMO_PASSWORD, otp: code });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('Too many wrong codes. Request a new code.');
    const failures = await queryRows<{ n: number }>(h.testDb.database.db, sql`select count(*)::int as n from audit_log where action = 'sign-in-code-failed'`);
    expect(failures[0]?.n).toBe(21);
    h.clock.advance(h.services.config.OTP_RESEND_SECONDS * 1000 + 1);
  });

  it('ends the session the browser already carries when it signs in again', async () => {
    const first = await h.call('POST', SIGN_IN, { body: { username: 'viewer', password: DEMO_PASSWORD } });
    const carried = first.cookies.find((c) => c.name === 'portal_session')?.value ?? '';
    const second = await h.call('POST', SIGN_IN, { body: { username: 'cs.agent', password: DEMO_PASSWORD }, headers: { cookie: `portal_session=${carried}` } });
    expect(second.statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/user/profile', { headers: { cookie: `portal_session=${carried}` } })).statusCode).toBe(401);
    const now = second.cookies.find((c) => c.name === 'portal_session')?.value ?? '';
    expect((await h.call('GET', '/api/v1/user/profile', { headers: { cookie: `portal_session=${now}` } })).json().data.username).toBe('cs.agent');
  });
});

describe('sign-in budget per account', () => {
  const h = useHarness({ AUTH_ACCOUNT_RATE_LIMIT: 3 });

  it('limits attempts on one account across addresses, answers every name alike, and lets the owner in from an address it used', async () => {
    // The owner signs in once from home.
    expect((await from(h, '10.1.0.1', SIGN_IN, { username: 'viewer', password: DEMO_PASSWORD })).statusCode).toBe(200);
    // Attackers spread over addresses spend the account's budget.
    const spread = [];
    for (let i = 2; i <= 5; i++) spread.push(await from(h, `10.1.0.${i}`, SIGN_IN, { username: 'viewer', password: 'Wrong@Guess1' }));
    expect(spread.map((r) => r.statusCode)).toEqual([401, 401, 429, 429]);
    expect(spread.at(-1)?.json().message).toMatch(/^Too many attempts for this account/);
    // An unknown name is refused the same way after as many tries.
    const unknown = [];
    for (let i = 2; i <= 5; i++) unknown.push((await from(h, `10.1.1.${i}`, SIGN_IN, { username: 'nobody.else', password: 'Wrong@Guess1' })).statusCode);
    expect(unknown).toEqual([401, 401, 401, 429]);
    // The owner's own address still gets in.
    expect((await from(h, '10.1.0.1', SIGN_IN, { username: 'viewer', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});

describe('mail leaves through a queued job', () => {
  const delivered: MailMessage[] = [];
  let failuresLeft = 1;
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const flaky: MailTransport = {
    deliver: async (m) => {
      if (failuresLeft-- > 0) throw new Error('SMTP 421 try again later');
      delivered.push(m);
      release();
    },
  };
  const h = useHarness({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_RETRY_SECONDS: 1 }, { mailTransport: flaky });

  it('answers forgot-password at once while the mail server fails, and the job retries until it is delivered', async () => {
    const res = await h.call('POST', '/api/v1/auth/forgot-password', { body: { identifier: 'viewer' } });
    expect(res.statusCode).toBe(200);
    expect(delivered).toHaveLength(0);
    await arrived;
    expect(delivered[0]?.to).toBe('viewer@demo.local');
    expect(delivered[0]?.subject).toBe('Reset your Loyalty Portal password');
  }, 120_000);
});
