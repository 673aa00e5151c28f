import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { SecretBox } from '../../platform/secret-box.ts';
import { auditEntries } from '../../../test/audit-log.ts';
import { DEMO_PASSWORD, useHarness, type Harness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

const SIGN_IN = '/api/v1/auth/sign-in';
const VERIFY = '/api/v1/auth/sign-in-verification';
const STATUS = '/api/v1/user/second-factor';

/** The code an authenticator app shows now (or `steps` periods later) for a secret. */
const codeOf = (h: Harness, secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) + steps * 30 });
/** One period later: a code of the next step, never accepted before. */
const nextStep = (h: Harness) => h.clock.advance(30_000);

const from = (h: Harness, address: string, url: string, body: object) => h.app.inject({ method: 'POST', url, payload: body, remoteAddress: address });

/** A staff member enrolled with an authenticator app: its secret, recovery codes and a session. */
async function enrolled(h: Harness, username: string) {
  const userId = await createStaff(h.testDb.database.db, username, [{ entry: 'cms.user', action: 'view' }]);
  const token = await h.tokenOf(username);
  const setup = await h.call('POST', '/api/v1/user/second-factor/setup', { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await h.call('POST', '/api/v1/user/second-factor/enable', { token, body: { code: codeOf(h, secret) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const recovery = enabled.json().data.recovery_codes as string[];
  nextStep(h);
  return { userId, token, secret, recovery };
}

describe('authenticator enrolment on the own account', () => {
  const h = useHarness();

  it('sets up a pending secret with its QR code, enables it with a code from the app, and shows 10 recovery codes once', async () => {
    const userId = await createStaff(h.testDb.database.db, 'totp.enrol', [{ entry: 'cms.user', action: 'view' }]);
    const token = await h.tokenOf('totp.enrol');
    expect((await h.call('GET', STATUS, { token })).json().data).toMatchObject({ enrolled: false, recovery_codes_left: 0, required_by_role: false });

    const setup = (await h.call('POST', '/api/v1/user/second-factor/setup', { token })).json().data as { otpauth_url: string; qr_data_url: string; secret: string };
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Loyalty%20Portal:totp\.enrol\?secret=[A-Z2-7]+&issuer=Loyalty%20Portal$/);
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauth_url).toContain(setup.secret);
    // Kept sealed: the base32 secret appears nowhere in the row.
    const [row] = await queryRows<{ pending: string; secret: string | null }>(h.testDb.database.db, sql`select totp_pending_secret as pending, totp_secret as secret from users where id = ${userId}`);
    expect(row!.secret).toBeNull();
    expect(row!.pending).toMatch(/^v1\./);
    expect(row!.pending).not.toContain(setup.secret);

    const wrong = await h.call('POST', '/api/v1/user/second-factor/enable', { token, body: { code: codeOf(h, setup.secret, 5) } });
    // A wrong code on a signed-in session is a 400 on the field, not a 401 that would read as a lost session.
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: 'code', message: expect.stringMatching(/^The code does not match/) }]);
    expect((await h.call('GET', STATUS, { token })).json().data.enrolled).toBe(false);

    const enabled = await h.call('POST', '/api/v1/user/second-factor/enable', { token, body: { code: codeOf(h, setup.secret) } });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const status = (await h.call('GET', STATUS, { token })).json().data;
    expect(status).toMatchObject({ enrolled: true, recovery_codes_left: 10, required_by_role: false });
    // Confirming with the app's code is a passed second factor for this session.
    expect(status.passed_at).toBe(h.clock.now().toISOString());

    // Only hashes of the recovery codes are kept.
    const hashes = await queryRows<{ code_hash: string }>(h.testDb.database.db, sql`select code_hash from recovery_codes where user_id = ${userId}`);
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(codes.some((c) => code_hash.includes(c) || code_hash.includes(c.replace(/-/g, '')))).toBe(false);
    const audit = await auditEntries(h.testDb.database.db, sql`action = 'second-factor-enabled' and entity_id = ${String(userId)}`);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(setup.secret);

    // A second set-up while enrolled is refused.
    expect((await h.call('POST', '/api/v1/user/second-factor/setup', { token })).statusCode).toBe(409);
  });

  it('replaces the recovery codes and removes the app only with a current code', async () => {
    const { token, secret, recovery } = await enrolled(h, 'totp.manage');
    expect((await h.call('POST', '/api/v1/user/second-factor/recovery-codes', { token, body: { code: '000000' === codeOf(h, secret) ? '111111' : '000000' } })).statusCode).toBe(400);
    const renewed = await h.call('POST', '/api/v1/user/second-factor/recovery-codes', { token, body: { code: codeOf(h, secret) } });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recovery.includes(c))).toBe(false);
    // The earlier codes no longer work; a new one removes the app.
    expect((await h.call('POST', '/api/v1/user/second-factor/disable', { token, body: { code: recovery[0] } })).statusCode).toBe(400);
    const disabled = await h.call('POST', '/api/v1/user/second-factor/disable', { token, body: { code: fresh[0] } });
    expect(disabled.statusCode).toBe(200);
    expect((await h.call('GET', STATUS, { token })).json().data).toMatchObject({ enrolled: false, recovery_codes_left: 0 });
    // Without the app and without a role that requires it, a password signs in again.
    const signIn = await h.call('POST', SIGN_IN, { body: { username: 'totp.manage', password: DEMO_PASSWORD } });
    expect(signIn.json().data.token).not.toBe('');
  });
});

