import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryRows, type Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';
import { hashSecret, hashToken, newToken, verifySecret } from './tokens.ts';

/** The consumer a request to `/api/v1/app/...` carries, set by the consumer-token guard. */
export interface AppConsumer {
  consumerId: number;
  name: string;
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

/**
 * Consumer tokens: sign-in with phone and password (argon2id hash in `consumer_credentials`), a 256-bit token stored as
 * its SHA-256 in `consumer_sessions`, accepted only as a Bearer token on `/api/v1/app/...`. A staff token is never a
 * consumer token and the other way round: the two live in different tables.
 */
export class ConsumerAuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async setPassword(consumerId: number, password: string): Promise<void> {
    const hash = await hashSecret(password);
    await this.db.execute(
      sql`insert into consumer_credentials (consumer_id, password_hash, updated_at) values (${consumerId}, ${hash}, ${this.clock.now().toISOString()})
          on conflict (consumer_id) do update set password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    );
  }

  /** Only active consumers (status 1) sign in; every refusal answers the same 401. */
  async signIn(phone: string, password: string): Promise<{ token: string; consumer_id: number; name: string; expires_at: string }> {
    const rows = await queryRows<{ id: number; name: string; status: number; password_hash: string }>(
      this.db,
      sql`select c.id, c.name, c.status, cc.password_hash from consumers c join consumer_credentials cc on cc.consumer_id = c.id where c.phone = ${normalisePhone(phone)}`,
    );
    const row = rows[0];
    if (!row) {
      await verifySecret(await (dummyHash ??= hashSecret('not-a-password-0')), password);
      throw unauthorized('Invalid phone number or password');
    }
    const ok = await verifySecret(String(row.password_hash), password);
    if (!ok || Number(row.status) !== 1) throw unauthorized('Invalid phone number or password');
    const token = newToken();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + TTL_MS);
    await this.db.execute(
      sql`insert into consumer_sessions (token_hash, consumer_id, created_at, expires_at) values (${hashToken(token)}, ${row.id}, ${now.toISOString()}, ${expires.toISOString()})`,
    );
    return { token, consumer_id: Number(row.id), name: String(row.name), expires_at: expires.toISOString() };
  }

  async resolve(token: string): Promise<AppConsumer | null> {
    const rows = await queryRows<{ consumer_id: number; name: string }>(
      this.db,
      sql`select s.consumer_id, c.name from consumer_sessions s join consumers c on c.id = s.consumer_id and c.status = 1
          where s.token_hash = ${hashToken(token)} and s.revoked_at is null and s.expires_at > ${this.clock.now().toISOString()}`,
    );
    const row = rows[0];
    return row ? { consumerId: Number(row.consumer_id), name: String(row.name) } : null;
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
