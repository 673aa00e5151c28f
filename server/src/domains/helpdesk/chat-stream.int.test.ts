import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { openEventStream } from '../../../test/event-stream.ts';

/*
 * The chat event stream lives only as long as its session and its right: it is checked again at every heartbeat
 * (50 ms here) and ends after sign-out, loss of the Chat Live right or idleness; a user holds at most two streams here
 * (LIVE_STREAMS_PER_USER), a third closes the oldest.
 */

const pings = (text: string) => text.split(': ping').length - 1;

describe('chat event streams end with their session', () => {
  const idleSeconds = 60;
  const h = useHarness({ LIVE_HEARTBEAT_MS: 50, LIVE_STREAMS_PER_USER: 2, SESSION_IDLE_SECONDS: idleSeconds }, { regions: false });
  let base = '';

  beforeAll(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });

  const open = (token: string) => openEventStream(`${base}/api/v1/chats/events`, token);

  it('ends the stream when its session signs out; the other session of the same person keeps its own', async () => {
    const signedOut = await h.tokenOf('cs.agent');
    const other = await h.tokenOf('cs.agent');
    const a = await open(signedOut);
    const b = await open(other);
    expect([a.status, b.status]).toEqual([200, 200]);
    await a.until((t) => t.includes('event: unread') && pings(t) >= 1);

    expect((await h.call('DELETE', '/api/v1/auth/sign-out', { token: signedOut })).statusCode).toBe(200);
    await a.ended();
    // The other session's stream beats on.
    const seen = pings(b.text);
    await b.until((t) => pings(t) > seen + 1);
    b.close();
    // Reconnecting with the ended session is refused, which stops a browser's EventSource.
    expect((await h.call('GET', '/api/v1/chats/events?once=true', { token: signedOut })).statusCode).toBe(401);
  });

  it("ends the stream when the user's role loses the Chat Live right", async () => {
    await createStaff(h.testDb.database.db, 'chat.watcher', [{ entry: 'cms.chatlive', action: 'view' }]);
    const token = await h.tokenOf('chat.watcher');
    const s = await open(token);
    expect(s.status).toBe(200);
    await s.until((t) => pings(t) >= 1);

    // What the role editor does: the grant goes and the role's version moves (sessions read it on every request).
    const db = h.testDb.database.db;
    const [role] = await queryRows<{ id: number }>(db, sql`select role_id as id from users where username = 'chat.watcher'`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from role_permissions where role_id = ${role!.id}`);
      await tx.execute(sql`update roles set version = version + 1 where id = ${role!.id}`);
    });
    await s.ended();
    expect((await h.call('GET', '/api/v1/chats/events?once=true', { token })).statusCode).toBe(403);
  });

  it('keeps at most two streams per user: a third closes the oldest, which is told to wait before reconnecting', async () => {
    const token = await h.tokenOf('cs.agent');
    const first = await open(token);
    await first.until((t) => t.includes('event: unread'));
    const second = await open(token);
    await second.until((t) => t.includes('event: unread'));
    const third = await open(token);
    expect(third.status).toBe(200);
    await first.ended();
    expect(first.text).toContain('retry: 60000');
    // The two newest stay open: both keep beating after the oldest was closed.
    const [n2, n3] = [pings(second.text), pings(third.text)];
    await Promise.all([second.until((t) => pings(t) > n2 + 1), third.until((t) => pings(t) > n3 + 1)]);
    // A one-shot read (?once=true) neither counts nor closes anything.
    expect((await h.call('GET', '/api/v1/chats/events?once=true', { token })).statusCode).toBe(200);
    const n = pings(second.text);
    await second.until((t) => pings(t) > n);
    second.close();
    third.close();
  });

  it('ends the stream once its session has been idle longer than the idle limit', async () => {
    const token = await h.tokenOf('cs.agent');
    const s = await open(token);
    await s.until((t) => pings(t) >= 1);
    // The stream itself is not activity: without requests the session turns idle and the stream ends.
    h.clock.advance((idleSeconds + 1) * 1000);
    await s.ended();
    expect((await h.call('GET', '/api/v1/chats/events?once=true', { token })).statusCode).toBe(401);
  });
});
