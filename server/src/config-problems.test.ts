import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, pathProblems } from './config.ts';
import { configProblems as problemsOf } from '../test/config-problems.ts';
import { PROJECT_ROOT } from './platform/server-root.ts';
import { refusal, startupFailure } from './platform/lifecycle.ts';

describe('configuration fails fast, naming the variable and what is wrong', () => {
  it('says what each bad value should be, with the value given', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT: must be a number (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be at most 65535 (got "70000")']);
    expect(problemsOf({ PORT: '0' })).toEqual(['PORT: must be greater than 0 (got "0")']);
    expect(problemsOf({ SESSION_TTL_HOURS: '1.5' })).toEqual(['SESSION_TTL_HOURS: must be a whole number (got "1.5")']);
    expect(problemsOf({ APP_ENV: 'prod' })).toEqual(['APP_ENV: must be one of development, staging, uat, production (got "prod")']);
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual(['LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")']);
    expect(problemsOf({ JOBS_POLL_SECONDS: '0.1' })).toEqual(['JOBS_POLL_SECONDS: must be at least 0.5 (got "0.1")']);
    expect(problemsOf({ JOBS_SCHEMA: 'Bad-Name' })).toEqual([
      'JOBS_SCHEMA: must be lower-case letters, digits and underscores, starting with a letter or an underscore (got "Bad-Name")',
    ]);
    expect(problemsOf({ PUBLIC_URL: 'portal.example.com' })).toEqual(['PUBLIC_URL: must be a URL (scheme://host…) (got "portal.example.com")']);
    expect(problemsOf({ PUBLIC_URL: 'ftp://portal.example.com' })).toEqual(['PUBLIC_URL: must be an http:// or https:// URL (got "ftp://portal.example.com")']);
    expect(problemsOf({ HOST: '   ' })).toEqual(['HOST: must not be empty (got "   ")']);
    expect(problemsOf({ READY_TIMEOUT_MS: 'soon' })).toEqual(['READY_TIMEOUT_MS: must be a number (got "soon")']);
    expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toEqual(['SHUTDOWN_DRAIN_SECONDS: must be at least 0 (got "-1")']);
  });

  it('lists every bad variable at once, one problem each', () => {
    const problems = problemsOf({ PORT: 'x', SMTP_URL: 'not a url', TRUST_PROXY: 'true', EXPORT_MAX_RUNNING: '0' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'SMTP_URL', 'TRUST_PROXY', 'EXPORT_MAX_RUNNING']);
    expect(new ConfigError(problems).message).toBe(`Invalid environment: ${problems.join('; ')}`);
  });

  it('never repeats the value of a secret or of a URL that may hold a password', () => {
    const problems = problemsOf({
      APP_SECRET: 'short-secret-value',
      METRICS_TOKEN: 'short-token-value',
      POS_SECRET: 'pos-secret-value',
      DATABASE_URL: 'mysql://user:hunter2@db/portal',
      SMTP_URL: 'http://user:mailpass@mail',
    });
    expect(problems).toEqual([
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      'APP_SECRET: must be at least 32 characters',
      'POS_SECRET: must be at least 32 characters',
      'METRICS_TOKEN: must be at least 32 characters',
    ]);
    for (const secret of ['short-secret-value', 'short-token-value', 'pos-secret-value', 'hunter2', 'mailpass']) expect(problems.join('\n')).not.toContain(secret);
  });

  it('takes the new settings with their defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ READY_TIMEOUT_MS: 2000, SHUTDOWN_TIMEOUT_SECONDS: 20, SHUTDOWN_DRAIN_SECONDS: 0 });
    expect(c.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(32), SHUTDOWN_DRAIN_SECONDS: '2.5' })).toMatchObject({ METRICS_TOKEN: 't'.repeat(32), SHUTDOWN_DRAIN_SECONDS: 2.5 });
  });
});

