import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The production build (`npm run build`, server part: server/scripts/build.mjs) runs with plain Node, no TypeScript
 * loader: the compiled migration tool brings a new database to the current schema with the reference data, and the
 * compiled server starts on it in production configuration, answers, names the web build it looked for (found from
 * the compiled file) and shuts down cleanly on SIGTERM. On PGlite in a temporary DATA_DIR, or on a database of its own
 * when TEST_DATABASE_URL is set. The build goes into a folder of its own inside server/dist, so a real build is never
 * touched, and the web app is not built (the server starts without it).
 */
const run = promisify(execFile);
const SERVER = path.resolve(import.meta.dirname, '..');
const ROOT = path.dirname(SERVER);
const ENTRIES = ['main', 'migrate', 'move', 'backup', 'restore', 'create-admin', 'seed', 'analytics-rebuild'];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the production build', () => {
  const tag = crypto.randomBytes(4).toString('hex');
  const outdir = path.join(SERVER, 'dist', `test-${tag}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
  const dbName = process.env.TEST_DATABASE_URL ? `build_${tag}` : undefined;
  let databaseUrl = '';
  let child: ChildProcess | undefined;

  /** What a production process gets: no loader options inherited from the test runner, no WEB_DIST (the default is tested). */
  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => {
    const { NODE_OPTIONS: _loader, WEB_DIST: _web, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...extra };
  };

  beforeAll(async () => {
    if (dbName) {
      await admin(`create database ${dbName}`);
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    await run(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: SERVER });
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('writes plain JavaScript with source maps, the contract bundled in', () => {
    for (const entry of ENTRIES) {
      const code = fs.readFileSync(path.join(outdir, `${entry}.js`), 'utf8');
      expect(code).toContain(`//# sourceMappingURL=${entry}.js.map`);
      const map = JSON.parse(fs.readFileSync(path.join(outdir, `${entry}.js.map`), 'utf8')) as { sources: string[] };
      expect(map.sources.some((s) => s.endsWith('.ts'))).toBe(true);
    }
    const files = fs.readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    for (const file of files) {
      const code = fs.readFileSync(path.join(outdir, file), 'utf8');
      // Every import left is a package from node_modules or Node itself: no TypeScript file, no workspace source.
      expect(code, file).not.toMatch(/from\s*["'][^"']+\.ts["']/);
      expect(code, file).not.toMatch(/from\s*["']@portal\//);
    }
  });

  it('migrates with the compiled tool, then starts, answers and stops with plain node', async () => {
    const migrated = await run(process.execPath, ['--enable-source-maps', path.join(outdir, 'migrate.js')], { cwd: ROOT, env: env({}) });
    expect(migrated.stdout).toMatch(/Applied \d+ migrations/);
    expect(migrated.stdout).toMatch(/Regions loaded: 38 provinces/);
    // The compiled backup tool on the same database (pg_dump on PostgreSQL, the portal format on PGlite).
    const backedUp = await run(process.execPath, ['--enable-source-maps', path.join(outdir, 'backup.js'), '--out', path.join(dataDir, 'backup')], { cwd: ROOT, env: env({}) });
    expect(backedUp.stdout).toMatch(/Backup written: .*backup \((pg_dump custom|portal) format, /);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      cwd: ROOT,
      env: env({
        APP_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        // Production requires a mail transport; none is reached while the server only starts.
        SMTP_URL: 'smtp://127.0.0.1:9',
        APP_SECRET: crypto.randomBytes(32).toString('hex'),
        LOG_LEVEL: 'info',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

    let meta: Response | undefined;
    const started = Date.now();
    while (!meta) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}):\n${output}`);
      if (Date.now() - started > 60_000) throw new Error(`the compiled server did not answer in 60 s:\n${output}`);
      meta = await fetch(`${base}/api/v1/meta`).catch(() => undefined);
      if (!meta) await new Promise((r) => setTimeout(r, 200));
    }
    expect(meta.status).toBe(200);
    expect(((await meta.json()) as { data: { app_env: string } }).data.app_env).toBe('production');

    const messages = output.split('\n').flatMap((line) => {
      try {
        return [(JSON.parse(line) as { msg?: string }).msg ?? ''];
      } catch {
        return []; // not a log line (a Node warning)
      }
    });
    // Nothing left to apply: the compiled tool did it, from the same migration files.
    expect(messages.find((m) => m.startsWith('database: '))).not.toMatch(/applied/);
    // The default web build is looked for beside the server folder, found from the compiled file.
    const webDist = path.join(ROOT, 'web', 'dist');
    const built = fs.existsSync(path.join(webDist, 'index.html'));
    expect(messages).toContain(built ? `web app: ${webDist}` : `no web app built in ${webDist} (npm run build): serving the API only`);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(built ? 200 : 404);

    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, output).toBe(0);
  }, 120_000);
});
