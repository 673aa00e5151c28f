import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { addressKey } from '../../platform/rate-limiter.ts';
import { hashToken } from '../../platform/tokens.ts';

export interface ThrottleSettings {
  maxFailures: number;
  lockoutMinutes: number;
}

/** A reserved attempt (its number) or the time the lock ends. */
export type Reservation = { attempt: number } | { lockedUntil: Date };

/** Rows left alone this long (no lock running) are forgotten. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Failed sign-ins per account and client address. The attempt is reserved atomically before the password is checked,
 * so twenty guesses sent at once are twenty attempts and at most `maxFailures` of them are ever checked. An unknown name
 * gets a row of its own, so it answers exactly like a real account; a stranger elsewhere locks only their own address
 * out, never the owner's.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: ThrottleSettings,
  ) {}

  keyOf(account: { userId: number } | { name: string }, ip: string | null): string {
    const who = 'userId' in account ? `u:${account.userId}` : `n:${account.name.trim().toLowerCase()}`;
    return hashToken(`${who}|${addressKey(ip)}`);
  }

  async reserve(key: string, userId: number | null, now: Date): Promise<Reservation> {
    const quiet = new Date(now.getTime() - this.settings.lockoutMinutes * 60_000);
    const rows = await queryRows<{ failures: number }>(
      this.db,
      sql`insert into sign_in_throttle as t (key_hash, user_id, failures, updated_at) values (${key}, ${userId}, 1, ${now})
          on conflict (key_hash) do update set
            failures = case when t.locked_until <= ${now} or (t.locked_until is null and t.updated_at < ${quiet}) then 1 else t.failures + 1 end,
            locked_until = case when t.locked_until <= ${now} then null else t.locked_until end,
            updated_at = ${now}
          where t.locked_until <= ${now} or (t.locked_until is null and (t.failures < ${this.settings.maxFailures} or t.updated_at < ${quiet}))
          returning failures`,
    );
    const reserved = rows[0];
    if (reserved) return { attempt: Number(reserved.failures) };
    const held = await queryRows<{ locked_until: unknown }>(this.db, sql`select locked_until from sign_in_throttle where key_hash = ${key}`);
    const until = held[0]?.locked_until;
    // Every attempt is taken by requests still being checked: answer as a lock would.
    return { lockedUntil: until ? new Date(String(until)) : new Date(now.getTime() + this.settings.lockoutMinutes * 60_000) };
  }

  /** Records a wrong password; the attempt that reaches the limit locks and answers the lock's end. */
  async failed(key: string, attempt: number, now: Date): Promise<Date | null> {
    await this.db.execute(sql`delete from sign_in_throttle where updated_at < ${new Date(now.getTime() - FORGET_AFTER_MS)} and (locked_until is null or locked_until < ${now})`);
    if (attempt < this.settings.maxFailures) return null;
    const lockedUntil = new Date(now.getTime() + this.settings.lockoutMinutes * 60_000);
    await this.db.execute(sql`update sign_in_throttle set locked_until = ${lockedUntil}, updated_at = ${now} where key_hash = ${key}`);
    return lockedUntil;
  }

  /** The right password frees this account and address. */
  async succeeded(key: string): Promise<void> {
    await this.db.execute(sql`delete from sign_in_throttle where key_hash = ${key}`);
  }

  /** An administrator's unlock frees the account from every address. */
  async unlockUser(userId: number, tx: Db | Tx = this.db): Promise<void> {
    await tx.execute(sql`delete from sign_in_throttle where user_id = ${userId}`);
  }
}
