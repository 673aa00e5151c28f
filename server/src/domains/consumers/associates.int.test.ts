import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssociateHistoryRow, AssociateRow, AuditDetail, ImportBatch, ImportRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';

interface List<T> {
  data: T[];
  meta: { total: number };
}

describe('cms associate loyalty program: by employee number, history by associateId, bulk upload', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-associates-'));
  const h = useHarness({ DATA_DIR: dataDir });
  let admin: string;
  let agent: string;
  let viewer: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    agent = await h.tokenOf('cs.agent');
    viewer = await h.tokenOf('viewer');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (method: string, url: string, body?: unknown, token = admin) => (await h.call(method, url, { token, body })).statusCode;
  const storeCode = async () => (await queryRows<{ code: string; id: number }>(h.testDb.database.db, sql`select code, id from stores order by code limit 1`))[0]!;

  it('lists the seeded associates with filters and links the staff members', async () => {
    const all = await ok<List<AssociateRow>>('GET', '/api/v1/associates?limit=100');
    expect(all.meta.total).toBeGreaterThan(10);
    const numbers = all.data.map((a) => a.employee_no);
    expect([...numbers].sort()).toEqual(numbers);
    expect(all.data.every((a) => a.id === a.employee_no)).toBe(true);
    expect(all.data.some((a) => a.member_no !== null)).toBe(true);
    const inactive = await ok<List<AssociateRow>>('GET', '/api/v1/associates?status=2&limit=100');
    expect(inactive.data.every((a) => a.status === 2)).toBe(true);
    const one = all.data[0]!;
    expect((await ok<List<AssociateRow>>('GET', `/api/v1/associates?search=${one.employee_no.toLowerCase()}`)).data.map((a) => a.id)).toEqual([one.id]);
    const byStore = await ok<List<AssociateRow>>('GET', `/api/v1/associates?store_id=${one.store_id}&limit=100`);
    expect(byStore.data.every((a) => a.store_id === one.store_id)).toBe(true);
    expect(await status('GET', '/api/v1/associates', undefined, agent)).toBe(403);
  });

  it('creates, shows and edits an associate by employee number, with its version', async () => {
    const store = await storeCode();
    const body = { employee_no: 'emp-77001', name: 'Lina Marlina', email: 'Lina.Marlina@TokoSegar.co.id', store_id: store.id, department: 'Fresh', position: 'Staf', monthly_quota: 500000, joined_on: '2024-02-01' };
    const created = await ok<AssociateRow>('POST', '/api/v1/associates', body);
    expect(created).toMatchObject({ id: 'EMP-77001', employee_no: 'EMP-77001', email: 'lina.marlina@tokosegar.co.id', status: 1, used_this_month: 0, version: 1 });
    const clash = await h.call('POST', '/api/v1/associates', { token: admin, body });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0].path).toBe('employee_no');
    expect(await status('POST', '/api/v1/associates', { ...body, employee_no: 'x' })).toBe(400);
    expect(await status('POST', '/api/v1/associates', { ...body, employee_no: 'EMP-77002', store_id: 999999 })).toBe(400);
    expect(await status('POST', '/api/v1/associates', { ...body, employee_no: 'EMP-77003', monthly_quota: -1 })).toBe(400);
    expect(await status('POST', '/api/v1/associates', body, viewer)).toBe(403);

    const shown = await ok<AssociateRow>('GET', '/api/v1/associates/emp-77001');
    expect(shown.associate_id).toBe(created.associate_id);
    const { employee_no: _e, ...rest } = body;
    const saved = await ok<AssociateRow>('PUT', '/api/v1/associates/EMP-77001', { ...rest, monthly_quota: 750000, status: 2, version: 1 });
    expect(saved).toMatchObject({ monthly_quota: 750000, status: 2, version: 2, updated_by_name: 'Budi Santoso' });
    expect(await status('PUT', '/api/v1/associates/EMP-77001', { ...rest, version: 1 })).toBe(409);
    expect(await status('PUT', '/api/v1/associates/EMP-77001', { ...rest, employee_no: 'EMP-1', version: 2 })).toBe(400);
    expect(await status('GET', '/api/v1/associates/EMP-NONE')).toBe(404);
    expect(await status('GET', '/api/v1/associates/no')).toBe(400);

    const [entry] = (await ok<List<{ id: number }>>('GET', '/api/v1/log-history?entity=associate&action=update&limit=1')).data;
    const audit = await ok<AuditDetail>('GET', `/api/v1/log-history/${entry!.id}`);
    expect(audit).toMatchObject({ entity_id: String(created.associate_id), before: { monthly_quota: 500000 }, after: { monthly_quota: 750000, status: 2 } });
  });

  it('reads the staff-benefit history by associateId, and this month’s use', async () => {
    const [row] = await queryRows<{ associate_id: number }>(h.testDb.database.db, sql`select associate_id from associate_history group by associate_id order by count(*) desc limit 1`);
    const id = Number(row!.associate_id);
    const history = await ok<List<AssociateHistoryRow>>('GET', `/api/v1/associates/history?associateId=${id}&limit=100`);
    expect(history.meta.total).toBeGreaterThan(1);
    const times = history.data.map((x) => x.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(history.data.every((x) => x.discount * 10 === x.amount)).toBe(true);
    const all = await ok<List<AssociateHistoryRow>>('GET', '/api/v1/associates/history?limit=1');
    expect(all.meta.total).toBeGreaterThan(history.meta.total);
    expect(await status('GET', '/api/v1/associates/history?associateId=999999')).toBe(404);
    expect(await status('GET', '/api/v1/associates/history?associateId=abc')).toBe(400);
  });

  it('bulk uploads associates through the import pipeline: new ones added, known ones updated, bad rows refused by cell', async () => {
    const store = await storeCode();
    const upload = multipart(
      'associates.csv',
      csv([
        ['Employee No', 'Name', 'E-mail', 'Store Code', 'Department', 'Position', 'Monthly Quota', 'Joined On', 'Status'],
        ['EMP-88001', 'Rudi Hartono', 'rudi.hartono@tokosegar.co.id', store.code, 'Gudang', 'Staf', 300000, '2023-05-02', ''],
        ['emp-88002', 'Tuti Alawiyah', '', '', '', '', 500000, '2022-11-15', 2],
        ['EMP-77001', 'Lina Marlina', '', '', '', 'Supervisor', 900000, '2024-02-01', ''],
        ['EMP-88003', 'Tanpa Kuota', '', '', '', '', '', '2024-01-01', ''],
        ['EMP-88004', 'Toko Salah', '', 'NOPE', '', '', 100000, '2024-01-01', ''],
        ['EMP-88005', 'Status Salah', '', '', '', '', 100000, '2024-01-01', 7],
      ]),
    );
    const res = await h.call('POST', '/api/v1/imports/associate', { token: admin, body: upload.payload, headers: upload.headers });
    expect(res.statusCode, res.body).toBe(200);
    const validated = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    expect(validated).toMatchObject({ status: 'VALIDATED', total_rows: 6, valid_rows: 3, invalid_rows: 3 });
    const rows = (await h.call('GET', `/api/v1/imports/batches/${validated.id}/rows?limit=100`, { token: admin })).json<{ data: { data: ImportRow[] } }>().data.data;
    expect(rows[3]!.errors[0]!.column).toBe('monthly_quota');
    expect(rows[4]!.errors).toEqual([{ column: 'store_code', message: 'Unknown Store: NOPE' }]);
    expect(rows[5]!.errors[0]!.column).toBe('status');
    const confirmed = await h.call('POST', `/api/v1/imports/batches/${validated.id}/confirm`, { token: admin, body: { version: validated.version } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await h.imports.waitFor(validated.id, ['COMPLETED', 'FAILED']);
    expect(done.status).toBe('COMPLETED');

    expect(await ok<AssociateRow>('GET', '/api/v1/associates/EMP-88001')).toMatchObject({ name: 'Rudi Hartono', store_id: store.id, status: 1, monthly_quota: 300000 });
    expect(await ok<AssociateRow>('GET', '/api/v1/associates/EMP-88002')).toMatchObject({ status: 2, email: null });
    // A known employee number is updated; blank cells keep what was stored (status 2, the e-mail).
    expect(await ok<AssociateRow>('GET', '/api/v1/associates/EMP-77001')).toMatchObject({ position: 'Supervisor', monthly_quota: 900000, status: 2, email: 'lina.marlina@tokosegar.co.id' });
    expect(await status('GET', '/api/v1/associates/EMP-88003')).toBe(404);
    const [entry] = (await ok<List<{ id: number }>>('GET', '/api/v1/log-history?entity=associate&action=import&limit=1')).data;
    expect((await ok<AuditDetail>('GET', `/api/v1/log-history/${entry!.id}`)).after).toMatchObject({ inserted: 2, updated: 1 });
  });
});
