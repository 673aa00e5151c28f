import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { fromPgPool, queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { loadRegions } from '../../server/src/domains/catalog/regions.loader.ts';
import { consumerDef } from '../../server/src/domains/consumers/consumer.resource.ts';
import { EXACT_COUNT_CAP } from '../../server/src/platform/pagination.ts';
import { seedCatalog } from '../../server/src/seed/demo-catalog.ts';
import { seedConsumers } from '../../server/src/seed/demo-consumers.ts';
import { seedIdentity } from '../../server/src/seed/demo-identity.ts';
import { seedMasterdata } from '../../server/src/seed/demo-masterdata.ts';
import { benchDatabase, fmt, report, timeIt } from '../support.ts';

/** Stamp-ledger rows per consumer at the issue's scale (5,000,000 for 1,000,000 consumers). */
const STAMPS_PER_CONSUMER = 5;
/** One consumer in HEAVY_EVERY is a heavy shopper carrying the stamp rows beyond the demo's one to seven. */
const HEAVY_EVERY = 1_000;

/** The capped count the list service runs (and, past the cap, the planner's estimate), as raw SQL. */
async function rawCount(db: Db, from: SQL, where: SQL): Promise<void> {
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${from} ${where} limit ${EXACT_COUNT_CAP + 1}) c`);
  if (Number(c?.n) > EXACT_COUNT_CAP) await queryRows(db, sql`explain (format json) select 1 ${from} ${where}`);
}

/** The consumer list's page and total as the service runs them (two statements at once on the pool), without HTTP, guard and mapping. */
async function rawList(db: Db, where: SQL, sort: string, dir: 'asc' | 'desc'): Promise<void> {
  const d = sql.raw(dir);
  await Promise.all([
    queryRows(db, sql`${consumerDef.select}, (${sql.raw(sort)})::text as __sort ${consumerDef.from} ${where} order by ${sql.raw(sort)} ${d}, c.id ${d} limit 10 offset 0`),
    rawCount(db, sql`from consumers c`, where),
  ]);
}

/** The consumer detail's three statements as the service runs them (the row, its tags, its state and address count). */
export async function rawConsumerDetail(db: Db, id: number): Promise<void> {
  await queryRows(db, sql`${consumerDef.select} ${consumerDef.from} where c.id = ${id}`);
  await queryRows(db, sql`select t.id, t.name, t.color from consumer_tags x join custom_consumer_tags t on t.id = x.tag_id where x.consumer_id = ${id} order by lower(t.name)`);
  await queryRows(db, sql`select locked_at, withdrawn_at, (select count(*) from consumer_addresses a where a.consumer_id = c.id)::int as address_count from consumers c where c.id = ${id}`);
}

/** A sub-list's page and total as `pagedList` runs them, after the consumer's existence check. */
async function rawSublist(db: Db, id: number, select: SQL, from: SQL, where: SQL, order: SQL): Promise<void> {
  await queryRows(db, sql`select 1 from consumers where id = ${id}`);
  await queryRows(db, sql`${select} ${from} ${where} order by ${order} limit 10 offset 0`);
  await rawCount(db, from, where);
}

/** The tables the consumer seed fills; their secondary indexes are built after the load rather than row by row. */
const SEEDED_TABLES = ['consumers', 'consumer_addresses', 'consumer_tags', 'stamp_ledger', 'consumer_coupons', 'pos_sales', 'consumer_activity', 'members', 'associates', 'associate_history'];

/** The small tables the lists join (their statistics are refreshed with the seeded ones). */
const REFERENCED_TABLES = ['provinces', 'regencies', 'districts', 'villages', 'stores', 'users', 'custom_consumer_tags'];

/**
 * A connection for the bulk load on PostgreSQL: the schema's search path, no JIT, room to sort and build indexes in
 * memory, and (for a superuser) `session_replication_role = replica`, which skips the foreign-key triggers: the seed's
 * rows point at rows it has just written, and checking 10 million references one by one is a third of the load time.
 */
export async function loadingDatabase(database: Database): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { db: database.db, close: async () => {} };
  const [row] = await queryRows<{ schema: string }>(database.db, sql`select current_schema() as schema`);
  const base = `-c search_path=${row?.schema} -c jit=off -c work_mem=256MB -c maintenance_work_mem=1GB`;
  for (const options of [`${base} -c session_replication_role=replica`, base]) {
    const pool = new pg.Pool({ connectionString: url, max: 1, options });
    try {
      await pool.query('select 1');
      return { db: fromPgPool(pool, 'loader').db, close: () => pool.end() };
    } catch {
      await pool.end(); // not a superuser: load with the foreign-key checks on
    }
  }
  throw new Error('consumers: cannot open a loading connection');
}

/**
 * Seeds `count` consumers with the demo generator (names, phones, cards, domiciles in real regencies, addresses, tags,
 * stamps, coupons, POS sales, activity, members), then tops the stamp ledger up to STAMPS_PER_CONSUMER rows per
 * consumer: the rows beyond the demo's go to every HEAVY_EVERY-th consumer, as purchases each followed by the
 * redemption of the same stamps, dated before that consumer's other movements, so every `balance_after` and
 * `stamp_balance` still adds up. All set-based and deterministic; the secondary indexes of the seeded tables are
 * dropped for the load and built again after it (the same definitions, read from the catalog).
 */
export async function seed(database: Database, count: number, log: (m: string) => void, catalogScale = 1): Promise<void> {
  const db = database.db;
  await loadRegions(db);
  await seedIdentity(db);
  await seedMasterdata(db);
  log('stores');
  await seedCatalog(db, catalogScale);
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(SEEDED_TABLES.map((t) => sql`${t}`), sql`, `)})
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by t.relname, i.relname`,
  );
  const loader = await loadingDatabase(database);
  try {
    // One transaction: a failed load leaves the schema as it was, indexes included.
    await loader.db.transaction(async (tx) => {
      for (const i of indexes) await tx.execute(sql`drop index ${sql.identifier(i.name)}`);
      log(`${count.toLocaleString('en')} consumers`);
      await seedConsumers(tx, count);
      log('heavy shoppers’ stamps');
      await tx.execute(sql`
        with heavy as (
          select c.id, c.created_at, (now() - c.created_at) / 8 as span, row_number() over (order by c.id) - 1 as rank
          from consumers c where c.id % ${HEAVY_EVERY} = 0
        ),
        extra as (select greatest(0, ${count * STAMPS_PER_CONSUMER} - (select count(*) from stamp_ledger)) as n, (select count(*) from heavy) as k),
        per as (select n, ceil(n::numeric / greatest(k, 1))::int as each from extra),
        s as (select array_agg(id order by id) as ids from stores),
        -- Every ledger row belongs to a programme (migration 0018): the benchmark's rows to one of their own.
        p as (insert into stamp_programmes (name, start_date, end_date, reward_type, min_transaction, stamps_per_multiple)
          values ('Benchmark', date '2000-01-01', date '2100-12-31', 1, 50000, 1) returning id)
        insert into stamp_ledger (consumer_id, programme_id, code, quantity, balance_after, programme_balance_after, store_id, reference, note, at,
          source_kind, source_ref)
        select h.id, p.id, case when g % 2 = 1 then 10 else 20 end, 1 + (h.id + (g + 1) / 2) % 4,
          case when g % 2 = 1 then 1 + (h.id + (g + 1) / 2) % 4 else 0 end,
          case when g % 2 = 1 then 1 + (h.id + (g + 1) / 2) % 4 else 0 end,
          case when g % 2 = 1 then s.ids[1 + (h.id + g) % cardinality(s.ids)] end,
          case when g % 2 = 1 then 'POS-' || h.id || '-H' || g else 'RDM-' || h.id || '-H' || g end,
          null, h.created_at + h.span * g / (per.each + 1),
          case when g % 2 = 1 then 'transaction' else 'redemption' end, 'H-' || g
        from heavy h cross join per cross join s cross join p cross join lateral generate_series(1, per.each) g
        where h.rank * per.each + g <= per.n
        order by h.id, g`);
      for (const i of indexes) {
        log(`index ${i.name}`);
        await tx.execute(sql.raw(i.def));
      }
    });
  } finally {
    await loader.close();
  }
}

