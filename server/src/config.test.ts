import { describe, expect, it } from 'vitest';
import { devMailboxEnabled, loadConfig, servedOverHttps, startupProblems } from './config.ts';

const load = (env: Record<string, string>) => loadConfig({ ...env, INIT_CWD: '/tmp' });

describe('configuration defaults are the safe ones', () => {
  it('defaults to production, which refuses to start without mail or its public address', () => {
    const config = load({});
    expect(config.APP_ENV).toBe('production');
    expect(startupProblems(config)).toEqual([expect.stringMatching(/^SMTP_URL is required/), expect.stringMatching(/^PUBLIC_URL is required/)]);
    expect(startupProblems(load({ SMTP_URL: 'smtp://mail:587', PUBLIC_URL: 'https://portal.example.co.id' }))).toEqual([]);
    expect(startupProblems(load({ APP_ENV: 'development' }))).toEqual([]);
  });

  it('has the dev outbox only in development without SMTP', () => {
    expect(devMailboxEnabled(load({ APP_ENV: 'development' }))).toBe(true);
    for (const env of ['staging', 'uat', 'production']) expect(devMailboxEnabled(load({ APP_ENV: env }))).toBe(false);
    expect(devMailboxEnabled(load({ APP_ENV: 'development', SMTP_URL: 'smtp://mail:587' }))).toBe(false);
  });

  it('makes cookies Secure by the public address scheme, not by APP_ENV', () => {
    expect(servedOverHttps(load({ APP_ENV: 'staging' }))).toBe(false);
    expect(servedOverHttps(load({ APP_ENV: 'development', PUBLIC_URL: 'https://dev.example.co.id' }))).toBe(true);
  });

  it('trusts a number of proxies or a list of them, never every hop', () => {
    expect(load({}).TRUST_PROXY).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
  });
});
