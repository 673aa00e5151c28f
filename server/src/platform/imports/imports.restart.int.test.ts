import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importApi, type ImportBatch } from '@portal/contract';
import { buildApp, type BuiltApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { seedDemo } from '../../seed/demo.ts';
import { DEMO_PASSWORD, TEST_CONFIG } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createJobQueue, defaultJobsSchema, type JobQueue } from '../jobs.ts';
import { COMMIT_JOB, defineImport } from './index.ts';

/*
 * A server that dies between confirm and commit: the confirm is in the database (batch PROCESSING, commit job queued
 * in the same transaction), no row is imported; the next server on the same database works the job and imports all
 * the rows. No harness app runs here, so nothing else works the queue in between.
 */

const restartImport = defineImport(importApi('restart-probe', { title: 'Restart probe', entries: ['cms.product'], action: 'create' }), {
  sheet: 'Probe',
  templateName: 'template_restart_probe',
  keyColumns: ['code'],
  columns: [
    { key: 'code', label: 'Code', required: true, max: 10 },
    { key: 'qty', label: 'Qty', type: 'integer', required: true },
  ],
  commit: async (tx, { staged }) => {
    const rows = await queryRows(tx, sql`insert into restart_probe (code, qty) select code, qty from ${staged} s returning 1`);
    return { inserted: rows.length };
  },
});

describe('imports across a restart', () => {
  let testDb: TestDatabase;
  const apps: BuiltApp[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-imports-restart-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, DATA_DIR: dataDir });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemo(testDb.database.db, { scale: 0 });
    await testDb.database.exec('create table restart_probe (code text primary key, qty int not null)');
  });
  afterAll(async () => {
    for (const built of apps) await built.app.close();
    await testDb?.drop();
  });

  const start = async (jobs?: JobQueue) => {
    const built = await buildApp({ config, database: testDb.database, imports: [restartImport], ...(jobs ? { jobs } : {}) });
    await built.app.ready();
    apps.push(built);
    return built;
  };
  const count = async () => Number((await queryRows<{ n: number }>(testDb.database.db, sql`select count(*)::int as n from restart_probe`))[0]!.n);

  it('commits every row of a confirm whose server stopped before committing it', async () => {
    // Server A validates, then freezes before its commit job does anything and is shut down: the job is cut (or never
    // started) and stays in the queue.
    const queue = createJobQueue(testDb.database, { schema: await defaultJobsSchema(testDb.database), pollSeconds: 0.5, stopTimeoutSeconds: 1 });
    // Frozen once it holds the job: stopping then fails the held job into a retry. (Stopped before the job reaches the
    // handler, a fetched job would stay active until its expiry, as after a crash: not what this test is about.)
    let held: () => void = () => undefined;
    const holding = new Promise<void>((r) => (held = r));
    const frozen = () => {
      held();
      return new Promise<void>(() => undefined);
    };
    const dying: JobQueue = {
      register: (name, handler, opts) => queue.register(name, name === COMMIT_JOB ? frozen : handler, opts),
      send: (name, payload, opts) => queue.send(name, payload, opts),
      wake: (name) => queue.wake(name),
      start: () => queue.start(),
      stop: () => queue.stop(),
    };
    const a = await start(dying);
    const signIn = await a.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: DEMO_PASSWORD } });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const rows = Array.from({ length: 500 }, (_, i) => [`K${i}`, i]);
    const body = multipart('restart.csv', csv([['Code', 'Qty'], ...rows]));
    const up = await a.app.inject({ method: 'POST', url: '/api/v1/imports/restart-probe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(up.statusCode, up.body).toBe(200);
    const validated = await a.imports.waitFor(up.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    expect(validated).toMatchObject({ status: 'VALIDATED', valid_rows: 500 });
    const confirmed = await a.app.inject({
      method: 'POST',
      url: `/api/v1/imports/batches/${validated.id}/confirm`,
      payload: { version: validated.version },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await holding;
    await a.app.close();

    const pending = (await queryRows<{ status: string }>(testDb.database.db, sql`select status from import_batches where id = ${validated.id}`))[0]!;
    expect(pending.status).toBe('PROCESSING');
    expect(await count()).toBe(0);

    // Server B starts on the same database and finishes the queued commit: every row, once.
    const b = await start();
    const done = await b.imports.waitFor(validated.id, ['COMPLETED', 'FAILED']);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 500, inserted: 500 } });
    expect(await count()).toBe(500);
    // A rerun of the job (a retry after a crash that happened after the commit) changes nothing.
    await b.imports.commit(validated.id);
    expect(await count()).toBe(500);
  });
});