/**
 * The consumers benchmark's data at the issue's scale (1,000,000 consumers, 5,000,000 stamp-ledger rows; `scale` 0.1
 * seeds a tenth) in a benchmark database: seeded when empty, reused (statistics refreshed) when BENCH_SCHEMA kept it.
 * `catalogScale`: the stores and products beside them (seedCatalog's scale; the orders benchmark takes the catalog's 25).
 */
export async function consumerData(scale: number, catalogScale = 1, keep?: string): Promise<{ database: Database; drop(): Promise<void>; count: number }> {
  const count = Math.round((scale > 0 ? scale : 1) * 1_000_000);
  const { database, drop } = await benchDatabase(keep);
  try {
    const seeded = (await queryRows(database.db, sql`select 1 from consumers limit 1`)).length > 0;
    if (!seeded) {
      const t = Date.now();
      const log = (m: string) => console.log(`  ${((Date.now() - t) / 1000).toFixed(1).padStart(6)} s  seeding ${m}`);
      await seed(database, count, log, catalogScale);
      log('vacuum analyze');
      // Steady state: autovacuum would have set the visibility map and the statistics after a bulk load (of these tables
      // only: the database may hold other schemas).
      await database.exec(`vacuum analyze ${[...SEEDED_TABLES, ...REFERENCED_TABLES].join(', ')}`);
      console.log(`consumers: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s on ${database.describe}`);
    } else {
      // A migration may have changed indexes or statistics targets since the seed: refresh the statistics as autovacuum would.
      await database.exec(`analyze ${[...SEEDED_TABLES, ...REFERENCED_TABLES].join(', ')}`);
      console.log(`consumers: reusing the data in ${database.describe}`);
    }
  } catch (err) {
    await drop();
    throw err;
  }
  return { database, drop, count };
}

