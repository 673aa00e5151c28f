import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importApi, type ImportBatch, type ImportRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart, storedPart, workbook, zeroBomb, zip } from '../../../test/import-files.ts';
import { defineImport, existsIn, type ImportColumn } from './index.ts';

/*
 * The import pipeline over a table of the test's own (import_probe, with a foreign key to import_probe_ref), through
 * HTTP: template, upload checks, validation with errors by cell, preview, error file, confirm, commit, permissions.
 */

const columns: ImportColumn[] = [
  { key: 'code', label: 'Code', required: true, max: 10, example: 'A1' },
  { key: 'name', label: 'Name', required: true, max: 20, example: 'Apple' },
  { key: 'qty', label: 'Qty', type: 'integer', required: true, schema: z.number().int().min(0, 'Qty cannot be negative'), example: '5' },
  { key: 'ref_code', label: 'Ref Code', max: 10, example: 'R1' },
];

const probeImport = defineImport(importApi('probe', { title: 'Probe import', entries: ['cms.product'], action: 'create' }), {
  sheet: 'Probe',
  templateName: 'template_probe',
  keyColumns: ['code'],
  columns,
  references: [{ column: 'ref_code', label: 'Ref', check: existsIn('import_probe_ref', 'code') }],
  commit: async (tx, { staged }) => {
    const rows = await queryRows(tx, sql`insert into import_probe (code, name, qty, ref_code) select code, name, qty, ref_code from ${staged} s order by row_no returning 1`);
    return { inserted: rows.length };
  },
});

/** Its commit dies halfway: the rows are written, then the process "crashes" before the transaction ends. */
const crashingImport = defineImport(importApi('probe-crash', { title: 'Probe import', entries: ['cms.product'], action: 'create' }), {
  ...probeImport,
  templateName: 'template_probe_crash',
  commit: async (tx, { staged }) => {
    await tx.execute(sql`insert into import_probe (code, name, qty, ref_code) select code, name, qty, ref_code from ${staged} s`);
    throw new Error('power cut halfway through the commit');
  },
});

const HEADER = ['Code', 'Name', 'Qty', 'Ref Code'];
/** One good row and a bad row of every kind (rows 2..10 of the file). */
const BAD_ROWS: (string | number)[][] = [
  ['A1', 'Apple', 5, 'R1'], // row 2: valid
  ['A2', '', 3, 'R1'], // row 3: missing required
  ['A3', 'Banana', 'abc', 'R2'], // row 4: wrong type
  ['A4', 'Cherry', 2, 'R9'], // row 5: unknown foreign key
  ['a1', 'Apple again', 1, 'R1'], // row 6: duplicate key (case-insensitive) of row 2
  ['A5', 'A name far too long for the column', 1, 'R1'], // row 7: too long
  ['A6', '=HYPERLINK("http://evil")', 1, 'R1'], // row 8: formula text
  ['A7', 'Date', -1, 'R2'], // row 9: the definition's own rule
  ['A8', 'Elder', 7, ''], // row 10: valid, optional reference empty
];

const EXPECTED_ERRORS: Record<number, { column: string; message: RegExp }> = {
  3: { column: 'name', message: /Name is required/ },
  4: { column: 'qty', message: /whole number/ },
  5: { column: 'ref_code', message: /Unknown Ref: R9/ },
  6: { column: 'code', message: /Duplicate Code .*row 2/ },
  7: { column: 'name', message: /Too long: at most 20/ },
  8: { column: 'name', message: /formula/ },
  9: { column: 'qty', message: /Qty cannot be negative/ },
};