describe('sign-in with an authenticator app', () => {
  const h = useHarness();

  it('asks for the app code instead of mailing one, signs in with it, and refuses the same code twice', async () => {
    const { secret } = await enrolled(h, 'totp.signin');
    const mailsBefore = (await h.services.mailer.outbox(100))?.length ?? 0;
    const first = await h.call('POST', SIGN_IN, { body: { username: 'totp.signin', password: DEMO_PASSWORD } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ token: '', second_factor: 'totp' });
    expect(first.json().data.otp_expires_in).toBeUndefined();
    expect((await h.services.mailer.outbox(100))?.length ?? 0).toBe(mailsBefore);

    const code = codeOf(h, secret);
    const ok = await h.call('POST', VERIFY, { body: { username: 'totp.signin', password: DEMO_PASSWORD, otp: code } });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json().data.token as string;
    expect(token).not.toBe('');
    expect((await h.call('GET', STATUS, { token })).json().data.passed_at).toBe(h.clock.now().toISOString());

    const replay = await h.call('POST', VERIFY, { body: { username: 'totp.signin', password: DEMO_PASSWORD, otp: code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('This code was already used. Wait for the next code in your authenticator app.');
    // The next step's code works.
    nextStep(h);
    expect((await h.call('POST', VERIFY, { body: { username: 'totp.signin', password: DEMO_PASSWORD, otp: codeOf(h, secret) } })).statusCode).toBe(200);
    const audit = await auditEntries(h.testDb.database.db, sql`action = 'sign-in' and actor_name = 'totp.signin'`);
    expect(audit.map((a) => a.after)).toContainEqual({ method: 'password+totp' });
  });

  it('signs in once with each recovery code, and logs its use', async () => {
    const { userId, token, recovery } = await enrolled(h, 'totp.recovery');
    const code = recovery[3]!.toUpperCase();
    const ok = await h.call('POST', VERIFY, { body: { username: 'totp.recovery', password: DEMO_PASSWORD, otp: code } });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await h.call('POST', VERIFY, { body: { username: 'totp.recovery', password: DEMO_PASSWORD, otp: code } });
    expect(again.statusCode).toBe(401);
    expect((await h.call('GET', STATUS, { token })).json().data.recovery_codes_left).toBe(9);
    const used = await auditEntries(h.testDb.database.db, sql`action = 'recovery-code-used' and entity_id = ${String(userId)}`);
    expect(used).toHaveLength(1);
    expect(used[0]!.after).toEqual({ left: 9 });
    expect(JSON.stringify(used)).not.toContain(recovery[3]);
  });

  it('falls back to an e-mailed code on request, and accepts it', async () => {
    await enrolled(h, 'totp.fallback');
    const first = await h.call('POST', SIGN_IN, { body: { username: 'totp.fallback', password: DEMO_PASSWORD, second_factor: 'email' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Verification has been sent to your email', data: { token: '', second_factor: 'email', otp_expires_in: 300 } });
    const ok = await h.call('POST', VERIFY, { body: { username: 'totp.fallback', password: DEMO_PASSWORD, otp: await h.latestCode('totp.fallback@test.local') } });
    expect(ok.statusCode, ok.body).toBe(200);
    const audit = await auditEntries(h.testDb.database.db, sql`action = 'sign-in' and actor_name = 'totp.fallback'`);
    expect(audit.at(-1)!.after).toEqual({ method: 'password+otp' });
  });

  it('checks at most 5 of 20 parallel wrong app codes; the e-mailed code still gets the owner in', async () => {
    const { userId, secret } = await enrolled(h, 'totp.parallel');
    const near = new Set([-1, 0, 1].map((s) => codeOf(h, secret, s)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c))!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => from(h, `10.9.0.${i + 1}`, VERIFY, { username: 'totp.parallel', password: DEMO_PASSWORD, otp: wrong })),
    );
    const byStatus = answers.map((a) => `${a.statusCode} ${a.json().message}`).sort();
    expect(byStatus.filter((a) => a === '401 Invalid verification code')).toHaveLength(5);
    expect(byStatus.filter((a) => a.startsWith('429 Too many wrong codes. Try again in 10 minutes'))).toHaveLength(15);
    // The window is spent: even the right code waits…
    expect((await from(h, '10.9.1.1', VERIFY, { username: 'totp.parallel', password: DEMO_PASSWORD, otp: codeOf(h, secret) })).statusCode).toBe(429);
    const failures = await queryRows<{ n: number }>(h.testDb.database.db, sql`select count(*)::int as n from audit_log where action = 'sign-in-code-failed' and entity_id = ${String(userId)}`);
    expect(failures[0]?.n).toBe(21);
    // …but the e-mailed code has a budget of its own.
    await h.call('POST', SIGN_IN, { body: { username: 'totp.parallel', password: DEMO_PASSWORD, second_factor: 'email' } });
    const mailed = await h.call('POST', VERIFY, { body: { username: 'totp.parallel', password: DEMO_PASSWORD, otp: await h.latestCode('totp.parallel@test.local') } });
    expect(mailed.statusCode, mailed.body).toBe(200);
    // Ten minutes on, the app's code works again.
    h.clock.advance(10 * 60_000 + 1);
    expect((await from(h, '10.9.1.1', VERIFY, { username: 'totp.parallel', password: DEMO_PASSWORD, otp: codeOf(h, secret) })).statusCode).toBe(200);
  });
});

describe('a secret sealed under another APP_SECRET', () => {
  const h = useHarness();

  it('fails like a wrong code instead of a server error, and the e-mailed code still signs in', async () => {
    const { userId, secret } = await enrolled(h, 'totp.rekeyed');
    const foreign = new SecretBox('another-app-secret-of-32-characters!').seal(secret, `totp:${userId}`);
    await h.testDb.database.db.execute(sql`update users set totp_secret = ${foreign} where id = ${userId}`);
    const refused = await h.call('POST', VERIFY, { body: { username: 'totp.rekeyed', password: DEMO_PASSWORD, otp: codeOf(h, secret) } });
    expect(refused.statusCode).toBe(401);
    await h.call('POST', SIGN_IN, { body: { username: 'totp.rekeyed', password: DEMO_PASSWORD, second_factor: 'email' } });
    const mailed = await h.call('POST', VERIFY, { body: { username: 'totp.rekeyed', password: DEMO_PASSWORD, otp: await h.latestCode('totp.rekeyed@test.local') } });
    expect(mailed.statusCode).toBe(200);
  });
});

describe('roles that require a second factor', () => {
  const h = useHarness();

  it('sends the e-mailed code to a member without an app, and the Super Admin role always requires one', async () => {
    const root = await h.tokenOf('superadmin');
    const roles = (await h.call('GET', '/api/v1/role/list?is_all=true', { token: root })).json().data.data as { id: number; name: string; require_second_factor: boolean }[];
    expect(roles.find((r) => r.name === 'Super Admin')!.require_second_factor).toBe(true);
    expect(roles.find((r) => r.name === 'Viewer')!.require_second_factor).toBe(false);

    const role = await h.call('POST', '/api/v1/role/add', { token: root, body: { name: 'Guarded', require_second_factor: true, permissions: [{ entry: 'cms.user', action: 'view' }] } });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().data.require_second_factor).toBe(true);
    const roleId = role.json().data.id as number;
    const audit = await auditEntries(h.testDb.database.db, sql`entity = 'role' and entity_id = ${String(roleId)}`);
    expect(audit[0]!.after).toMatchObject({ require_second_factor: true });
    const user = await h.call('POST', '/api/v1/user', { token: root, body: { username: 'guarded.member', email: 'guarded.member@staff.local', name: 'Guarded Member', role_id: roleId, password: DEMO_PASSWORD } });
    expect(user.statusCode, user.body).toBe(200);

    const first = await h.call('POST', SIGN_IN, { body: { username: 'guarded.member', password: DEMO_PASSWORD } });
    expect(first.json().data).toMatchObject({ token: '', second_factor: 'email', role: { name: 'Guarded' } });
    const ok = await h.call('POST', VERIFY, { body: { username: 'guarded.member', password: DEMO_PASSWORD, otp: await h.latestCode('guarded.member@staff.local') } });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json().data.token as string;
    expect((await h.call('GET', STATUS, { token })).json().data).toMatchObject({ enrolled: false, required_by_role: true });
    // The Super Admin without an app keeps the e-mailed code.
    expect((await h.call('POST', SIGN_IN, { body: { username: 'superadmin', password: DEMO_PASSWORD } })).json().data).toMatchObject({ token: '', second_factor: 'email' });
  });
});

describe('step-up for sensitive changes', () => {
  const h = useHarness();

  it('asks a session without a recent second factor to pass it again, then lets the change through for 15 minutes', async () => {
    const admin = await h.tokenOf('admin.cms');
    const root = await h.tokenOf('superadmin');
    const viewerRole = (await h.call('GET', '/api/v1/role/list?is_all=true', { token: root })).json().data.data.find((r: { name: string }) => r.name === 'Viewer') as { id: number };
    const change = async (token: string, permissions: { entry: string; action: string }[]) => {
      const version = (await h.call('GET', `/api/v1/role/detail/${viewerRole.id}`, { token: root })).json().data.version as number;
      return h.call('PUT', '/api/v1/role-permission/update', { token, body: { role_id: viewerRole.id, version, permissions } });
    };
    const refused = await change(admin, [{ entry: 'cms.user', action: 'view' }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'step_up_required', message: expect.stringMatching(/^Confirm it is you/) });

    expect((await h.call('POST', '/api/v1/auth/step-up', { token: admin, body: { code: '123456' } })).statusCode).toBe(400);
    const sent = await h.call('POST', '/api/v1/auth/step-up/send-code', { token: admin });
    expect(sent.json()).toMatchObject({ data: { otp_expires_in: 300 } });
    // The same resend wait as sign-in.
    expect((await h.call('POST', '/api/v1/auth/step-up/send-code', { token: admin })).statusCode).toBe(429);
    const passed = await h.call('POST', '/api/v1/auth/step-up', { token: admin, body: { code: await h.latestCode('admin.cms@demo.local') } });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await change(admin, [{ entry: 'cms.user', action: 'view' }])).statusCode).toBe(200);
    // Saving the same rights again is no change and asks nothing.
    h.clock.advance(16 * 60_000);
    expect((await change(admin, [{ entry: 'cms.user', action: 'view' }])).statusCode).toBe(200);
    expect((await change(admin, [{ entry: 'cms.faq', action: 'view' }])).json().error).toBe('step_up_required');
    // The Super Admin's sign-in was its second factor, also more than 15 minutes ago now.
    expect((await change(root, [{ entry: 'cms.faq', action: 'view' }])).json().error).toBe('step_up_required');
    const steps = await auditEntries(h.testDb.database.db, sql`action = 'step-up'`);
    expect(steps.map((s) => s.after)).toEqual([{ method: 'email' }]);
  });

  it('asks it before a privileged role is given, and accepts the app code or a recovery code as the step-up', async () => {
    const { token, secret, recovery } = await enrolled(h, 'totp.stepper');
    const root = await h.tokenOf('superadmin');
    h.clock.advance(16 * 60_000);
    const roles = (await h.call('GET', '/api/v1/role/list?is_all=true', { token: root })).json().data.data as { id: number; name: string }[];
    const superRole = roles.find((r) => r.name === 'Super Admin')!.id;
    const create = (username: string) =>
      h.call('POST', '/api/v1/user', { token: root, body: { username, email: `${username}@staff.local`, name: username, role_id: superRole, password: DEMO_PASSWORD } });
    expect((await create('second.root')).json().error).toBe('step_up_required');
    expect((await h.call('GET', '/api/v1/user/list?search=second.root', { token: root })).json().data.data).toEqual([]);
    await h.stepUp(root);
    expect((await create('second.root')).statusCode).toBe(200);

    // An enrolled user steps up with the app, or with a recovery code.
    expect((await h.call('POST', '/api/v1/auth/step-up', { token, body: { code: codeOf(h, secret) } })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/step-up', { token, body: { code: recovery[0] } })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/auth/step-up', { token, body: { code: recovery[0] } })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/auth/step-up', { token, body: { code: 'not a code' } })).statusCode).toBe(400);
  });
});
