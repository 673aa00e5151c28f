import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatch, Overview } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { createStaff } from '../../../test/staff.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';

type One<T> = { data: T };

/** Export jobs wait for this gate, so an export stays "being written" while the test looks at the overview. */
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));

describe('GET /api/v1/overview', () => {
  // Every export of more than one row is kept in the Download List and written by a job.
  const h = useHarness(
    { EXPORT_ASYNC_ROWS: 1 },
    {
      scale: 0.05,
      beforeReady: (built) => {
        const exports = built.exports as unknown as { runJob: (...args: unknown[]) => Promise<void> };
        const run = exports.runJob.bind(built.exports);
        exports.runJob = async (...args) => {
          await gate;
          return run(...args);
        };
      },
    },
  );
  const db = () => h.testDb.database.db;
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    agent = await h.tokenOf('cs.agent');
  });

  const overviewOf = async (token: string): Promise<Overview> => {
    const res = await h.call('GET', '/api/v1/overview', { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<One<Overview>>().data;
  };
  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(200);
    return res.json<One<T>>().data;
  };

  it('answers 401 without a session and 400 for an unknown query', async () => {
    expect((await h.call('GET', '/api/v1/overview')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/overview?x=1', { token: agent })).statusCode).toBe(400);
  });

  it('counts the tickets, chats and queued content the API makes, and follows them as they are worked on', async () => {
    const before = await overviewOf(admin);
    expect(before.tickets!.open.capped).toBe(false);

    // A ticket opened for a consumer: open and unread; read: still open; closed: neither.
    const consumer = await createAppConsumer(db(), 'Overview Konsumen', 'Rahasia@123');
    const [category] = await queryRows<{ id: number }>(db(), sql`select id from ticket_categories order by id limit 1`);
    const ticket = await ok<{ id: number; version: number }>('POST', '/api/v1/tickets', agent, { consumer_id: consumer.id, category_id: category!.id, subject: 'Kupon tidak muncul', message: 'Mohon dicek' });
    let now = await overviewOf(admin);
    expect(now.tickets).toEqual({ open: { value: before.tickets!.open.value + 1, capped: false }, unread: { value: before.tickets!.unread.value + 1, capped: false } });
    const read = await ok<{ version: number }>('POST', `/api/v1/tickets/${ticket.id}/read`, agent);
    now = await overviewOf(admin);
    expect([now.tickets!.open.value, now.tickets!.unread.value]).toEqual([before.tickets!.open.value + 1, before.tickets!.unread.value]);
    await ok('POST', `/api/v1/tickets/${ticket.id}/close`, agent, { version: read.version });
    expect((await overviewOf(admin)).tickets!.open.value).toBe(before.tickets!.open.value);

    // The consumer writes in the app: one more unread chat until an agent reads it.
    const signedIn = await ok<{ token: string }>('POST', '/api/v1/app/auth/sign-in', agent, { phone: consumer.phone, password: 'Rahasia@123' });
    await ok('POST', '/api/v1/app/chat/messages', signedIn.token, { message: 'Halo, poin saya belum masuk' });
    now = await overviewOf(admin);
    expect(now.chats!.unread.value).toBe(before.chats!.unread.value + 1);
    const [chat] = await queryRows<{ id: number }>(db(), sql`select id from chats where consumer_id = ${consumer.id}`);
    await ok('POST', `/api/v1/chats/${chat!.id}/read`, agent);
    expect((await overviewOf(admin)).chats!.unread.value).toBe(before.chats!.unread.value);

    // An offer submitted for approval waits in the queue.
    const at = (days: number) => new Date(h.clock.now().getTime() + days * 86_400_000).toISOString();
    const offer = await ok<{ id: number; version: number }>('POST', '/api/v1/offers', admin, { title: 'Overview Promo Kopi', content_type: 0, display_location: 0, start_at: at(1), end_at: at(8) });
    const submitted = await ok<{ submitted_at: string }>('POST', `/api/v1/offers/${offer.id}/submit`, admin, { version: offer.version });
    now = await overviewOf(admin);
    expect(now.approvals!.pending.value).toBe(before.approvals!.pending.value + 1);
    expect(Date.parse(now.approvals!.oldest_submitted_at!)).toBeLessThanOrEqual(Date.parse(submitted.submitted_at));
  });

  it('counts the user’s unfinished imports and running exports', async () => {
    const before = await overviewOf(agent);
    expect(before.imports).toBeDefined();

    // An upload is validated by a job, then waits for the uploader's confirm; confirmed and committed, it is done.
    const consumer = await createAppConsumer(db(), 'Overview Unggah', 'Rahasia@123');
    const [category] = await queryRows<{ name: string }>(db(), sql`select name from ticket_categories where status = 1 order by id limit 1`);
    const file = multipart('overview.csv', csv([['Reference', 'Consumer Phone', 'Category', 'Store Code', 'Subject', 'Message'], ['OV-0001', consumer.phone, category!.name, '', 'Stempel hilang', 'Konsumen menelepon.']]));
    const uploaded = await h.call('POST', '/api/v1/imports/help-center', { token: agent, body: file.payload, headers: file.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const batch = uploaded.json<One<ImportBatch>>().data;
    let now = await overviewOf(agent);
    expect(now.imports!.running.value + now.imports!.to_confirm.value).toBe(before.imports!.running.value + before.imports!.to_confirm.value + 1);
    expect(now.imports!.recent[0]).toMatchObject({ id: batch.id, key: 'help-center', file_name: 'overview.csv' });
    const validated = await h.imports.waitFor(batch.id, ['VALIDATED', 'FAILED']);
    expect(validated.status).toBe('VALIDATED');
    now = await overviewOf(agent);
    expect(now.imports!.to_confirm.value).toBe(before.imports!.to_confirm.value + 1);
    expect(now.imports!.recent[0]).toMatchObject({ id: batch.id, status: 'VALIDATED' });
    // Another user's preview is not theirs to confirm.
    expect((await overviewOf(admin)).imports?.recent.some((b) => b.id === batch.id) ?? false).toBe(false);
    await ok('POST', `/api/v1/imports/batches/${batch.id}/confirm`, agent, { version: validated.version });
    expect((await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    now = await overviewOf(agent);
    expect([now.imports!.running.value, now.imports!.to_confirm.value]).toEqual([before.imports!.running.value, before.imports!.to_confirm.value]);

    // An export kept in the Download List runs until its job has written the file; each user sees their own.
    const exportsBefore = (await overviewOf(admin)).exports!.running.value;
    const settled = new Promise<void>((resolve) => h.exports.onSettled(() => resolve()));
    const asked = await h.call('GET', '/api/v1/tickets/export?format=csv', { token: admin });
    expect(asked.statusCode, asked.body).toBe(202);
    const download = asked.json<One<{ id: number; file_name: string }>>().data;
    now = await overviewOf(admin);
    expect(now.exports!.running.value).toBe(exportsBefore + 1);
    expect(now.exports!.recent[0]).toMatchObject({ id: download.id, file_name: download.file_name });
    expect((await overviewOf(await h.tokenOf('superadmin'))).exports!.recent.some((d) => d.id === download.id)).toBe(false);
    openGate();
    await settled;
    expect((await overviewOf(admin)).exports!.running.value).toBe(exportsBefore);
  });

  it('computes only the tiles the role may view', async () => {
    // The Super Admin sees every tile.
    const root = await overviewOf(await h.tokenOf('superadmin'));
    expect(Object.keys(root).sort()).toEqual(['approvals', 'chats', 'exports', 'generated_at', 'imports', 'sign_ins', 'tickets']);

    // Customer Service: help desk, chat and the help-center upload; no approval queue, no log history, no Download List.
    const cs = await overviewOf(agent);
    expect(Object.keys(cs).sort()).toEqual(['chats', 'generated_at', 'imports', 'tickets']);

    // A role with no help-desk rights gets no ticket tile (nor chat tile).
    await createStaff(db(), 'overview.auditor', [
      { entry: 'cms.log-history', action: 'view' },
      { entry: 'cms.approval-messages', action: 'view' },
    ]);
    const auditor = await overviewOf(await h.tokenOf('overview.auditor'));
    expect(Object.keys(auditor).sort()).toEqual(['approvals', 'generated_at', 'sign_ins']);
    expect(auditor.tickets).toBeUndefined();

    // Viewing the help center is enough for its tile; a role with nothing else has nothing else.
    await createStaff(db(), 'overview.helpdesk', [{ entry: 'cms.help-center', action: 'view' }]);
    const helpdesk = await overviewOf(await h.tokenOf('overview.helpdesk'));
    expect(Object.keys(helpdesk).sort()).toEqual(['generated_at', 'tickets']);
    expect(helpdesk.tickets).toEqual(root.tickets);
  });

  it('counts the staff sign-ins of the last day, the newest first', async () => {
    const before = (await overviewOf(admin)).sign_ins!.last_day.value;
    await h.tokenOf('viewer');
    const after = await overviewOf(admin);
    expect(after.sign_ins!.last_day.value).toBe(before + 1);
    expect(after.sign_ins!.recent[0]!.actor_name).toBe('Agus Pratama');
    // A day later only the sign-in made then is of the last day (the earlier sessions have gone idle meanwhile).
    h.clock.advance(25 * 3_600_000);
    const later = await overviewOf(await h.tokenOf('admin.cms'));
    expect(later.sign_ins).toMatchObject({ last_day: { value: 1, capped: false }, recent: [{ actor_name: 'Budi Santoso' }] });
  });
});
