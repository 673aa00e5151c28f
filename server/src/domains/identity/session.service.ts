import { sql } from 'drizzle-orm';
import { permissionSet } from '@portal/contract';
import type { Action, PermissionSet } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Actor } from '../../platform/request-context.ts';
import type { SessionResolver } from '../../platform/access-guard.ts';
import type { DbNotifications } from '../../platform/db-notify.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { SessionCache, type CachedSession } from './session-cache.ts';

export interface SessionSettings {
  idleSeconds: number;
  ttlHours: number;
  /** How long this process may answer from a session it resolved before (0: never); changes evict it at once. */
  cacheSeconds: number;
  /** Sessions kept at most. */
  cacheEntries: number;
}

interface SessionRow extends Record<string, unknown> {
  session_id: number | string;
  last_seen_at: string | Date;
  expires_at: string | Date;
  second_factor_at: string | Date | null;
  user_id: number;
  username: string;
  name: string;
  role_id: number;
  role_name: string;
  is_super: boolean;
  role_status: number;
  role_version: number;
}

/** Activity is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export class SessionService implements SessionResolver {
  private readonly cache: SessionCache | null;
  /** Whether the database's announcements reach this process: the cache is filled only then. */
  private following = false;

  /**
   * With `notifications`, resolved sessions are kept in this process (see session-cache.ts) and every change of what
   * they resolve to, announced by the database on the `access` topic, evicts them at once here and on every instance.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SessionSettings,
    private readonly notifications?: DbNotifications,
  ) {
    this.cache = notifications && settings.cacheSeconds > 0 ? new SessionCache({ maxEntries: settings.cacheEntries, ttlMs: settings.cacheSeconds * 1000 }) : null;
  }

  /** Sessions this process keeps now. */
  get cachedSessions(): number {
    return this.cache?.size ?? 0;
  }

  /** Starts following the database's announcements; until then (and whenever they may have been missed) nothing is cached. */
  async listen(): Promise<() => Promise<void>> {
    const cache = this.cache;
    if (!cache || !this.notifications) return async () => undefined;
    this.notifications.onGap(() => cache.clear());
    const stop = await this.notifications.listen('access', (payload) => {
      cache.changed(payload);
      if (payload.startsWith('role:')) this.permsByRole.clear();
    });
    cache.clear();
    this.following = true;
    return async () => {
      this.following = false;
      cache.clear();
      await stop();
    };
  }

  /** Opens a new session (a new id at every sign-in) and returns its token; only the token's hash is stored. */
  async open(tx: Tx, userId: number, ip: string | null, userAgent: string | null, secondFactorPassed = false): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await tx.execute(sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent, second_factor_at)
      values (${hashToken(token)}, ${userId}, ${now}, ${now}, ${new Date(now.getTime() + this.settings.ttlHours * 3_600_000)}, ${ip}, ${userAgent?.slice(0, 300) ?? null},
        ${secondFactorPassed ? now : null})`);
    return token;
  }

  /** The session passed its second factor again (step-up, or an authenticator just confirmed). */
  async markSecondFactor(sessionId: number, tx: Db | Tx = this.db): Promise<void> {
    await tx.execute(sql`update sessions set second_factor_at = ${this.clock.now()} where id = ${sessionId}`);
  }

  async resolve(token: string, opts: { allowIdle: boolean; via: 'cookie' | 'bearer' }): Promise<Actor | null> {
    const now = this.clock.now();
    const tokenHash = hashToken(token);
    // auth/idle and the live streams' checks ask about idleness itself: always the database.
    if (!opts.allowIdle) {
      const kept = await this.fromCache(tokenHash, now.getTime());
      if (kept) return { ...kept, via: opts.via };
    }
    const mark = this.cache?.mark();
    // Every column read here is announced when it changes (migration 0017_access_notify): keep it so when adding one.
    const rows = await queryRows<SessionRow>(this.db, sql`
      select s.id as session_id, s.last_seen_at, s.expires_at, s.second_factor_at, u.id as user_id, u.username, u.name, u.role_id,
             r.name as role_name, r.is_super, r.status as role_status, r.version as role_version
      from sessions s
      join users u on u.id = s.user_id and u.deleted_at is null and u.status = 1
      join roles r on r.id = u.role_id
      where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${now.toISOString()}`);
    const row = rows[0];
    if (!row) return null;
    const sessionId = Number(row.session_id);
    let lastSeen = new Date(row.last_seen_at).getTime();
    const idle = now.getTime() - lastSeen > this.settings.idleSeconds * 1000;
    if (idle && !opts.allowIdle) {
      await this.revoke(sessionId);
      return null;
    }
    if (!opts.allowIdle && now.getTime() - lastSeen > TOUCH_EVERY_MS) {
      await this.db.execute(sql`update sessions set last_seen_at = ${now} where id = ${sessionId}`);
      lastSeen = now.getTime();
    }
    const active = row.role_status === 1;
    const actor = {
      userId: row.user_id,
      username: row.username,
      name: row.name,
      roleId: row.role_id,
      roleName: row.role_name,
      perms: active ? await this.rolePerms(row.role_id, Number(row.role_version), row.is_super) : permissionSet(false, []),
      sessionId,
      secondFactorAt: row.second_factor_at ? new Date(row.second_factor_at) : null,
    };
    if (mark !== undefined && !opts.allowIdle && this.following && this.notifications?.live) {
      this.cache?.put(tokenHash, { actor, lastSeenMs: lastSeen, expiresMs: new Date(row.expires_at).getTime() }, mark, now.getTime());
    }
    return { ...actor, via: opts.via };
  }

  /**
   * The session as resolved before, while it may answer: not expired, not idle and not due for its touch (past either,
   * the database decides and touches as without a cache), and with every change committed before this request began
   * already applied (`settled`: on PostgreSQL a round trip on the listening connection, so a session revoked on another
   * instance is refused here by the next request). Fails closed: unsure, the database answers.
   */
  private async fromCache(tokenHash: string, nowMs: number): Promise<CachedSession['actor'] | undefined> {
    const cache = this.cache;
    if (!cache?.get(tokenHash, nowMs) || !this.notifications || !(await this.notifications.settled())) return undefined;
    const kept = cache.get(tokenHash, nowMs);
    if (!kept || nowMs >= kept.expiresMs || nowMs - kept.lastSeenMs > Math.min(TOUCH_EVERY_MS, this.settings.idleSeconds * 1000)) return undefined;
    return kept.actor;
  }

  /**
   * A role's permission set, kept per role and version: every change of a role's permissions bumps its version (read
   * with the session on every request), so a cached set is never stale, and requests skip reading hundreds of grants.
   */
  private async rolePerms(roleId: number, version: number, isSuper: boolean): Promise<PermissionSet> {
    const cached = this.permsByRole.get(roleId);
    if (cached && cached.version === version) return cached.perms;
    const grants = await queryRows<{ entry: string; action: Action }>(this.db, sql`select entry, action from role_permissions where role_id = ${roleId}`);
    const perms = permissionSet(isSuper, grants);
    this.permsByRole.set(roleId, { version, perms });
    return perms;
  }

  private readonly permsByRole = new Map<number, { version: number; perms: PermissionSet }>();

  /** Seconds since the session's last activity, for auth/idle (which itself is not activity). */
  async idleState(sessionId: number): Promise<boolean> {
    const rows = await queryRows<{ last_seen_at: unknown }>(this.db, sql`select last_seen_at from sessions where id = ${sessionId}`);
    const last = rows[0] ? new Date(String(rows[0].last_seen_at)) : undefined;
    return !last || this.clock.now().getTime() - last.getTime() > this.settings.idleSeconds * 1000;
  }

  async revoke(sessionId: number, tx: Db | Tx = this.db): Promise<void> {
    await tx.execute(sql`update sessions set revoked_at = ${this.clock.now()} where id = ${sessionId} and revoked_at is null`);
  }

  /** Ends the session a token opened, whoever's it is (a new sign-in in the same browser). */
  async revokeToken(token: string, tx: Db | Tx = this.db): Promise<void> {
    await tx.execute(sql`update sessions set revoked_at = ${this.clock.now()} where token_hash = ${hashToken(token)} and revoked_at is null`);
  }

  /** Ends every session of a user (password change, deactivation, deletion), optionally keeping one. */
  async revokeAllOf(userId: number, tx: Db | Tx = this.db, keepSessionId?: number): Promise<void> {
    await tx.execute(
      sql`update sessions set revoked_at = ${this.clock.now()} where user_id = ${userId} and revoked_at is null ${keepSessionId === undefined ? sql`` : sql`and id <> ${keepSessionId}`}`,
    );
  }
}
