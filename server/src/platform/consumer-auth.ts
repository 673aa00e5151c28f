import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppClient, LoginFailureReason } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { DbNotifications } from './db-notify.ts';
import { announced, KeptMap } from './kept-map.ts';
import { unauthorized } from './errors.ts';
import { hashSecret, hashToken, newToken, verifySecret } from './tokens.ts';

/** The consumer a request to `/api/v1/app/...` carries, set by the consumer-token guard. */
export interface AppConsumer {
  consumerId: number;
  name: string;
}

/** A resolved consumer token as this process keeps it. */
interface KeptConsumer {
  consumer: AppConsumer;
  sessionId: number;
  expiresMs: number;
}

/** Consumer app sessions live 30 days; the app keeps its token and signs in again after that. */
const TTL_MS = 30 * 24 * 3_600_000;
/** Burned on an unknown phone, so the answer's timing does not tell whether the phone is registered. */
let dummyHash: Promise<string> | undefined;

/** Indonesian mobile numbers are stored as 628…; the app may send 08…, 628… or +628…. */
export const normalisePhone = (phone: string): string => {
  const digits = phone.replace(/[^\d]/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
};

/** One row of the consumer login log: result 2 Success without a failure, 1 Failed with its reason. */
function loginLogInsert(a: { at: Date; phone: string; consumerId: number | null; client: AppClient; failure: LoginFailureReason | null }) {
  const c = a.client;
  return sql`insert into consumer_login_log (at, result, failure_reason, consumer_id, phone, platform, app_version, device, ip)
    values (${a.at.toISOString()}, ${a.failure ? 1 : 2}, ${a.failure}, ${a.consumerId}, ${a.phone}, ${c.platform ?? null}, ${c.app_version ?? null}, ${c.device ?? null}, ${c.ip ?? null})`;
}

/**
 * Consumer tokens: sign-in with phone and password (argon2id hash in `consumer_credentials`), a 256-bit token stored as
 * its SHA-256 in `consumer_sessions`, accepted only as a Bearer token on `/api/v1/app/...`. A staff token is never a
 * consumer token and the other way round: the two live in different tables.
 */
export class ConsumerAuthService {
  private readonly kept: KeptMap<KeptConsumer> | null;
  /** Whether the database's announcements reach this process: sessions are kept only then. */
  private following = false;

  /**
   * With `keep`, resolved tokens are kept in this process for `keep.seconds` at most, and every change of what they
   * resolve to, announced by the database on the `consumer-access` topic (migration 0024), evicts them at once here
   * and on every instance; a kept token answers only once the announcements committed before it are handled.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly keep?: { notifications: DbNotifications; seconds: number; entries: number },
  ) {
    this.kept = keep && keep.seconds > 0 ? new KeptMap({ maxEntries: keep.entries, ttlMs: keep.seconds * 1000 }) : null;
  }

  /** Starts following the database's announcements; until then (and whenever they may have been missed) nothing is kept. */
  async listen(): Promise<() => Promise<void>> {
    const kept = this.kept;
    if (!kept || !this.keep) return async () => undefined;
    this.keep.notifications.onGap(() => kept.clear());
    const stop = await this.keep.notifications.listen('consumer-access', (payload) => {
      const { kind, id } = announced(payload);
      if (kind === 'session' && !Number.isNaN(id)) kept.evict((k) => k.sessionId === id);
      else if (kind === 'consumer' && !Number.isNaN(id)) kept.evict((k) => k.consumer.consumerId === id);
      else kept.clear();
    });
    kept.clear();
    this.following = true;
    return async () => {
      this.following = false;
      kept.clear();
      await stop();
    };
  }

  /** Tokens this process keeps now. */
  get keptSessions(): number {
    return this.kept?.size ?? 0;
  }

  async setPassword(consumerId: number, password: string): Promise<void> {
    const hash = await hashSecret(password);
    await this.db.execute(
      sql`insert into consumer_credentials (consumer_id, password_hash, updated_at) values (${consumerId}, ${hash}, ${this.clock.now().toISOString()})
          on conflict (consumer_id) do update set password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    );
  }

  /**
   * Only active consumers (status 1) sign in; every refusal answers the same 401. Every attempt that reaches the check
   * is written to the consumer login log (migration 0048) with what the app said about itself: a refusal on its own,
   * before the 401 (so it stays whatever the caller does next), a success in the statement that opens the session, which
   * also records the consumer's last login and a `login` activity. Neither the password nor the token is ever written.
   */
  async signIn(phone: string, password: string, client: AppClient = {}): Promise<{ token: string; consumer_id: number; name: string; expires_at: string }> {
    const tried = normalisePhone(phone) || phone.trim();
    const rows = await queryRows<{ id: number; name: string; status: number; password_hash: string | null }>(
      this.db,
      sql`select c.id, c.name, c.status, cc.password_hash from consumers c left join consumer_credentials cc on cc.consumer_id = c.id where c.phone = ${tried}`,
    );
    const row = rows[0];
    const hash = row?.password_hash;
    let failure: LoginFailureReason | null;
    if (!row || !hash) {
      // Burned whether the phone is unknown or has no password yet, so the answer's timing tells neither.
      await verifySecret(await (dummyHash ??= hashSecret('not-a-password-0')), password);
      failure = row ? 'no_password' : 'unknown_phone';
    } else if (!(await verifySecret(String(hash), password))) failure = 'wrong_password';
    else failure = Number(row.status) === 1 ? null : 'inactive';
    const now = this.clock.now();
    const attempt = { at: now, phone: tried, consumerId: row ? Number(row.id) : null, client };
    if (failure || !row) {
      await this.db.execute(loginLogInsert({ ...attempt, failure: failure ?? 'unknown_phone' }));
      throw unauthorized('Invalid phone number or password');
    }
    const token = newToken();
    const expires = new Date(now.getTime() + TTL_MS);
    await this.db.execute(
      sql`with session as (
            insert into consumer_sessions (token_hash, consumer_id, created_at, expires_at) values (${hashToken(token)}, ${row.id}, ${now.toISOString()}, ${expires.toISOString()})),
          logged as (${loginLogInsert({ ...attempt, failure: null })}),
          seen as (update consumers set last_login_at = ${now.toISOString()} where id = ${row.id})
        insert into consumer_activity (consumer_id, activity, description, platform, at) values (${row.id}, 'login', 'Signed in to the app', ${client.platform ?? null}, ${now.toISOString()})`,
    );
    return { token, consumer_id: Number(row.id), name: String(row.name), expires_at: expires.toISOString() };
  }

  async resolve(token: string): Promise<AppConsumer | null> {
    const now = this.clock.now();
    const tokenHash = hashToken(token);
    const kept = await this.fromKept(tokenHash, now.getTime());
    if (kept) return kept;
    const mark = this.kept?.mark();
    // Every column read here is announced when it changes (migration 0024_consumer_access_notify): keep it so.
    const rows = await queryRows<{ session_id: number; consumer_id: number; name: string; expires_at: string }>(
      this.db,
      sql`select s.id as session_id, s.consumer_id, c.name, s.expires_at from consumer_sessions s join consumers c on c.id = s.consumer_id and c.status = 1
          where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${now.toISOString()}`,
    );
    const row = rows[0];
    if (!row) return null;
    const consumer = { consumerId: Number(row.consumer_id), name: String(row.name) };
    if (mark !== undefined && this.following && this.keep?.notifications.live) {
      this.kept?.put(tokenHash, { consumer, sessionId: Number(row.session_id), expiresMs: new Date(row.expires_at).getTime() }, mark, now.getTime());
    }
    return consumer;
  }

  private async fromKept(tokenHash: string, nowMs: number): Promise<AppConsumer | undefined> {
    if (!this.kept?.get(tokenHash, nowMs) || !this.keep || !(await this.keep.notifications.settled())) return undefined;
    const kept = this.kept.get(tokenHash, nowMs);
    return kept && nowMs < kept.expiresMs ? kept.consumer : undefined;
  }

  async signOut(token: string): Promise<void> {
    await this.db.execute(sql`update consumer_sessions set revoked_at = ${this.clock.now().toISOString()} where token_hash = ${hashToken(token)} and revoked_at is null`);
  }

  /** The route-level guard of the consumer routes: a Bearer consumer token, else 401. */
  guard = async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const consumer = token ? await this.resolve(token) : null;
    if (!consumer) throw unauthorized('Sign in to the app again');
    consumerOf.set(req, consumer);
  };
}

const consumerOf = new WeakMap<FastifyRequest, AppConsumer>();

/** The consumer of a request that passed the consumer guard. */
export function appConsumer(req: FastifyRequest): AppConsumer {
  const c = consumerOf.get(req);
  if (!c) throw unauthorized('Sign in to the app again');
  return c;
}