/**
 * The consumer list, search and one-customer view at the issue's scale (1,000,000 consumers, 5,000,000 stamp-ledger
 * rows; `--scale 0.1` seeds a tenth): each through HTTP beside the same statements as raw SQL in the same run.
 */
export async function run(scale: number): Promise<void> {
  const { database, drop, count } = await consumerData(scale);
  const db = database.db;
  try {
    const [sizes] = await queryRows<{ consumers: number; stamps: number }>(
      db,
      sql`select (select count(*) from consumers)::int as consumers, (select count(*) from stamp_ledger)::int as stamps`,
    );
    console.log(`consumers: ${sizes?.consumers.toLocaleString('en')} consumers, ${sizes?.stamps.toLocaleString('en')} stamp-ledger rows`);

    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent' });
    const { app } = await buildApp({ config, database });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: 'Demo@12345' } });
    const headers = { authorization: `Bearer ${signIn.json<{ data: { token: string } }>().data.token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: { data?: { id: number }[]; meta?: { total: number; total_kind: string } } }>().data;
    };

    // Filter values taken from the data: a consumer in the middle, its domicile, its birthday; a heavy shopper.
    const mid = Math.floor(count / 2);
    const [sample] = await queryRows<{ id: number; province_code: string; regency_code: string; date_of_birth: string; phone: string; app_card_id: string; email: string }>(
      db,
      sql`select id, province_code, regency_code, date_of_birth::text as date_of_birth, phone, app_card_id, email from consumers
        where id >= ${mid} and province_code is not null and email is not null order by id limit 1`,
    );
    const [card] = await queryRows<{ physical_card_id: string }>(db, sql`select physical_card_id from consumers where id >= ${mid} and physical_card_id is not null order by id limit 1`);
    const [heavy] = await queryRows<{ id: number; stamps: number }>(
      db,
      sql`select c.id, (select count(*) from stamp_ledger l where l.consumer_id = c.id)::int as stamps from consumers c
        where c.id >= ${mid} and c.id % ${HEAVY_EVERY} = 0 order by c.id limit 1`,
    );
    const [big] = await queryRows<{ province_code: string }>(db, sql`select province_code from consumers where province_code is not null group by 1 order by count(*) desc limit 1`);
    if (!sample || !card || !heavy || !big) throw new Error('consumers: the seeded data has no sample consumer');
    const s = sample;
    const n = 100;
    // The issue's targets: each p95 under its limit; a list also within 3x of its raw SQL.
    const missed: string[] = [];
    let judged = 0;
    const judge = (label: string, p95: number, limit: number, rawP95?: number) => {
      judged++;
      if (p95 >= limit) missed.push(`${label}: p95 ${fmt(p95)} ≥ ${limit} ms`);
      if (rawP95 !== undefined && p95 > 3 * rawP95) missed.push(`${label}: ${(p95 / rawP95).toFixed(2)}x its raw SQL (${fmt(p95)} against ${fmt(rawP95)})`);
    };
    const newest = 'c.created_at';
    const w = (...conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

    // The fixed cost of one request (session, permissions, routing, serialization): the floor under every ratio below.
    // Measured warm, as a running server serves: the first few hundred requests of a fresh process are compiled by V8
    // as they run, which is no cost of a request.
    const tags = () => get('/api/v1/consumer-tags');
    const tagsRaw = () => queryRows(db, sql`select id, name, color from custom_consumer_tags where status = 1 order by lower(name), id limit 999`);
    for (let i = 0; i < 500; i++) await Promise.all([tags(), tagsRaw()]);
    const floor = await timeIt(1_000, tags);
    const floorRaw = await timeIt(1_000, tagsRaw);
    report('HTTP floor (consumer tags, one tiny query)', floor, floorRaw);

    console.log('\nConsumer list, first page of 10 with its total (target p95 < 25 ms, within 3x of raw SQL)');
    const listCases: [string, string, SQL, string, 'asc' | 'desc'][] = [
      ['no filter, newest', '', w(), newest, 'desc'],
      ['consumer_id', `consumer_id=${s.id}`, w(sql`c.id = ${s.id}`), newest, 'desc'],
      ['province_code', `province_code=${s.province_code}`, w(sql`c.province_code = ${s.province_code}`), newest, 'desc'],
      ['regency_code', `regency_code=${s.regency_code}`, w(sql`c.regency_code = ${s.regency_code}`), newest, 'desc'],
      ['gender', 'gender=2', w(sql`c.gender = 2`), newest, 'desc'],
      ['date_of_birth', `date_of_birth=${s.date_of_birth}`, w(sql`c.date_of_birth = ${s.date_of_birth}::date`), newest, 'desc'],
      ['status locked', 'status=2', w(sql`c.status = 2`), newest, 'desc'],
      ['status withdrawn', 'status=3', w(sql`c.status = 3`), newest, 'desc'],
      ['province + gender + status', `province_code=${s.province_code}&gender=1&status=1`, w(sql`c.province_code = ${s.province_code}`, sql`c.gender = 1`, sql`c.status = 1`), newest, 'desc'],
      ['regency + withdrawn', `regency_code=${s.regency_code}&status=3`, w(sql`c.regency_code = ${s.regency_code}`, sql`c.status = 3`), newest, 'desc'],
      ['sort name asc', 'sort_by=name&sort_dir=asc', w(), 'lower(c.name)', 'asc'],
      ['sort updated_at desc', 'sort_by=updated_at&sort_dir=desc', w(), 'c.updated_at', 'desc'],
      ['sort created_at asc', 'sort_by=created_at&sort_dir=asc', w(), 'c.created_at', 'asc'],
      ['regency, sort name', `regency_code=${s.regency_code}&sort_by=name&sort_dir=asc`, w(sql`c.regency_code = ${s.regency_code}`), 'lower(c.name)', 'asc'],
      ['withdrawn, sort name', 'status=3&sort_by=name&sort_dir=asc', w(sql`c.status = 3`), 'lower(c.name)', 'asc'],
      ['date_of_birth, sort name', `date_of_birth=${s.date_of_birth}&sort_by=name&sort_dir=asc`, w(sql`c.date_of_birth = ${s.date_of_birth}::date`), 'lower(c.name)', 'asc'],
      ['province + locked, sort updated', `province_code=${s.province_code}&status=2&sort_by=updated_at&sort_dir=desc`, w(sql`c.province_code = ${s.province_code}`, sql`c.status = 2`), 'c.updated_at', 'desc'],
      ['largest province + gender + locked', `province_code=${big.province_code}&gender=1&status=2`, w(sql`c.province_code = ${big.province_code}`, sql`c.gender = 1`, sql`c.status = 2`), newest, 'desc'],
    ];
    for (const [label, query, where, sort, dir] of listCases) {
      const api = await timeIt(n, () => get(`/api/v1/consumers?limit=10&${query}`));
      const raw = await timeIt(n, () => rawList(db, where, sort, dir));
      report(`consumers, ${label}`, api, raw);
      judge(`consumers, ${label}`, api.p95, 25, raw.p95);
    }

    console.log('\nConsumer search, first page with its total (target p95 < 100 ms)');
    const local = `0${s.phone.slice(2)}`;
    const digits = (t: string) => w(sql`(c.phone = ${t} or c.app_card_id = ${t} or c.physical_card_id = ${t})`);
    const name = (part: string) => w(sql`lower(c.name) like lower(${`%${part}%`})`);
    const searchCases: [string, string, SQL][] = [
      [`phone ${s.phone}`, s.phone, digits(s.phone)],
      [`phone as typed ${local}`, local, digits(s.phone)],
      [`app card ${s.app_card_id}`, s.app_card_id, digits(s.app_card_id)],
      [`physical card ${card.physical_card_id}`, card.physical_card_id, digits(card.physical_card_id)],
      [`e-mail ${s.email}`, s.email, w(sql`lower(c.email) = lower(${s.email})`)],
      ['name part "budi"', 'budi', name('budi')],
      ['name part "wijaya"', 'wijaya', name('wijaya')],
      ['name part "santo"', 'santo', name('santo')],
      ['name part "putri halim"', 'putri halim', name('putri halim')],
      ['name part "tompul" (rare)', 'tompul', name('tompul')],
      ['name part "xyzzy" (none)', 'xyzzy', name('xyzzy')],
    ];
    for (const [label, text, where] of searchCases) {
      const api = await timeIt(n, () => get(`/api/v1/consumers?limit=10&search=${encodeURIComponent(text)}`));
      const raw = await timeIt(n, () => rawList(db, where, newest, 'desc'));
      report(`search ${label}`, api, raw);
      judge(`search ${label}`, api.p95, 100);
    }

    console.log(`\nOne-customer view of consumer ${heavy.id} (${heavy.stamps.toLocaleString('en')} stamp rows): detail and the first page of each history, in parallel (target p95 < 50 ms)`);
    const base = `/api/v1/consumers/${heavy.id}`;
    const views = [base, `${base}/addresses?limit=10`, `${base}/stamps?limit=10`, `${base}/coupons?limit=10`, `${base}/pos-sales?limit=10`, `${base}/activity?limit=10`];
    const id = heavy.id;
    const rawView = () =>
      Promise.all([
        rawConsumerDetail(db, id),
        rawSublist(db, id, sql`select a.id, a.consumer_id, a.label, a.recipient_name, a.recipient_phone, a.address_line, a.province_code, pr.name as province_name,
          a.regency_code, rg.name as regency_name, a.district_code, d.name as district_name, a.village_code, v.name as village_name, a.postal_code,
          a.is_primary, a.created_at, a.updated_at, ub.name as updated_by_name, a.version`, sql`from consumer_addresses a join provinces pr on pr.code = a.province_code join regencies rg on rg.code = a.regency_code
          left join districts d on d.code = a.district_code left join villages v on v.code = a.village_code left join users ub on ub.id = a.updated_by`, sql`where a.consumer_id = ${id}`, sql`a.is_primary desc, a.id`),
        rawSublist(db, id, sql`select l.id, l.code, l.quantity, l.balance_after, s.name as store_name, l.reference, l.note, l.at`, sql`from stamp_ledger l left join stores s on s.id = l.store_id`, sql`where l.consumer_id = ${id}`, sql`l.at desc, l.id desc`),
        rawSublist(db, id, sql`select k.id, k.coupon_code, k.name, k.reward_name, k.status, k.claimed_at, k.redeemed_at, k.expires_at,
          s.name as store_name, s.code as store_code, k.description, k.stamps_used, k.pos_receipt_no`, sql`from consumer_coupons k left join stores s on s.id = k.store_id`, sql`where k.consumer_id = ${id}`, sql`k.claimed_at desc, k.id desc`),
        rawSublist(db, id, sql`select p.id, p.receipt_no, s.code as store_code, s.name as store_name, p.total, p.item_count, p.stamps_earned, p.at`, sql`from pos_sales p left join stores s on s.id = p.store_id`, sql`where p.consumer_id = ${id}`, sql`p.at desc, p.id desc`),
        rawSublist(db, id, sql`select id, activity, description, platform, actor_name, at`, sql`from consumer_activity`, sql`where consumer_id = ${id}`, sql`at desc, id desc`),
      ]);
    for (const url of views) {
      const api = await timeIt(n, () => get(url));
      console.log(`  ${url.replace(base, `…/${heavy.id}`).padEnd(42)} p95 ${fmt(api.p95).padStart(10)}`);
    }
    const stampPage = await get(`${base}/stamps?limit=10`);
    const api = await timeIt(n, () => Promise.all(views.map(get)));
    const raw = await timeIt(n, rawView);
    report('one-customer view (6 requests at once)', api, raw);
    judge('one-customer view', api.p95, 50);
    console.log(`  stamp history total ${stampPage.meta?.total} (${stampPage.meta?.total_kind})`);
    console.log(`\nTargets: ${judged} figures, ${missed.length ? `${missed.length} missed:\n  ${missed.join('\n  ')}` : 'all met'}`);
    await app.close();
  } finally {
    await drop();
  }
}
