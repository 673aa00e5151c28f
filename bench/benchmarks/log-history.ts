import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { queryRows } from '../../server/src/db/client.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { benchDatabase, report, timeIt } from '../support.ts';

/**
 * The log-history list over a large audit table: first page with each filter, total included, through HTTP
 * (app.inject: routing, guard, validation, serialisation), beside the same page and count as raw SQL.
 */
export async function run(scale: number): Promise<void> {
  const rows = scale > 0 ? scale : 1_000_000;
  const { database, drop } = await benchDatabase();
  const db = database.db;
  try {
    await seedDemo(db, { scale: 0 });
    let t = Date.now();
    await database.exec(`
      insert into audit_log (actor_id, actor_name, action, entity, entity_id, before, after, ip, at)
      select 1 + (i % 5), 'User ' || (1 + (i % 5)),
             (array['create','update','delete','sign-in'])[1 + (i % 4)],
             (array['user','role','session','profile'])[1 + ((i / 4) % 4)],
             (i % 5000)::text, null, jsonb_build_object('n', i), '10.0.0.' || (i % 250),
             timestamptz '2026-01-01' + (i * interval '20 seconds')
      from generate_series(1, ${rows}) as g(i);
      analyze audit_log;`);
    console.log(`log-history: ${rows.toLocaleString('en')} audit rows on ${database.describe} (generated in ${Date.now() - t} ms)`);

    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent' });
    const { app } = await buildApp({ config, database });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: 'Demo@12345' } });
    const token = signIn.json<{ data: { token: string } }>().data.token;
    const headers = { authorization: `Bearer ${token}` };

    const cases: [string, string, ReturnType<typeof sql>][] = [
      ['no filter', '', sql``],
      ['actor', 'actor_id=3', sql`where a.actor_id = 3`],
      ['entity + action', 'entity=role&action=update', sql`where a.entity = 'role' and a.action = 'update'`],
      ['date range (one day)', 'date_from=2026-03-01&date_to=2026-03-01', sql`where a.at >= '2026-03-01T00:00:00+07:00' and a.at < '2026-03-02T00:00:00+07:00'`],
    ];
    const n = 50;
    for (const [label, query, where] of cases) {
      const api = await timeIt(n, async () => {
        const res = await app.inject({ method: 'GET', url: `/api/v1/log-history?limit=10&${query}`, headers });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      });
      const raw = await timeIt(n, async () => {
        await queryRows(db, sql`select a.id, a.actor_id, a.actor_name, a.action, a.entity, a.entity_id, a.ip, a.at from audit_log a ${where} order by a.at desc, a.id desc limit 10`);
        await queryRows(db, sql`select count(*) from (select 1 from audit_log a ${where} limit 10001) c`);
      });
      report(`log-history first page, ${label}`, api, raw);
    }
    t = Date.now();
    const deep = await timeIt(20, async () => {
      await app.inject({ method: 'GET', url: '/api/v1/log-history?limit=100&page=101', headers });
    });
    // The deepest page a number opens (deeper ones answer 400 and point to the filters).
    console.log(`log-history page 101 (offset 10,000)             p50 ${deep.p50.toFixed(2)} ms  p95 ${deep.p95.toFixed(2)} ms`);
    await app.close();
  } finally {
    await drop();
  }
}
