import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  ip: string | null;
  at: string;
}
interface ListAnswer {
  data: AuditRow[];
  meta: { page: number; limit: number; total: number };
}

const jakartaDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(d);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('log history', () => {
  const h = useHarness();
  let admin: string;
  let adminId: number;
  let kept: { id: number; version: number };
  let removed: number;

  const logs = async (query: string, token = admin): Promise<ListAnswer> => {
    const res = await h.call('GET', `/api/v1/log-history?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  async function createUser(username: string) {
    const roleId = (await h.call('GET', '/api/v1/user/profile', { token: admin })).json().data.role.id;
    const res = await h.call('POST', '/api/v1/user', { token: admin, body: { username, email: `${username}@staff.local`, name: `Staff ${username}`, role_id: roleId, password: 'Staff@12345' } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; version: number; username: string; email: string; role_id: number };
  }

  it('lists every change newest first, filtered by actor', async () => {
    admin = await h.tokenOf('admin.cms');
    adminId = (await h.call('GET', '/api/v1/user/profile', { token: admin })).json().data.id;
    const a = await createUser('log.kept');
    const b = await createUser('log.removed');
    const upd = await h.call('PUT', `/api/v1/user/update/${a.id}`, { token: admin, body: { username: a.username, email: a.email, name: 'Renamed Staff', role_id: a.role_id, version: a.version } });
    expect(upd.statusCode).toBe(200);
    kept = { id: a.id, version: upd.json().data.version };
    removed = b.id;
    expect((await h.call('DELETE', `/api/v1/user/delete/${b.id}`, { token: admin })).statusCode).toBe(200);

    const mine = await logs(`actor_id=${adminId}&limit=100`);
    expect(mine.data.every((r) => r.actor_id === adminId && r.actor_name === 'Budi Santoso')).toBe(true);
    expect(mine.data.slice(0, 4).map((r) => `${r.action} ${r.entity} ${r.entity_id}`)).toEqual([
      `delete user ${b.id}`,
      `update user ${a.id}`,
      `create user ${b.id}`,
      `create user ${a.id}`,
    ]);
    expect(mine.data.some((r) => r.action === 'sign-in' && r.entity === 'session')).toBe(true);
    const ats = mine.data.map((r) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(mine.data[0]!.ip).toBe('127.0.0.1');
    const nobody = await logs('actor_id=999999');
    expect(nobody).toEqual({ data: [], meta: { page: 1, limit: 10, total: 0, total_kind: 'exact' } });
  });

  it('filters by entity and action, and searches the actor name or the record id', async () => {
    const creates = await logs('entity=user&action=create&limit=100');
    expect(creates.data.map((r) => r.entity_id)).toEqual([String(removed), String(kept.id)]);
    const deletes = await logs('action=delete');
    expect(deletes.data.map((r) => `${r.entity} ${r.entity_id}`)).toEqual([`user ${removed}`]);
    const sessions = await logs('entity=session&limit=100');
    expect(sessions.data.length).toBeGreaterThan(0);
    expect(sessions.data.every((r) => r.entity === 'session')).toBe(true);
    const byName = await logs('search=budi&limit=100');
    // Budi (admin.cms) has worked the demo orders too: more entries than a page holds, each counted.
    const [budi] = await queryRows<{ n: number }>(h.testDb.database.db, sql`select count(*)::int as n from audit_log where actor_name ilike '%budi%'`);
    expect(byName.meta.total).toBe(Number(budi!.n));
    expect(byName.data.length).toBe(Math.min(100, Number(budi!.n)));
    expect(byName.data.every((r) => r.actor_name === 'Budi Santoso')).toBe(true);
    const byRecord = await logs(`search=${kept.id}&entity=user`);
    expect(byRecord.data.map((r) => r.action)).toEqual(['update', 'create']);
  });

  it('pages with page and limit, in either direction, without overlap', async () => {
    const all = await logs('limit=100&sort_dir=asc');
    expect(all.meta.total).toBeGreaterThanOrEqual(5);
    const ids = all.data.map((r) => r.id);
    // Oldest first by time, then by id (the demo seed dates some entries in the past: survey answers, coupon claims).
    const byTime = [...all.data].sort((x, y) => Date.parse(x.at) - Date.parse(y.at) || x.id - y.id).map((r) => r.id);
    expect(ids).toEqual(byTime);
    const p1 = await logs('limit=2&page=1&sort_dir=asc');
    const p2 = await logs('limit=2&page=2&sort_dir=asc');
    expect(p1.meta).toMatchObject({ page: 1, limit: 2, total: all.meta.total });
    expect(p2.meta).toMatchObject({ page: 2, limit: 2, total: all.meta.total });
    expect([...p1.data, ...p2.data].map((r) => r.id)).toEqual(ids.slice(0, 4));
    expect((await logs('limit=1000')).meta.limit).toBe(100);
  });

  it('returns one entry with its before and after', async () => {
    const [update] = (await logs(`entity=user&action=update&search=${kept.id}`)).data;
    const res = await h.call('GET', `/api/v1/log-history/${update!.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ id: update!.id, actor_id: adminId, actor_name: 'Budi Santoso', action: 'update', entity: 'user', entity_id: String(kept.id) });
    expect(detail.before).toMatchObject({ username: 'log.kept', name: 'Staff log.kept' });
    expect(detail.after).toMatchObject({ username: 'log.kept', name: 'Renamed Staff' });
    const [deletion] = (await logs('action=delete')).data;
    const del = (await h.call('GET', `/api/v1/log-history/${deletion!.id}`, { token: admin })).json().data;
    expect(del.before).toMatchObject({ username: 'log.removed' });
    expect(del.after).toBeNull();
    expect((await h.call('GET', '/api/v1/log-history/999999', { token: admin })).statusCode).toBe(404);
  });

  it('filters date_from and date_to as calendar days in Asia/Jakarta', async () => {
    // Step to one minute before midnight in Jakarta (17:00 UTC), change something, then step past midnight and change again:
    // both changes fall on the same UTC day but on two Jakarta days.
    const now = h.clock.now();
    let midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 17, 0, 0);
    while (midnight - now.getTime() < 5 * 60_000) midnight += 86_400_000;
    h.clock.advance(midnight - 60_000 - now.getTime());
    const viewer = await h.tokenOf('viewer');
    const profile = (await h.call('GET', '/api/v1/user/profile', { token: viewer })).json().data;
    expect((await h.call('PUT', '/api/v1/user/profile', { token: viewer, body: { name: 'Before Midnight', version: profile.version } })).statusCode).toBe(200);
    const evening = h.clock.now();
    h.clock.advance(2 * 60_000);
    expect((await h.call('PUT', '/api/v1/user/profile', { token: viewer, body: { name: 'After Midnight', version: profile.version + 1 } })).statusCode).toBe(200);
    const morning = h.clock.now();
    admin = await h.tokenOf('admin.cms'); // the earlier session has gone idle meanwhile
    const day = jakartaDay(evening);
    expect(jakartaDay(morning)).toBe(nextDay(day));
    expect(evening.toISOString().slice(0, 10)).toBe(morning.toISOString().slice(0, 10));

    const names = async (query: string) => {
      const rows = (await logs(`entity=profile&${query}`)).data;
      return Promise.all(rows.map(async (r) => (await h.call('GET', `/api/v1/log-history/${r.id}`, { token: admin })).json().data.after.name as string));
    };
    expect(await names(`date_from=${day}&date_to=${day}`)).toEqual(['Before Midnight']);
    expect(await names(`date_from=${nextDay(day)}`)).toEqual(['After Midnight']);
    expect(await names(`date_to=${day}`)).toEqual(['Before Midnight']);
    expect(await names(`date_from=${day}&date_to=${nextDay(day)}`)).toEqual(['After Midnight', 'Before Midnight']);
    expect(await names(`date_from=${nextDay(day)}&date_to=${day}`)).toEqual([]);
    const bad = await h.call('GET', '/api/v1/log-history?date_from=2025-02-30', { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('date_from');
  });

  it('requires cms.log-history view', async () => {
    expect((await h.call('GET', '/api/v1/log-history')).statusCode).toBe(401);
    for (const user of ['cs.agent', 'no.access']) {
      const token = await h.tokenOf(user);
      expect((await h.call('GET', '/api/v1/log-history', { token })).statusCode, user).toBe(403);
      expect((await h.call('GET', '/api/v1/log-history/1', { token })).statusCode, user).toBe(403);
    }
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('GET', '/api/v1/log-history', { token: viewer })).statusCode).toBe(200);
  });
});
