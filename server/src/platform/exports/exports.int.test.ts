import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportEndpoint, formatDate, formatDateTime, listQuery, type DownloadRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { defineExport, ExportAborted, openTableWriter, readBatches, registerExportRoute, toCells, type Cell } from './index.ts';

const THRESHOLD = 8;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-exports-'));

/** A test-only export over a table of its own, with numbers, money, dates and text a spreadsheet would run. */
const probeQuery = listQuery(['id'] as const, { kind: z.string().max(20).optional() });
const probeExport = defineExport({
  name: 'export_probe',
  sheetName: 'Probe Sheet',
  entries: ['cms.log-history'],
  listQuery: probeQuery,
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'name', label: 'Name' },
    { key: 'amount', label: 'Amount', format: 'money' },
    { key: 'delta', label: 'Delta', format: 'number' },
    { key: 'at', label: 'At', format: 'datetime' },
    { key: 'name', label: 'Checked', format: Object.assign((v: string | null) => (v === null ? null : v.length), { sqlCell: (t: SQL) => sql`length(${t})::text` }) },
  ],
  // A kept export that fails when its rows are about to be read, with a message for the Download List.
  prepare: async (_db, q, viewer) => {
    if (q.kind === 'boom') throw new AppError(422, 'unprocessable', 'The probe refused this row');
    return viewer;
  },
  source: (q) => ({
    select: sql`select p.id, p.name, p.amount, p.delta, p.at`,
    from: sql`from export_probe p`,
    where: [q.kind ? sql`p.kind = ${q.kind}` : undefined],
    keys: ['p.id'],
    dir: q.sort_dir,
  }),
});

/** A test-only list endpoint's export, over the probe table. */
const probeEndpoint = exportEndpoint({ id: 'export-probe.list', path: 'export-probe', tag: 'tests', query: probeQuery }, ['cms.log-history'], 'the probe');

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn', 'plain, with "quotes"'];

const BOM = '\uFEFF';

