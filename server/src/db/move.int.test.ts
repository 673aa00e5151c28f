import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { journalTags, migrate } from './migrate.ts';
import { moveDatabase } from './move.ts';
import { pgliteDirState, pgliteInUse } from './pglite-dir.ts';
import { TransferRefused } from './transfer.ts';
import { emptyScratchDatabase } from '../../test/test-db.ts';
import { contentsOf, emptyPglite, expectPortalAnswers, rowsOf, seededPglite } from '../../test/transfer-fixtures.ts';
import { SERVER_ROOT } from '../platform/server-root.ts';

const url = process.env.TEST_DATABASE_URL;

let source: Database;
let before: Awaited<ReturnType<typeof contentsOf>>;
beforeAll(async () => {
  source = await seededPglite();
  before = await contentsOf(source);
});
afterAll(async () => {
  await source?.close();
});

/** Moves the seeded source into `target` and checks what the move reports and what the target holds. */
async function moveAndCompare(target: Database): Promise<void> {
  const lines: string[] = [];
  // Small slices, so the larger tables leave PGlite in several COPY chunks.
  const report = await moveDatabase(source, target, { log: (l) => lines.push(l), chunkBlocks: 4 });
  expect(report.checks.every((c) => c.ok)).toBe(true);
  expect(report.checks.find((c) => c.table === 'consumers')?.targetRows).toBeGreaterThan(100);
  expect(report.jobs).toEqual({ queues: 1, jobs: 2 });
  expect(lines.some((l) => l.startsWith('Verified'))).toBe(true);

  const after = await contentsOf(target);
  expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
  for (const [table, contents] of Object.entries(before.tables)) expect(`${table} ${after.tables[table]}`).toBe(`${table} ${contents}`);
  expect(after.sequences).toEqual(before.sequences);
  // The source is only read.
  expect(await contentsOf(source)).toEqual(before);
}

describe('db:move into an embedded database (always)', () => {
  let target: Database;
  beforeAll(async () => {
    target = await emptyPglite();
  });
  afterAll(async () => {
    await target?.close();
  });

  it('copies every table, sequence and unfinished job, verified on both sides', async () => {
    await moveAndCompare(target);
  });

  it('refuses a target that already holds the portal, writing nothing', async () => {
    const held = await contentsOf(target);
    await expect(moveDatabase(source, target)).rejects.toThrow(TransferRefused);
    await expect(moveDatabase(source, target)).rejects.toThrow(/already holds the portal/);
    expect(await contentsOf(target)).toEqual(held);
  });
});

describe('db:move of a database made before the last migrations (always)', () => {
  it('builds the schema it was made at, checks the copy, then applies the later migrations', async () => {
    const journal = journalTags();
    const old = await emptyPglite();
    const target = await emptyPglite();
    try {
      await migrate(old, { until: journal[journal.length - 2] });
      await old.exec(`insert into roles (name, description) values ('Made before', 'by an older build')`);
      const lines: string[] = [];
      const report = await moveDatabase(old, target, { log: (l) => lines.push(l) });
      expect(report.checks.every((c) => c.ok)).toBe(true);
      expect(lines).toContain(`Then brought to this build's schema: 1 later migrations (${journal[journal.length - 1]}).`);
      const applied = await rowsOf<{ tag: string }>(target, 'select tag from schema_migrations order by tag');
      expect(applied.map((r) => r.tag)).toEqual([...journal].sort());
      expect(await rowsOf(target, `select 1 from roles where name = 'Made before'`)).toHaveLength(1);
    } finally {
      await old.close();
      await target.close();
    }
  });
});

describe.skipIf(!url)('db:move into PostgreSQL (TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof emptyScratchDatabase>>;
  beforeAll(async () => {
    scratch = await emptyScratchDatabase('moveb');
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('copies every table, sequence and unfinished job, verified on both sides', async () => {
    await moveAndCompare(scratch.database);
  });

  it('gives a portal that answers a sign-in and a list on the moved data', async () => {
    await expectPortalAnswers(scratch.database);
  });

  it('refuses a target that already holds the portal, writing nothing', async () => {
    const held = await contentsOf(scratch.database);
    await expect(moveDatabase(source, scratch.database)).rejects.toThrow(/already holds the portal/);
    expect(await contentsOf(scratch.database)).toEqual(held);
  });
});

describe('db:move command refusals', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'moveb-'));
    dirs.push(d);
    return d;
  };
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/db/move-cli.ts'), ...args], {
        env: { ...process.env, APP_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });

  it('refuses when there is no embedded database to move', async () => {
    const result = await run(['--to', 'postgres://127.0.0.1:1/none', '--data-dir', dataDir()]);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/no embedded database in .*pglite/);
  });

  it('refuses while another process has the embedded database open (PGlite is single-process)', async () => {
    const dir = dataDir();
    const pglite = path.join(dir, 'pglite');
    fs.mkdirSync(path.join(pglite, 'base'), { recursive: true });
    fs.writeFileSync(path.join(pglite, 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(pglite, 'postmaster.pid'), '-42\n');
    fs.writeFileSync(path.join(pglite, 'base', '1259'), '');
    // A stand-in for a running portal: a process holding one of the database's files open.
    const holder = spawn(process.execPath, ['-e', `require('fs').openSync(${JSON.stringify(path.join(pglite, 'base', '1259'))}, 'r'); console.log('open'); setInterval(() => {}, 1000)`]);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    try {
      const state = pgliteDirState(dir);
      expect(state.openBy).toContain(holder.pid);
      expect(pgliteInUse(state)).toMatch(/single-process/);
      const result = await run(['--to', 'postgres://127.0.0.1:1/none', '--data-dir', dir]);
      expect(result.code).toBe(2);
      expect(result.out).toMatch(new RegExp(`open in process ${holder.pid}.*single-process`));
    } finally {
      holder.kill();
    }
    // Left behind by a process that ended without closing it: no longer in use.
    await exited;
    expect(pgliteInUse(pgliteDirState(dir))).toBeNull();
  });

  it('refuses a --to that is not a PostgreSQL URL', async () => {
    const result = await run(['--to', 'mysql://x/y', '--data-dir', dataDir()]);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/--to must be a PostgreSQL URL/);
  });
});
