import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { pgliteDirState } from '../../server/src/db/pglite-dir.ts';
import { SERVER_ROOT } from '../../server/src/platform/server-root.ts';
import { seed as seedConsumerData } from './consumers.ts';

/**
 * `npm run bench -- move-backup [--scale N]`: the commands a site runs to leave the embedded database and to back up,
 * timed on the consumers benchmark's data (1,000,000 consumers, 5,000,000 stamp-ledger rows; `--scale 0.1` a tenth):
 * `db:move` from an embedded database on disk (BENCH_DATA_DIR, default /tmp/move-bench, or /tmp/move-bench-<consumers> at
 * another scale; seeded the first time and kept)
 * into a scratch database on BENCH_DATABASE_URL's server, `backup` and `restore` of the embedded database (portal
 * format) and of PostgreSQL (pg_dump and the portal format). Each command runs as a site runs it (a process of its own);
 * the scratch databases and restored folders are removed after.
 */
export async function run(scale: number): Promise<void> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error('move-backup: set BENCH_DATABASE_URL to the PostgreSQL server to move into (scratch databases are made there)');
  const count = Math.round((scale > 0 ? scale : 1) * 1_000_000);
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? `/tmp/move-bench${count === 1_000_000 ? '' : `-${count}`}`);
  await seedDataDir(dataDir, count);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'move-bench-work-'));
  const scratch: string[] = [];
  const database = async () => {
    const name = `moveb_bench_${crypto.randomBytes(4).toString('hex')}`;
    await admin(server, `create database ${name}`);
    scratch.push(name);
    const u = new URL(server);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const figures: { step: string; seconds: number; rows: number; bytes?: number }[] = [];
  try {
    const moved = await database();
    const move = await command('move-cli.ts', ['--to', moved], { DATA_DIR: dataDir });
    const rows = Number(/Moved ([\d,]+) rows/.exec(move.out)?.[1]?.replaceAll(',', '') ?? 0);
    figures.push({ step: 'db:move embedded → PostgreSQL', seconds: move.seconds, rows });

    const pgliteFile = path.join(work, 'pglite.portal.gz');
    const b1 = await command('backup-cli.ts', ['--out', pgliteFile], { DATA_DIR: dataDir });
    figures.push({ step: 'backup embedded (portal format)', seconds: b1.seconds, rows, bytes: fs.statSync(pgliteFile).size });
    const r1 = await command('restore-cli.ts', [pgliteFile], { DATA_DIR: path.join(work, 'restored') });
    figures.push({ step: 'restore into a new embedded database', seconds: r1.seconds, rows });

    const dumpFile = path.join(work, 'pg.pgdump');
    const b2 = await command('backup-cli.ts', ['--out', dumpFile], { DATABASE_URL: moved });
    figures.push({ step: 'backup PostgreSQL (pg_dump -Fc)', seconds: b2.seconds, rows, bytes: fs.statSync(dumpFile).size });
    const r2 = await command('restore-cli.ts', [dumpFile], { DATABASE_URL: await database() });
    figures.push({ step: 'restore PostgreSQL (pg_restore)', seconds: r2.seconds, rows });

    const portalFile = path.join(work, 'pg.portal.gz');
    const b3 = await command('backup-cli.ts', ['--out', portalFile, '--format', 'portal'], { DATABASE_URL: moved });
    figures.push({ step: 'backup PostgreSQL (portal format)', seconds: b3.seconds, rows, bytes: fs.statSync(portalFile).size });
    const r3 = await command('restore-cli.ts', [portalFile], { DATABASE_URL: await database() });
    figures.push({ step: 'restore PostgreSQL (portal format)', seconds: r3.seconds, rows });
  } finally {
    for (const name of scratch) await admin(server, `drop database if exists ${name} with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nmove-backup: ${count.toLocaleString('en')} consumers, ${figures[0]?.rows.toLocaleString('en')} rows in all (embedded database in ${dataDir})`);
  for (const f of figures) {
    console.log(
      `${f.step.padEnd(40)} ${f.seconds.toFixed(1).padStart(7)} s  ${Math.round(f.rows / f.seconds).toLocaleString('en').padStart(9)} rows/s` +
        (f.bytes !== undefined ? `  file ${(f.bytes / 1024 / 1024).toFixed(0)} MB` : ''),
    );
  }
}

/** The consumers benchmark's data in an embedded database on disk, seeded once (its size is printed each time). */
async function seedDataDir(dataDir: string, count: number): Promise<void> {
  const state = pgliteDirState(dataDir);
  const started = performance.now();
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    if (!state.exists) {
      const log = (m: string) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  seeding ${m}`);
      // The consumers benchmark loads through BENCH_DATABASE_URL when set; here the rows go into the embedded database.
      const server = process.env.BENCH_DATABASE_URL;
      delete process.env.BENCH_DATABASE_URL;
      try {
        await seedConsumerData(database, count, log);
      } finally {
        process.env.BENCH_DATABASE_URL = server;
      }
      await database.exec('vacuum analyze');
      console.log(`move-backup: seeded ${count.toLocaleString('en')} consumers into ${state.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
  const bytes = du(state.dir);
  console.log(`move-backup: the embedded database in ${state.dir} takes ${(bytes / 1024 / 1024).toFixed(0)} MB on disk`);
}

function du(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    total += e.isDirectory() ? du(full) : e.isFile() ? fs.statSync(full).size : 0;
  }
  return total;
}

async function admin(server: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs one of the database commands as a site does and answers its output and time; a non-zero exit fails the benchmark. */
function command(cli: string, args: string[], env: Record<string, string>): Promise<{ out: string; seconds: number }> {
  const started = performance.now();
  console.log(`\n$ ${Object.entries(env).map(([k, v]) => `${k}=${v.replace(/\/\/[^@]*@/, '//…@')}`).join(' ')} ${cli} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/db', cli), ...args], {
      env: { ...process.env, APP_ENV: 'development', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve({ out, seconds: (performance.now() - started) / 1000 }) : reject(new Error(`${cli} exited with ${code}`))));
  });
}
