import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportBatch, ImportRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';

describe('help-center bulk upload through the import pipeline', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('creates one Unread ticket per valid row with its first message, refuses bad rows by cell, and a reference loaded twice', async () => {
    const agent = await h.tokenOf('cs.agent');
    const consumer = await createAppConsumer(db(), 'Unggah Konsumen', 'Rahasia@123');
    const category = (await queryRows<{ name: string }>(db(), sql`select name from ticket_categories where status = 1 order by id limit 1`))[0]!.name;
    const store = (await queryRows<{ code: string; id: number }>(db(), sql`select code, id from stores order by id limit 1`))[0]!;
    const local = `0${consumer.phone.slice(2)}`;
    const upload = (rows: (string | number)[][]) => {
      const file = multipart('help-center.csv', csv([['Reference', 'Consumer Phone', 'Category', 'Store Code', 'Subject', 'Message'], ...rows]));
      return h.call('POST', '/api/v1/imports/help-center', { token: agent, body: file.payload, headers: file.headers });
    };
    const res = await upload([
      ['CC-9001', local, category.toUpperCase(), store.code, 'Stempel belum masuk', 'Konsumen menelepon.'],
      ['CC-9002', consumer.phone, category, '', 'Kupon gagal', 'Kupon tidak bisa dipakai.'],
      ['CC-9003', '081999999999', category, '', 'Tidak dikenal', 'x'],
      ['CC-9004', local, 'Kategori Fiktif', '', 'Kategori salah', 'x'],
      ['CC-9005', local, category, 'NOPE', 'Toko salah', 'x'],
      ['CC-9006', local, category, '', 'ab', 'x'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const validated = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    const rows = (await h.call('GET', `/api/v1/imports/batches/${validated.id}/rows?limit=100`, { token: agent })).json<{ data: { data: ImportRow[] } }>().data.data;
    expect(validated).toMatchObject({ status: 'VALIDATED', total_rows: 6, valid_rows: 2, invalid_rows: 4 });
    expect(rows.slice(2).map((r) => r.errors[0]?.column)).toEqual(['consumer_phone', 'category', 'store_code', 'subject']);

    const confirmed = await h.call('POST', `/api/v1/imports/batches/${validated.id}/confirm`, { token: agent, body: { version: validated.version } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await h.imports.waitFor(validated.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');

    const list = (await h.call('GET', `/api/v1/tickets?consumer_id=${consumer.id}&sort_dir=asc`, { token: agent })).json<{ data: { data: { id: number; subject: string; status: number; store_id: number | null }[] } }>().data.data;
    expect(list.map((t) => [t.subject, t.status, t.store_id])).toEqual([
      ['Stempel belum masuk', 1, store.id],
      ['Kupon gagal', 1, null],
    ]);
    const first = (await h.call('GET', `/api/v1/tickets/${list[0]!.id}`, { token: agent })).json<{ data: { messages: { body: string }[] } }>().data;
    expect(first.messages.map((m) => m.body)).toEqual(['Konsumen menelepon.']);

    const again = await upload([['cc-9001', local, category, '', 'Lagi', 'x']]);
    const second = await h.imports.waitFor(again.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    expect(second).toMatchObject({ valid_rows: 0, invalid_rows: 1 });
    expect((await h.call('POST', '/api/v1/imports/help-center', { token: await h.tokenOf('viewer') })).statusCode).toBe(403);
  });
});
