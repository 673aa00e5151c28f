import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadRow } from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';
import { RetentionService } from './retention.ts';

const DAY = 86_400_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));

describe('retention: kept exports, staged imports and unused images go after RETENTION_DAYS', () => {
  // Every consumer export becomes a kept export (a job into the Download List).
  const h = useHarness({ DATA_DIR: dataDir, EXPORT_ASYNC_ROWS: 1 });
  let admin: string;
  let retention: RetentionService;
  const imagesDir = path.join(dataDir, 'images');
  const exportsDir = path.join(dataDir, 'exports');

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    retention = new RetentionService(h.testDb.database.db, h.jobs, h.clock, { days: 30, exportsDir, importsDir: path.join(dataDir, 'imports'), imagesDir });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const db = () => h.testDb.database.db;

  /** A kept export made now (by the harness clock), its file written by the job. */
  const keptExport = async (): Promise<DownloadRow & { storage_name: string }> => {
    const settled = new Promise<void>((resolve) => {
      const off = h.exports.onSettled(() => {
        off();
        resolve();
      });
    });
    // Consumers' personal data leaves unmasked only after a recent second factor.
    await h.stepUp(admin);
    const res = await h.call('GET', '/api/v1/consumers/export?format=csv&gender=1', { token: admin });
    expect(res.statusCode, res.body).toBe(202);
    await settled;
    const { id } = res.json<{ data: DownloadRow }>().data;
    const [row] = await queryRows<{ storage_name: string; status: number }>(db(), sql`select storage_name, status from downloads where id = ${id}`);
    expect(row?.status).toBe(2);
    return { ...res.json<{ data: DownloadRow }>().data, storage_name: String(row!.storage_name) };
  };

  /** An import batch made now with two staged rows. */
  const batch = async (status: string): Promise<number> => {
    const now = h.clock.now();
    const [b] = await queryRows<{ id: number }>(
      db(),
      sql`insert into import_batches (key, file_name, file_format, file_size, status, total_rows, created_by, created_at, updated_at)
          values ('promo', 'promos.csv', 'csv', 10, ${status}, 2, (select id from users where username = 'admin.cms'), ${now}, ${now}) returning id`,
    );
    const id = Number(b!.id);
    await db().execute(sql`insert into import_rows (batch_id, row_no, data) values (${id}, 1, '{"consumers":"6281234567890"}'), (${id}, 2, '{}')`);
    return id;
  };
  const stagedRows = async (id: number) => Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from import_rows where batch_id = ${id}`))[0]!.n);
  const batchState = async (id: number) => (await queryRows<{ status: string; error: string | null }>(db(), sql`select status, error from import_batches where id = ${id}`))[0];

  /** An image file kept at the harness clock's time (its modification time). */
  const image = (name: string) => {
    fs.mkdirSync(imagesDir, { recursive: true });
    const file = path.join(imagesDir, `${name.repeat(32).slice(0, 32)}.png`);
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    fs.utimesSync(file, h.clock.now(), h.clock.now());
    return { file, url: `/images/${path.basename(file)}` };
  };

  it('deletes what is older than the period and keeps what is newer or still in use', async () => {
    // Made 31 days before the sweep.
    const oldExport = await keptExport();
    const oldDone = await batch('COMPLETED');
    const oldWaiting = await batch('VALIDATED');
    const usedByCategory = image('a');
    const usedInJson = image('b');
    const unused = image('c');
    const onlyLogged = image('d');
    await db().execute(sql`update categories set image_url = ${usedByCategory.url} where id = (select min(id) from categories)`);
    await db().execute(sql`update content_items set published_snapshot = ${JSON.stringify({ image_url: usedInJson.url })}::jsonb where id = (select min(id) from content_items)`);
    await db().execute(sql`insert into audit_log (action, entity, entity_id, after, at) values ('upload', 'image', 'd', ${JSON.stringify({ url: onlyLogged.url })}::jsonb, now())`);
    expect(Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from content_items where published_snapshot::text like '%/images/%'`))[0]!.n)).toBe(1);

    h.clock.advance(31 * DAY);
    admin = await h.tokenOf('admin.cms'); // the session of a month ago has ended
    // Made a day before the sweep.
    const newExport = await keptExport();
    const newWaiting = await batch('VALIDATED');
    const fresh = image('e');
    h.clock.advance(DAY);
    admin = await h.tokenOf('admin.cms');

    expect(fs.existsSync(path.join(exportsDir, oldExport.storage_name))).toBe(true);
    const result = await retention.sweep();
    expect(result).toEqual({ downloads: 1, importBatches: 2, images: 2 });

    // The old export's file and its Download List entry are gone; the new one stays and still downloads.
    expect(fs.existsSync(path.join(exportsDir, oldExport.storage_name))).toBe(false);
    const list = (await h.call('GET', '/api/v1/downloads?limit=100', { token: admin })).json<{ data: { data: DownloadRow[] } }>().data.data;
    expect(list.map((d) => d.id)).toEqual([newExport.id]);
    expect((await h.call('GET', `/api/v1/downloads/${newExport.id}/file`, { token: admin })).statusCode).toBe(200);

    // Staged rows of old batches are gone; a finished batch keeps its state, an unconfirmed one is failed with a reason.
    expect(await stagedRows(oldDone)).toBe(0);
    expect(await stagedRows(oldWaiting)).toBe(0);
    expect(await batchState(oldDone)).toEqual({ status: 'COMPLETED', error: null });
    expect((await batchState(oldWaiting))?.status).toBe('FAILED');
    expect((await batchState(oldWaiting))?.error).toMatch(/Not confirmed within 30 days/);
    expect(await stagedRows(newWaiting)).toBe(2);
    expect((await batchState(newWaiting))?.status).toBe('VALIDATED');

    // Images: the unused and the only-logged old ones go; those a record names and the new one stay.
    expect(fs.existsSync(usedByCategory.file)).toBe(true);
    expect(fs.existsSync(usedInJson.file)).toBe(true);
    expect(fs.existsSync(unused.file)).toBe(false);
    expect(fs.existsSync(onlyLogged.file)).toBe(false);
    expect(fs.existsSync(fresh.file)).toBe(true);

    // The sweep is audited with its counts, and a second one finds nothing more.
    const [audit] = await queryRows<{ after: string }>(db(), sql`select after::text as after from audit_log where action = 'retention' order by id desc limit 1`);
    expect(JSON.parse(audit!.after)).toEqual({ days: 30, downloads: 1, import_batches: 2, images: 2 });
    expect(await retention.sweep()).toEqual({ downloads: 0, importBatches: 0, images: 0 });
  });

  it('queues the next sweep a day later, once per day', async () => {
    const now = h.clock.now();
    await retention.scheduleNext(now);
    await retention.scheduleNext(now);
    const schema = (await queryRows<{ s: string }>(db(), sql`select current_schema() as s`))[0]!.s;
    const jobs = await queryRows<{ start_after: string }>(db(), sql.raw(`select start_after from ${schema}_jobs.job where name = 'retention.sweep'`));
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(now.getTime() + DAY);
  });
});
