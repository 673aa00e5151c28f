import { announced, KeptMap } from '../../platform/kept-map.ts';
import type { Actor } from '../../platform/request-context.ts';

/** A session as resolve() found it in the database, kept to answer the next requests of the same token. */
export interface CachedSession {
  actor: Omit<Actor, 'via'>;
  /** The session's last activity as stored (ms): idleness and the once-a-minute touch are decided from it. */
  lastSeenMs: number;
  expiresMs: number;
}

/**
 * Resolved sessions by token hash, in this process. Changes are announced by the database (migration
 * 0017_access_notify: `session:<id>`, `user:<id>`, `role:<id>`) and evict every entry they touch.
 */
export class SessionCache extends KeptMap<CachedSession> {
  /** A `<kind>:<id>` notification: evicts the sessions of that session, user or role; anything else clears all. */
  changed(payload: string): void {
    const { kind, id } = announced(payload);
    const field = kind === 'session' ? 'sessionId' : kind === 'user' ? 'userId' : kind === 'role' ? 'roleId' : null;
    if (!field || Number.isNaN(id)) this.clear();
    else this.evict((e) => e.actor[field] === id);
  }
}
