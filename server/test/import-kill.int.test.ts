import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportBatch } from '@portal/contract';
import { queryRows, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from './harness.ts';
import { csv, multipart } from './import-files.ts';
import { createScratchDatabase, type ScratchDatabase } from './test-db.ts';

/*
 * Kill the server (SIGKILL, no shutdown) during a confirmed import, ten times, at moments from right after the confirm
 * to well after the commit: every time the import's rows are all there (COMPLETED, with its audit entry) or none are
 * (still PROCESSING, no audit entry). The server is a child process (import-kill-child.ts) on a database of its own;
 * its commit writes half the rows, pauses 0.5 s and writes the other half, so some kills land inside the transaction.
 * PostgreSQL only: a killed PGlite process cannot share its files with the test while it runs.
 */
const url = process.env.TEST_DATABASE_URL;
const CHILD = path.join(import.meta.dirname, 'import-kill-child.ts');
const ROWS = 400;
/** Milliseconds between the confirm's answer and the kill, one per round. */
const KILL_AFTER_MS = [0, 150, 300, 450, 600, 750, 900, 1200, 1600, 2500];

describe.skipIf(!url)('killing the server during a confirmed import (PostgreSQL)', () => {
  let scratch: ScratchDatabase | undefined;
  let dbUrl = '';
  let dataDir = '';
  let database: Database;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('killimport', 2);
    ({ url: dbUrl, dataDir, database } = scratch);
    await database.exec('create table kill_probe (code text primary key, qty int not null)');
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await scratch?.drop();
  });

  /** Starts a server and answers its base URL once it listens. */
  async function startServer(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: path.dirname(import.meta.dirname),
      env: { ...process.env, FAULT_DATABASE_URL: dbUrl, FAULT_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /PORT (\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)));
    });
    return { child, base: `http://127.0.0.1:${port}`, output: () => out };
  }

  const json = async <T,>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;

  it('leaves all of the rows or none, ten kills out of ten', async () => {
    const outcomes: string[] = [];
    let midCommit = 0;
    for (const [round, delay] of KILL_AFTER_MS.entries()) {
      const { child, base, output } = await startServer();
      const signIn = await fetch(`${base}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin.cms', password: DEMO_PASSWORD }) });
      const auth = { authorization: `Bearer ${(await json<{ token: string }>(signIn)).token}` };
      const file = multipart(`round-${round}.csv`, csv([['Code', 'Qty'], ...Array.from({ length: ROWS }, (_, k) => [`R${round}-${k}`, k])]));
      const up = await fetch(`${base}/api/v1/imports/kill-probe`, { method: 'POST', headers: { ...auth, ...file.headers }, body: new Uint8Array(file.payload) });
      expect(up.status).toBe(200);
      let batch = await json<ImportBatch>(up);
      // The validation job runs in the child; its answer is polled as the import screen does.
      while (batch.status !== 'VALIDATED') {
        expect(batch.status).toBe('PENDING');
        await new Promise((r) => setTimeout(r, 50));
        batch = await json<ImportBatch>(await fetch(`${base}/api/v1/imports/batches/${batch.id}`, { headers: auth }));
      }
      const confirm = await fetch(`${base}/api/v1/imports/batches/${batch.id}/confirm`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ version: batch.version }),
      });
      expect(confirm.status).toBe(200);
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await once(child, 'exit');
      const inside = output().includes(`HALF ${batch.id}\n`);

      const [state] = await queryRows<{ status: string; rows: number; audits: number }>(
        database.db,
        sql`select b.status,
              (select count(*)::int from kill_probe where code like ${`R${round}-%`}) as rows,
              (select count(*)::int from audit_log where action = 'import' and entity = 'kill-probe' and entity_id = ${String(batch.id)}) as audits
            from import_batches b where b.id = ${batch.id}`,
      );
      const outcome = `${state!.status}/${state!.rows}/${state!.audits}`;
      expect([`COMPLETED/${ROWS}/1`, 'PROCESSING/0/0'], `round ${round}, killed ${delay} ms after the confirm`).toContain(outcome);
      outcomes.push(state!.status === 'COMPLETED' ? 'all' : inside ? 'none (mid-commit)' : 'none');
      if (inside && state!.status !== 'COMPLETED') midCommit++;
    }
    console.info(`import kills: ${outcomes.length} rounds, ${outcomes.filter((o) => o === 'all').length} all rows, ${midCommit} killed inside the commit (${outcomes.join(', ')})`);
    // A later server may have finished an earlier round's queued commit: every batch is still all or none.
    const batches = await queryRows<{ id: number; status: string; rows: number }>(
      database.db,
      sql`select b.id, b.status, (select count(*)::int from kill_probe p where p.code like 'R' || split_part(split_part(b.file_name, '-', 2), '.', 1) || '-%') as rows
          from import_batches b where b.key = 'kill-probe' order by b.id`,
    );
    expect(batches).toHaveLength(KILL_AFTER_MS.length);
    for (const b of batches) expect(b.status === 'COMPLETED' ? b.rows === ROWS : b.status === 'PROCESSING' && b.rows === 0, `batch ${b.id}: ${b.status}, ${b.rows} rows`).toBe(true);
    // Every case was reached: a kill inside the commit's transaction (half of the rows written) and one after it.
    expect(midCommit).toBeGreaterThan(0);
    expect(outcomes).toContain('all');
  }, 150_000);
});
