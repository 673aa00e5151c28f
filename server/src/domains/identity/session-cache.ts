import type { Actor } from '../../platform/request-context.ts';

/** A session as resolve() found it in the database, kept to answer the next requests of the same token. */
export interface CachedSession {
  actor: Omit<Actor, 'via'>;
  /** The session's last activity as stored (ms): idleness and the once-a-minute touch are decided from it. */
  lastSeenMs: number;
  expiresMs: number;
}

interface Entry extends CachedSession {
  cachedMs: number;
}

export interface SessionCacheSettings {
  /** Entries kept at most (the oldest go first). */
  maxEntries: number;
  /** How long an entry answers at most: a backstop, since every change that matters evicts it at once. */
  ttlMs: number;
}

/**
 * Resolved sessions by token hash, in this process. Changes are announced by the database (migration
 * 0017_access_notify: `session:<id>`, `user:<id>`, `role:<id>`) and evict every entry they touch. A lookup that
 * started before an eviction must not store what it read, so every change moves an epoch: `put` takes the epoch read
 * before the lookup and stores nothing if it moved meanwhile.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;

  constructor(private readonly settings: SessionCacheSettings) {}

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs - entry.cachedMs >= this.settings.ttlMs || nowMs < entry.cachedMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** The epoch to hand to `put` after a lookup in the database. */
  mark(): number {
    return this.epoch;
  }

  put(tokenHash: string, session: CachedSession, mark: number, nowMs: number): void {
    if (mark !== this.epoch || this.settings.maxEntries <= 0) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { ...session, cachedMs: nowMs });
    if (this.entries.size > this.settings.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** A `<kind>:<id>` notification: evicts the sessions of that session, user or role; anything else clears all. */
  changed(payload: string): void {
    this.epoch++;
    const [kind, text] = payload.split(':');
    const id = Number(text);
    const matches =
      kind === 'session' ? (e: Entry) => e.actor.sessionId === id : kind === 'user' ? (e: Entry) => e.actor.userId === id : kind === 'role' ? (e: Entry) => e.actor.roleId === id : null;
    if (!matches || !Number.isSafeInteger(id)) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (matches(entry)) this.entries.delete(hash);
  }

  /** Forgets everything (notifications may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}
