import os from 'node:os';
import { sql } from 'drizzle-orm';
import { couponSettingCreateBody, type CouponSettingCreate } from '@portal/contract';
import { queryRows, type Database, type Db } from '../../server/src/db/client.ts';
import { COUPON_CODES_JOB, CouponCodeService } from '../../server/src/domains/loyalty/coupon-code.service.ts';
import { CouponSettingService } from '../../server/src/domains/loyalty/coupon-setting.resource.ts';
import { createJobQueue, defaultJobsSchema } from '../../server/src/platform/jobs.ts';
import { seedIdentity } from '../../server/src/seed/demo-identity.ts';
import { benchDatabase } from '../support.ts';

/** The figure: 1,000,000 codes for one coupon in at most 30 s. */
const CODES = 1_000_000;
const GOAL_S = 30;
/** Room for ten times the quota (the service's feasibility check): 10^4 × 26^3 = 175,760,000 codes. */
export const CODE_PATTERN = 'HEMAT-####-XXX';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** A coupon setting with a quota of `quota`, made by the service the screen uses. */
export async function couponOf(db: Db, name: string, quota: number): Promise<number> {
  const day = (d: number) => new Date(Date.now() + 7 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
  const body: CouponSettingCreate = {
    name,
    description: null,
    coupon_type: 2,
    promo_type: 2,
    discount_value: 10_000,
    min_purchase: 50_000,
    targeting: 2,
    member_scope: 0,
    consumer_tag_ids: [],
    province_codes: [],
    start_date: day(0),
    end_date: day(30),
    budget: 9_000_000_000,
    limit_per_consumer: 1,
    quota,
    status: 1,
    products: [],
  };
  const created = await new CouponSettingService(db).create(couponSettingCreateBody.parse(body), { actor: null, ip: null, now: new Date() });
  return created.id;
}

/**
 * Requests a coupon's codes through the service (feasibility check, audit) and waits for the job on the app's queue
 * (pg-boss) to make them; answers the milliseconds from the request until then (the queue started before).
 */
export async function requestCodes(database: Database, id: number): Promise<number> {
  const jobs = createJobQueue(database, { schema: await defaultJobsSchema(database), pollSeconds: 0.5 });
  try {
    const service = new CouponCodeService(database.db, jobs);
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finished = resolve));
    jobs.register<{ coupon_setting_id: number }>(COUPON_CODES_JOB, async (p) => {
      await service.generate(Number(p.coupon_setting_id));
      finished();
    });
    await jobs.start();
    const t = performance.now();
    await service.request(id, { pattern: CODE_PATTERN, version: 1 }, { actor: null, ip: null, now: new Date() });
    await done;
    return performance.now() - t;
  } finally {
    await jobs.stop();
  }
}

/** Uniqueness and count of a coupon's codes: [codes, distinct codes]. */
async function verify(db: Db, id: number): Promise<[number, number]> {
  const [r] = await queryRows<{ n: number; d: number }>(db, sql`select count(*)::int as n, count(distinct code)::int as d from coupon_codes where coupon_setting_id = ${id}`);
  return [Number(r?.n ?? 0), Number(r?.d ?? 0)];
}

/**
 * `npm run bench -- coupon-codes [--scale N]`: a coupon's 1,000,000 codes (N × 1,000,000) generated through the real
 * path, the request (feasibility check, audit) and the background job on the app's queue (pg-boss), timed from the
 * request until the coupon says READY; beside it the raw-SQL baseline, one INSERT … SELECT of as many random codes from
 * generate_series, in the same database. Both are checked for count and uniqueness afterwards.
 */
export async function run(scale: number): Promise<void> {
  const codes = Math.max(1_000, Math.round(CODES * (scale > 0 ? scale : 1)));
  const { database, drop } = await benchDatabase();
  const db = database.db;
  console.log(`coupon-codes on ${database.describe}: ${codes.toLocaleString('en')} codes, pattern ${CODE_PATTERN}; load average before ${load()} (${os.cpus().length} cores)`);
  try {
    await seedIdentity(db);
    const id = await couponOf(db, 'Bench kupon sejuta kode', codes);
    const progress: number[] = [];
    // The progress the detail screen polls, read once a second while the job runs.
    const poll = setInterval(() => {
      void queryRows<{ made: number }>(db, sql`select codes_made as made from coupon_settings where id = ${id}`).then((r) => progress.push(Number(r[0]?.made ?? 0)));
    }, 1000);
    const serviceMs = await requestCodes(database, id);
    clearInterval(poll);
    const [state] = await queryRows<{ codes_state: number; codes_made: number }>(db, sql`select codes_state, codes_made from coupon_settings where id = ${id}`);
    const [n, distinct] = await verify(db, id);
    const loadAfterService = load();

    // Baseline: as many random codes of the same pattern in one statement, for a second coupon.
    const baselineId = await couponOf(db, 'Bench kupon baseline', codes);
    const code = `'HEMAT-' || lpad(floor(random() * 10000)::int::text, 4, '0') || '-' || chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int)`;
    const b = performance.now();
    await database.exec(`insert into coupon_codes (coupon_setting_id, code) select ${baselineId}, ${code} from generate_series(1, ${codes}) on conflict do nothing`);
    const baselineMs = performance.now() - b;
    const [bn, bdistinct] = await verify(db, baselineId);

    console.log(
      `service: request + job → READY      ${seconds(serviceMs).padStart(10)}  (goal ≤ ${GOAL_S} s: ${serviceMs <= GOAL_S * 1000 ? 'met' : 'MISSED'})  ${n.toLocaleString('en')} codes, ${distinct.toLocaleString('en')} distinct, state ${state?.codes_state}, codes_made ${Number(state?.codes_made).toLocaleString('en')}`,
    );
    console.log(`  progress seen while running: ${progress.map((p) => p.toLocaleString('en')).join(' → ') || '(finished within a second)'}`);
    console.log(
      `baseline: one INSERT … SELECT       ${seconds(baselineMs).padStart(10)}  ratio ${(serviceMs / baselineMs).toFixed(2)}x  ${bn.toLocaleString('en')} codes (${(codes - bn).toLocaleString('en')} collisions dropped), ${bdistinct.toLocaleString('en')} distinct`,
    );
    console.log(`load average after the service run ${loadAfterService}, after the baseline ${load()}`);
    if (n !== codes || distinct !== n) throw new Error(`the service made ${n} codes (${distinct} distinct), wanted ${codes}`);
  } finally {
    await drop();
  }
}