describe('relative paths resolve from the project root', () => {
  it('resolves DATA_DIR and WEB_DIST from the root, whatever the working folder or INIT_CWD', () => {
    const before = process.cwd();
    try {
      process.chdir(os.tmpdir());
      const c = loadConfig({ DATA_DIR: './data', WEB_DIST: 'web/dist', INIT_CWD: '/somewhere/else' });
      expect(c.DATA_DIR).toBe(path.join(PROJECT_ROOT, 'data'));
      expect(c.webDist).toBe(path.join(PROJECT_ROOT, 'web/dist'));
      expect(path.isAbsolute(c.webDist)).toBe(true);
      expect(loadConfig({ WEB_DIST: '../elsewhere/dist' }).webDist).toBe(path.resolve(PROJECT_ROOT, '../elsewhere/dist'));
    } finally {
      process.chdir(before);
    }
    expect(loadConfig({ DATA_DIR: '/var/lib/portal' }).DATA_DIR).toBe('/var/lib/portal');
    // Unset, the web app is the project's own build.
    expect(loadConfig({}).webDist).toBe(path.join(PROJECT_ROOT, 'web/dist'));
  });

  it('refuses a WEB_DIST without a built app and a DATA_DIR it cannot create, and takes good ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
    try {
      const dist = path.join(dir, 'dist');
      fs.mkdirSync(dist);
      const relative = path.relative(PROJECT_ROOT, dist);
      const missing = loadConfig({ WEB_DIST: relative, DATA_DIR: path.join(dir, 'data') });
      expect(pathProblems(missing)).toEqual([`WEB_DIST: ${dist} holds no index.html (build the web app with npm run build, or leave WEB_DIST unset)`]);
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      // The relative WEB_DIST that crashed the static-file server is now the same folder, absolute.
      expect(pathProblems(loadConfig({ WEB_DIST: relative, DATA_DIR: path.join(dir, 'data') }))).toEqual([]);
      expect(fs.existsSync(path.join(dir, 'data'))).toBe(true);
      // Unset, a missing build is no problem: the API is served alone.
      expect(pathProblems({ DATA_DIR: path.join(dir, 'data'), WEB_DIST: undefined, webDist: path.join(dir, 'nothing') })).toEqual([]);
      const file = path.join(dir, 'a-file');
      fs.writeFileSync(file, 'x');
      expect(pathProblems({ DATA_DIR: path.join(file, 'data'), WEB_DIST: undefined, webDist: dist })).toEqual([`DATA_DIR: ${path.join(file, 'data')} cannot be created or written (ENOTDIR)`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a start refused for a setting says which, without a stack trace', () => {
  const config = { PORT: 3000, HOST: '0.0.0.0', DATABASE_URL: undefined, DATA_DIR: '/srv/portal/data' };

  it('blames PORT or HOST for a listener that cannot open', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), { code: 'EADDRINUSE' });
    expect(startupFailure(busy, config, 'listen')).toBe('PORT: 3000 on 0.0.0.0 is already in use by another program');
    expect(startupFailure(Object.assign(new Error('x'), { code: 'EACCES' }), { ...config, PORT: 80 }, 'listen')).toMatch(/^PORT: listening on 80 is not allowed/);
    expect(startupFailure(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }), { ...config, HOST: '10.9.9.9' }, 'listen')).toBe('HOST: 10.9.9.9 is not an address of this machine');
    expect(startupFailure(new Error('a bug'), config, 'listen')).toBeUndefined();
  });

  it('blames DATABASE_URL (never repeating its password) or DATA_DIR for a database that cannot open', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED' });
    const line = startupFailure(refused, { ...config, DATABASE_URL: 'postgres://portal:hunter2@127.0.0.1:5499/portal' }, 'database')!;
    expect(line).toBe('DATABASE_URL: cannot use the PostgreSQL database at 127.0.0.1:5499/portal: connect ECONNREFUSED 127.0.0.1:5499');
    expect(line).not.toContain('hunter2');
    const auth = Object.assign(new Error('password authentication failed for user "portal"'), { code: '28P01' });
    expect(startupFailure(auth, { ...config, DATABASE_URL: 'postgres://portal:hunter2@db/portal' }, 'database')).toBe(
      'DATABASE_URL: cannot use the PostgreSQL database at db:5432/portal: password authentication failed for user "portal" (28P01)',
    );
    expect(startupFailure(new Error('Permission denied\nat stack'), config, 'database')).toBe('DATA_DIR: cannot open the embedded database in /srv/portal/data: Permission denied');
    expect(refusal('production', ['PORT: must be a number (got "x")', 'APP_SECRET: must be at least 32 characters'])).toBe(
      'Refusing to start (APP_ENV=production):\n- PORT: must be a number (got "x")\n- APP_SECRET: must be at least 32 characters',
    );
  });
});
