import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MENU_BY_KEY, SUPER_ADMIN_ROLE, type SignInData } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, tooMany, unauthorized } from '../../platform/errors.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import type { Actor } from '../../platform/request-context.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { hashSecret, hashToken, newOtp, newToken, verifySecret } from '../../platform/tokens.ts';
import type { SessionService } from './session.service.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

export interface AuthSettings {
  otpTtlSeconds: number;
  otpResendSeconds: number;
  maxFailures: number;
  lockoutMinutes: number;
  resetTokenMinutes: number;
  /** Where links in e-mails point. */
  publicUrl: string;
  /** Sign-in attempts per account name across all addresses, per window. */
  accountAttempts: number;
  accountWindowSeconds: number;
}

export interface Caller {
  ip: string | null;
  userAgent: string | null;
  /** The session token the browser already carries; a new sign-in ends it. */
  previousToken?: string | undefined;
}

const INVALID_CREDENTIALS = 'Invalid username or password';
const MAX_CODE_ATTEMPTS = 5;
/** An address the account signed in from within this many days passes the per-account budget. */
const RECOGNISED_DAYS = 30;
// Verified against when the account does not exist, so an unknown name costs the same time as a wrong password.
const DUMMY_HASH = hashSecret('not-a-real-password-0');

/** A user with what sign-in needs of its role. */
const readUser = rowReader(
  z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    name: z.string(),
    roleId: z.number().int(),
    status: z.number().int(),
    passwordHash: z.string(),
    failedAttempts: z.number().int(),
    lockedUntil: z.date().nullable(),
    roleName: z.string(),
    isSuper: z.boolean(),
    roleStatus: z.number().int(),
  }),
);
type UserWithRole = ReturnType<typeof readUser>;
const USER_WITH_ROLE = sql`select u.id, u.username, u.email, u.name, u.role_id as "roleId", u.status, u.password_hash as "passwordHash",
  u.failed_attempts as "failedAttempts", u.locked_until as "lockedUntil", r.name as "roleName", r.is_super as "isSuper", r.status as "roleStatus"
  from users u join roles r on r.id = u.role_id`;

