import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { anyTicketCategory, createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';

interface Ticket {
  id: number;
  status: number;
  version: number;
  assign_to_user_id: number | null;
  messages: { sender: number; body: string; user_name: string | null }[];
}
type One<T> = { data: T };
type List<T> = { data: { data: T[]; meta: { total: number } } };

describe('help center tickets', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  async function newTicket(token: string, subject = 'Stempel belum masuk'): Promise<Ticket> {
    const consumer = await createAppConsumer(db(), 'Tiket Konsumen', 'Rahasia@123');
    const res = await h.call('POST', '/api/v1/tickets', { token, body: { consumer_id: consumer.id, category_id: await anyTicketCategory(db()), subject, message: 'Mohon dibantu' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<One<Ticket>>().data;
  }

  const auditOf = async (id: number) =>
    (await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'ticket' and entity_id = ${String(id)} order by id`)).map((r) => r.action);

  it('creates, reads, answers, assigns and closes a ticket, each with its audit entry and version', async () => {
    const agent = await h.tokenOf('cs.agent');
    const t = await newTicket(agent);
    expect(t.status).toBe(1);
    expect(t.messages).toHaveLength(1);

    const read = await h.call('POST', `/api/v1/tickets/${t.id}/read`, { token: agent });
    expect(read.json<One<Ticket>>().data.status).toBe(2);
    const v2 = read.json<One<Ticket>>().data.version;

    const stale = await h.call('POST', `/api/v1/tickets/${t.id}/reply`, { token: agent, body: { message: 'Halo', version: t.version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('changed by');

    const replied = await h.call('POST', `/api/v1/tickets/${t.id}/reply`, { token: agent, body: { message: 'Sedang kami cek', version: v2 } });
    expect(replied.statusCode, replied.body).toBe(200);
    const afterReply = replied.json<One<Ticket>>().data;
    expect(afterReply.status).toBe(3);
    // An agent wrote both: the ticket was opened on the consumer's behalf.
    expect(afterReply.messages.map((m) => m.sender)).toEqual([2, 2]);
    expect(afterReply.messages[1]?.user_name).toBe('Dewi Lestari');

    const options = await h.call('GET', '/api/v1/tickets/assignee-options?search=cs.agent', { token: agent });
    const agentUser = options.json<One<{ id: number; username: string }[]>>().data.find((u) => u.username === 'cs.agent');
    expect(agentUser).toBeDefined();
    const assigned = await h.call('POST', `/api/v1/tickets/${t.id}/assign`, { token: agent, body: { assign_to_user_id: agentUser!.id, version: afterReply.version } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const a = assigned.json<One<Ticket>>().data;
    expect(a.assign_to_user_id).toBe(agentUser!.id);

    const closed = await h.call('POST', `/api/v1/tickets/${t.id}/close`, { token: agent, body: { version: a.version } });
    expect(closed.json<One<Ticket>>().data.status).toBe(4);
    expect(await auditOf(t.id)).toEqual(['create', 'read', 'reply', 'assign', 'close']);
  });

  it('refuses actions a Solved ticket forbids with 409, and an assignee who cannot handle tickets with 400', async () => {
    const agent = await h.tokenOf('cs.agent');
    const t = await newTicket(agent);
    const viewerId = (await h.call('GET', '/api/v1/user/list?search=viewer', { token: await h.tokenOf('superadmin') })).json<List<{ id: number; username: string }>>().data.data.find((u) => u.username === 'viewer')!.id;
    const badAssignee = await h.call('POST', `/api/v1/tickets/${t.id}/assign`, { token: agent, body: { assign_to_user_id: viewerId, version: t.version } });
    expect(badAssignee.statusCode).toBe(400);
    expect(badAssignee.json<{ details: { path: string }[] }>().details[0]?.path).toBe('assign_to_user_id');

    const closed = (await h.call('POST', `/api/v1/tickets/${t.id}/close`, { token: agent, body: { version: t.version } })).json<One<Ticket>>().data;
    for (const [action, body] of [
      ['close', { version: closed.version }],
      ['reply', { message: 'Lagi', version: closed.version }],
      ['assign', { assign_to_user_id: 1, version: closed.version }],
    ] as const) {
      const res = await h.call('POST', `/api/v1/tickets/${t.id}/${action}`, { token: agent, body });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      expect(res.json<{ message: string }>().message).toContain('Solved');
    }
    expect((await h.call('POST', `/api/v1/tickets/999999/close`, { token: agent, body: { version: 1 } })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v1/tickets/${t.id}/close`, { token: agent, body: { version: 1, extra: true } })).statusCode).toBe(400);
  });

  it('closes in bulk all or none, naming the ticket that cannot be closed', async () => {
    const agent = await h.tokenOf('cs.agent');
    const a = await newTicket(agent, 'Bulk satu');
    const b = await newTicket(agent, 'Bulk dua');
    const refused = await h.call('POST', '/api/v1/tickets/bulk/close', { token: agent, body: { items: [{ id: a.id, version: a.version }, { id: b.id, version: b.version + 5 }] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain(`Item 2 (ticket ${b.id})`);
    expect((await h.call('GET', `/api/v1/tickets/${a.id}`, { token: agent })).json<One<Ticket>>().data.status).toBe(1);

    const ok = await h.call('POST', '/api/v1/tickets/bulk/close', { token: agent, body: { items: [{ id: a.id, version: a.version }, { id: b.id, version: b.version }] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<One<Ticket[]>>().data.map((t) => t.status)).toEqual([4, 4]);
    expect((await h.call('POST', '/api/v1/tickets/bulk/close', { token: agent, body: { items: [] } })).statusCode).toBe(400);
  });

  it('lists with the section 3 filters: search, created range (Jakarta days), status, category, assignee, store', async () => {
    const agent = await h.tokenOf('cs.agent');
    const t = await newTicket(agent, 'Kupon unik zebra');
    const list = (q: string) => h.call('GET', `/api/v1/tickets?${q}`, { token: agent }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<List<{ id: number; status: number }>>().data;
    });
    expect((await list('search=zebra')).data.map((r) => r.id)).toEqual([t.id]);
    expect((await list(`search=${t.id}`)).data.map((r) => r.id)).toContain(t.id);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`created_at_from=${today}&created_at_to=${today}&search=zebra`)).data).toHaveLength(1);
    expect((await list(`created_at_to=2000-01-01&search=zebra`)).data).toHaveLength(0);
    expect((await list('status=4&limit=100')).data.every((r) => r.status === 4)).toBe(true);
    expect((await list(`category_id=${await anyTicketCategory(db())}&search=zebra`)).data).toHaveLength(1);
    expect((await list('assign_to_user_id=999999')).data).toHaveLength(0);
    expect((await list('store_id=999999')).data).toHaveLength(0);
    expect((await h.call('GET', '/api/v1/tickets?status=9', { token: agent })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/tickets?created_at_from=2025-02-30', { token: agent })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/tickets?bogus=1', { token: agent })).statusCode).toBe(400);
  });

  it('shares a ticket and its conversation by e-mail, audited', async () => {
    const agent = await h.tokenOf('cs.agent');
    const t = await newTicket(agent, 'Barang rusak dibagikan');
    const res = await h.call('POST', `/api/v1/tickets/${t.id}/share`, { token: agent, body: { email: 'toko.s0001@demo.local', note: 'Mohon dicek stoknya.' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await h.services.mailer.outbox(20))!.find((m) => m.to === 'toko.s0001@demo.local');
    expect(mail?.subject).toBe(`Ticket #${t.id}: Barang rusak dibagikan`);
    expect(mail?.text).toContain('Mohon dicek stoknya.');
    expect(mail?.text).toContain('Mohon dibantu');
    expect(await auditOf(t.id)).toEqual(['create', 'share']);
    expect((await h.call('POST', `/api/v1/tickets/${t.id}/share`, { token: agent, body: { email: 'not-an-email' } })).statusCode).toBe(400);
    expect((await h.call('POST', `/api/v1/tickets/999999/share`, { token: agent, body: { email: 'a@b.co' } })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v1/tickets/${t.id}/share`, { token: await h.tokenOf('viewer'), body: { email: 'a@b.co' } })).statusCode).toBe(403);
  });

  it('lets a viewer read but not act, and refuses roles without Help Center', async () => {
    const agent = await h.tokenOf('cs.agent');
    const t = await newTicket(agent);
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('GET', `/api/v1/tickets/${t.id}`, { token: viewer })).statusCode).toBe(200);
    expect((await h.call('POST', `/api/v1/tickets/${t.id}/close`, { token: viewer, body: { version: t.version } })).statusCode).toBe(403);
    await createStaff(db(), 'faq.only', [{ entry: 'cms.faq', action: 'view' }]);
    const faqOnly = await h.tokenOf('faq.only');
    expect((await h.call('GET', '/api/v1/tickets', { token: faqOnly })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/tickets')).statusCode).toBe(401);
  });
});

describe('FAQ, message templates and ratings', () => {
  const h = useHarness();

  it('creates, edits, orders and deletes FAQs', async () => {
    const agent = await h.tokenOf('cs.agent');
    const created = await h.call('POST', '/api/v1/faqs', { token: agent, body: { question: 'Apakah ada parkir gratis?', answer: 'Ada, di semua toko.' } });
    expect(created.statusCode, created.body).toBe(200);
    const faq = created.json<One<{ id: number; position: number; version: number }>>().data;
    const all = (await h.call('GET', '/api/v1/faqs?is_all=true', { token: agent })).json<List<{ id: number; position: number }>>().data.data;
    expect(all[all.length - 1]?.id).toBe(faq.id);

    const edited = await h.call('PUT', `/api/v1/faqs/${faq.id}`, { token: agent, body: { question: 'Apakah parkir gratis?', answer: 'Ya.', status: 1, version: faq.version } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await h.call('PUT', `/api/v1/faqs/${faq.id}`, { token: agent, body: { question: 'X?', answer: 'Y', status: 1, version: faq.version } })).statusCode).toBe(409);

    const reversed = all.map((f) => f.id).reverse();
    const saved = await h.call('PUT', '/api/v1/faqs/positions', { token: agent, body: { ids: reversed } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await h.call('GET', '/api/v1/faqs?is_all=true', { token: agent })).json<List<{ id: number }>>().data.data;
    expect(after.map((f) => f.id)).toEqual(reversed);
    expect((await h.call('PUT', '/api/v1/faqs/positions', { token: agent, body: { ids: reversed.slice(1) } })).statusCode).toBe(409);

    const current = (await h.call('GET', `/api/v1/faqs/${faq.id}`, { token: agent })).json<One<{ version: number }>>().data;
    expect((await h.call('DELETE', `/api/v1/faqs/${faq.id}?version=${current.version}`, { token: agent })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/faqs', { token: await h.tokenOf('viewer'), body: { question: 'A?', answer: 'B' } })).statusCode).toBe(403);
  });

  it('edits message templates (no create or delete: the entry offers view and edit)', async () => {
    const agent = await h.tokenOf('cs.agent');
    const list = (await h.call('GET', '/api/v1/message-templates', { token: agent })).json<List<{ id: number; version: number; title: string }>>().data;
    expect(list.meta.total).toBeGreaterThan(0);
    const t = list.data[0]!;
    const res = await h.call('PUT', `/api/v1/message-templates/${t.id}`, { token: agent, body: { title: t.title, body: 'Halo Kak!', status: 1, version: t.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await h.call('POST', '/api/v1/message-templates', { token: agent, body: { title: 'x', body: 'y', status: 1 } })).statusCode).toBe(404);
  });

  it('lists ratings with a score filter and shows one', async () => {
    const agent = await h.tokenOf('cs.agent');
    const res = await h.call('GET', '/api/v1/ratings?score=5', { token: agent });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<List<{ id: number; score: number }>>().data.data;
    expect(rows.every((r) => r.score === 5)).toBe(true);
    const any = (await h.call('GET', '/api/v1/ratings', { token: agent })).json<List<{ id: number }>>().data.data[0];
    if (any) expect((await h.call('GET', `/api/v1/ratings/${any.id}`, { token: agent })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/ratings?score=6', { token: agent })).statusCode).toBe(400);
  });
});
