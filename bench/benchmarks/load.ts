import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { consumerListQuery } from '@portal/contract';
import { loadConfig } from '../../server/src/config.ts';
import { fromPgPool, queryRows, type Db } from '../../server/src/db/client.ts';
import { consumerDef } from '../../server/src/domains/consumers/consumer.resource.ts';
import { listConditions } from '../../server/src/platform/crud/index.ts';
import { countRows, listTotal, whereOf } from '../../server/src/platform/pagination.ts';
import { hashToken, newToken, verifySecret } from '../../server/src/platform/tokens.ts';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-identity.ts';
import { driveHttp, driveLoops, type HttpRequestSpec, type LoadFigures } from '../load-drivers.ts';
import { startPortal } from '../portal-process.ts';
import { consumerData, rawConsumerDetail } from './consumers.ts';

/** A page of the table: 20 rows filtered by one province, newest first. */
const PAGE = 20;
/** Demo accounts that sign in with a password alone (the Super Admin needs an e-mailed code). */
const ACCOUNTS = ['admin.cms', 'cs.agent', 'viewer', 'no.access'];
/** The sign-in limits the burst runs under, so it measures the sign-in and not the limiter's 429. */
const SIGN_IN_LIMIT = 1_000_000;
const LOOPBACK = '127.0.0.1';

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v >= 0 && process.env[name] !== '' && process.env[name] !== undefined ? v : fallback;
};
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** The consumer list's page statement as ResourceService.list sends it (first page, default sort: newest first). */
function listStatements(province: string) {
  const q = consumerListQuery.parse({ limit: String(PAGE), province_code: province });
  const sort = sql.raw(consumerDef.sort[q.sort_by] ?? 'c.created_at');
  const where = whereOf(listConditions(consumerDef, q));
  return {
    page: sql`${consumerDef.select}, (${sort})::text as __sort ${consumerDef.from} ${where} order by ${sort} desc, c.id desc limit ${PAGE} offset 0`,
    countFrom: consumerDef.countFrom?.(q) ?? consumerDef.from,
    where,
  };
}

/**
 * A password sign-in's statements as AuthService runs them (the account, the attempt reserved, the password checked,
 * the attempt freed, the session, its audit entry and the menu grants in one round each), with the same argon2 check.
 */
async function rawSignIn(db: Db, username: string): Promise<void> {
  const [user] = await queryRows<{ id: number; name: string; role_id: number; password_hash: string }>(
    db,
    sql`select u.id, u.username, u.email, u.name, u.role_id, u.status, u.password_hash, u.failed_attempts, u.locked_until, r.name as role_name,
      r.is_super, r.status as role_status, (r.is_super or r.require_second_factor) as second_step, u.totp_secret is not null as totp
      from users u join roles r on r.id = u.role_id where u.deleted_at is null and (lower(u.username) = ${username} or lower(u.email) = ${username}) limit 1`,
  );
  if (!user) throw new Error(`no account ${username}`);
  const now = new Date();
  const quiet = new Date(now.getTime() - 15 * 60_000);
  const key = hashToken(`u:${user.id}|${LOOPBACK}`);
  await queryRows(
    db,
    sql`insert into sign_in_throttle as t (key_hash, user_id, failures, updated_at) values (${key}, ${user.id}, 1, ${now})
      on conflict (key_hash) do update set
        failures = case when t.locked_until <= ${now} or (t.locked_until is null and t.updated_at < ${quiet}) then 1 else t.failures + 1 end,
        locked_until = case when t.locked_until <= ${now} then null else t.locked_until end, updated_at = ${now}
      where t.locked_until <= ${now} or (t.locked_until is null and (t.failures < ${SIGN_IN_LIMIT} or t.updated_at < ${quiet}))
      returning failures`,
  );
  if (!(await verifySecret(user.password_hash, DEMO_PASSWORD))) throw new Error(`${username}: wrong password`);
  await db.execute(sql`delete from sign_in_throttle where key_hash = ${key}`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set failed_attempts = 0, locked_until = null, last_sign_in_at = ${now} where id = ${user.id}`);
    await tx.execute(sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent, second_factor_at)
      values (${hashToken(newToken())}, ${user.id}, ${now}, ${now}, ${new Date(now.getTime() + 12 * 3_600_000)}, ${LOOPBACK}, ${null}, ${null})`);
    await tx.execute(sql`insert into audit_log (actor_id, actor_name, action, entity, entity_id, before, after, ip, at)
      values (${user.id}, ${user.name}, 'sign-in', 'session', ${String(user.id)}, ${null}::jsonb, ${JSON.stringify({ method: 'password' })}::jsonb, ${LOOPBACK}, ${now})`);
  });
  await queryRows(db, sql`select entry from role_permissions where role_id = ${user.role_id} and action = 'view'`);
}

interface Scenario {
  name: string;
  /** The request over HTTP; none for a raw-only reference. */
  http?: () => HttpRequestSpec;
  raw: () => Promise<unknown>;
}

