import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { OTP_LENGTH, RECOVERY_CODE_COUNT, type SecondFactorSetup, type SecondFactorStatus } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, conflict, tooMany, unauthorized, type AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-context.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { stepUpValidUntil } from '../../platform/step-up.ts';
import type { CodeRecipient, EmailCodes } from './email-code.ts';
import type { SessionService } from './session.service.ts';
import { matchingStep, newRecoveryCode, newTotpSecret, otpauthUrl, qrDataUrl, recoveryCodeHash } from './totp.ts';

/** What a passed second factor was. */
export type PassedFactor = 'totp' | 'recovery-code' | 'email';
/** Why a code is checked: its failures are logged under this. */
export type CheckPurpose = 'sign-in' | 'step-up' | 'confirm';

/** Wrong authenticator or recovery codes allowed per user in one window. */
const MAX_WRONG = 5;
const WINDOW_MINUTES = 10;
const SIX_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

const readState = rowReader(
  z.object({
    username: z.string(),
    sealed: z.string().nullable(),
    pending: z.string().nullable(),
    enabledAt: z.date().nullable(),
    required: z.boolean(),
    codesLeft: z.number().int(),
  }),
);

/**
 * A refused code: at sign-in 401 (no session yet); on a signed-in session 400 on the field, so the session is not
 * taken for ended.
 */
const refused = (purpose: CheckPurpose, message: string): AppError => (purpose === 'sign-in' ? unauthorized(message) : badRequest(message, [{ path: 'code', message }]));

/** The sealed secret is bound to its user: copied onto another account it does not open. */
const boxContext = (userId: number) => `totp:${userId}`;

/**
 * The second factor of staff accounts: an authenticator app (TOTP) with one-time recovery codes, or a code by e-mail.
 * One check serves sign-in, step-up and the confirmation of changes to the enrolment itself.
 */
