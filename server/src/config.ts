import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { APP_ENVS } from '@portal/contract';
import { PROJECT_ROOT } from './platform/server-root.ts';

const int = (def: number) => z.coerce.number().int().positive().default(def);
/** A postgres:// or postgresql:// URL (DATABASE_URL, REPORTS_DATABASE_URL). */
const postgresUrl = z.string().url().refine((v) => /^postgres(ql)?:\/\//i.test(v), 'must be a postgres:// or postgresql:// URL');

const envSchema = z.object({
  PORT: z.coerce.number().int().positive().max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  // Safe by default: `npm start` (the two-command demo) sets development explicitly; the server alone is production.
  APP_ENV: z.enum(APP_ENVS).default('production'),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * A read replica (a PostgreSQL hot standby of DATABASE_URL's database) that report and dashboard reads go to; unset,
   * they read the main database. Only with DATABASE_URL: the embedded PGlite has no replica (startupProblems).
   */
  REPORTS_DATABASE_URL: postgresUrl.optional(),
  /** PostgreSQL connections of the reports pool (REPORTS_DATABASE_URL); its report exports read through EXPORT_DB_POOL_MAX more. */
  REPORTS_DB_POOL_MAX: int(10),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().refine((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// URL').optional(),
  SMTP_URL: z.string().url().refine((v) => /^smtps?:\/\//i.test(v), 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Loyalty Portal <no-reply@portal.local>'),
  /** Seconds between tries when the mail server refuses a message (five more tries). */
  MAIL_RETRY_SECONDS: int(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_SECONDS: int(30 * 60),
  SESSION_TTL_HOURS: int(12),
  /**
   * Seconds a process may answer a request from a session it resolved before, at most (0: always the database). Every
   * change of the session, its user, role or permissions evicts it at once on every instance (PostgreSQL LISTEN/NOTIFY).
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Sessions each process keeps at most. */
  SESSION_CACHE_ENTRIES: int(10_000),
  /**
   * Check every answer against its contract schema before sending it (the tests do): a mismatch is a 500. Off, answers
   * are written by the serializer compiled from that schema without walking it again.
   */
  CHECK_RESPONSES: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  OTP_TTL_SECONDS: int(5 * 60),
  OTP_RESEND_SECONDS: int(60),
  LOGIN_MAX_FAILURES: int(5),
  LOCKOUT_MINUTES: int(15),
  RESET_TOKEN_MINUTES: int(30),
  AUTH_RATE_LIMIT: int(30),
  AUTH_RATE_WINDOW_SECONDS: int(15 * 60),
  /** Sign-in attempts per account name across all addresses per window (addresses it signed in from lately pass). */
  AUTH_ACCOUNT_RATE_LIMIT: int(50),
  /**
   * Which proxies may set the client address: `false` (none), a hop count (`1`: one proxy in front) or a comma-separated
   * list of proxy addresses or CIDR ranges. `true` (every hop) is refused: a client would choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === 'true') {
        ctx.addIssue({ code: 'custom', message: 'true would trust every hop, so a client could pick its own address; give the number of proxies in front (e.g. 1) or their addresses' });
        return z.NEVER;
      }
      return value.split(',').map((a) => a.trim()).filter(Boolean);
    }),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().optional(),
  /** How often an idle job worker polls (seconds, at least 0.5); jobs sent by the same process start at once. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** The queue's schema; default `pgboss`, or `<schema>_jobs` when the app runs in another schema than public. */
  JOBS_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  /** Exports of more rows than this run as background jobs into the Download List; smaller ones stream back at once. */
  EXPORT_ASYNC_ROWS: int(10_000),
  /** Largest import upload (XLSX or CSV) in megabytes; larger ones answer 413. */
  IMPORT_MAX_MB: int(20),
  /**
   * Days kept export files (Download List), staged import rows and images no record names are kept before the daily
   * retention job deletes them; 0 turns the job off.
   */
  RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  /**
   * The key material that encrypts stored secrets (authenticator secrets), at least 32 characters of randomness.
   * Required in production; elsewhere, without it, a random key is created once in DATA_DIR (`app-secret.key`).
   */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The secret shared with the payment gateway, which signs its callbacks with it (HMAC-SHA256). Without it, one is
   * derived from the app key (APP_SECRET, or the development key file), which the demo simulator signs with too.
   */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The secret shared with the biller of top-ups, which signs its callbacks (`POST /api/v1/billers/callback`); when
   * unset, one is derived from the app key, which the simulated biller signs with too.
   */
  BILLER_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The secret shared with the chain's POS, which signs voucher redemptions (`POST /api/v1/pos/vouchers/redeem`); when
   * unset, one is derived from the app key.
   */
  POS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** PostgreSQL connections of the request pool. */
  DB_POOL_MAX: int(10),
  /** How long a request waits for a database connection (a new one, or a free one of the pool) before answering 503. */
  DB_CONNECT_TIMEOUT_MS: int(5_000),
  /** The longest one statement of a request or a job may run (PostgreSQL's statement_timeout); longer answers 503. */
  DB_STATEMENT_TIMEOUT_MS: int(30_000),
  /** A transaction left open without a statement this long is ended by PostgreSQL (idle_in_transaction_session_timeout). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(60_000),
  /** PostgreSQL connections of the export readers' own pool, apart from the request pool: the direct exports at once (EXPORT_MAX_RUNNING) and the two kept-export jobs. */
  EXPORT_DB_POOL_MAX: int(6),
  /** statement_timeout of the export readers: a kept export of millions of rows is one COPY statement. */
  EXPORT_STATEMENT_TIMEOUT_MS: int(600_000),
  /** Direct exports (written and sent while the browser waits) running at once in this process; more answer 429. */
  EXPORT_MAX_RUNNING: int(4),
  /** Direct exports running at once per user; more answer 429. */
  EXPORT_MAX_PER_USER: int(2),
  /** Kept exports (Download List) waiting or running per user; more answer 429 until one is ready. */
  EXPORT_MAX_QUEUED_PER_USER: int(5),
  /** A download whose reader takes no data for this long is ended, so a stalled browser does not keep its place. */
  EXPORT_STALL_SECONDS: int(60),
  /** Live event streams (chat) send a heartbeat this often and check at each that the session and the right still hold. */
  LIVE_HEARTBEAT_MS: int(25_000),
  /** Live event streams open at once per user; a newer one closes the oldest. */
  LIVE_STREAMS_PER_USER: int(5),
  /** A scraper sends it as a Bearer token to read `GET /metrics`; unset, only this machine may (a direct loopback connection). */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long `GET /readyz` waits for the database before answering 503. */
  READY_TIMEOUT_MS: int(2_000),
  /** Seconds a shutdown may take (open requests, running jobs) before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: int(20),
  /** Seconds between a shutdown signal and closing the listener, while /readyz already answers 503 (a load balancer's notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).default(0),
});

/** Variables whose value is a secret or may hold a password: a message about them never repeats the value. */
const SECRET_VALUE = /SECRET|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/;

/** One problem of one variable, as a person reads it: what is wrong, and what was given unless it is secret. */
function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? '');
  const i = issue as z.core.$ZodIssue & { expected?: string; minimum?: number | bigint; maximum?: number | bigint; inclusive?: boolean; origin?: string; values?: unknown[]; format?: string };
  let what: string;
  if (i.code === 'invalid_type' && i.expected === 'int') what = 'must be a whole number';
  else if (i.code === 'invalid_type' && i.expected === 'number') what = 'must be a number';
  else if (i.code === 'too_small' && i.origin === 'number') what = i.inclusive ? `must be at least ${i.minimum}` : `must be greater than ${i.minimum}`;
  else if (i.code === 'too_big' && i.origin === 'number') what = i.inclusive ? `must be at most ${i.maximum}` : `must be less than ${i.maximum}`;
  else if (i.code === 'too_small' && i.origin === 'string' && i.message.startsWith('Too small')) what = Number(i.minimum) <= 1 ? 'must not be empty' : `must be at least ${i.minimum} characters`;
  else if (i.code === 'invalid_value' && i.values) what = `must be one of ${i.values.join(', ')}`;
  else if (i.code === 'invalid_format' && i.format === 'url') what = 'must be a URL (scheme://host…)';
  else if (i.code === 'invalid_format' && i.format === 'regex') what = 'must be lower-case letters, digits and underscores, starting with a letter or an underscore';
  else what = i.message;
  const value = env[name];
  const shown = value === undefined || SECRET_VALUE.test(name) ? '' : ` (got ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)})`;
  return `${name}: ${what}${shown}`;
}

/** The configuration could not be read: each problem names its variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
  }
}

/** A path setting as the portal uses it: absolute as given, or relative to the project's root (never to the working folder). */
export const resolveFromRoot = (p: string): string => path.resolve(PROJECT_ROOT, p);

export type Config = z.infer<typeof envSchema> & { webDist: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means unset (`DATABASE_URL= npm start` runs on PGlite).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    // The first problem of each variable: a value that is no URL at all need not also hear that its scheme is wrong.
    const first = new Map<unknown, z.core.$ZodIssue>();
    for (const issue of parsed.error.issues) if (!first.has(issue.path[0])) first.set(issue.path[0], issue);
    throw new ConfigError([...first.values()].map((i) => describeIssue(i, present)));
  }
  // Relative paths mean the same folder whoever starts the portal from wherever (npm runs workspace scripts from the
  // workspace's folder, a service manager from /): the project's root. The static-file server needs an absolute one.
  const webDist = resolveFromRoot(parsed.data.WEB_DIST ?? 'web/dist');
  const DATA_DIR = resolveFromRoot(parsed.data.DATA_DIR);
  return { ...parsed.data, DATA_DIR, webDist, ...overrides };
}

/**
 * Paths that keep the portal from starting: a DATA_DIR it cannot create or write, a WEB_DIST given but holding no
 * built web app (left unset, a missing build only means the API is served alone).
 */
export function pathProblems(c: Pick<Config, 'DATA_DIR' | 'WEB_DIST' | 'webDist'>): string[] {
  const problems: string[] = [];
  try {
    fs.mkdirSync(c.DATA_DIR, { recursive: true });
    fs.accessSync(c.DATA_DIR, fs.constants.W_OK);
  } catch (err) {
    problems.push(`DATA_DIR: ${c.DATA_DIR} cannot be created or written (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (c.WEB_DIST !== undefined && !fs.existsSync(path.join(c.webDist, 'index.html'))) {
    problems.push(`WEB_DIST: ${c.webDist} holds no index.html (build the web app with npm run build, or leave WEB_DIST unset)`);
  }
  return problems;
}

/** The outbox and its API exist only in development without SMTP (and answer only loopback requests). */
export const devMailboxEnabled = (c: Config) => !c.SMTP_URL && c.APP_ENV === 'development';

/** Where links in e-mails point. */
export const publicUrlOf = (c: Config) => c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;

/** Secure cookies (with the `__Host-` prefix) and HSTS follow the scheme the portal is reached by, not APP_ENV. */
export const servedOverHttps = (c: Config) => publicUrlOf(c).startsWith('https:');

/**
 * The session cookie's name. Over HTTPS it carries the `__Host-` prefix, which the browser accepts only when Secure, on
 * `/` and without a Domain, so a sibling subdomain cannot plant or shadow it.
 */
export const sessionCookieOf = (c: Config) => (servedOverHttps(c) ? '__Host-portal_session' : 'portal_session');

/** What keeps a configuration from starting; production needs a real mail transport and its public address. */
export function startupProblems(c: Config): string[] {
  const problems: string[] = [];
  if (c.APP_ENV === 'production' && !c.SMTP_URL) problems.push('SMTP_URL is required in production: one-time codes and reset links must go out by mail');
  if (c.APP_ENV === 'production' && !c.PUBLIC_URL) problems.push('PUBLIC_URL is required in production: e-mailed links and Secure cookies follow it');
  if (c.APP_ENV === 'production' && !c.APP_SECRET) problems.push('APP_SECRET is required in production: authenticator secrets are encrypted with it');
  if (c.REPORTS_DATABASE_URL && !c.DATABASE_URL) {
    problems.push('REPORTS_DATABASE_URL needs DATABASE_URL: reports read a replica of the PostgreSQL database, and the embedded PGlite has none (unset REPORTS_DATABASE_URL, or set DATABASE_URL)');
  }
  return problems;
}
