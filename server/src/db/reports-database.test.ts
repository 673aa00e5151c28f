import { describe, expect, it } from 'vitest';
import { loadConfig, startupProblems } from '../config.ts';
import { configProblems } from '../../test/config-problems.ts';
import { startupFailure } from '../platform/lifecycle.ts';
import type { Database } from './client.ts';
import { reportsPool, reportsSource } from './reports-database.ts';

const load = (env: Record<string, string>) => loadConfig({ APP_ENV: 'development', ...env, INIT_CWD: '/tmp' });

const problemsOf = (env: Record<string, string>) => configProblems({ APP_ENV: 'development', ...env, INIT_CWD: '/tmp' });

describe('REPORTS_DATABASE_URL: report and dashboard reads on a replica', () => {
  it('takes a PostgreSQL URL and a pool size, naming the variable when either is wrong (never repeating the URL)', () => {
    expect(problemsOf({ REPORTS_DATABASE_URL: 'the replica' })).toEqual(['REPORTS_DATABASE_URL: must be a URL (scheme://host…)']);
    expect(problemsOf({ REPORTS_DATABASE_URL: 'mysql://portal:hunter2@replica/portal' })).toEqual(['REPORTS_DATABASE_URL: must be a postgres:// or postgresql:// URL']);
    expect(problemsOf({ REPORTS_DB_POOL_MAX: '0' })).toEqual(['REPORTS_DB_POOL_MAX: must be greater than 0 (got "0")']);
    expect(problemsOf({ REPORTS_DB_POOL_MAX: 'many' })).toEqual(['REPORTS_DB_POOL_MAX: must be a number (got "many")']);
    const config = load({ DATABASE_URL: 'postgres://portal:pw@primary/portal', REPORTS_DATABASE_URL: 'postgresql://portal:pw@replica/portal' });
    expect(config.REPORTS_DATABASE_URL).toBe('postgresql://portal:pw@replica/portal');
    expect(config.REPORTS_DB_POOL_MAX).toBe(10);
    // Unset (or empty, as `REPORTS_DATABASE_URL= npm start` gives it), reports read the main database.
    expect(load({ REPORTS_DATABASE_URL: '' }).REPORTS_DATABASE_URL).toBeUndefined();
  });

  it('refuses to start with a replica of the embedded database, which has none', () => {
    expect(startupProblems(load({ REPORTS_DATABASE_URL: 'postgres://portal:pw@replica/portal' }))).toEqual([
      'REPORTS_DATABASE_URL needs DATABASE_URL: reports read a replica of the PostgreSQL database, and the embedded PGlite has none (unset REPORTS_DATABASE_URL, or set DATABASE_URL)',
    ]);
    expect(startupProblems(load({ DATABASE_URL: 'postgres://portal:pw@primary/portal', REPORTS_DATABASE_URL: 'postgres://portal:pw@replica/portal' }))).toEqual([]);
    expect(startupProblems(load({ DATABASE_URL: 'postgres://portal:pw@primary/portal' }))).toEqual([]);
  });

  it('blames REPORTS_DATABASE_URL for a replica that cannot be opened, without its password', () => {
    const config = { PORT: 3000, HOST: '0.0.0.0', DATA_DIR: '/srv/portal/data', DATABASE_URL: 'postgres://portal:hunter2@primary/portal', REPORTS_DATABASE_URL: 'postgres://portal:hunter2@replica:5433/portal' };
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5433'), { code: 'ECONNREFUSED' });
    const line = startupFailure(refused, config, 'reports');
    expect(line).toBe('REPORTS_DATABASE_URL: cannot use the PostgreSQL database at replica:5433/portal: connect ECONNREFUSED 10.0.0.9:5433');
    expect(line).not.toContain('hunter2');
    expect(startupFailure(refused, config, 'database')).toMatch(/^DATABASE_URL: cannot use the PostgreSQL database at primary:5432\/portal/);
  });

  it('pools the replica with the request pool limits and its own size, and logs where reports read from', () => {
    const config = load({ DATABASE_URL: 'postgres://p/portal', REPORTS_DATABASE_URL: 'postgres://r/portal', REPORTS_DB_POOL_MAX: '4', DB_STATEMENT_TIMEOUT_MS: '15000' });
    expect(reportsPool(config)).toEqual({ max: 4, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 60_000, applicationName: 'portal-reports' });
    const main = { describe: 'PostgreSQL at primary:5432/portal' } as Database;
    const replica = { describe: 'PostgreSQL at replica:5432/portal' } as Database;
    expect(reportsSource(main, main)).toBe('the main database');
    expect(reportsSource(replica, main, { standby: true, schema: true, pending: [] })).toBe('PostgreSQL at replica:5432/portal (REPORTS_DATABASE_URL, a hot standby)');
    expect(reportsSource(replica, main, { standby: false, schema: true, pending: [] })).toBe('PostgreSQL at replica:5432/portal (REPORTS_DATABASE_URL, not a standby)');
  });
});
