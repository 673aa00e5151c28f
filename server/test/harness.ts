import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app.ts';
import type { ImportDefinition } from '../src/platform/imports/index.ts';
import type { MailTransport } from '../src/platform/mail.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-identity.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { appKeyOf } from '../src/platform/secret-box.ts';
import { loadRegions, REGIONS_DIR } from '../src/domains/catalog/regions.loader.ts';
import { createSeededTestDatabase, type TestDatabase } from './test-db.ts';

export { DEMO_PASSWORD };

export interface Harness extends BuiltApp {
  app: FastifyInstance;
  clock: ManualClock;
  testDb: TestDatabase;
  /** Signs in an ordinary demo user (or a Super Admin through the e-mailed code) and returns its Bearer token. */
  tokenOf(username: string, password?: string): Promise<string>;
  /** The latest code e-mailed to an address. */
  latestCode(email: string): Promise<string>;
  /** Passes the step-up for a session through an e-mailed code (sensitive changes need one within 15 minutes). */
  stepUp(token: string): Promise<void>;
  call(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export const TEST_CONFIG: Partial<Config> = {
  APP_ENV: 'development',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT: 10_000,
  WEB_DIST: '/nonexistent',
  webDist: '/nonexistent',
  JOBS_POLL_SECONDS: 0.5,
  // Tests share DATA_DIR with a developer's own data, which a test database does not name: no retention sweeps here.
  RETENTION_DAYS: 0,
  // A fixed key, so no key file is written into DATA_DIR by tests.
  APP_SECRET: 'test-app-secret-of-at-least-32-characters',
  // Every answer of every test is checked against its contract and the compiled serializer's output against zod's.
  CHECK_RESPONSES: true,
};

/** Builds an app on a fresh schema with the demo data, once per test file. */
export const TEST_PROVINCES = ['31', '32', '51'] as const;
/** 5 stores, 500 products, about 500 store products. */
export const TEST_SCALE = 0.25;

export interface HarnessOptions {
  /** false: no regions and no catalog demo (the region suite loads every region itself). */
  regions?: boolean;
  /** Catalog demo scale. */
  scale?: number;
  /** Extra import definitions for the app (an import test adds one over a table of its own). */
  imports?: readonly ImportDefinition[];
  /** Where mail goes, as an SMTP server would take it (default: the development outbox). */
  mailTransport?: MailTransport;
  /** Runs on the built app before it is ready: register test-only routes, exports or job handlers. */
  beforeReady?: (built: BuiltApp) => void;
  /** Where the app's log lines go (with LOG_LEVEL set in the overrides): a test reading them. */
  logStream?: AppDeps['logStream'];
  /** The app's databases on the seeded schema (a reports replica stand-in); the schema's own connection otherwise. */
  databases?: (testDb: TestDatabase) => Pick<AppDeps, 'database' | 'reports'>;
}

export function useHarness(overrides: Partial<Config> = {}, opts: HarnessOptions = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await buildTestApp(overrides, opts));
  });
  afterAll(async () => {
    await h.app?.close();
    await h.testDb?.drop();
  });
  return h;
}

/** The app of `useHarness`, built outside any test hook (a command such as the fuzz run uses it too). */
export async function buildTestApp(overrides: Partial<Config> = {}, opts: HarnessOptions = {}): Promise<Harness> {
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { ...TEST_CONFIG, ...overrides });
  const regions = opts.regions !== false;
  const scale = regions ? (opts.scale ?? TEST_SCALE) : 0;
  const appKey = appKeyOf(config);
  const testDb = await createSeededTestDatabase(`${regions}:${scale}:${Buffer.from(appKey).toString('hex')}`, async (db) => {
    // A few provinces (DKI Jakarta, Jawa Barat, Bali) are enough for stores; region tests load all of them themselves.
    if (regions) await loadRegions(db, REGIONS_DIR, { provinces: TEST_PROVINCES });
    await seedDemo(db, { scale, appKey });
  });
  const clock = new ManualClock(new Date());
  const built = await buildApp({ config, ...(opts.databases?.(testDb) ?? { database: testDb.database }), clock, imports: opts.imports, ...(opts.mailTransport ? { mailTransport: opts.mailTransport } : {}), ...(opts.logStream ? { logStream: opts.logStream } : {}) });
  opts.beforeReady?.(built);
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
  const stepUp: Harness['stepUp'] = async (token) => {
    const email = (await call('GET', '/api/v1/user/profile', { token })).json<{ data: { email: string } }>().data.email;
    const sent = await call('POST', '/api/v1/auth/step-up/send-code', { token });
    if (sent.statusCode !== 200) throw new Error(`step-up code: ${sent.statusCode} ${sent.body}`);
    const passed = await call('POST', '/api/v1/auth/step-up', { token, body: { code: await latestCode(email) } });
    if (passed.statusCode !== 200) throw new Error(`step-up: ${passed.statusCode} ${passed.body}`);
    clock.advance(config.OTP_RESEND_SECONDS * 1000 + 1);
  };
  return Object.assign(built, { clock, testDb, call, tokenOf, latestCode, stepUp });
}