describe('exports', () => {
  const h = useHarness(
    { EXPORT_ASYNC_ROWS: THRESHOLD, DATA_DIR: dataDir },
    { regions: false, beforeReady: (b) => registerExportRoute(b.app, b.exports, b.services.clock, probeExport, probeEndpoint) },
  );
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  let admin: string;
  const settled = new Map<number, number>();
  const waiting = new Map<number, (status: number) => void>();
  /** Resolves when the job of a kept export has finished (ready or failed); no sleeping. */
  const settledStatus = (id: number) =>
    settled.has(id) ? Promise.resolve(settled.get(id)!) : new Promise<number>((resolve) => waiting.set(id, resolve));

  const probeRows = async () => {
    const db = h.testDb.database.db;
    await db.execute(sql`create table export_probe (id serial primary key, kind text not null, name text, amount bigint, delta integer, at timestamptz)`);
    // 7 small rows: each name is text a spreadsheet would otherwise run; one negative number stored as a number.
    for (const [i, name] of FORMULAS.entries()) {
      await db.execute(sql`insert into export_probe (kind, name, amount, delta, at) values ('small', ${name}, ${1_500_000 + i}, ${i === 0 ? -5 : i}, ${'2026-01-02T03:04:05Z'}::timestamptz)`);
    }
    await db.execute(sql`insert into export_probe (kind, name, amount, delta, at) select 'big', 'row ' || g, g * 1000, -g, now() from generate_series(1, 12) g`);
    await db.execute(sql`insert into export_probe (kind, name, amount, delta, at) select 'boom', case when g = 11 then 'boom' else 'ok' end, g, g, now() from generate_series(1, 12) g`);
  };

  it('streams a small export straight back as CSV with a BOM, the header and the spec file name', async () => {
    admin = await h.tokenOf('admin.cms');
    h.exports.onSettled(({ id, status }) => {
      settled.set(id, status);
      waiting.get(id)?.(status);
    });
    await probeRows();
    const res = await h.call('GET', '/api/v1/export-probe/export?format=csv&kind=small&sort_dir=asc', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="export_probe_\d{8}_\d{6}\.csv"/);
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows = parse(res.body.slice(1), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(['ID', 'Name', 'Amount', 'Delta', 'At', 'Checked']);
    expect(rows.length).toBe(1 + FORMULAS.length);
    expect(res.body.includes('\r\n')).toBe(true);
    // Every formula-looking text got a leading quote; plain text did not.
    expect(rows.slice(1).map((r) => r[1])).toEqual([...FORMULAS.slice(0, 6).map((f) => `'${f}`), FORMULAS[6]]);
    // Money is whole Rupiah, the negative number is a plain number, dates are DD/MMM/YYYY HH:mm:ss in Asia/Jakarta.
    expect(rows[1]!.slice(2, 5)).toEqual(['1500000', '-5', '02/Jan/2026 10:04:05']);
  });

  it('writes TXT tab-separated without a BOM, line breaks and tabs inside values flattened', async () => {
    const res = await h.call('GET', '/api/v1/export-probe/export?format=txt&kind=small&sort_dir=asc', { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="export_probe_\d{8}_\d{6}\.txt"/);
    expect(res.body.startsWith(BOM)).toBe(false);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('ID\tName\tAmount\tDelta\tAt\tChecked');
    expect(lines.length).toBe(1 + FORMULAS.length + 1); // a final line end
    expect(lines.slice(1, -1).every((l) => l.split('\t').length === 6)).toBe(true);
    expect(lines[5]!.split('\t')[1]).toBe("' Tabbed");
    expect(lines[1]!.split('\t')[3]).toBe('-5');
  });

  it('writes XLSX that exceljs opens: the sheet name, a bold header, numbers as numbers and formulas as text', async () => {
    const res = await h.call('GET', '/api/v1/export-probe/export?format=xlsx&kind=small&sort_dir=asc', { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="export_probe_\d{8}_\d{6}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Probe Sheet');
    expect(sheet).toBeDefined();
    expect(sheet!.rowCount).toBe(1 + FORMULAS.length);
    expect(sheet!.getRow(1).getCell(1).value).toBe('ID');
    expect(sheet!.getRow(1).font?.bold ?? sheet!.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet!.getRow(2);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(2).value).toBe(`'${FORMULAS[0]}`);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(3).value).toBe(1_500_000);
    expect(first.getCell(4).value).toBe(-5);
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(5).value).toBe('02/Jan/2026 10:04:05');
  });

  it('exports log history with the list filters, newest first, under the spec name export_log', async () => {
    const db = h.testDb.database.db;
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (let i = 0; i < 5; i++) {
      await db.execute(
        sql`insert into audit_log (actor_name, action, entity, entity_id, ip, at) values (${`Probe ${i}`}, ${i % 2 ? 'update' : 'create'}, 'probe-entity', ${String(i)}, '10.0.0.1', ${new Date(base + i * 60_000)})`,
      );
    }
    const res = await h.call('GET', '/api/v1/log-history/export?entity=probe-entity&action=create&limit=1&page=3', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="export_log_\d{8}_\d{6}\.csv"/);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]).toEqual(['ID', 'Time (WIB)', 'User', 'Action', 'Entity', 'Record ID', 'IP Address']);
    // page and limit are ignored: every match, newest first, and only the matches.
    expect(rows.slice(1).map((r) => `${r[2]} ${r[3]} ${r[4]}`)).toEqual(['Probe 4 create probe-entity', 'Probe 2 create probe-entity', 'Probe 0 create probe-entity']);
    expect(rows[1]![1]).toBe('01/Mar/2026 07:04:00');
    const asc = parse((await h.call('GET', '/api/v1/log-history/export?entity=probe-entity&sort_dir=asc', { token: admin })).body.slice(1)) as string[][];
    expect(asc.slice(1).map((r) => r[5])).toEqual(['0', '1', '2', '3', '4']);
    // The export itself is in the log.
    const log = (await h.call('GET', '/api/v1/log-history?action=export&entity=download&limit=100', { token: admin })).json().data;
    expect(log.data.length).toBeGreaterThan(0);
  });

  it('refuses without the export right (403), without a session (401), and bad input (400)', async () => {
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('GET', '/api/v1/log-history/export', { token: viewer })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/log-history/export')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/log-history/export?format=pdf', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/log-history/export?unknown=1', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/log-history/export?date_from=yesterday', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/downloads')).statusCode).toBe(401);
  });

  it('turns an export above the threshold into a Download List entry a job fills; only its owner downloads it', async () => {
    const res = await h.call('GET', '/api/v1/export-probe/export?format=csv&kind=big', { token: admin });
    expect(res.statusCode, res.body).toBe(202);
    const entry = res.json<{ message: string; data: DownloadRow }>();
    expect(entry.message).toBe('Export in progress, see Download List');
    expect(entry.data).toMatchObject({ export_name: 'export_probe', format: 'csv', status: 1, row_count: null });
    expect(entry.data.file_name).toMatch(/^export_probe_\d{8}_\d{6}\.csv$/);

    expect(await settledStatus(entry.data.id)).toBe(2);
    const list = (await h.call('GET', '/api/v1/downloads', { token: admin })).json<{ data: { data: DownloadRow[]; meta: { total: number } } }>().data;
    const ready = list.data.find((d) => d.id === entry.data.id);
    expect(ready).toMatchObject({ status: 2, row_count: 12, error: null });
    expect(ready!.size_bytes).toBeGreaterThan(0);
    expect(ready!.finished_at).not.toBeNull();

    const file = await h.call('GET', `/api/v1/downloads/${entry.data.id}/file`, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`filename="${entry.data.file_name}"`);
    expect(Number(file.headers['content-length'])).toBe(ready!.size_bytes);
    expect(file.body.startsWith(BOM)).toBe(true);
    const rows = parse(file.body.slice(1)) as string[][];
    expect(rows.length).toBe(13);
    // Newest first (sort_dir defaults to desc), negative numbers as numbers.
    expect(rows[1]!.slice(0, 4)).toEqual([rows[1]![0], 'row 12', '12000', '-12']);

    const root = await h.tokenOf('superadmin');
    expect((await h.call('GET', `/api/v1/downloads/${entry.data.id}/file`, { token: root })).statusCode).toBe(404);
    const theirs = (await h.call('GET', '/api/v1/downloads', { token: root })).json<{ data: { data: DownloadRow[] } }>().data.data;
    expect(theirs.some((d) => d.id === entry.data.id)).toBe(false);
    expect((await h.call('GET', `/api/v1/downloads/${entry.data.id}/file`)).statusCode).toBe(401);
  });

  it('names a second kept export of the same second "duplicate 1", and writes XLSX through the job too', async () => {
    // The test clock stands still, so both exports carry the same time stamp.
    const a = (await h.call('GET', '/api/v1/export-probe/export?format=xlsx&kind=big', { token: admin })).json<{ data: DownloadRow }>().data;
    const b = (await h.call('GET', '/api/v1/export-probe/export?format=xlsx&kind=big', { token: admin })).json<{ data: DownloadRow }>().data;
    expect(b.file_name).toBe(a.file_name.replace('.xlsx', ' duplicate 1.xlsx'));
    expect(await settledStatus(a.id)).toBe(2);
    expect(await settledStatus(b.id)).toBe(2);
    const file = await h.call('GET', `/api/v1/downloads/${b.id}/file`, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''export_probe_");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Probe Sheet')!.rowCount).toBe(13);
  });

  it('shows a failed job as failed with its message, and has no file to give', async () => {
    const res = await h.call('GET', '/api/v1/export-probe/export?kind=boom', { token: admin });
    expect(res.statusCode).toBe(202);
    const id = res.json<{ data: DownloadRow }>().data.id;
    expect(await settledStatus(id)).toBe(3);
    const failed = (await h.call('GET', '/api/v1/downloads?status=3', { token: admin })).json<{ data: { data: DownloadRow[] } }>().data.data;
    expect(failed.map((d) => [d.id, d.status, d.error])).toEqual([[id, 3, 'The probe refused this row']]);
    const file = await h.call('GET', `/api/v1/downloads/${id}/file`, { token: admin });
    expect(file.statusCode).toBe(409);
    expect(fs.readdirSync(path.join(dataDir, 'exports')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('lists downloads newest first with paging, sorting and a status filter, each user their own', async () => {
    const page = (await h.call('GET', '/api/v1/downloads?limit=2', { token: admin })).json<{ data: { data: DownloadRow[]; meta: { total: number; limit: number } } }>().data;
    expect(page.meta).toMatchObject({ total: 4, limit: 2 });
    expect(page.data.map((d) => d.id)).toEqual(page.data.map((d) => d.id).sort((x, y) => y - x));
    const byName = (await h.call('GET', '/api/v1/downloads?sort_by=file_name&sort_dir=asc&limit=10', { token: admin })).json<{ data: { data: DownloadRow[] } }>().data.data;
    expect(byName.map((d) => d.file_name)).toEqual(byName.map((d) => d.file_name).sort());
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('GET', '/api/v1/downloads', { token: viewer })).json().data.data).toEqual([]);
    expect((await h.call('GET', '/api/v1/downloads?status=9', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/downloads/abc/file', { token: admin })).statusCode).toBe(400);
  });

  it('closes a kept file once its owner loses the export right it was made under', async () => {
    const db = h.testDb.database.db;
    const [entry] = await queryRows<{ id: number }>(db, sql`select id from downloads where status = 2 order by id limit 1`);
    await db.execute(sql`update downloads set entries = ${'{cms.consumer}'}::text[] where id = ${entry!.id}`);
    const res = await h.call('GET', `/api/v1/downloads/${entry!.id}/file`, { token: admin });
    expect(res.statusCode).toBe(200);
    await db.execute(sql`update downloads set entries = ${'{cms.rating-unknown}'}::text[] where id = ${entry!.id}`);
    expect((await h.call('GET', `/api/v1/downloads/${entry!.id}/file`, { token: admin })).statusCode).toBe(403);
  });

  it('never holds more than a batch: the writers take rows batch by batch into a stream', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = openTableWriter('csv', out, { header: ['n', 'text'], sheetName: 'x' });
    const cells: Cell[][] = toCells(probeExport, { fields: ['id', 'name', 'amount', 'delta', 'at'], rows: [['-1', '-1', '-2500.4', '-7', null]] });
    await writer.write(cells);
    await writer.end();
    const text = Buffer.concat(chunks).toString('utf8');
    // A negative number stored as a number stays a number; the same characters as text are neutralised.
    expect(text).toBe(`${BOM}n,text\r\n-1,'-1,-2500,-7,,2\r\n`);
    expect(() => openTableWriter('xlsx', new PassThrough(), { header: ['a'], sheetName: 'x'.repeat(32) })).toThrow('Sheet name too long');
    // A reader that went away stops the export instead of letting it read every row for nobody.
    const gone = new PassThrough();
    const stopped = openTableWriter('txt', gone, { header: ['n'], sheetName: 'x' });
    gone.destroy();
    await expect(stopped.write([[1]])).rejects.toBeInstanceOf(ExportAborted);
  });

  it('prints timestamps exactly as the contract formatDateTime does, from the database in Asia/Jakarta time', async () => {
    // Every month, midnight in Jakarta, the last second of a Jakarta day, a leap day, a fraction of a second.
    const instants = [
      ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15, 16, 59, 59, 500))),
      new Date('2026-12-31T17:00:00Z'),
      new Date('2026-12-31T16:59:59Z'),
      new Date('2028-02-29T03:04:05.123456Z'),
      new Date('1999-07-01T00:00:00Z'),
    ];
    const values = sql.join(
      instants.map((d, i) => sql`(${i}::int, ${d.toISOString()}::timestamptz, (${d.toISOString()}::timestamptz)::date)`),
      sql`, `,
    );
    const batches = [];
    for await (const b of readBatches(h.testDb.database, { select: sql`select v.i, v.at, v.day`, from: sql`from (values ${values}) v(i, at, day)`, where: [], keys: ['v.i'], dir: 'asc' }, 5)) {
      batches.push(b);
    }
    expect(batches.map((b) => b.rows.length)).toEqual([5, 5, 5, 1]);
    const def = defineExport({
      name: 'export_dates',
      sheetName: 'Dates',
      entries: ['cms.log-history'],
      listQuery: probeQuery,
      columns: [
        { key: 'at', label: 'At', format: 'datetime' },
        { key: 'at', label: 'Day', format: 'date' },
      ],
      source: () => {
        throw new Error('unused');
      },
    });
    const printed = batches.flatMap((b) => toCells(def, b));
    expect(printed).toEqual(instants.map((d) => [formatDateTime(d), formatDate(d)]));
  });
});