const ms = (v: number) => v.toFixed(1).padStart(6);
const rps = (v: number) => Math.round(v).toLocaleString('en').padStart(7);

function printRow(name: string, clients: number, api: LoadFigures | null, raw: LoadFigures): void {
  const apiCells = api ? `${rps(api.rps)} ${ms(api.p50)} ${ms(api.p95)} ${ms(api.p99)}` : `${'—'.padStart(7)} ${'—'.padStart(6)} ${'—'.padStart(6)} ${'—'.padStart(6)}`;
  const ratio = api && api.rps > 0 ? `${(raw.rps / api.rps).toFixed(2)}x`.padStart(7) : '—'.padStart(7);
  console.log(`${name.padEnd(34)} ${String(clients).padStart(7)}  ${apiCells}  ${rps(raw.rps)} ${ms(raw.p50)} ${ms(raw.p95)} ${ms(raw.p99)}  ${ratio}`);
  for (const [side, f] of [['API', api], ['raw', raw]] as const) {
    if (f?.failed) console.log(`  ${side}: ${f.failed.toLocaleString('en')} failed (first: ${f.firstFailure ?? '?'})`);
  }
}

/**
 * The portal under load over real HTTP beside the same SQL through a pool: the consumer list with and without its total,
 * a consumer's detail and a sign-in burst, each as closed loops of 10 and 50 clients, on the consumers benchmark's data
 * at 1,000,000 consumers (PostgreSQL only). LOAD_SECONDS, LOAD_WARMUP_SECONDS, LOAD_CLIENTS and LOG_LEVEL tune it.
 */
