import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditDetail, ConsumerActivityRow, ConsumerDetail, MailboxItem } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { total: number };
}

const REASON = 'Consumer asked by phone, ticket 4711';

describe('consumer actions: each allowed only from its states, with a reason, audited, versioned', () => {
  const h = useHarness();
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    agent = await h.tokenOf('cs.agent');
  });

  const detail = async (id: number) => (await h.call('GET', `/api/v1/consumers/${id}`, { token: admin })).json<{ data: ConsumerDetail }>().data;
  const act = async (id: number, action: string, extra: Record<string, unknown> = {}, token = admin) => {
    const current = await detail(id);
    return h.call('POST', `/api/v1/consumers/${id}/${action}`, { token, body: { reason: REASON, version: current.version, ...extra } });
  };
  const done = async (id: number, action: string, extra: Record<string, unknown> = {}, token = admin) => {
    const res = await act(id, action, extra, token);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    return res.json<{ data: ConsumerDetail }>().data;
  };
  const refused = async (id: number, action: string, message: string, extra: Record<string, unknown> = {}) => {
    const res = await act(id, action, extra);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(message);
  };
  const pick = async (where: string): Promise<number> => {
    const rows = await queryRows<{ id: number }>(h.testDb.database.db, sql.raw(`select id from consumers where ${where} order by id limit 1`));
    if (!rows[0]) throw new Error(`no consumer where ${where}`);
    return Number(rows[0].id);
  };
  const latestAudit = async (action: string) => {
    const [entry] = (await h.call('GET', `/api/v1/log-history?entity=consumer&action=${action}&limit=1`, { token: admin })).json<{ data: List<{ id: number }> }>().data.data;
    return (await h.call('GET', `/api/v1/log-history/${entry!.id}`, { token: admin })).json<{ data: AuditDetail }>().data;
  };

  it('locks and unlocks, refusing to lock a locked consumer or unlock an active one', async () => {
    const id = await pick('status = 1 and physical_card_id is null');
    const before = await detail(id);
    const locked = await done(id, 'lock', {}, agent);
    expect(locked).toMatchObject({ status: 2, version: before.version + 1, updated_by_name: 'Dewi Lestari' });
    expect(locked.locked_at).not.toBeNull();
    await refused(id, 'lock', 'This consumer is already locked');
    const audit = await latestAudit('lock');
    expect(audit).toMatchObject({ entity_id: String(id), actor_name: 'Dewi Lestari', before: { status: 1 }, after: { status: 2, reason: REASON } });

    const unlocked = await done(id, 'unlock');
    expect(unlocked).toMatchObject({ status: 1, locked_at: null });
    await refused(id, 'unlock', 'This consumer is active, not locked');
    expect((await latestAudit('unlock')).entity_id).toBe(String(id));

    const activity = (await h.call('GET', `/api/v1/consumers/${id}/activity`, { token: admin })).json<{ data: List<ConsumerActivityRow> }>().data.data;
    expect(activity.slice(0, 2).map((a) => a.activity)).toEqual(['unlock', 'lock']);
    expect(activity[1]).toMatchObject({ actor_name: 'Dewi Lestari', description: `Account locked: ${REASON}` });
  });

  it('withdraws and reinstates; a withdrawn consumer cannot be locked, withdrawn again or get a card', async () => {
    const id = await pick('status = 1 and physical_card_id is null');
    expect((await done(id, 'withdraw')).status).toBe(3);
    await refused(id, 'lock', 'This consumer has already withdrawn and cannot be locked');
    await refused(id, 'unlock', 'This consumer is withdrawn, not locked');
    await refused(id, 'withdraw', 'This consumer has already withdrawn and cannot be withdrawn again');
    await refused(id, 'link-card', 'This consumer is withdrawn; a card can be linked to an active consumer only', { card_number: '7700000000000001' });
    await refused(id, 'resend-verification', 'This consumer is withdrawn; verification goes to active consumers only');
    expect((await done(id, 'unwithdraw')).status).toBe(1);
    await refused(id, 'unwithdraw', 'This consumer is active, not withdrawn');
    // A locked consumer may withdraw too.
    await done(id, 'lock');
    expect((await done(id, 'withdraw')).status).toBe(3);
    expect((await done(id, 'unwithdraw')).locked_at).toBeNull();
  });

  it('links and unlinks a physical card; a card belongs to one consumer', async () => {
    const id = await pick('status = 1 and physical_card_id is null');
    const holder = await pick('physical_card_id is not null');
    const taken = (await detail(holder)).physical_card_id!;
    const clash = await act(id, 'link-card', { card_number: taken });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0].path).toBe('card_number');
    expect((await act(id, 'link-card', { card_number: '12345' })).statusCode).toBe(400);
    expect((await act(id, 'link-card')).statusCode).toBe(400);
    await refused(id, 'unlink-card', 'This consumer has no linked card');

    const linked = await done(id, 'link-card', { card_number: '7700123412341234' });
    expect(linked.physical_card_id).toBe('7700123412341234');
    await refused(id, 'link-card', 'This consumer already has a linked card; unlink it first', { card_number: '7700123412349999' });
    const found = (await h.call('GET', '/api/v1/consumers?search=7700-1234-1234-1234', { token: admin })).json<{ data: List<{ id: number }> }>().data;
    expect(found.data.map((c) => c.id)).toEqual([id]);
    expect((await latestAudit('link-card')).after).toMatchObject({ physical_card_id: '7700123412341234', reason: REASON });
    expect((await done(id, 'unlink-card')).physical_card_id).toBeNull();
  });

  it('sends the verification and create-password e-mails only where they make sense', async () => {
    const mailbox = async () => (await h.call('GET', '/api/v1/dev/mailbox', { token: admin })).json<{ data: MailboxItem[] }>().data;
    const unverified = await pick('status = 1 and email is not null and email_verified_at is null');
    const c = await detail(unverified);
    const res = await act(unverified, 'resend-verification');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ConsumerDetail }>().data.version).toBe(c.version);
    const mail = (await mailbox()).find((m) => m.to === c.email);
    expect(mail?.subject).toBe('Verify your e-mail address');
    expect(mail?.text).toMatch(/\/app\/verify-email\?token=[\w-]{43}/);
    expect((await latestAudit('resend-verification')).entity_id).toBe(String(unverified));

    await refused(await pick('status = 1 and email is not null and email_verified_at is not null'), 'resend-verification', 'This consumer’s e-mail is already verified');
    await refused(await pick('status = 1 and email is null'), 'resend-verification', 'This consumer has no e-mail address');

    const noPassword = await pick('status = 1 and email is not null and password_set_at is null');
    await done(noPassword, 'send-create-password');
    const target = await detail(noPassword);
    expect((await mailbox()).find((m) => m.to === target.email)?.subject).toBe('Create your password');
    await refused(await pick('status = 1 and email is not null and password_set_at is not null'), 'send-create-password', 'This consumer already has a password');
  });

  it('refuses a stale version, a missing reason and unknown keys', async () => {
    const id = await pick('status = 1');
    const c = await detail(id);
    const stale = await h.call('POST', `/api/v1/consumers/${id}/lock`, { token: admin, body: { reason: REASON, version: c.version - 1 || 99 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/was changed by .* Reload to see the latest version/);
    for (const body of [{ version: c.version }, { reason: 'no', version: c.version }, { reason: REASON, version: c.version, status: 2 }, { reason: REASON }]) {
      expect((await h.call('POST', `/api/v1/consumers/${id}/lock`, { token: admin, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await detail(id)).status).toBe(1);
  });

  it('lets only one of two concurrent locks through', async () => {
    const id = await pick('status = 1');
    const c = await detail(id);
    const body = { reason: REASON, version: c.version };
    const answers = await Promise.all([1, 2].map(() => h.call('POST', `/api/v1/consumers/${id}/lock`, { token: admin, body })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
