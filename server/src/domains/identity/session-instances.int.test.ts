import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { hashToken } from '../../platform/tokens.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { secondConnection } from '../../../test/test-db.ts';

/*
 * Two instances of the portal on one database: A is the harness's app, B a second app on a connection of its own (its
 * own pool and listening connection on PostgreSQL; on PGlite the same in-process database). Each instance keeps the
 * sessions it resolved; a change made through A must be refused or applied by B on the very next request, with no
 * waiting in between.
 */
describe('sessions across two instances', () => {
  const h = useHarness();
  let b: BuiltApp;
  let bDatabase: Database;
  let admin = '';

  beforeAll(async () => {
    bDatabase = secondConnection(h.testDb);
    b = await buildApp({ config: h.services.config, database: bDatabase, clock: h.clock });
    await b.app.ready();
    admin = await h.tokenOf('admin.cms');
  });

  afterAll(async () => {
    await b?.app.close();
    await bDatabase?.close();
  });

  const onB = (method: string, url: string, token: string, body?: unknown) =>
    b.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
  const onA = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await h.call(method, url, { token, ...(body === undefined ? {} : { body }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Record<string, unknown> }>().data;
  };
  /** B answers the token (so it keeps the session), twice, the second time from what it kept. */
  const keptByB = async (token: string, url = '/api/v1/user/profile') => {
    const before = b.services.sessions.cachedSessions;
    expect((await onB('GET', url, token)).statusCode).toBe(200);
    expect(b.services.sessions.cachedSessions).toBe(before + 1);
    expect((await onB('GET', url, token)).statusCode).toBe(200);
  };
  const staff = async (username: string, grants: { entry: string; action: 'view' | 'edit' }[]) => {
    const id = await createStaff(h.testDb.database.db, username, grants);
    const user = await onA('GET', `/api/v1/user/detail/${id}`, admin);
    return { id, user: user as { username: string; email: string; name: string; role_id: number; version: number }, token: await h.tokenOf(username) };
  };

  it('refuses on B a session signed out on A', async () => {
    const token = await h.tokenOf('viewer');
    await keptByB(token);
    await onA('DELETE', '/api/v1/auth/sign-out', token);
    expect((await onB('GET', '/api/v1/user/profile', token)).statusCode).toBe(401);
  });

  it('refuses on B every session of a user deactivated on A, and of one whose password changed', async () => {
    const { id, user, token } = await staff('two.deactivated', []);
    await keptByB(token);
    await onA('PUT', `/api/v1/user/update/${id}`, admin, { username: user.username, email: user.email, name: user.name, role_id: user.role_id, status: 2, version: user.version });
    expect((await onB('GET', '/api/v1/user/profile', token)).statusCode).toBe(401);

    const other = await staff('two.password', []);
    const second = await h.tokenOf('two.password');
    await keptByB(second);
    await onA('PUT', '/api/v1/user/change-password', other.token, { old_password: 'Demo@12345', password: 'Another@2345', password_confirmation: 'Another@2345' });
    expect((await onB('GET', '/api/v1/user/profile', second)).statusCode).toBe(401);
  });

  it('applies on B a change of role permissions, of the user’s role and of the role’s status made on A', async () => {
    await h.stepUp(admin);
    const { id, user, token } = await staff('two.rights', [{ entry: 'cms.user', action: 'view' }]);
    await keptByB(token, '/api/v1/user/list');
    expect((await onB('GET', '/api/v1/role/list', token)).statusCode).toBe(403);

    const role = await onA('GET', `/api/v1/role/detail/${user.role_id}`, admin);
    await onA('PUT', '/api/v1/role-permission/update', admin, { role_id: user.role_id, version: role.version, permissions: [{ entry: 'cms.role', action: 'view' }] });
    expect((await onB('GET', '/api/v1/user/list', token)).statusCode).toBe(403);
    expect((await onB('GET', '/api/v1/role/list', token)).statusCode).toBe(200);

    const current = await onA('GET', `/api/v1/role/detail/${user.role_id}`, admin);
    await onA('PUT', `/api/v1/role/update/${user.role_id}`, admin, { name: current.name, status: 2, permissions: current.permissions, version: current.version });
    expect((await onB('GET', '/api/v1/role/list', token)).statusCode).toBe(403);

    const viewerRole = (await onA('GET', '/api/v1/role/list?is_all=true', admin)).data as { id: number; name: string }[];
    const fresh = await onA('GET', `/api/v1/user/detail/${id}`, admin);
    await onA('PUT', `/api/v1/user/update/${id}`, admin, {
      username: user.username,
      email: user.email,
      name: user.name,
      role_id: viewerRole.find((r) => r.name === 'Viewer')?.id,
      version: fresh.version,
    });
    expect((await onB('GET', '/api/v1/user/list', token)).statusCode).toBe(200);
    expect((await onB('GET', '/api/v1/user/profile', token)).json().data.role).toMatchObject({ name: 'Viewer' });
  });

  it('counts on B a second factor passed on A at once', async () => {
    const token = await h.tokenOf('admin.cms');
    const { user } = await staff('two.stepped', []);
    const role = await onA('GET', `/api/v1/role/detail/${user.role_id}`, admin);
    const change = { role_id: user.role_id, version: role.version, permissions: [{ entry: 'cms.faq', action: 'view' }] };
    const refused = await onB('PUT', '/api/v1/role-permission/update', token, change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('step_up_required');
    expect(b.services.sessions.cachedSessions).toBeGreaterThan(0);
    // The harness's stepUp moves the clock on afterwards, which would send B to the database anyway: by hand here.
    await onA('POST', '/api/v1/auth/step-up/send-code', token);
    await onA('POST', '/api/v1/auth/step-up', token, { code: await h.latestCode('admin.cms@demo.local') });
    expect((await onB('PUT', '/api/v1/role-permission/update', token, change)).statusCode).toBe(200);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('when the listening connection is lost (PostgreSQL)', () => {
    it('answers from the database until it listens again: a revocation meanwhile is refused at once', async () => {
      const token = await h.tokenOf('viewer');
      await keptByB(token);
      const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await killer.connect();
      try {
        const killed = await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`portal-notify ${h.testDb.schema}`]);
        expect(killed.rowCount).toBe(2);
      } finally {
        await killer.end();
      }
      await onA('DELETE', '/api/v1/auth/sign-out', token);
      expect((await onB('GET', '/api/v1/user/profile', token)).statusCode).toBe(401);

      await vi.waitFor(() => expect(b.notifications.live).toBe(true), { timeout: 10_000, interval: 50 });
      const again = await h.tokenOf('viewer');
      await keptByB(again);
      await onA('DELETE', '/api/v1/auth/sign-out', again);
      expect((await onB('GET', '/api/v1/user/profile', again)).statusCode).toBe(401);
    });
  });

  it('does not hide idleness: an idle session ends on B, and B still records activity once a minute', async () => {
    const token = await h.tokenOf('viewer');
    await keptByB(token);
    const seen = async () => {
      const [row] = await queryRows<{ at: string }>(h.testDb.database.db, sql`select last_seen_at as at from sessions where token_hash = ${hashToken(token)}`);
      return new Date(String(row?.at)).getTime();
    };
    const first = await seen();
    h.clock.advance(61_000);
    expect((await onB('GET', '/api/v1/user/profile', token)).statusCode).toBe(200);
    expect(await seen()).toBe(first + 61_000);
    h.clock.advance(h.services.config.SESSION_IDLE_SECONDS * 1000 + 1);
    expect((await onB('GET', '/api/v1/user/profile', token)).statusCode).toBe(401);
  });
});