export async function run(scale: number): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('load: skipped, it runs on PostgreSQL only: BENCH_DATABASE_URL=postgres://... BENCH_SCHEMA=bench_consumers npm run bench -- load');
    return;
  }
  const seconds = envNumber('LOAD_SECONDS', 10);
  const warmup = envNumber('LOAD_WARMUP_SECONDS', 2);
  const clientCounts = (process.env.LOAD_CLIENTS ?? '10,50').split(',').map(Number).filter((n) => n > 0);
  const logLevel = process.env.LOG_LEVEL ?? 'warn';
  const poolMax = loadConfig({ DB_POOL_MAX: process.env.DB_POOL_MAX }).DB_POOL_MAX;

  const { database, drop } = await consumerData(scale);
  const db = database.db;
  const [current] = await queryRows<{ schema: string }>(db, sql`select current_schema() as schema`);
  const schema = current?.schema ?? 'public';
  const provinces = (await queryRows<{ code: string }>(db, sql`select code from provinces p where exists (select 1 from consumers c where c.province_code = p.code) order by code`)).map((r) => r.code);
  const [ids] = await queryRows<{ lo: number; hi: number; n: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi, count(*)::int as n from consumers`);
  if (!ids || !provinces.length) throw new Error('load: the consumers benchmark data is missing');
  const randomId = () => ids.lo + Math.floor(Math.random() * (ids.hi - ids.lo + 1));
  const statements = new Map(provinces.map((p) => [p, listStatements(p)]));
  const randomList = () => statements.get(pick(provinces)) ?? listStatements(pick(provinces));

  const rawPool = new pg.Pool({ connectionString: url, max: poolMax, options: `-c search_path=${schema}` });
  const raw = fromPgPool(rawPool, 'raw').db;
  const started = new Date();
  const t0 = performance.now();
  const limits = { AUTH_RATE_LIMIT: SIGN_IN_LIMIT, AUTH_ACCOUNT_RATE_LIMIT: SIGN_IN_LIMIT, LOGIN_MAX_FAILURES: SIGN_IN_LIMIT };
  const portal = await startPortal({
    databaseUrl: url,
    schema,
    env: { LOG_LEVEL: logLevel, DB_POOL_MAX: String(poolMax), ...Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, String(v)])) },
  });
  try {
    const signIn = await fetch(`${portal.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'viewer', password: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`load: the viewer could not sign in (${signIn.status})`);

    // What each list request answers, so a total asked away (or not) shows in the output.
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const metaOf = async (query: string) => {
      const res = await fetch(`${portal.url}/api/v1/consumers?limit=${PAGE}&province_code=${provinces[0]}${query}`, { headers });
      const meta = ((await res.json()) as { data?: { meta?: { total: number; total_kind: string } } }).data?.meta;
      return meta ? `total ${meta.total.toLocaleString('en')} (${meta.total_kind})` : `HTTP ${res.status}`;
    };
    const [pageOnly, withTotal] = [await metaOf('&with_total=false'), await metaOf('')];

    const scenarios: Scenario[] = [
      {
        name: 'list, page only (with_total=false)',
        http: () => ({ method: 'GET', path: `/api/v1/consumers?limit=${PAGE}&province_code=${pick(provinces)}&with_total=false` }),
        raw: () => queryRows(raw, randomList().page),
      },
      {
        name: 'list, page + total',
        http: () => ({ method: 'GET', path: `/api/v1/consumers?limit=${PAGE}&province_code=${pick(provinces)}` }),
        raw: () => {
          const s = randomList();
          return Promise.all([queryRows(raw, s.page), listTotal(raw, s.countFrom, s.where)]);
        },
      },
      {
        name: 'list, page + capped count (ref.)',
        raw: () => {
          const s = randomList();
          return Promise.all([queryRows(raw, s.page), countRows(raw, s.countFrom, s.where)]);
        },
      },
      { name: 'detail of a random consumer', http: () => ({ method: 'GET', path: `/api/v1/consumers/${randomId()}` }), raw: () => rawConsumerDetail(raw, randomId()) },
      {
        name: 'sign-in burst',
        http: () => ({ method: 'POST', path: '/api/v1/auth/sign-in', body: JSON.stringify({ username: pick(ACCOUNTS), password: DEMO_PASSWORD }) }),
        raw: () => rawSignIn(raw, pick(ACCOUNTS)),
      },
    ];

    console.log(`\nload: the portal (server/src/main.ts in its own process, APP_ENV=production, LOG_LEVEL=${logLevel}, pool of ${poolMax}) at ${portal.url}`);
    console.log(`  on ${database.describe}: ${ids.n.toLocaleString('en')} consumers in ${provinces.length} provinces`);
    console.log(`  machine: ${os.cpus().length} cores, load average ${loadAverage()} (other work on it skews every figure, API and raw alike)`);
    console.log(`  closed loops of ${seconds} s each after ${warmup} s of warm-up; autocannon for the API, as many async loops on a pg.Pool of ${poolMax} for raw SQL`);
    console.log(`  list: ${PAGE} rows of a random province, newest first; list and detail as 'viewer' (phone and e-mail masked, so no personal-data access rows are written)`);
    console.log(`  sign-in: ${ACCOUNTS.join(', ')} in turn; its limits raised to ${SIGN_IN_LIMIT.toLocaleString('en')} for the burst (${Object.keys(limits).join(', ')}; defaults 30 per address and 50 per account per 15 min, 5 attempts in flight per account and address), so it measures the sign-in itself; raw includes the same argon2 check`);
    console.log(`  province ${provinces[0]}: page only answers ${pageOnly}, page + total answers ${withTotal}`);
    console.log(`  ratio: raw req/s ÷ API req/s; "ref." is raw only: the issue's reference total (exact count capped at 10,001 rows)\n`);
    const head = `${'scenario'.padEnd(34)} ${'clients'.padStart(7)}  ${'API r/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  ${'raw r/s'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}  ${'ratio'.padStart(7)}`;
    console.log(`${head}\n${'-'.repeat(head.length)}`);

    const results = new Map<string, { api: LoadFigures | null; raw: LoadFigures }>();
    // LOAD_SCENARIOS='detail|sign-in' runs only the scenarios whose names start so (a profile of one of them).
    const only = (process.env.LOAD_SCENARIOS ?? '').split('|').filter(Boolean);
    for (const s of scenarios.filter((x) => !only.length || only.some((o) => x.name.startsWith(o)))) {
      for (const clients of clientCounts) {
        const http = s.http;
        const apiRun = (secs: number) => (http ? driveHttp({ url: portal.url, clients, seconds: secs, headers, next: http }) : Promise.resolve(null));
        if (warmup > 0) {
          await apiRun(warmup);
          await driveLoops(clients, warmup, s.raw);
        }
        const api = await apiRun(seconds);
        const rawFigures = await driveLoops(clients, seconds, s.raw);
        results.set(`${s.name}|${clients}`, { api, raw: rawFigures });
        printRow(s.name, clients, api, rawFigures);
      }
    }

    const goals: [string, number, number][] = [
      ['list, page only (with_total=false)', 1_000, 15],
      ['list, page + total', 1_000, 25],
    ];
    console.log('\nThe issue\'s goals (10 clients):');
    for (const [name, minRps, maxP95] of goals) {
      const api = results.get(`${name}|10`)?.api;
      if (!api) continue;
      const met = api.rps >= minRps && api.p95 <= maxP95;
      console.log(`  ${name}: ${Math.round(api.rps).toLocaleString('en')} req/s (goal ≥ ${minRps.toLocaleString('en')}), p95 ${api.p95.toFixed(1)} ms (goal ≤ ${maxP95}): ${met ? 'met' : 'missed'}`);
    }
    console.log(`load: ${((performance.now() - t0) / 1000).toFixed(0)} s in all; load average now ${loadAverage()}`);
  } finally {
    await portal.stop();
    // The burst's sessions and sign-in entries go, so a kept schema stays as the seed left it.
    await raw.execute(sql`delete from sessions where created_at >= ${started}`);
    await raw.execute(sql`delete from audit_log where action = 'sign-in' and at >= ${started}`);
    await rawPool.end();
    await drop();
  }
}
