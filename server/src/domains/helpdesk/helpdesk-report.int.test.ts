import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { anyTicketCategory, createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';

type List<T> = { data: { data: T[]; meta: { total: number } } };
interface ReportRow {
  id: number;
  store_name: string | null;
  total: number;
  unread: number;
  read: number;
  unsolved: number;
  solved: number;
  avg_solve_hours: number | null;
}

describe('helpdesk report by store and help-desk exports', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('counts tickets per store by status, within the filters, and refuses roles without the report', async () => {
    let root = await h.tokenOf('superadmin');
    let agent = await h.tokenOf('cs.agent');
    const store = (await queryRows<{ id: number; name: string }>(db(), sql`select id, name from stores order by id desc limit 1`))[0]!;
    const consumer = await createAppConsumer(db(), 'Laporan Konsumen', 'Rahasia@123');
    const category = await anyTicketCategory(db());
    const before = (await h.call('GET', `/api/v1/report-helpdesk?store_id=${store.id}`, { token: root })).json<List<ReportRow>>().data.data[0];
    const ids: { id: number; version: number }[] = [];
    for (const subject of ['Laporan satu', 'Laporan dua', 'Laporan tiga']) {
      const res = await h.call('POST', '/api/v1/tickets', { token: agent, body: { consumer_id: consumer.id, category_id: category, store_id: store.id, subject, message: 'x' } });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ data: { id: number; version: number } }>().data);
    }
    // Solved two hours later (both sessions went idle meanwhile: sign in again).
    h.clock.advance(2 * 3_600_000);
    agent = await h.tokenOf('cs.agent');
    root = await h.tokenOf('superadmin');
    expect((await h.call('POST', `/api/v1/tickets/${ids[0]!.id}/close`, { token: agent, body: { version: ids[0]!.version } })).statusCode).toBe(200);

    const res = await h.call('GET', `/api/v1/report-helpdesk?store_id=${store.id}`, { token: root });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<List<ReportRow>>().data.data[0]!;
    expect(row).toMatchObject({ id: store.id, store_name: store.name, total: (before?.total ?? 0) + 3, unread: (before?.unread ?? 0) + 2, solved: (before?.solved ?? 0) + 1 });
    expect(row.avg_solve_hours).not.toBeNull();

    const all = (await h.call('GET', '/api/v1/report-helpdesk?sort_by=total&limit=100', { token: root })).json<List<ReportRow>>().data;
    expect(all.meta.total).toBe(all.data.length);
    expect(all.data.map((r) => r.total)).toEqual(all.data.map((r) => r.total).sort((a, b) => b - a));
    expect((await h.call('GET', '/api/v1/report-helpdesk?created_at_to=2000-01-01', { token: root })).json<List<ReportRow>>().data.data).toEqual([]);
    expect((await h.call('GET', '/api/v1/report-helpdesk?sort_by=nope', { token: root })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/report-helpdesk', { token: agent })).statusCode).toBe(403);

    const summary = await h.call('GET', `/api/v1/report-helpdesk/summary?store_id=${store.id}`, { token: root });
    expect(summary.statusCode, summary.body).toBe(200);
    const sum = summary.json<{ data: { total: number; by_status: { status: number; count: number }[]; by_category: { total: number }[] } }>().data;
    expect(sum.total).toBe(row.total);
    expect(sum.by_status.map((x) => x.status)).toEqual([1, 2, 3, 4]);
    expect(sum.by_status.find((x) => x.status === 4)?.count).toBe(row.solved);
    expect(sum.by_category.reduce((n, c) => n + c.total, 0)).toBe(row.total);
    expect((await h.call('GET', '/api/v1/report-helpdesk/summary?page=1', { token: root })).statusCode).toBe(400);

    const file = await h.call('GET', `/api/v1/report-helpdesk/export?format=csv&store_id=${store.id}`, { token: root });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-disposition']).toContain('Export Report Helpdesk.csv');
    expect(file.body).toContain(store.name);
  });

  it('exports the help-center list with its filters, and ratings', async () => {
    const agent = await h.tokenOf('cs.agent');
    const consumer = await createAppConsumer(db(), 'Ekspor Konsumen', 'Rahasia@123');
    const created = await h.call('POST', '/api/v1/tickets', { token: agent, body: { consumer_id: consumer.id, category_id: await anyTicketCategory(db()), subject: 'Ekspor unik kenari', message: 'x' } });
    expect(created.statusCode).toBe(200);
    const file = await h.call('GET', '/api/v1/tickets/export?format=csv&search=kenari', { token: agent });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/export_help_center_\d{8}_\d{6}\.csv/);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Ticket No.');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Unread');
    expect((await h.call('GET', '/api/v1/ratings/export?format=xlsx', { token: agent })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/tickets/export?format=csv', { token: await h.tokenOf('viewer') })).statusCode).toBe(403);
  });
});
