import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface PortalServer {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where a seeded copy to start from lies: a data directory and, on PostgreSQL, a template database. */
export interface SeededTemplate {
  dataDir: string;
  database?: string;
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh PostgreSQL database when E2E runs against a server (TEST_DATABASE_URL), copied from the seeded template when
 * there is one; else none: PGlite in the data directory.
 */
async function freshDatabase(template?: string): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) return { drop: async () => {} };
  const name = `e2e_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** Runs the server on a free port over the given data and database, once it answers. */
async function spawnPortal(dataDir: string, databaseUrl: string, env: Record<string, string>, startLimitMs = 90_000): Promise<PortalServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/meta`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > startLimitMs) {
      child.kill('SIGTERM'); // a server that never answered must not outlive the run
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/**
 * Starts the real server (built web app, demo data) with its own data: a copy of `template` when given (seeding takes
 * most of a start), else seeded on the way up.
 */
export async function startPortal(env: Record<string, string> = {}, template?: SeededTemplate): Promise<PortalServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const db = await freshDatabase(template?.database);
  const server = await spawnPortal(dataDir, db.url ?? '', env);
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrates and seeds once into a data directory (and a template database on PostgreSQL) that every test file's server
 * copies; the server that seeded it is stopped, so nothing holds the copy open.
 */
export async function seedTemplate(): Promise<SeededTemplate & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-template-'));
  const database = process.env.TEST_DATABASE_URL ? `e2e_template_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (database) await adminQuery(`create database ${database}`);
  // Seeding the whole demo runs once per run; on a loaded machine it can take minutes (a copy starts in seconds).
  const seeding = await spawnPortal(dataDir, database ? databaseUrl(database) : '', {}, 300_000);
  await seeding.stop();
  return {
    dataDir,
    database,
    drop: async () => {
      if (database) await adminQuery(`drop database if exists ${database} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
