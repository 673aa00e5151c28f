import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'server/src/main.ts');

/** A loopback port no one listens on (the system picks it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface PortalProcess {
  url: string;
  /** Its data directory (exports are written under `exports/`). */
  dataDir: string;
  /** Its resident memory now and its peak since it started (Linux `/proc`), in MB. */
  memoryMb(): { rss: number; peak: number };
  stop(): Promise<void>;
}

/** A process's VmRSS and VmHWM (the peak resident set) from /proc, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Starts the portal as `npm start` does (server/src/main.ts) in a process of its own, in production mode, listening on
 * a loopback port, on PostgreSQL in `schema`; `env` adds or overrides its configuration. Resolves once it answers.
 * PORTAL_NODE_FLAGS adds flags to its `node` (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles it until it stops).
 */
export async function startPortal(opts: { databaseUrl: string; schema: string; env: Record<string, string> }): Promise<PortalProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = new URL(opts.databaseUrl);
  databaseUrl.searchParams.set('options', `-c search_path=${opts.schema}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  // The API alone, built web app or not: production refuses a WEB_DIST without an index.html, so a bare one stands in.
  const webDist = path.join(dataDir, 'no-web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>API only</title>');
  const flags = (process.env.PORTAL_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      // Production refuses to start without a mail server and a secret; no mail is sent here, none is encrypted.
      SMTP_URL: 'smtp://127.0.0.1:9',
      APP_SECRET: crypto.randomBytes(32).toString('hex'),
      SEED_DEMO: 'never',
      RETENTION_DAYS: '0',
      ...opts.env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal exited with ${child.exitCode} before answering:\n${output}`);
    }
    try {
      await fetch(`${url}/api/v1/user/profile`);
      return { url, dataDir, memoryMb: () => memoryOf(child.pid!), stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the portal did not answer within 120 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
