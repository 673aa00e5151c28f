import { describe, expect, it } from 'vitest';
import { permissionSet } from '@portal/contract';
import { SessionCache, type CachedSession } from './session-cache.ts';

const session = (sessionId: number, userId: number, roleId: number): CachedSession => ({
  actor: { userId, username: `u${userId}`, name: `User ${userId}`, roleId, roleName: `Role ${roleId}`, perms: permissionSet(false, []), sessionId, secondFactorAt: null },
  lastSeenMs: 0,
  expiresMs: 1_000_000,
});

function filled(): SessionCache {
  const cache = new SessionCache({ maxEntries: 10, ttlMs: 30_000 });
  cache.put('a', session(1, 10, 100), cache.mark(), 0);
  cache.put('b', session(2, 10, 100), cache.mark(), 0);
  cache.put('c', session(3, 11, 100), cache.mark(), 0);
  cache.put('d', session(4, 12, 200), cache.mark(), 0);
  return cache;
}
const kept = (cache: SessionCache) => ['a', 'b', 'c', 'd'].filter((k) => cache.get(k, 1) !== undefined);

describe('the session cache', () => {
  it('answers what was put, until its time to live has passed', () => {
    const cache = filled();
    expect(cache.get('a', 29_999)?.actor.sessionId).toBe(1);
    expect(cache.get('a', 30_000)).toBeUndefined();
    expect(cache.get('b', 1)?.actor.sessionId).toBe(2);
    expect(cache.get('unknown', 1)).toBeUndefined();
  });

  it('answers nothing when the clock went back before the entry was made', () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 30_000 });
    cache.put('a', session(1, 10, 100), cache.mark(), 5_000);
    expect(cache.get('a', 4_999)).toBeUndefined();
  });

  it('evicts by session, by user and by role, as the database announces them', () => {
    const cache = filled();
    cache.changed('session:2');
    expect(kept(cache)).toEqual(['a', 'c', 'd']);
    cache.changed('user:10');
    expect(kept(cache)).toEqual(['c', 'd']);
    cache.changed('role:200');
    expect(kept(cache)).toEqual(['c']);
    cache.changed('role:999');
    expect(kept(cache)).toEqual(['c']);
  });

  it('forgets everything on a notification it does not understand, or on clear()', () => {
    const cache = filled();
    cache.changed('team:1');
    expect(cache.size).toBe(0);
    const again = filled();
    again.changed('session:x');
    expect(again.size).toBe(0);
    const third = filled();
    third.clear();
    expect(third.size).toBe(0);
  });

  it('stores nothing read before a change it may not reflect', () => {
    const cache = new SessionCache({ maxEntries: 10, ttlMs: 30_000 });
    const before = cache.mark();
    cache.changed('user:99');
    cache.put('a', session(1, 10, 100), before, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    const beforeGap = cache.mark();
    cache.clear();
    cache.put('a', session(1, 10, 100), beforeGap, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('a', session(1, 10, 100), cache.mark(), 0);
    expect(cache.get('a', 1)?.actor.sessionId).toBe(1);
  });

  it('keeps at most its number of entries, dropping the oldest first', () => {
    const cache = new SessionCache({ maxEntries: 2, ttlMs: 30_000 });
    cache.put('a', session(1, 10, 100), cache.mark(), 0);
    cache.put('b', session(2, 10, 100), cache.mark(), 0);
    cache.put('a', session(1, 10, 100), cache.mark(), 1);
    cache.put('c', session(3, 10, 100), cache.mark(), 2);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBeDefined();
    expect(cache.get('c', 3)).toBeDefined();
    const none = new SessionCache({ maxEntries: 0, ttlMs: 30_000 });
    none.put('a', session(1, 10, 100), none.mark(), 0);
    expect(none.size).toBe(0);
  });
});
