import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase, queryRows } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { rebuildSalesRollups } from './sales-rollup.ts';

/**
 * `npm run analytics:rebuild -- --from YYYY-MM --to YYYY-MM`: recounts those Jakarta months of the sales rollups from
 * the transactions (rebuildSalesRollups: what the rollups hold for them is replaced, up to the watermark; a catch-up
 * adds what came after), on the configured database (DATABASE_URL, else the PGlite in DATA_DIR, which a running portal
 * must not hold open). Prints what it recounted and how long it took. Bad arguments: a message and exit code 2.
 */
const USAGE = 'Usage: npm run analytics:rebuild -- --from YYYY-MM --to YYYY-MM (both months inclusive, Asia/Jakarta; at most 120 months)';
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function argument(args: string[], name: string): string {
  const at = args.indexOf(name);
  const value = at >= 0 ? args[at + 1] : undefined;
  if (value === undefined || value.startsWith('--')) fail(`${name} is missing.`);
  if (!MONTH.test(value)) fail(`${name} must be a month as YYYY-MM, like 2025-03 (got ${JSON.stringify(value)}).`);
  return value;
}

const args = process.argv.slice(2);
const OPTIONS = ['--from', '--to'];
const unknown = args.filter((a, i) => !OPTIONS.includes(a) && !OPTIONS.includes(args[i - 1] ?? ''));
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (unknown.length) fail(`Unknown argument ${unknown.join(' ')}.`);
const from = argument(args, '--from');
const to = argument(args, '--to');
const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
if (to < from) fail(`--to (${to}) is before --from (${from}).`);
if (index(to) - index(from) >= 120) fail(`${from} … ${to} is more than 120 months; rebuild a decade or less at a time.`);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const db = database.db;
  const next = index(to) + 1;
  const end = `${Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, '0')}-01`;
  const range = sql`t.at >= (${`${from}-01`}::date::timestamp at time zone 'Asia/Jakarta') and t.at < (${end}::date::timestamp at time zone 'Asia/Jakarta')`;
  console.log(`Recounting the sales rollups of ${from} … ${to} (Asia/Jakarta) on ${database.describe} …`);
  const started = performance.now();
  await rebuildSalesRollups(db, from, to, new Date());
  const seconds = (performance.now() - started) / 1000;
  const [counted] = await queryRows<{ transactions: string; lines: string; sales: string; watermark: string }>(
    db,
    sql`select count(t.id) as transactions, coalesce(sum(t.line_count), 0) as lines, coalesce(sum(t.total), 0) as sales, w.last_id as watermark
      from rollup_watermarks w left join sales_transactions t on t.id <= w.last_id and ${range} where w.name = 'sales' group by w.last_id`,
  );
  // Every sales rollup table the schema has (`sales_<family>_day` and `_month`).
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r' and relname ~ '^sales_.*_(day|month)$' order by relname`,
  );
  const rows = await queryRows<{ name: string; n: string }>(
    db,
    sql.join(
      tables.map((t) => sql`select ${t.name} as name, count(*) as n from ${sql.identifier(t.name)} where wib_key >= ${`${from}-01`}::date and wib_key < ${end}::date`),
      sql` union all `,
    ),
  );
  const n = (v: string | undefined) => Number(v ?? 0).toLocaleString('en');
  console.log(`Recounted ${n(counted?.transactions)} transactions (${n(counted?.lines)} lines, Rp ${n(counted?.sales)}) up to the watermark, id ${n(counted?.watermark)}, in ${seconds.toFixed(1)} s.`);
  console.log(`Rollup rows of those months now: ${rows.map((r) => `${r.name} ${n(r.n)}`).join(', ')}.`);
} finally {
  await database.close();
}
