import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-identity.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export { DEMO_PASSWORD };

export interface Harness extends BuiltApp {
  app: FastifyInstance;
  clock: ManualClock;
  testDb: TestDatabase;
  /** Signs in an ordinary demo user (or a Super Admin through the e-mailed code) and returns its Bearer token. */
  tokenOf(username: string, password?: string): Promise<string>;
  /** The latest code e-mailed to an address. */
  latestCode(email: string): Promise<string>;
  call(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export const TEST_CONFIG: Partial<Config> = {
  APP_ENV: 'development',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT: 10_000,
  WEB_DIST: '/nonexistent',
  webDist: '/nonexistent',
};

/** Builds an app on a fresh schema with the demo data, once per test file. */
export function useHarness(overrides: Partial<Config> = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    await seedDemo(testDb.database.db);
    const clock = new ManualClock(new Date());
    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, ...overrides });
    const built = await buildApp({ config, database: testDb.database, clock });
    await built.app.ready();
    const call: Harness['call'] = (method, url, opts = {}) =>
      built.app.inject({
        method: method as 'GET',
        url,
        headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
    const latestCode: Harness['latestCode'] = async (email) => {
      const box = await built.services.mailer.outbox(50);
      const mail = box?.find((m) => m.to === email && m.subject.includes('verification code'));
      const code = mail?.text.match(/code is (\d{6})/)?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    };
    const tokenOf: Harness['tokenOf'] = async (username, password = DEMO_PASSWORD) => {
      const res = await call('POST', '/api/v1/auth/sign-in', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in ${username}: ${res.statusCode} ${res.body}`);
      const data = res.json<{ data: { token: string } }>().data;
      if (data.token) return data.token;
      const email = (await built.services.users.options(username, 1))[0]?.email ?? '';
      const verified = await call('POST', '/api/v1/auth/sign-in-verification', { body: { username, password, otp: await latestCode(email) } });
      if (verified.statusCode !== 200) throw new Error(`verification ${username}: ${verified.statusCode} ${verified.body}`);
      clock.advance(config.OTP_RESEND_SECONDS * 1000 + 1);
      return verified.json<{ data: { token: string } }>().data.token;
    };
    Object.assign(h, built, { clock, testDb, call, tokenOf, latestCode });
  });
  afterAll(async () => {
    await h.app?.close();
    await h.testDb?.drop();
  });
  return h;
}
