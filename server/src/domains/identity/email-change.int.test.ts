import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';

describe('e-mail change of an account with a second factor', () => {
  const h = useHarness();

  const linkTokenTo = async (to: string) => {
    const mail = (await h.services.mailer.outbox(50))?.find((m) => m.to === to && m.subject.startsWith('Confirm your new'));
    return new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://x/').searchParams.get('token');
  };

  it("waits for the new address to confirm a Super Admin's new e-mail; an ordinary account changes at once", async () => {
    const root = await h.tokenOf('superadmin');
    const roles = await queryRows<{ id: number }>(h.testDb.database.db, sql`select id from roles where is_super`);
    const created = await h.call('POST', '/api/v1/user', {
      token: root,
      body: { username: 'second.su', email: 'second.su@demo.local', name: 'Second Super', role_id: roles[0]!.id, password: DEMO_PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(200);
    const su = created.json().data;

    const edit = await h.call('PUT', `/api/v1/user/update/${su.id}`, {
      token: root,
      body: { username: su.username, email: 'new.su@demo.local', name: su.name, role_id: su.role_id, status: 1, version: su.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().message).toMatch(/takes effect once it is confirmed/);
    expect(edit.json().data.email).toBe('second.su@demo.local');
    // The old address is told, the new one gets the link; a sign-in code would still go to the old one.
    const box = (await h.services.mailer.outbox(50)) ?? [];
    expect(box.some((m) => m.to === 'second.su@demo.local' && m.subject.includes('about to change'))).toBe(true);
    const token = await linkTokenTo('new.su@demo.local');
    expect(token).toBeTruthy();

    const confirmed = await h.call('POST', '/api/v1/user/confirm-email', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await h.call('GET', `/api/v1/user/detail/${su.id}`, { token: root })).json().data.email).toBe('new.su@demo.local');
    // The link works once.
    expect((await h.call('POST', '/api/v1/user/confirm-email', { body: { token } })).statusCode).toBe(400);
    const audit = await queryRows<{ action: string }>(h.testDb.database.db, sql`select action from audit_log where entity = 'user' and entity_id = ${String(su.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'email-change-confirmed']);

    // An account without a second factor changes at once.
    const viewer = (await h.call('GET', '/api/v1/user/list?search=viewer', { token: root })).json().data.data[0];
    const plain = await h.call('PUT', `/api/v1/user/update/${viewer.id}`, {
      token: root,
      body: { username: viewer.username, email: 'viewer.new@demo.local', name: viewer.name, role_id: viewer.role_id, status: 1, version: viewer.version },
    });
    expect(plain.json()).toMatchObject({ message: 'Edit Data Successful', data: { email: 'viewer.new@demo.local' } });
  });

  it('refuses an expired link and an address taken meanwhile', async () => {
    let root = await h.tokenOf('superadmin');
    const me = (await h.call('GET', '/api/v1/user/list?search=superadmin', { token: root })).json().data.data[0];
    const ask = async (email: string, version: number) =>
      h.call('PUT', `/api/v1/user/update/${me.id}`, { token: root, body: { username: me.username, email, name: me.name, role_id: me.role_id, status: 1, version } });
    expect((await ask('root.next@demo.local', me.version)).statusCode).toBe(200);
    const expiring = await linkTokenTo('root.next@demo.local');
    h.clock.advance(h.services.config.RESET_TOKEN_MINUTES * 60_000 + 1);
    expect((await h.call('POST', '/api/v1/user/confirm-email', { body: { token: expiring } })).statusCode).toBe(400);

    root = await h.tokenOf('superadmin');
    expect((await ask('taken.later@demo.local', me.version + 1)).statusCode).toBe(200);
    const token = await linkTokenTo('taken.later@demo.local');
    const cs = (await h.call('GET', '/api/v1/user/list?search=cs.agent', { token: root })).json().data.data[0];
    await h.call('PUT', `/api/v1/user/update/${cs.id}`, { token: root, body: { username: cs.username, email: 'taken.later@demo.local', name: cs.name, role_id: cs.role_id, status: 1, version: cs.version } });
    expect((await h.call('POST', '/api/v1/user/confirm-email', { body: { token } })).statusCode).toBe(409);
    expect((await h.call('GET', `/api/v1/user/detail/${me.id}`, { token: root })).json().data.email).toBe('superadmin@demo.local');
  });
});
