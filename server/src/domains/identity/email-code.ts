import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { tooMany } from '../../platform/errors.ts';
import { composeMail, type Mailer } from '../../platform/mail.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { hashSecret, newOtp, verifySecret } from '../../platform/tokens.ts';

export interface EmailCodeSettings {
  otpTtlSeconds: number;
  otpResendSeconds: number;
}

/** Whom a code goes to. */
export interface CodeRecipient {
  id: number;
  email: string;
  name: string;
}

/** The outcome of one e-mailed code typed: accepted, or refused with the sentence to show. */
export type EmailCodeCheck = { ok: true } | { ok: false; message: string };

const MAX_CODE_ATTEMPTS = 5;

/** The live code of a user. */
const readChallenge = rowReader(z.object({ id: z.number().int(), codeHash: z.string(), attempts: z.number().int(), expiresAt: z.date() }));

/**
 * One-time codes sent by e-mail (`sign_in_challenges`): the second factor of an account without an authenticator app,
 * and everyone's fallback. A new code voids the earlier ones and waits `otpResendSeconds` after the last; each code
 * takes five tries, each reserved before the code is compared.
 */
export class EmailCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly settings: EmailCodeSettings,
  ) {}

  async send(user: CodeRecipient): Promise<void> {
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

  /** Whether a code was sent and is still usable (not spent, used or expired). */
  async live(userId: number): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from sign_in_challenges where user_id = ${userId} and consumed_at is null and expires_at > ${this.clock.now()} and attempts < ${MAX_CODE_ATTEMPTS} limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * Compares a typed code with the live one. The attempt is reserved in the statement that finds the code (parallel
   * guesses each use one of the five), the fifth wrong one spends it, and only the request that marks it used wins.
   */
  async check(userId: number, code: string): Promise<EmailCodeCheck> {
    const now = this.clock.now();
    const rows = await queryRows(
      this.db,
      sql`update sign_in_challenges set attempts = attempts + 1
          where id = (select id from sign_in_challenges where user_id = ${userId} and consumed_at is null order by created_at desc limit 1)
            and consumed_at is null and expires_at > ${now} and attempts < ${MAX_CODE_ATTEMPTS}
          returning id, code_hash as "codeHash", attempts, expires_at as "expiresAt"`,
    );
    const challenge = rows[0] && readChallenge(rows[0]);
    if (!challenge) {
      const latest = await queryRows<{ attempts: number }>(this.db, sql`select attempts from sign_in_challenges where user_id = ${userId} order by created_at desc limit 1`);
      const spent = Number(latest[0]?.attempts ?? 0) >= MAX_CODE_ATTEMPTS;
      return { ok: false, message: spent ? 'Too many wrong codes. Request a new code.' : 'The verification code has expired. Request a new code.' };
    }
    if (!(await verifySecret(challenge.codeHash, code))) {
      const spent = challenge.attempts >= MAX_CODE_ATTEMPTS;
      if (spent) await this.db.execute(sql`update sign_in_challenges set consumed_at = ${now} where id = ${challenge.id} and consumed_at is null`);
      return { ok: false, message: spent ? 'Too many wrong codes. Request a new code.' : 'Invalid verification code' };
    }
    const consumed = await queryRows(this.db, sql`update sign_in_challenges set consumed_at = ${now} where id = ${challenge.id} and consumed_at is null returning id`);
    if (consumed.length === 0) return { ok: false, message: 'The verification code has already been used. Request a new code.' };
    return { ok: true };
  }
}
