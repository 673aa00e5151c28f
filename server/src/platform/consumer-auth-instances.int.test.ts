import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { queryRows, type Database } from '../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../test/harness.ts';
import { secondConnection } from '../../test/test-db.ts';

/*
 * Consumer-app tokens on two instances of the portal on one database: A is the harness's app, B a second app on a
 * connection of its own. B keeps the tokens it resolved; a sign-out, a lock or a withdrawal made through A must be
 * refused by B on the very next request, with no waiting in between.
 */
describe('consumer tokens across two instances', () => {
  const h = useHarness();
  let b: BuiltApp;
  let bDatabase: Database;
  let admin = '';
  let people: { id: number; phone: string }[] = [];

  beforeAll(async () => {
    bDatabase = secondConnection(h.testDb);
    b = await buildApp({ config: h.services.config, database: bDatabase, clock: h.clock });
    await b.app.ready();
    admin = await h.tokenOf('admin.cms');
    people = await queryRows<{ id: number; phone: string }>(
      h.testDb.database.db,
      sql`select c.id, c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id
        where c.status = 1 and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 2`,
    );
    expect(people).toHaveLength(2);
  });

  afterAll(async () => {
    await b?.app.close();
    await bDatabase?.close();
  });

  const signIn = async (phone: string) => {
    const res = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { token: string } }>().data.token;
  };
  const onB = (token: string) => b.app.inject({ method: 'GET', url: '/api/v1/app/stamps', headers: { authorization: `Bearer ${token}` } });
  /** B answers the token twice, the second time from what it kept. */
  const keptByB = async (token: string) => {
    const before = b.consumerAuth.keptSessions;
    expect((await onB(token)).statusCode).toBe(200);
    expect(b.consumerAuth.keptSessions).toBe(before + 1);
    expect((await onB(token)).statusCode).toBe(200);
  };
  const act = async (id: number, action: string) => {
    const current = (await h.call('GET', `/api/v1/consumers/${id}`, { token: admin })).json<{ data: { version: number } }>().data;
    const res = await h.call('POST', `/api/v1/consumers/${id}/${action}`, { token: admin, body: { reason: 'Checked with the consumer by phone', version: current.version } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses on B a token signed out on A', async () => {
    const token = await signIn(people[0]!.phone);
    await keptByB(token);
    const out = await h.call('DELETE', '/api/v1/app/auth/sign-out', { token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await onB(token)).statusCode).toBe(401);
  });

  it('refuses on B every token of a consumer locked on A, and answers again once unlocked', async () => {
    const who = people[1]!;
    const token = await signIn(who.phone);
    await keptByB(token);
    await act(who.id, 'lock');
    expect((await onB(token)).statusCode).toBe(401);
    await act(who.id, 'unlock');
    expect((await onB(token)).statusCode).toBe(200);
  });

  it('keeps nothing of a token the database refused', async () => {
    const before = b.consumerAuth.keptSessions;
    expect((await onB('not-a-token')).statusCode).toBe(401);
    // Fewer is possible (an announcement of the earlier tests may still evict on PostgreSQL), more is not.
    expect(b.consumerAuth.keptSessions).toBeLessThanOrEqual(before);
  });
});