export class SecondFactorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly email: EmailCodes,
    private readonly sessions: SessionService,
  ) {}

  private async state(userId: number, tx: Db | Tx = this.db) {
    const rows = await queryRows(
      tx,
      sql`select u.username, u.totp_secret as sealed, u.totp_pending_secret as pending, u.totp_enabled_at as "enabledAt",
            (r.is_super or r.require_second_factor) as required,
            (select count(*)::int from recovery_codes c where c.user_id = u.id and c.used_at is null) as "codesLeft"
          from users u join roles r on r.id = u.role_id where u.id = ${userId}`,
    );
    if (!rows[0]) throw unauthorized();
    return readState(rows[0]);
  }

  /**
   * The plain secret, or null when it does not open (APP_SECRET was changed): the app then fails like a wrong code and
   * the user signs in with the e-mailed code and enrols again, instead of meeting a server error.
   */
  private openSecret(sealed: string, userId: number): string | null {
    try {
      return this.box.open(sealed, boxContext(userId));
    } catch {
      return null;
    }
  }

  private audit(actor: Actor, ip: string | null): AuditContext {
    return { actor, ip, now: this.clock.now() };
  }

  async status(actor: Actor): Promise<SecondFactorStatus> {
    const s = await this.state(actor.userId);
    const passed = actor.secondFactorAt;
    return {
      enrolled: s.sealed !== null,
      enabled_at: s.enabledAt?.toISOString() ?? null,
      recovery_codes_left: s.sealed ? s.codesLeft : 0,
      required_by_role: s.required,
      passed_at: passed?.toISOString() ?? null,
      step_up_valid_until: passed ? stepUpValidUntil(passed).toISOString() : null,
    };
  }

  /** A new secret, kept pending (sealed) until a code from the app confirms it; a second set-up replaces the first. */
  async setup(actor: Actor): Promise<SecondFactorSetup> {
    const s = await this.state(actor.userId);
    if (s.sealed) throw conflict('An authenticator app is already set up. Remove it first to set up another.');
    const secret = newTotpSecret();
    await this.db.execute(sql`update users set totp_pending_secret = ${this.box.seal(secret, boxContext(actor.userId))} where id = ${actor.userId}`);
    const url = otpauthUrl(secret, s.username);
    return { otpauth_url: url, qr_data_url: await qrDataUrl(url), secret };
  }

  /** Confirms the pending secret with a code from the app; answers the recovery codes, the only time they are shown. */
  async enable(actor: Actor, code: string, ip: string | null): Promise<string[]> {
    const s = await this.state(actor.userId);
    if (s.sealed) throw conflict('An authenticator app is already set up.');
    if (!s.pending) throw conflict('Start the set-up first: no authenticator secret is waiting for confirmation.');
    const pending = this.openSecret(s.pending, actor.userId);
    if (!pending) throw conflict('The set-up is no longer valid. Start it again.');
    await this.reserve(actor.userId);
    const step = matchingStep(pending, code, this.clock.now());
    if (step === null) {
      await this.logFailure(actor.userId, ip, 'confirm');
      throw refused('confirm', 'The code does not match. Check the time on your phone and enter the code the app shows now.');
    }
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      // Only the request that finds the same pending secret enables it.
      const enabled = await queryRows(
        tx,
        sql`update users set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_enabled_at = ${now}, totp_last_step = ${step},
              second_factor_failures = 0, second_factor_window = null
            where id = ${actor.userId} and totp_secret is null and totp_pending_secret = ${s.pending} returning id`,
      );
      if (!enabled.length) throw conflict('The set-up changed meanwhile. Start it again.');
      const codes = await this.replaceRecoveryCodes(tx, actor.userId);
      // A code from the app was just passed: it counts as this session's second factor.
      await this.sessions.markSecondFactor(actor.sessionId, tx);
      await writeAudit(tx, this.audit(actor, ip), { action: 'second-factor-enabled', entity: 'user', entityId: actor.userId, after: { method: 'totp' } });
      return codes;
    });
  }

  async regenerateRecoveryCodes(actor: Actor, code: string, ip: string | null): Promise<string[]> {
    const s = await this.state(actor.userId);
    if (!s.sealed) throw conflict('No authenticator app is set up, so there are no recovery codes.');
    const user = await this.recipient(actor.userId);
    await this.check(user, code, ip, 'confirm');
    return this.db.transaction(async (tx) => {
      const codes = await this.replaceRecoveryCodes(tx, actor.userId);
      await writeAudit(tx, this.audit(actor, ip), { action: 'recovery-codes-regenerated', entity: 'user', entityId: actor.userId, after: { count: codes.length } });
      return codes;
    });
  }

  /** Removes the app and its recovery codes; a role that requires a second factor then gets the e-mailed code. */
  async disable(actor: Actor, code: string, ip: string | null): Promise<void> {
    const s = await this.state(actor.userId);
    if (!s.sealed) throw conflict('No authenticator app is set up.');
    await this.check(await this.recipient(actor.userId), code, ip, 'confirm');
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`update users set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null, totp_last_step = null, second_factor_failures = 0, second_factor_window = null
            where id = ${actor.userId}`,
      );
      await tx.execute(sql`delete from recovery_codes where user_id = ${actor.userId}`);
      await writeAudit(tx, this.audit(actor, ip), { action: 'second-factor-disabled', entity: 'user', entityId: actor.userId, after: { method: 'totp' } });
    });
  }

  /** The session passes its second factor again; sensitive changes are open for the next 15 minutes. */
  async stepUp(actor: Actor, code: string, ip: string | null): Promise<void> {
    const factor = await this.check(await this.recipient(actor.userId), code, ip, 'step-up');
    await this.db.transaction(async (tx) => {
      await this.sessions.markSecondFactor(actor.sessionId, tx);
      await writeAudit(tx, this.audit(actor, ip), { action: 'step-up', entity: 'session', entityId: actor.userId, after: { method: factor } });
    });
  }

  async sendStepUpCode(actor: Actor): Promise<void> {
    await this.email.send(await this.recipient(actor.userId));
  }

  private async recipient(userId: number): Promise<CodeRecipient> {
    const rows = await queryRows<{ id: number; email: string; name: string }>(this.db, sql`select id, email, name from users where id = ${userId}`);
    if (!rows[0]) throw unauthorized();
    return { id: Number(rows[0].id), email: rows[0].email, name: rows[0].name };
  }

  /** Whether the user has an authenticator app. */
  async enrolled(userId: number): Promise<boolean> {
    return (await this.state(userId)).sealed !== null;
  }

  /**
   * Checks a second-factor code of a user: the e-mailed code when one was sent (or there is no app), else, or when it
   * does not match, the authenticator's code or a recovery code. Authenticator and recovery tries are reserved before
   * they are checked, at most five wrong ones per ten minutes; an accepted authenticator step is never accepted again,
   * a recovery code is spent. Failures are logged; the answer names the factor that passed.
   */
  async check(user: CodeRecipient, code: string, ip: string | null, purpose: CheckPurpose): Promise<PassedFactor> {
    const s = await this.state(user.id);
    const sixDigits = SIX_DIGITS.test(code);
    if (sixDigits && (!s.sealed || (await this.email.live(user.id)))) {
      const result = await this.email.check(user.id, code);
      if (result.ok) return 'email';
      if (!s.sealed) {
        await this.logFailure(user.id, ip, purpose);
        throw refused(purpose, result.message);
      }
    }
    if (!s.sealed) {
      await this.logFailure(user.id, ip, purpose);
      throw refused(purpose, 'Invalid verification code');
    }
    try {
      await this.reserve(user.id);
    } catch (err) {
      await this.logFailure(user.id, ip, purpose);
      throw err;
    }
    if (!sixDigits) {
      if (await this.spendRecoveryCode(user, code, ip)) return 'recovery-code';
    } else {
      const secret = this.openSecret(s.sealed, user.id);
      const step = secret ? matchingStep(secret, code, this.clock.now()) : null;
      if (step !== null) {
        // Atomic: of two requests with the same code only one moves the last step forward.
        const fresh = await queryRows(
          this.db,
          sql`update users set totp_last_step = ${step}, second_factor_failures = 0, second_factor_window = null
              where id = ${user.id} and (totp_last_step is null or totp_last_step < ${step}) returning id`,
        );
        if (fresh.length) return 'totp';
        await this.logFailure(user.id, ip, purpose);
        throw refused(purpose, 'This code was already used. Wait for the next code in your authenticator app.');
      }
    }
    await this.logFailure(user.id, ip, purpose);
    throw refused(purpose, 'Invalid verification code');
  }

  private async spendRecoveryCode(user: CodeRecipient, code: string, ip: string | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const spent = await queryRows(
        tx,
        sql`update recovery_codes set used_at = ${now} where user_id = ${user.id} and code_hash = ${recoveryCodeHash(code)} and used_at is null returning id`,
      );
      if (!spent.length) return false;
      await tx.execute(sql`update users set second_factor_failures = 0, second_factor_window = null where id = ${user.id}`);
      const left = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from recovery_codes where user_id = ${user.id} and used_at is null`);
      await writeAudit(tx, { actor: { userId: user.id, name: user.name }, ip, now }, { action: 'recovery-code-used', entity: 'user', entityId: user.id, after: { left: Number(left[0]?.n ?? 0) } });
      return true;
    });
  }

  /**
   * Reserves one authenticator or recovery try in the user's ten-minute window before the code is compared (an
   * accepted code clears the window): parallel guesses each take one, and the sixth within the window is refused.
   */
  private async reserve(userId: number): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
    const expired = sql`(second_factor_window is null or second_factor_window <= ${windowStart})`;
    const reserved = await queryRows(
      this.db,
      sql`update users set second_factor_failures = case when ${expired} then 1 else second_factor_failures + 1 end,
            second_factor_window = case when ${expired} then ${now} else second_factor_window end
          where id = ${userId} and (${expired} or second_factor_failures < ${MAX_WRONG}) returning id`,
    );
    if (reserved.length) return;
    const rows = await queryRows<{ since: unknown }>(this.db, sql`select second_factor_window as since from users where id = ${userId}`);
    const since = rows[0]?.since ? new Date(String(rows[0].since)).getTime() : now.getTime();
    const minutes = Math.max(1, Math.ceil((since + WINDOW_MINUTES * 60_000 - now.getTime()) / 60_000));
    throw tooMany(`Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or have a code sent by e-mail.`);
  }

  private async replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = this.clock.now();
    await tx.execute(sql`delete from recovery_codes where user_id = ${userId}`);
    await tx.execute(sql`insert into recovery_codes (user_id, code_hash, created_at) values ${sql.join(codes.map((c) => sql`(${userId}, ${recoveryCodeHash(c)}, ${now})`), sql`, `)}`);
    return codes;
  }

  /** A wrong code leaves a line in the log history, never the code. */
  private async logFailure(userId: number, ip: string | null, purpose: CheckPurpose): Promise<void> {
    const action = purpose === 'sign-in' ? 'sign-in-code-failed' : 'second-factor-failed';
    await this.db.transaction((tx) =>
      writeAudit(tx, { actor: null, ip, now: this.clock.now() }, { action, entity: 'user', entityId: userId, after: purpose === 'sign-in' ? { reason: 'code' } : { reason: 'code', purpose } }),
    );
  }
}
