import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { anyTicketCategory, createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';

type One<T> = { data: T };
interface Message {
  id: number;
  chat_id: number;
  sender: number;
  template_id: number | null;
  body: string;
}

/** Reads server-sent events from a live stream until `until` says enough (or the time runs out). */
async function collect(url: string, token: string, until: (events: ChatEvent[]) => boolean, act: () => Promise<void>, ms = 5000): Promise<ChatEvent[]> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: ChatEvent[] = [];
  let buffer = '';
  let acted = false;
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)) as ChatEvent);
      }
      if (!acted && events.length) {
        acted = true;
        await act();
      }
      if (acted && until(events)) break;
    }
  } finally {
    ctrl.abort();
  }
  return events;
}

describe('live chat and the consumer API', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  async function signIn(phone: string, password = 'Rahasia@123'): Promise<string> {
    const res = await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<One<{ token: string }>>().data.token;
  }

  it('signs a consumer in by phone (08… or 628…) and refuses a wrong password, a locked consumer, and staff tokens', async () => {
    const c = await createAppConsumer(db(), 'Sari Chat', 'Rahasia@123');
    await signIn(`0${c.phone.slice(2)}`);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: c.phone, password: 'Salah@1234' } })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: '628000000001', password: 'Salah@1234' } })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: c.phone, password: 'Rahasia@123', otp: '1' } })).statusCode).toBe(400);
    const locked = await createAppConsumer(db(), 'Terkunci', 'Rahasia@123', 2);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: locked.phone, password: 'Rahasia@123' } })).statusCode).toBe(401);
    const staff = await h.tokenOf('cs.agent');
    expect((await h.call('POST', '/api/v1/app/chat', { token: staff })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/app/chat')).statusCode).toBe(401);
    const consumer = await signIn(c.phone);
    expect((await h.call('GET', '/api/v1/chats', { token: consumer })).statusCode).toBe(401);
    expect((await h.call('DELETE', '/api/v1/app/auth/sign-out', { token: consumer })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/app/chat', { token: consumer })).statusCode).toBe(401);
  });

  it('a consumer writes, the chat turns Unread, an agent reads and answers with a template, the consumer reads the answer', async () => {
    const c = await createAppConsumer(db(), 'Budi Chat', 'Rahasia@123');
    const consumer = await signIn(c.phone);
    const agent = await h.tokenOf('cs.agent');
    const unread = async () => (await h.call('GET', '/api/v1/chats/unread', { token: agent })).json<One<{ unread: number }>>().data.unread;
    const before = await unread();

    const opened = await h.call('POST', '/api/v1/app/chat', { token: consumer });
    expect(opened.statusCode, opened.body).toBe(200);
    const chatId = opened.json<One<{ id: number }>>().data.id;
    const wrote = await h.call('POST', '/api/v1/app/chat/messages', { token: consumer, body: { message: 'Halo, kupon saya tidak bisa dipakai' } });
    expect(wrote.statusCode, wrote.body).toBe(200);
    expect(await unread()).toBe(before + 1);
    const listed = (await h.call('GET', '/api/v1/chats?status=1&limit=100', { token: agent })).json<{ data: { data: { id: number }[] } }>().data.data;
    expect(listed.map((r) => r.id)).toContain(chatId);
    const ofConsumer = (await h.call('GET', `/api/v1/chats?consumer_id=${c.id}`, { token: agent })).json<{ data: { data: { id: number }[] } }>().data.data;
    expect(ofConsumer.map((r) => r.id)).toEqual([chatId]);

    const read = await h.call('POST', `/api/v1/chats/${chatId}/read`, { token: agent });
    expect(read.json<One<{ status: number }>>().data.status).toBe(2);
    expect(await unread()).toBe(before);

    const templates = (await h.call('GET', '/api/v1/message-templates?status=1', { token: agent })).json<{ data: { data: { id: number; body: string }[] } }>().data.data;
    const template = templates[0]!;
    const answer = await h.call('POST', `/api/v1/chats/${chatId}/reply`, { token: agent, body: { template_id: template.id } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<One<Message>>().data).toMatchObject({ sender: 2, template_id: template.id, body: template.body });

    const mine = (await h.call('GET', '/api/v1/app/chat/messages?after_id=0', { token: consumer })).json<One<Message[]>>().data;
    expect(mine.map((m) => [m.sender, m.body])).toEqual([
      [1, 'Halo, kupon saya tidak bisa dipakai'],
      [2, template.body],
    ]);
    const later = (await h.call('GET', `/api/v1/app/chat/messages?after_id=${mine[0]!.id}`, { token: consumer })).json<One<Message[]>>().data;
    expect(later).toHaveLength(1);

    expect((await h.call('POST', `/api/v1/chats/${chatId}/reply`, { token: agent, body: {} })).statusCode).toBe(400);
    expect((await h.call('POST', `/api/v1/chats/${chatId}/reply`, { token: agent, body: { template_id: 999999 } })).statusCode).toBe(400);
    expect((await h.call('POST', `/api/v1/chats/999999/reply`, { token: agent, body: { message: 'x' } })).statusCode).toBe(404);
    expect((await h.call('POST', `/api/v1/chats/${chatId}/reply`, { token: await h.tokenOf('viewer'), body: { message: 'x' } })).statusCode).toBe(403);
  });

  it('a consumer creates a ticket through the app; it reaches the help center as Unread', async () => {
    const c = await createAppConsumer(db(), 'Tiket App', 'Rahasia@123');
    const consumer = await signIn(c.phone);
    const res = await h.call('POST', '/api/v1/app/tickets', { token: consumer, body: { category_id: await anyTicketCategory(db()), subject: 'Poin hilang', message: 'Poin saya berkurang' } });
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json<One<{ id: number; consumer_id: number; status: number; messages: { sender: number }[] }>>().data;
    expect(t).toMatchObject({ consumer_id: c.id, status: 1 });
    expect(t.messages.map((m) => m.sender)).toEqual([1]);
    const bad = await h.call('POST', '/api/v1/app/tickets', { token: consumer, body: { category_id: 999999, subject: 'Poin hilang', message: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/app/tickets', { token: consumer, body: { category_id: 1, subject: 'Poin', message: 'x', consumer_id: 1 } })).statusCode).toBe(400);
  });

  it('streams server-sent events: the unread count at once, then the new message and the new count when a consumer writes', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const agent = await h.tokenOf('cs.agent');
    const c = await createAppConsumer(db(), 'Event Konsumen', 'Rahasia@123');
    const consumer = await signIn(c.phone);

    const events = await collect(
      `${base}/api/v1/chats/events`,
      agent,
      (ev) => ev.filter((e) => e.type === 'unread').length >= 2 && ev.some((e) => e.type === 'message'),
      async () => {
        const res = await fetch(`${base}/api/v1/app/chat/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${consumer}`, 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'Tolong cek pesanan saya' }),
        });
        expect(res.status).toBe(200);
      },
    );
    const [first, ...rest] = events;
    expect(first?.type).toBe('unread');
    const message = rest.find((e) => e.type === 'message');
    expect(message && message.type === 'message' ? message.message.body : null).toBe('Tolong cek pesanan saya');
    const counts = events.filter((e) => e.type === 'unread').map((e) => (e.type === 'unread' ? e.unread : -1));
    expect(counts[1]).toBe(counts[0]! + 1);

    const once = await h.call('GET', '/api/v1/chats/events?once=true', { token: agent });
    expect(once.statusCode).toBe(200);
    expect(once.body).toContain('event: unread');
    expect((await h.call('GET', '/api/v1/chats/events?once=true')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/chats/events?once=true', { token: await h.tokenOf('no.access') })).statusCode).toBe(403);
  });
});

describe('consumer sign-in limiter', () => {
  const h = useHarness({ AUTH_RATE_LIMIT: 3 });

  it('answers 429 once an address spent its sign-in budget, whatever the body', async () => {
    const c = await createAppConsumer(h.testDb.database.db, 'Batas Masuk', 'Rahasia@123');
    for (let i = 0; i < 3; i++) expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: c.phone, password: 'Salah@1234' } })).statusCode).toBe(401);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: c.phone, password: 'Rahasia@123' } })).statusCode).toBe(429);
    expect((await h.call('POST', '/api/v1/app/auth/sign-in', { body: {} })).statusCode).toBe(429);
  });
});