describe('imports', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-imports-'));
  const h = useHarness({ DATA_DIR: dataDir, IMPORT_MAX_MB: 1 }, { regions: false, imports: [probeImport, crashingImport] });
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    await h.testDb.database.exec(`
      create table import_probe_ref (code text primary key);
      insert into import_probe_ref values ('R1'), ('R2');
      create table import_probe (code text primary key, name text not null, qty int not null, ref_code text references import_probe_ref (code));
    `);
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
  });

  const upload = (key: string, fileName: string, content: Buffer | string, token = admin) => {
    const body = multipart(fileName, content);
    return h.call('POST', `/api/v1/imports/${key}`, { token, body: body.payload, headers: body.headers });
  };
  /** Uploads a file and waits for its validation job. */
  const validated = async (key: string, fileName: string, content: Buffer | string): Promise<ImportBatch> => {
    const res = await upload(key, fileName, content);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json<{ data: ImportBatch }>().data;
    expect(batch.status).toBe('PENDING');
    expect(batch.job_status).toBe('PENDING');
    return h.imports.waitFor(batch.id, ['VALIDATED', 'FAILED']);
  };
  const batchOf = async (id: number, token = admin) => (await h.call('GET', `/api/v1/imports/batches/${id}`, { token })).json<{ data: ImportBatch }>().data;
  const rowsOf = async (id: number, query = '') => {
    const res = await h.call('GET', `/api/v1/imports/batches/${id}/rows?limit=100${query}`, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { data: ImportRow[]; meta: { total: number } } }>().data;
  };
  const confirm = (batch: ImportBatch, token = admin) => h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token, body: { version: batch.version } });
  const probeCodes = async () => (await queryRows<{ code: string }>(h.testDb.database.db, sql`select code from import_probe order by code`)).map((r) => r.code);
  const clearProbe = () => h.testDb.database.exec('delete from import_probe');

  it('offers the definition and its template as XLSX (named sheet, headers, guide) and CSV (BOM, headers)', async () => {
    const info = await h.call('GET', '/api/v1/imports/probe', { token: admin });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ key: 'probe', sheet: 'Probe', max_bytes: 1024 * 1024, key_columns: ['code'] });

    const xlsx = await h.call('GET', '/api/v1/imports/probe/template?format=xlsx', { token: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('template_probe.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Probe', 'Guide']);
    expect((wb.getWorksheet('Probe')!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);

    const text = await h.call('GET', '/api/v1/imports/probe/template?format=csv', { token: admin });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toContain('text/csv');
    expect(text.body).toBe('\uFEFFCode,Name,Qty,Ref Code\r\n');

    expect((await h.call('GET', '/api/v1/imports/probe/template?format=pdf', { token: admin })).statusCode).toBe(400);
  });

  it('validates a CSV with a bad row of every kind: errors by cell, counts, preview filter', async () => {
    const batch = await validated('probe', 'probe.csv', csv([HEADER, ...BAD_ROWS]));
    expect(batch).toMatchObject({ status: 'VALIDATED', job_status: null, file_format: 'csv', total_rows: 9, valid_rows: 2, invalid_rows: 7, progress: 100 });

    const all = await rowsOf(batch.id);
    expect(all.meta.total).toBe(9);
    expect(all.data.map((r) => r.row_no)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const row of all.data) {
      const expected = EXPECTED_ERRORS[row.row_no];
      if (!expected) {
        expect(row.errors, `row ${row.row_no}`).toEqual([]);
        continue;
      }
      expect(row.errors, `row ${row.row_no}`).toHaveLength(1);
      expect(row.errors[0]!.column).toBe(expected.column);
      expect(row.errors[0]!.message).toMatch(expected.message);
    }
    // Valid rows carry their converted values; bad cells keep what the file said.
    expect(all.data[0]!.values).toEqual({ code: 'A1', name: 'Apple', qty: 5, ref_code: 'R1' });
    expect(all.data.find((r) => r.row_no === 4)!.values.qty).toBe('abc');

    const bad = await rowsOf(batch.id, '&only_errors=true');
    expect(bad.meta.total).toBe(7);
    expect(bad.data.map((r) => r.row_no)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const page2 = await h.call('GET', `/api/v1/imports/batches/${batch.id}/rows?limit=3&page=2&only_errors=true`, { token: admin });
    expect(page2.json<{ data: { data: ImportRow[] } }>().data.data.map((r) => r.row_no)).toEqual([6, 7, 8]);
  });

  it('validates the same rows from an XLSX, refusing a formula cell too', async () => {
    const rows: unknown[][] = [HEADER, ...BAD_ROWS, ['A9', { formula: 'B2&"x"', result: 'Applex' }, 1, 'R1']];
    const batch = await validated('probe', 'probe.xlsx', await workbook('Probe', rows));
    expect(batch).toMatchObject({ status: 'VALIDATED', file_format: 'xlsx', total_rows: 10, valid_rows: 2, invalid_rows: 8 });
    const bad = await rowsOf(batch.id, '&only_errors=true');
    const formulaRow = bad.data.find((r) => r.row_no === 11)!;
    expect(formulaRow.errors).toEqual([{ column: 'name', message: 'Formulas are not allowed: paste the value instead' }]);
    for (const [rowNo, expected] of Object.entries(EXPECTED_ERRORS)) {
      const row = bad.data.find((r) => r.row_no === Number(rowNo))!;
      expect(row.errors[0]!.column, `row ${rowNo}`).toBe(expected.column);
      expect(row.errors[0]!.message).toMatch(expected.message);
    }
  });

  it('writes the error file: the bad rows with their values and an Errors column, CSV neutralised, XLSX re-uploadable', async () => {
    const batch = await validated('probe', 'probe.csv', csv([HEADER, ...BAD_ROWS]));
    const text = await h.call('GET', `/api/v1/imports/batches/${batch.id}/errors?format=csv`, { token: admin });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-disposition']).toContain(`template_probe_errors_${batch.id}.csv`);
    const lines = text.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Row,Code,Name,Qty,Ref Code,Errors');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe('3,A2,,3,R1,Name: Name is required');
    expect(lines.find((l) => l.startsWith('8,'))).toContain(`'=HYPERLINK`);

    const xlsx = await h.call('GET', `/api/v1/imports/batches/${batch.id}/errors?format=xlsx`, { token: admin });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Probe')!;
    expect(sheet.rowCount).toBe(8);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Row', ...HEADER, 'Errors']);
    expect(sheet.getRow(3).getCell(4).value).toBe('abc');
    expect(String(sheet.getRow(3).getCell(6).value)).toContain('Qty: Must be a whole number');

    // The error file, corrected, goes back in as it is: Row and Errors are ignored. The fixed Qty passes, and so does
    // the former duplicate of row 2, which is not in this file.
    sheet.getRow(3).getCell(4).value = 4;
    const fixed = await validated('probe', 'fixed.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(fixed).toMatchObject({ status: 'VALIDATED', total_rows: 7, valid_rows: 2, invalid_rows: 5 });
  });

  it('confirms: all valid rows in one commit with one audit entry, COMPLETED; a second confirm imports nothing', async () => {
    await clearProbe();
    const batch = await validated('probe', 'probe.csv', csv([HEADER, ...BAD_ROWS]));
    const res = await confirm(batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ImportBatch }>().data).toMatchObject({ status: 'PROCESSING', job_status: 'PENDING' });
    const done = await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED']);
    expect(done).toMatchObject({ status: 'COMPLETED', job_status: 'COMPLETED', progress: 100, result: { rows: 2, inserted: 2 } });
    expect(await probeCodes()).toEqual(['A1', 'A8']);

    const audit = await queryRows<{ action: string; after: unknown }>(h.testDb.database.db, sql`select action, after from audit_log where entity = 'probe' and entity_id = ${String(batch.id)}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('import');
    expect(typeof audit[0]!.after === 'string' ? JSON.parse(audit[0]!.after) : audit[0]!.after).toMatchObject({ rows: 2, inserted: 2, file_name: 'probe.csv' });

    const again = await confirm(batch);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already confirmed');
    const fresh = await confirm(done);
    expect(fresh.statusCode).toBe(409);
    expect(await probeCodes()).toEqual(['A1', 'A8']);
  });

  it('imports once when two confirms race, and refuses a stale version', async () => {
    await clearProbe();
    const batch = await validated('probe', 'probe.csv', csv([HEADER, ['B1', 'One', 1, 'R1'], ['B2', 'Two', 2, 'R2']]));
    const stale = await h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token: admin, body: { version: batch.version - 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed by');
    const [a, b] = await Promise.all([confirm(batch), confirm(batch)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED']);
    expect(await probeCodes()).toEqual(['B1', 'B2']);
    const jobs = await queryRows<{ n: number }>(h.testDb.database.db, sql`select count(*)::int as n from audit_log where entity = 'import-batch' and action = 'confirm' and entity_id = ${String(batch.id)}`);
    expect(jobs[0]!.n).toBe(1);
  });

  it('rolls back a commit that dies halfway: FAILED with the reason, none of the rows', async () => {
    await clearProbe();
    const batch = await validated('probe-crash', 'probe.csv', csv([HEADER, ['C1', 'One', 1, 'R1'], ['C2', 'Two', 2, 'R2']]));
    expect((await confirm(batch)).statusCode).toBe(200);
    const failed = await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED']);
    expect(failed).toMatchObject({ status: 'FAILED', job_status: 'FAILED' });
    expect(failed.error).toContain('rolled back');
    // What went wrong inside is logged, not shown: the user reads a sentence, never raw internals.
    expect(failed.error).toBe('The import was rolled back, no rows were changed: an unexpected error occurred; the details are in the server log');
    expect(await probeCodes()).toEqual([]);
    const audit = await queryRows(h.testDb.database.db, sql`select 1 from audit_log where entity = 'probe-crash'`);
    expect(audit).toHaveLength(0);
    expect((await confirm(await batchOf(batch.id))).statusCode).toBe(409);
  });

  it('refuses confirming a batch without valid rows (422)', async () => {
    const batch = await validated('probe', 'bad.csv', csv([HEADER, ['', 'x', 1, 'R1']]));
    expect(batch).toMatchObject({ valid_rows: 0, invalid_rows: 1 });
    expect((await confirm(batch)).statusCode).toBe(422);
  });

  it('fails a batch on a wrong sheet, a missing column, an empty file, naming the problem', async () => {
    const wrongSheet = await validated('probe', 'probe.xlsx', await workbook('Sheet1', [HEADER, ['D1', 'x', 1, 'R1']]));
    expect(wrongSheet).toMatchObject({ status: 'FAILED', job_status: 'FAILED' });
    expect(wrongSheet.error).toContain('no sheet named "Probe"');
    expect(wrongSheet.error).toContain('Sheet1');

    const otherSheetsToo = await validated('probe', 'probe.xlsx', await workbook('probe', [HEADER, ['D1', 'x', 1, 'R1']], ['Notes']));
    expect(otherSheetsToo, otherSheetsToo.error ?? '').toMatchObject({ status: 'VALIDATED', total_rows: 1, valid_rows: 1 });

    const missing = await validated('probe', 'probe.csv', csv([['Code', 'Name'], ['D1', 'x']]));
    expect(missing.status).toBe('FAILED');
    expect(missing.error).toBe("Missing column: Qty. The first row must hold the template's headers.");

    const headerOnly = await validated('probe', 'probe.csv', csv([HEADER]));
    expect(headerOnly.error).toBe('The file has a header row but no data rows.');

    const semicolons = await validated('probe', 'probe.csv', '\uFEFFcode;NAME;qty;ref code\r\nD2;Semi;3;R1\r\n');
    expect(semicolons).toMatchObject({ status: 'VALIDATED', valid_rows: 1 });
  });

  it('checks uploads by content: a text file named .xlsx, binary data, an old .xls, a non-multipart body, no file', async () => {
    const fake = await upload('probe', 'products.xlsx', 'Code,Name,Qty\r\nA,B,1\r\n');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toContain('named .xlsx but is not a workbook');
    expect(fake.json().message).toContain('Expected an XLSX workbook');

    const png = await upload('probe', 'data.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(png.statusCode).toBe(415);
    const latin1 = await upload('probe', 'data.csv', Buffer.from('Code,Name\r\nA,Caf\xe9\r\n', 'latin1'));
    expect(latin1.statusCode).toBe(415);
    expect(latin1.json().message).toContain('UTF-8');
    const xls = await upload('probe', 'old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]));
    expect(xls.statusCode).toBe(415);
    const zipNotOffice = await upload('probe', 'a.xlsx', zip([storedPart('readme.txt', 'hello')]));
    expect(zipNotOffice.statusCode).toBe(415);
    const empty = await upload('probe', 'empty.csv', '');
    expect(empty.statusCode).toBe(400);

    const json = await h.call('POST', '/api/v1/imports/probe', { token: admin, body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const none = await h.call('POST', '/api/v1/imports/probe', { token: admin, body: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(none.statusCode).toBe(400);
    const garbage = await h.call('POST', '/api/v1/imports/probe', { token: admin, body: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=zz' } });
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('refuses a file above the size limit (413) and a zip bomb fast, without inflating it', async () => {
    const big = await upload('probe', 'big.csv', `Code,Name,Qty\r\n${'A,B,1\r\n'.repeat(200_000)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('1 MB');

    const bomb = zip([storedPart('[Content_Types].xml', '<Types/>'), storedPart('xl/workbook.xml', '<workbook/>'), await zeroBomb('xl/worksheets/sheet1.xml', 300)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await upload('probe', 'bomb.xlsx', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/expand/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('fails a zip whose directory lies about its sizes when the job inflates it', async () => {
    const part = await zeroBomb('xl/worksheets/sheet1.xml', 30);
    const liar = zip([storedPart('[Content_Types].xml', '<Types/>'), storedPart('xl/workbook.xml', '<workbook/>'), { ...part, claimedSize: 1000 }]);
    const batch = await validated('probe', 'liar.xlsx', liar);
    expect(batch.status).toBe('FAILED');
    expect(batch.error).toContain('misstates its size');
  });

  it('asks for the definition’s permission, and shows a batch only to its uploader or a Super Admin', async () => {
    expect((await h.call('GET', '/api/v1/imports/probe/template')).statusCode).toBe(401);
    expect((await upload('probe', 'p.csv', csv([HEADER]), '')).statusCode).toBe(401);
    expect((await upload('probe', 'p.csv', csv([HEADER]), viewer)).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/imports/probe/template', { token: viewer })).statusCode).toBe(403);

    const batch = await validated('probe', 'probe.csv', csv([HEADER, ['E1', 'x', 1, 'R1']]));
    expect((await h.call('GET', `/api/v1/imports/batches/${batch.id}`)).statusCode).toBe(401);
    // The viewer may view the entry but did not upload the batch: it does not exist for them.
    expect((await h.call('GET', `/api/v1/imports/batches/${batch.id}`, { token: viewer })).statusCode).toBe(404);
    expect((await h.call('GET', `/api/v1/imports/batches/${batch.id}/rows`, { token: viewer })).statusCode).toBe(404);
    expect((await confirm(batch, viewer)).statusCode).toBe(404);
    const root = await h.tokenOf('superadmin');
    expect((await batchOf(batch.id, root)).id).toBe(batch.id);
    const noAccess = await h.tokenOf('no.access');
    expect((await h.call('GET', `/api/v1/imports/batches/${batch.id}`, { token: noAccess })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/imports/batches/999999', { token: admin })).statusCode).toBe(404);
    expect((await h.call('GET', '/api/v1/imports/batches/abc', { token: admin })).statusCode).toBe(400);
    expect((await h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token: admin, body: { version: 1, extra: true } })).statusCode).toBe(400);
  });
});
