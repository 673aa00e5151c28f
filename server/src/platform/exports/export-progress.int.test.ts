import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_IN_PROGRESS, exportEndpoint, listQuery, type DownloadRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { trackProgress } from './export-progress.ts';
import { defineExport, registerExportRoute } from './index.ts';

const ROWS = 12_000;
const query = listQuery(['n'] as const, {});
/** A test-only export of ROWS generated rows: more than a batch, so the job writes it in several. */
const countingExport = defineExport({
  name: 'export_counting',
  sheetName: 'Counting',
  entries: ['cms.log-history'],
  listQuery: query,
  columns: [
    { key: 'n', label: 'N', format: 'number' },
    { key: 'label', label: 'Label' },
  ],
  source: () => ({ select: sql`select g.n, 'row ' || g.n as label`, from: sql`from generate_series(1, ${ROWS}) as g(n)`, where: [], keys: ['g.n'], keyColumns: ['n'], dir: 'asc' }),
});
const countingEndpoint = exportEndpoint({ id: 'export-counting.list', path: 'export-counting', tag: 'tests', query }, ['cms.log-history'], 'the counting rows');

describe('a kept export’s progress in the Download List', () => {
  const h = useHarness({ EXPORT_ASYNC_ROWS: 100 }, { regions: false, beforeReady: (b) => registerExportRoute(b.app, b.exports, b.services.clock, countingExport, countingEndpoint) });
  const db = () => h.testDb.database.db;

  it('counts the rows its filters hold when the job starts and ends with every one written', async () => {
    const admin = await h.tokenOf('admin.cms');
    const res = await h.call('GET', '/api/v1/export-counting/export?format=xlsx', { token: admin });
    expect(res.statusCode, res.body).toBe(202);
    const entry = res.json<{ data: DownloadRow }>().data;
    expect(entry).toMatchObject({ status: DOWNLOAD_IN_PROGRESS, rows_done: null, rows_expected: null });
    await new Promise<void>((resolve) => {
      const off = h.exports.onSettled((e) => {
        if (e.id !== entry.id) return;
        off();
        resolve();
      });
    });
    const list = (await h.call('GET', '/api/v1/downloads', { token: admin })).json<{ data: { data: DownloadRow[] } }>().data.data;
    expect(list.find((d) => d.id === entry.id)).toMatchObject({ status: 2, row_count: ROWS, rows_done: ROWS, rows_expected: ROWS });
    const file = await h.call('GET', `/api/v1/downloads/${entry.id}/file`, { token: admin });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Counting')!.rowCount).toBe(ROWS + 1);
  });

  it('writes the rows done as they come, at most once per interval, and nothing once the entry is settled', async () => {
    const [user] = await queryRows<{ id: number }>(db(), sql`select id from users where username = 'admin.cms'`);
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`insert into downloads (user_id, export_name, entries, format, file_name, status) values (${user!.id}, 'export_counting', '{cms.log-history}', 'xlsx', 'progress-probe.xlsx', ${DOWNLOAD_IN_PROGRESS}) returning id`,
    );
    const id = Number(row!.id);
    const read = async () => (await queryRows<{ rows_done: number | null; rows_expected: number | null }>(db(), sql`select rows_done, rows_expected from downloads where id = ${id}`))[0];
    const src = countingExport.source({} as never, { userId: user!.id });

    const every = await trackProgress(db(), id, src, 0);
    expect(await read()).toEqual({ rows_done: 0, rows_expected: ROWS });
    every(5_000);
    await expect.poll(async () => (await read())?.rows_done).toBe(5_000);
    every(10_000);
    await expect.poll(async () => (await read())?.rows_done).toBe(10_000);

    // An hour's interval: the first report after the count waits for it, so nothing more is written.
    const hourly = await trackProgress(db(), id, src, 3_600_000);
    hourly(7_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await read())?.rows_done).toBe(0);

    // A report that comes after the job settled the entry changes nothing.
    await db().execute(sql`update downloads set status = 2, rows_done = ${ROWS} where id = ${id}`);
    every(11_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await read())?.rows_done).toBe(ROWS);
  });
});