/** The live second-factor code of a user. */
const readChallenge = rowReader(z.object({ id: z.number().int(), codeHash: z.string(), attempts: z.number().int(), expiresAt: z.date() }));

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly settings: AuthSettings,
  ) {
    this.throttle = new SignInThrottle(db, settings);
    this.perAccount = new SlidingWindowLimiter(settings.accountAttempts, settings.accountWindowSeconds * 1000, clock, 'for this account');
  }

  private readonly throttle: SignInThrottle;
  private readonly perAccount: SlidingWindowLimiter;

  /** An administrator's unlock: every address may try again. */
  unlock(userId: number, tx: Tx): Promise<void> {
    return this.throttle.unlockUser(userId, tx);
  }

  private async findByIdentifier(identifier: string): Promise<UserWithRole | null> {
    const id = identifier.trim().toLowerCase();
    const rows = await queryRows(this.db, sql`${USER_WITH_ROLE} where u.deleted_at is null and (lower(u.username) = ${id} or lower(u.email) = ${id}) limit 1`);
    const row = rows[0];
    return row ? readUser(row) : null;
  }

  /**
   * Checks credentials and the lockout. The attempt is reserved before the password is checked (parallel guesses are
   * each counted), a lock holds per account and address, and an unknown name answers exactly like a wrong password and,
   * after as many tries, like a lock.
   */
  private async checkCredentials(username: string, password: string, caller: Caller): Promise<UserWithRole> {
    const user = await this.findByIdentifier(username);
    await this.accountAttempts(username, user, caller);
    const now = this.clock.now();
    const key = this.throttle.keyOf(user ? { userId: user.id } : { name: username }, caller.ip);
    const slot = await this.throttle.reserve(key, user?.id ?? null, now);
    if ('lockedUntil' in slot) {
      await this.logFailure(user, caller, 'locked');
      throw this.lockedError(slot.lockedUntil);
    }
    const ok = user ? await verifySecret(user.passwordHash, password) : await verifySecret(await DUMMY_HASH, password).then(() => false);
    if (!user || !ok) {
      const lockedUntil = await this.throttle.failed(key, slot.attempt, now);
      await this.db.transaction(async (tx) => {
        await this.logFailure(user, caller, 'password', tx);
        if (lockedUntil && user) {
          await tx.execute(sql`update users set locked_until = ${lockedUntil} where id = ${user.id}`);
          await writeAudit(tx, { actor: null, ip: caller.ip, now }, { action: 'account-locked', entity: 'user', entityId: user.id, after: { locked_until: lockedUntil } });
        }
      });
      if (lockedUntil) throw this.lockedError(lockedUntil);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(key);
    // An inactive account is told apart only after the right password, so the answer reveals nothing to a guesser.
    if (user.status !== 1) throw new AppError(403, 'account_inactive', 'This account is inactive. Contact your administrator.');
    return user;
  }

  /**
   * A budget per account across all addresses, so many addresses cannot guess at one account at full speed. It answers
   * the same for every name, known or not; an address the account signed in from lately is let through, so a stranger
   * spending the budget does not keep the owner out.
   */
  private async accountAttempts(username: string, user: UserWithRole | null, caller: Caller): Promise<void> {
    try {
      this.perAccount.hit(username.trim().toLowerCase());
    } catch (err) {
      const since = new Date(this.clock.now().getTime() - RECOGNISED_DAYS * 86_400_000);
      const known = user && caller.ip ? await queryRows(this.db, sql`select 1 from sessions where user_id = ${user.id} and ip = ${caller.ip} and created_at > ${since} limit 1`) : [];
      if (known.length === 0) throw err;
    }
  }

  /** A failed sign-in or code leaves a line in the log history: of the account when it exists, never the password. */
  private async logFailure(user: UserWithRole | null, caller: Caller, reason: 'password' | 'locked' | 'code', tx?: Tx): Promise<void> {
    const entry = { action: reason === 'code' ? 'sign-in-code-failed' : 'sign-in-failed', entity: user ? 'user' : 'session', entityId: user?.id ?? null, after: { reason: user ? reason : 'unknown-account' } };
    const write = (t: Tx) => writeAudit(t, { actor: null, ip: caller.ip, now: this.clock.now() }, entry);
    if (tx) await write(tx);
    else await this.db.transaction(write);
  }

  private lockedError(until: Date): AppError {
    const minutes = Math.max(1, Math.ceil((until.getTime() - this.clock.now().getTime()) / 60_000));
    return tooMany(`Too many failed sign-in attempts. The account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  private async managements(user: UserWithRole): Promise<SignInData['role']['managements']> {
    // An inactive role keeps its grants on record but grants nothing: no managements, so the user lands on RoleInactive.
    if (user.isSuper || user.roleStatus !== 1) return [];
    const grants = await queryRows<{ entry: string }>(this.db, sql`select entry from role_permissions where role_id = ${user.roleId} and action = 'view'`);
    return grants.flatMap((g) => {
      const entry = MENU_BY_KEY.get(g.entry);
      return entry ? [{ name: entry.key, type: entry.area, view: true }] : [];
    });
  }

  private async startSession(user: UserWithRole, caller: Caller, method: string): Promise<SignInData> {
    const now = this.clock.now();
    const token = await this.db.transaction(async (tx) => {
      await tx.execute(sql`update users set failed_attempts = 0, locked_until = null, last_sign_in_at = ${now} where id = ${user.id}`);
      // The session this browser carried (another account's, or a stale one) ends: one browser, one session.
      if (caller.previousToken) await this.sessions.revokeToken(caller.previousToken, tx);
      const t = await this.sessions.open(tx, user.id, caller.ip, caller.userAgent);
      await writeAudit(tx, { actor: { userId: user.id, name: user.name }, ip: caller.ip, now }, { action: 'sign-in', entity: 'session', entityId: user.id, after: { method } });
      return t;
    });
    return { token, username: user.username, role: { name: user.roleName, managements: await this.managements(user) } };
  }

  /** Step one. A Super Admin gets a code by e-mail and an empty token; everyone else a session. */
  async signIn(username: string, password: string, caller: Caller): Promise<{ data: SignInData; message: string }> {
    const user = await this.checkCredentials(username, password, caller);
    if (!user.isSuper) return { data: await this.startSession(user, caller, 'password'), message: 'Login Success' };
    await this.sendCode(user);
    return {
      data: { token: '', username: user.username, role: { name: SUPER_ADMIN_ROLE, managements: [] }, otp_expires_in: this.settings.otpTtlSeconds },
      message: 'Verification has been sent to your email',
    };
  }

  private async sendCode(user: UserWithRole): Promise<void> {
    const now = this.clock.now();
    const latest = await queryRows<{ created_at: unknown }>(this.db, sql`select created_at from sign_in_challenges where user_id = ${user.id} order by created_at desc limit 1`);
    const last = latest[0] ? new Date(String(latest[0].created_at)) : undefined;
    if (last && now.getTime() - last.getTime() < this.settings.otpResendSeconds * 1000) {
      const wait = Math.ceil((last.getTime() + this.settings.otpResendSeconds * 1000 - now.getTime()) / 1000);
      throw tooMany(`Please wait ${wait} seconds before requesting a new verification code.`);
    }
    const code = newOtp();
    const codeHash = await hashSecret(code);
    const minutes = Math.round(this.settings.otpTtlSeconds / 60);
    await this.db.transaction(async (tx) => {
      // A new code voids every earlier one.
      await tx.execute(sql`update sign_in_challenges set consumed_at = ${now} where user_id = ${user.id} and consumed_at is null`);
      await tx.execute(
        sql`insert into sign_in_challenges (user_id, code_hash, created_at, expires_at) values (${user.id}, ${codeHash}, ${now}, ${new Date(now.getTime() + this.settings.otpTtlSeconds * 1000)})`,
      );
      await this.mailer.send(
        composeMail(user.email, 'Your sign-in verification code', [
          `Hello ${user.name},`,
          `Your verification code is ${code}. It is valid for ${minutes} minutes and can be used once.`,
          'If you did not try to sign in, change your password and tell your administrator.',
        ]),
        tx,
      );
    });
  }

  /** Step two for a Super Admin: password again plus the 6-digit code. */
  async verify(username: string, password: string, otp: string, caller: Caller): Promise<SignInData> {
    const user = await this.checkCredentials(username, password, caller);
    if (!user.isSuper) throw badRequest('Verification is not required for this account');
    const now = this.clock.now();
    // The attempt is reserved before the code is checked: parallel guesses each use one of the five.
    const rows = await queryRows(
      this.db,
      sql`update sign_in_challenges set attempts = attempts + 1
          where id = (select id from sign_in_challenges where user_id = ${user.id} and consumed_at is null order by created_at desc limit 1)
            and consumed_at is null and expires_at > ${now} and attempts < ${MAX_CODE_ATTEMPTS}
          returning id, code_hash as "codeHash", attempts, expires_at as "expiresAt"`,
    );
    const challenge = rows[0] && readChallenge(rows[0]);
    if (!challenge) {
      await this.logFailure(user, caller, 'code');
      const latest = await queryRows<{ attempts: number }>(this.db, sql`select attempts from sign_in_challenges where user_id = ${user.id} order by created_at desc limit 1`);
      const spent = Number(latest[0]?.attempts ?? 0) >= MAX_CODE_ATTEMPTS;
      throw unauthorized(spent ? 'Too many wrong codes. Request a new code.' : 'The verification code has expired. Request a new code.');
    }
    if (!(await verifySecret(challenge.codeHash, otp))) {
      const spent = challenge.attempts >= MAX_CODE_ATTEMPTS;
      await this.db.transaction(async (tx) => {
        if (spent) await tx.execute(sql`update sign_in_challenges set consumed_at = ${now} where id = ${challenge.id} and consumed_at is null`);
        await this.logFailure(user, caller, 'code', tx);
      });
      throw unauthorized(spent ? 'Too many wrong codes. Request a new code.' : 'Invalid verification code');
    }
    // Single use: only the request that flips consumed_at may open the session.
    const consumed = await queryRows(this.db, sql`update sign_in_challenges set consumed_at = ${now} where id = ${challenge.id} and consumed_at is null returning id`);
    if (consumed.length === 0) throw unauthorized('The verification code has already been used. Request a new code.');
    return this.startSession(user, caller, 'password+otp');
  }

  async signOut(actor: Actor, caller: Caller): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.sessions.revoke(actor.sessionId, tx);
      await writeAudit(tx, { actor: { userId: actor.userId, name: actor.name }, ip: caller.ip, now: this.clock.now() }, { action: 'sign-out', entity: 'session', entityId: actor.userId });
    });
  }

  /** Sends a one-time reset link when the account exists; the caller answers the same either way. */
  async forgotPassword(identifier: string): Promise<void> {
    const user = await this.findByIdentifier(identifier);
    if (!user || user.status !== 1) return;
    await this.sendResetLink(user, 'You asked to reset your password.');
  }

  /**
   * Records a one-time reset link and queues its e-mail, in one transaction with `alongside` (an administrator's reset
   * ends the user's sessions and writes its audit entry there): the mail leaves only if all of it commits, and the
   * answer never waits on the mail server.
   */
  async sendResetLink(user: { id: number; email: string; name: string }, reason: string, alongside?: (tx: Tx) => Promise<void>): Promise<void> {
    const token = newToken();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`update password_resets set used_at = ${now} where user_id = ${user.id} and used_at is null`);
      await tx.execute(
        sql`insert into password_resets (user_id, token_hash, created_at, expires_at)
            values (${user.id}, ${hashToken(token)}, ${now}, ${new Date(now.getTime() + this.settings.resetTokenMinutes * 60_000)})`,
      );
      await alongside?.(tx);
      await this.mailer.send(
        composeMail(
          user.email,
          'Reset your Loyalty Portal password',
          [`Hello ${user.name},`, reason, `The link below is valid for ${this.settings.resetTokenMinutes} minutes and works once. If you did not ask for this, ignore this e-mail.`],
          { label: 'Set a new password', url: `${this.settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
        ),
        tx,
      );
    });
  }

  /**
   * Starts an e-mail change of an account whose second factor goes by e-mail: the new address gets a one-time link and
   * the address on file is told; nothing changes until the link is used.
   */
  async requestEmailChange(tx: Tx, user: { id: number; email: string; name: string }, newEmail: string, requestedBy: number): Promise<void> {
    const token = newToken();
    const now = this.clock.now();
    await tx.execute(sql`update email_changes set used_at = ${now} where user_id = ${user.id} and used_at is null`);
    await tx.execute(
      sql`insert into email_changes (user_id, new_email, token_hash, created_at, expires_at, requested_by)
          values (${user.id}, ${newEmail}, ${hashToken(token)}, ${now}, ${new Date(now.getTime() + this.settings.resetTokenMinutes * 60_000)}, ${requestedBy})`,
    );
    await this.mailer.send(
      composeMail(
        newEmail,
        'Confirm your new Loyalty Portal e-mail address',
        [`Hello ${user.name},`, 'This address was entered as the new e-mail of your Loyalty Portal account, where your sign-in codes will go.', `Confirm it within ${this.settings.resetTokenMinutes} minutes; until then the old address stays.`],
        { label: 'Confirm this address', url: `${this.settings.publicUrl}/confirm-email?token=${encodeURIComponent(token)}` },
      ),
      tx,
    );
    await this.mailer.send(
      composeMail(user.email, 'Your Loyalty Portal e-mail address is about to change', [
        `Hello ${user.name},`,
        'A change of your account\'s e-mail address was requested. It takes effect only when the new address confirms it.',
        'If you did not expect this, tell your administrator at once.',
      ]),
      tx,
    );
  }

  /** Applies a confirmed e-mail change; the link works once, before it expires, while the address is still free. */
  async confirmEmailChange(token: string, caller: Caller): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const used = await queryRows<{ user_id: number; new_email: string }>(
        tx,
        sql`update email_changes set used_at = ${now} where token_hash = ${hashToken(token)} and used_at is null and expires_at > ${now} returning user_id, new_email`,
      );
      const change = used[0];
      if (!change) throw badRequest('This confirmation link is invalid or has expired. Ask for the change again.');
      const taken = await queryRows(tx, sql`select 1 from users where deleted_at is null and lower(email) = lower(${change.new_email}) and id <> ${change.user_id} limit 1`);
      if (taken.length) throw new AppError(409, 'conflict', 'This e-mail address is already used by another user');
      const before = await queryRows<{ email: string }>(tx, sql`select email from users where id = ${change.user_id}`);
      await tx.execute(sql`update users set email = ${change.new_email}, updated_at = ${now}, version = version + 1 where id = ${change.user_id}`);
      await writeAudit(tx, { actor: null, ip: caller.ip, now }, { action: 'email-change-confirmed', entity: 'user', entityId: change.user_id, before: { email: before[0]?.email }, after: { email: change.new_email } });
    });
  }

  async resetPassword(token: string, password: string, caller: Caller): Promise<void> {
    const now = this.clock.now();
    const hashed = await hashSecret(password);
    await this.db.transaction(async (tx) => {
      const used = await queryRows<{ user_id: number }>(
        tx,
        sql`update password_resets set used_at = ${now} where token_hash = ${hashToken(token)} and used_at is null and expires_at > ${now} returning user_id`,
      );
      const userId = used[0] ? Number(used[0].user_id) : undefined;
      if (!userId) throw badRequest('This reset link is invalid or has expired. Ask for a new one.');
      await tx.execute(sql`update users set password_hash = ${hashed}, password_changed_at = ${now}, failed_attempts = 0, locked_until = null where id = ${userId}`);
      await this.throttle.unlockUser(userId, tx);
      await this.sessions.revokeAllOf(userId, tx);
      await writeAudit(tx, { actor: null, ip: caller.ip, now }, { action: 'password-reset', entity: 'user', entityId: userId });
    });
  }

  async changePassword(actor: Actor, oldPassword: string, password: string, caller: Caller): Promise<void> {
    const rows = await queryRows<{ hash: string }>(this.db, sql`select password_hash as hash from users where id = ${actor.userId}`);
    const current = rows[0];
    if (!current || !(await verifySecret(current.hash, oldPassword))) {
      throw badRequest('The current password is wrong', [{ path: 'old_password', message: 'The current password is wrong' }]);
    }
    const hashed = await hashSecret(password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`update users set password_hash = ${hashed}, password_changed_at = ${now} where id = ${actor.userId}`);
      await this.sessions.revokeAllOf(actor.userId, tx);
      await writeAudit(tx, { actor: { userId: actor.userId, name: actor.name }, ip: caller.ip, now }, { action: 'password-change', entity: 'user', entityId: actor.userId });
    });
  }
}
