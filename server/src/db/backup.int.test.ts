import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { backupDatabase, defaultBackupFile, formatOf, restoreDatabase, restoreIntoDataDir } from './backup.ts';
import { moveDatabase } from './move.ts';
import { emptyScratchDatabase } from '../../test/test-db.ts';
import { contentsOf, emptyPglite, seededPglite } from '../../test/transfer-fixtures.ts';
import { SERVER_ROOT } from '../platform/server-root.ts';

const url = process.env.TEST_DATABASE_URL;

let source: Database;
let before: Awaited<ReturnType<typeof contentsOf>>;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moveb-backup-'));
  source = await seededPglite();
  before = await contentsOf(source);
});
afterAll(async () => {
  await source?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore of the embedded database (always)', () => {
  let target: Database;
  let file: string;
  let made: Awaited<ReturnType<typeof backupDatabase>>;
  beforeAll(async () => {
    target = await emptyPglite();
    file = defaultBackupFile(dir, 'portal');
    made = await backupDatabase(source, { file });
  });
  afterAll(async () => {
    await target?.close();
  });

  it('round-trips every table, sequence and unfinished job through one portal-format file', async () => {
    expect(path.basename(file)).toMatch(/^portal-\d{8}-\d{6}\.portal\.gz$/);
    expect(made).toMatchObject({ file, format: 'portal' });
    expect(made.bytes).toBe(fs.statSync(file).size);
    expect(made.rows).toBeGreaterThan(10_000);
    expect(formatOf(file)).toBe('portal');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restored = await restoreDatabase(target, file);
    expect(restored.checks.every((c) => c.ok)).toBe(true);
    expect(restored.rows).toBe(made.rows);
    expect(await contentsOf(target)).toEqual(before);
  });

  it('refuses a target that holds the portal unless told to replace it', async () => {
    if (!(await contentsOf(target)).tables.consumers) await restoreDatabase(target, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/already holds the portal/);
    const replaced = await restoreDatabase(target, file, { replace: true });
    expect(replaced.checks.every((c) => c.ok)).toBe(true);
    expect(await contentsOf(target)).toEqual(before);
  });

  it('rolls everything back, the replaced data included, when the file is cut short', async () => {
    const cut = path.join(dir, 'cut.portal.gz');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.8)));
    await expect(restoreDatabase(target, cut, { replace: true })).rejects.toThrow();
    expect(await contentsOf(target)).toEqual(before);
  });

  it('restores into a DATA_DIR in a folder of its own, refusing an existing database unless told to replace it (kept beside)', async () => {
    const dataDir = path.join(dir, 'data-function');
    const first = await restoreIntoDataDir(dataDir, file);
    expect(first.checks.every((c) => c.ok)).toBe(true);
    expect(first.kept).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    await expect(restoreIntoDataDir(dataDir, file)).rejects.toThrow(/already holds an embedded database/);
    const second = await restoreIntoDataDir(dataDir, file, { replace: true });
    expect(second.checks.every((c) => c.ok)).toBe(true);
    expect(second.kept && fs.existsSync(path.join(second.kept, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('restoring'))).toEqual([]);
  }, 60_000);

  it('backs up and restores a DATA_DIR through the commands a site runs', async () => {
    const env = { DATA_DIR: path.join(dir, 'data-cli') };
    const restored = await run('restore-cli.ts', [file], env);
    expect(restored.out).toMatch(/Restored [\d,]+ rows of \d+ tables; every table’s row count and checksum match the backup’s/);
    expect(restored.code).toBe(0);
    const out = path.join(dir, 'cli.portal.gz');
    const backedUp = await run('backup-cli.ts', ['--out', out], env);
    expect(backedUp.out).toMatch(/Backup written: .*cli\.portal\.gz \(portal format, [\d.]+ MB, [\d,]+ rows of \d+ tables\) in [\d.]+ s/);
    expect(backedUp.code).toBe(0);
    expect(formatOf(out)).toBe('portal');
    const refused = await run('restore-cli.ts', [out], env);
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/already holds an embedded database/);
  }, 60_000);
});

