import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, DownloadRow, ImportBatch } from '@portal/contract';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { CONTENT_PUBLISH_JOB } from '../src/domains/content/content-publishing.service.ts';
import type { MailMessage, MailTransport } from '../src/platform/mail.ts';
import { APPROVER_GRANTS } from './fixtures/content.fixtures.ts';
import { createAppConsumer } from './fixtures/helpdesk.fixtures.ts';
import { openEventStream } from './event-stream.ts';
import { eventually } from './eventually.ts';
import { useHarness } from './harness.ts';
import { csv, multipart } from './import-files.ts';
import { createStaff } from './staff.ts';
import { secondConnection } from './test-db.ts';

/*
 * Two portal instances on one database, as two processes behind a load balancer would be: A is the harness's app, B a
 * second app with its own connections (its own pool, listening connection and job workers on PostgreSQL; on PGlite the
 * same in-process database), both listening on loopback ports, sharing DATA_DIR as the instances of a site share one
 * volume. Whatever one instance does, the other sees at once: live chat and its badge, a revoked session or right,
 * each job run once, each scheduled publication once, an import or export begun on one and finished on the other.
 */

/** Mail as an SMTP server takes it: each instance delivers through its own. */
class RecordingTransport implements MailTransport {
  readonly delivered: MailMessage[] = [];
  async deliver(message: MailMessage): Promise<void> {
    this.delivered.push(message);
  }
}