function run(cli: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/db', cli), ...args], {
      env: { ...process.env, APP_ENV: 'development', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

let sourceBackup: Promise<string> | undefined;
/** A portal-format backup of the seeded source, made once for the tests that need a DATA_DIR holding it. */
const portalBackupOfSource = () =>
  (sourceBackup ??= (async () => {
    const file = path.join(dir, 'source.portal.gz');
    await backupDatabase(source, { file });
    return file;
  })());

describe.skipIf(!url)('backup and restore of PostgreSQL (TEST_DATABASE_URL)', () => {
  const scratches: Awaited<ReturnType<typeof emptyScratchDatabase>>[] = [];
  let pgSource: Database;
  let pgBefore: Awaited<ReturnType<typeof contentsOf>>;
  beforeAll(async () => {
    const s = await emptyScratchDatabase('moveb');
    scratches.push(s);
    await moveDatabase(source, s.database);
    pgSource = s.database;
    pgBefore = await contentsOf(pgSource);
    expect(pgBefore).toEqual(before);
  });
  afterAll(async () => {
    for (const s of scratches) await s.drop();
  });

  it('round-trips every table through pg_dump and pg_restore, and refuses a target holding the portal unless told to replace it', async () => {
    const file = defaultBackupFile(dir, 'pg_dump');
    const made = await backupDatabase(pgSource, { file });
    expect(made.format).toBe('pg_dump');
    expect(formatOf(file)).toBe('pg_dump');
    const target = await emptyScratchDatabase('moveb');
    scratches.push(target);
    const restored = await restoreDatabase(target.database, file);
    expect(restored.format).toBe('pg_dump');
    expect(restored.checks.find((c) => c.table === 'consumers')).toMatchObject({ sourceRows: 250, targetRows: 250, ok: true });
    expect(restored.checks.every((c) => c.ok)).toBe(true);
    expect(await contentsOf(target.database)).toEqual(pgBefore);

    await expect(restoreDatabase(target.database, file)).rejects.toThrow(/already holds the portal/);
    const replaced = await restoreDatabase(target.database, file, { replace: true });
    expect(replaced.checks.every((c) => c.ok)).toBe(true);
    expect(await contentsOf(target.database)).toEqual(pgBefore);
  });

  it('moves a DATA_DIR into PostgreSQL through the command a site runs, naming the files it leaves in place', async () => {
    const dataDir = path.join(dir, 'data-move');
    await restoreIntoDataDir(dataDir, await portalBackupOfSource());
    fs.mkdirSync(path.join(dataDir, 'exports'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'exports', 'consumers.csv'), 'id\n1\n');
    fs.writeFileSync(path.join(dataDir, 'app-secret.key'), 'a-development-key-of-at-least-32-characters');
    const target = await emptyScratchDatabase('moveb');
    scratches.push(target);
    const moved = await run('move-cli.ts', ['--to', target.url], { DATA_DIR: dataDir, APP_SECRET: '' });
    expect(moved.out).toMatch(/^consumers +250 +250 +[0-9a-f]{12} +[0-9a-f]{12} +ok$/m);
    expect(moved.out).toMatch(/Moved [\d,]+ rows of \d+ tables and \d+ sequences; every table's row count and checksum match\. Job queue: 1 queues, 2 unfinished jobs moved/);
    expect(moved.out).toContain(`Files are not copied: they stay in ${dataDir} (exports/: 1 file, 0.0 MB)`);
    expect(moved.out).toMatch(/sealed with the key in .*app-secret\.key/);
    expect(moved.out).toMatch(/Done in [\d.]+ s\./);
    expect(moved.code).toBe(0);
    expect(await contentsOf(target.database)).toEqual(before);
  }, 60_000);

  it('round-trips every table through the portal format too (the fallback without pg_dump)', async () => {
    const file = path.join(dir, 'pg.portal.gz');
    const made = await backupDatabase(pgSource, { file, format: 'portal' });
    expect(made.format).toBe('portal');
    const target = await emptyScratchDatabase('moveb');
    scratches.push(target);
    const restored = await restoreDatabase(target.database, file);
    expect(restored.checks.every((c) => c.ok)).toBe(true);
    expect(await contentsOf(target.database)).toEqual(pgBefore);
  });
});