describe('two instances on one database', () => {
  const mailA = new RecordingTransport();
  const mailB = new RecordingTransport();
  const h = useHarness({ SMTP_URL: 'smtp://127.0.0.1:1', EXPORT_ASYNC_ROWS: 1, LIVE_HEARTBEAT_MS: 100 }, { mailTransport: mailA, regions: false });
  let b: BuiltApp;
  let bDatabase: Database;
  const base = { a: '', b: '' };
  const listen = async (built: BuiltApp) => {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    bDatabase = secondConnection(h.testDb);
    b = await buildApp({ config: h.services.config, database: bDatabase, clock: h.clock, mailTransport: mailB });
    base.b = await listen(b);
    base.a = await listen(h);
  });
  afterAll(async () => {
    await b?.app.close();
    await bDatabase?.close();
  });

  /** A request over HTTP to one instance, as the balancer would send it. */
  const on = async (instance: 'a' | 'b', method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base[instance]}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text, data: <T>() => (JSON.parse(text) as { data: T }).data };
  };
  const data = async <T>(instance: 'a' | 'b', method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const res = await on(instance, method, url, token, body);
    expect(res.status, res.body).toBeLessThan(300);
    return res.data<T>();
  };
  const signIn = async (instance: 'a' | 'b', username: string) => (await data<{ token: string }>(instance, 'POST', '/api/v1/auth/sign-in', undefined, { username, password: 'Demo@12345' })).token;

  it('sends live chat and the unread badge to an agent connected to the other instance', async () => {
    const agentOnB = await signIn('b', 'cs.agent');
    const stream = await openEventStream(`${base.b}/api/v1/chats/events`, agentOnB);
    expect(stream.status).toBe(200);
    await stream.until((t) => t.includes('event: unread'));
    const before = stream.events<ChatEvent & { type: 'unread' }>('unread').at(-1)!.unread;

    // The consumer's app is answered by A.
    const c = await createAppConsumer(h.testDb.database.db, 'Sari Dua Server', 'Rahasia@123');
    const consumer = (await data<{ token: string }>('a', 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: c.phone, password: 'Rahasia@123' })).token;
    const chat = await data<{ id: number }>('a', 'POST', '/api/v1/app/chat', consumer);
    await data('a', 'POST', '/api/v1/app/chat/messages', consumer, { message: 'Halo dari server A' });

    await stream.until(() => stream.events<ChatEvent>('message').some((e) => e.type === 'message' && e.message.body === 'Halo dari server A'));
    const message = stream.events<ChatEvent & { type: 'message' }>('message').at(-1)!;
    expect(message).toMatchObject({ chat_id: chat.id, message: { chat_id: chat.id, sender: 1, body: 'Halo dari server A' } });
    await stream.until(() => stream.events<ChatEvent & { type: 'unread' }>('unread').at(-1)!.unread === before + 1);

    // An agent on A reads it: the badge on B goes down; the answer on A reaches B's stream.
    const agentOnA = await signIn('a', 'cs.agent');
    await data('a', 'POST', `/api/v1/chats/${chat.id}/read`, agentOnA);
    await stream.until(() => stream.events<ChatEvent & { type: 'unread' }>('unread').at(-1)!.unread === before);
    await data('a', 'POST', `/api/v1/chats/${chat.id}/reply`, agentOnA, { message: 'Dijawab dari server A' });
    await stream.until(() => stream.events<ChatEvent>('message').some((e) => e.type === 'message' && e.message.body === 'Dijawab dari server A'));
    stream.close();
  });

  it('refuses on one instance, at once, a session signed out or a right taken away on the other, open streams included', async () => {
    const token = await signIn('a', 'cs.agent');
    expect((await on('b', 'GET', '/api/v1/user/profile', token)).status).toBe(200);
    const stream = await openEventStream(`${base.b}/api/v1/chats/events`, token);
    await stream.until((t) => t.includes('event: unread'));
    expect((await on('a', 'DELETE', '/api/v1/auth/sign-out', token)).status).toBe(200);
    expect((await on('b', 'GET', '/api/v1/user/profile', token)).status).toBe(401);
    await stream.ended();

    const roleId = (await queryRows<{ role_id: number }>(h.testDb.database.db, sql`select role_id from users where id = ${await createStaff(h.testDb.database.db, 'two.instances', [{ entry: 'cms.chatlive', action: 'view' }])}`))[0]!.role_id;
    const watcher = await signIn('a', 'two.instances');
    expect((await on('b', 'GET', '/api/v1/chats/unread', watcher)).status).toBe(200);
    // What the role editor does on A (its API is covered by identity/session-instances.int.test.ts): the grant goes and
    // the role's version moves.
    await h.testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from role_permissions where role_id = ${roleId}`);
      await tx.execute(sql`update roles set version = version + 1 where id = ${roleId}`);
    });
    expect((await on('b', 'GET', '/api/v1/chats/unread', watcher)).status).toBe(403);
  });

  it('runs each background job once, whichever instance queued it and whichever works it', async () => {
    mailA.delivered.length = 0;
    mailB.delivered.length = 0;
    const subjects = Array.from({ length: 24 }, (_, i) => `Two instances ${i}`);
    await Promise.all(subjects.map((subject, i) => (i % 2 ? b : h).services.mailer.send({ to: `ops${i}@example.com`, subject, text: subject, html: `<p>${subject}</p>` })));
    await eventually(async () => mailA.delivered.length + mailB.delivered.length, (n) => n >= subjects.length, 'mail');
    const delivered = [...mailA.delivered, ...mailB.delivered].map((m) => m.subject).sort();
    expect(delivered).toEqual([...subjects].sort());
    const schema = `${h.testDb.schema}_jobs`;
    const done = await queryRows<{ n: number }>(h.testDb.database.db, sql.raw(`select count(*)::int as n from ${schema}.job where name = 'mail' and state = 'completed'`));
    expect(done[0]!.n).toBe(subjects.length);
  });

  it('publishes a scheduled item once, though both instances sweep', async () => {
    await createStaff(h.testDb.database.db, 'approver.instances', APPROVER_GRANTS);
    const admin = await signIn('a', 'admin.cms');
    const approver = await signIn('b', 'approver.instances');
    const startAt = new Date(Date.now() + 1_500);
    const offer = await data<{ id: number }>('a', 'POST', '/api/v1/offers', admin, {
      title: 'Promo Dua Server',
      content_type: 0,
      display_location: 0,
      start_at: startAt.toISOString(),
      end_at: new Date(startAt.getTime() + 3_600_000).toISOString(),
    });
    await data('a', 'POST', `/api/v1/offers/${offer.id}/submit`, admin, { version: 1 });
    await data('b', 'POST', `/api/v1/offers/${offer.id}/approve`, approver, { version: 2 });
    // Both instances' clock passes the start; the queued sweep falls due in the database and one worker takes it.
    h.clock.advance(startAt.getTime() + 5_000 - h.clock.now().getTime());
    const status = async () => Number((await queryRows<{ status: number }>(h.testDb.database.db, sql`select status from content_items where id = ${offer.id}`))[0]!.status);
    await eventually(status, (x) => x === 3, 'go-live');
    // Each instance sweeps again (a catch-up, as after a restart): nothing moves twice.
    await Promise.all([h, b].map((x) => x.jobs.send(CONTENT_PUBLISH_JOB, {})));
    const schema = `${h.testDb.schema}_jobs`;
    const unfinished = async () =>
      (await queryRows<{ n: number }>(h.testDb.database.db, sql.raw(`select count(*)::int as n from ${schema}.job where name = '${CONTENT_PUBLISH_JOB}' and state < 'completed' and start_after <= now()`)))[0]!.n;
    await eventually(unfinished, (n) => n === 0, 'sweeps');
    const log = await queryRows<{ action: string }>(h.testDb.database.db, sql`select action from audit_log where entity = 'offer' and entity_id = ${String(offer.id)} order by id`);
    expect(log.map((l) => l.action)).toEqual(['create', 'submit', 'approve', 'go-live']);
    const due = await queryRows<{ state: string }>(h.testDb.database.db, sql.raw(`select state from ${schema}.job where name = '${CONTENT_PUBLISH_JOB}' and singleton_key = 'due:${startAt.toISOString()}'`));
    expect(due.map((j) => j.state)).toEqual(['completed']);
  });

  it('takes an upload on one instance and finishes the import on the other; an export asked of one is downloaded from the other', async () => {
    const agentA = await signIn('a', 'cs.agent');
    const agentB = await signIn('b', 'cs.agent');
    const consumer = await createAppConsumer(h.testDb.database.db, 'Impor Dua Server', 'Rahasia@123');
    const category = (await queryRows<{ name: string }>(h.testDb.database.db, sql`select name from ticket_categories where status = 1 order by id limit 1`))[0]!.name;
    const file = multipart(
      'help-center.csv',
      csv([
        ['Reference', 'Consumer Phone', 'Category', 'Store Code', 'Subject', 'Message'],
        ['TWO-1', consumer.phone, category, '', 'Dari server A', 'Diunggah ke A'],
        ['TWO-2', consumer.phone, category, '', 'Dikonfirmasi di B', 'Diselesaikan B'],
      ]),
    );
    const up = await fetch(`${base.a}/api/v1/imports/help-center`, { method: 'POST', headers: { ...file.headers, authorization: `Bearer ${agentA}` }, body: new Uint8Array(file.payload) });
    expect(up.status).toBe(200);
    const batchId = ((await up.json()) as { data: ImportBatch }).data.id;
    const batchOn = (instance: 'a' | 'b', token: string) => () => data<ImportBatch>(instance, 'GET', `/api/v1/imports/batches/${batchId}`, token);
    const validated = await eventually(batchOn('b', agentB), (x) => x.status === 'VALIDATED' || x.status === 'FAILED', 'validation');
    expect(validated).toMatchObject({ status: 'VALIDATED', valid_rows: 2 });
    const rows = await data<{ data: { errors: unknown[] }[] }>('b', 'GET', `/api/v1/imports/batches/${batchId}/rows?limit=10`, agentB);
    expect(rows.data.map((r) => r.errors)).toEqual([[], []]);
    await data('b', 'POST', `/api/v1/imports/batches/${batchId}/confirm`, agentB, { version: validated.version });
    expect((await eventually(batchOn('a', agentA), (x) => x.status === 'COMPLETED' || x.status === 'FAILED', 'commit')).status).toBe('COMPLETED');
    const tickets = await data<{ data: { subject: string }[] }>('a', 'GET', `/api/v1/tickets?consumer_id=${consumer.id}&sort_dir=asc`, agentA);
    expect(tickets.data.map((t) => t.subject)).toEqual(['Dari server A', 'Dikonfirmasi di B']);

    // More rows than EXPORT_ASYNC_ROWS: a Download List entry that a job of either instance fills.
    const admin = await signIn('b', 'admin.cms');
    const asked = await on('b', 'GET', '/api/v1/tickets/export?format=csv', admin);
    expect(asked.status, asked.body).toBe(202);
    const entry = asked.data<DownloadRow>();
    const listed = async () => (await data<{ data: DownloadRow[] }>('a', 'GET', '/api/v1/downloads', admin)).data.find((d) => d.id === entry.id);
    const ready = await eventually(listed, (d) => d !== undefined && d.status !== 1, 'export');
    expect(ready).toMatchObject({ status: 2, error: null });
    const downloaded = await fetch(`${base.a}/api/v1/downloads/${entry.id}/file`, { headers: { authorization: `Bearer ${admin}` } });
    expect(downloaded.status).toBe(200);
    const text = await downloaded.text();
    expect(Number(downloaded.headers.get('content-length'))).toBe(ready!.size_bytes);
    expect(text).toContain('Dikonfirmasi di B');
  });
});
