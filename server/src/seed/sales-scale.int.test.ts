import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, jakartaDay, previousPeriod, type AnalyticsQuery, type DayPeriod } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { SalesAnalyticsService } from '../domains/analytics/sales-analytics.service.ts';
import { useHarness, type Harness } from '../../test/harness.ts';
import { rawFigures } from '../../test/sales-raw.ts';
import { GENERATED_PREFIX, generateSales } from './sales-scale.ts';

const LINES = 20_000;
const generated = sql`t.transaction_id like ${`${GENERATED_PREFIX}%`}`;

/** Every generated transaction and line, reduced to a few sums that differ if any value of any row differs. */
async function fingerprint(db: Db) {
  const [t] = await queryRows(
    db,
    sql`select count(*)::int as transactions, sum(t.total)::bigint as sales, sum(t.quantity)::bigint as quantity, count(t.consumer_id)::int as members,
        sum(hashtext(t.transaction_id || ':' || t.store_id || ':' || t.channel || ':' || coalesce(t.consumer_id, 0) || ':' || extract(epoch from t.at) || ':' || extract(epoch from t.received_at))::bigint)::bigint as rows
      from sales_transactions t where ${generated}`,
  );
  const [l] = await queryRows(
    db,
    sql`select count(*)::int as lines, sum(l.amount)::bigint as amount,
        sum(hashtext(t.transaction_id || ':' || l.line_no || ':' || l.plu || ':' || l.quantity || ':' || l.price || ':' || coalesce(l.category_id, 0))::bigint)::bigint as rows
      from sales_transactions t join sales_lines l on l.transaction_pk = t.id where ${generated}`,
  );
  return { ...t, ...l };
}

describe('the sales scale generator', () => {
  // Two copies of the same demo database: the generator must write the same sales into both.
  const a = useHarness();
  const b = useHarness();
  /** The harness's database; on PGlite (one connection, two schemas) its schema is put first on the path. */
  async function dbOf(h: Harness): Promise<Db> {
    const raw = h.testDb.database.raw;
    if (raw.kind === 'pglite') await raw.client.exec(`set search_path to ${h.testDb.schema}`);
    return h.testDb.database.db;
  }

  it('writes the same sales for the same size, shaped like a year of a chain’s tills, with the rollups equal to them', { timeout: 180_000 }, async () => {
    const now = new Date();
    const made = await generateSales(await dbOf(a), { lines: LINES, now });
    const first = await fingerprint(await dbOf(a));
    const again = await generateSales(await dbOf(b), { lines: LINES, now });
    expect(await fingerprint(await dbOf(b))).toEqual(first);
    expect(again).toMatchObject({ transactions: made.transactions, lines: made.lines, from: made.from, to: made.to, skipped: false });

    const db = await dbOf(a);
    expect((await generateSales(db, { lines: LINES, now })).skipped).toBe(true);
    expect(made.lines).toBe(first.lines);
    expect(Math.abs(made.lines - LINES) / LINES).toBeLessThan(0.03);
    expect(made.to).toBe(addDays(jakartaDay(now), -1));
    expect(made.from).toBe(addDays(made.to, -364));

    const [shape] = await queryRows(
      db,
      sql`select min(t.line_count)::int as min_lines, max(t.line_count)::int as max_lines, count(distinct t.line_count)::int as line_kinds, avg(t.line_count)::float8 as avg_lines,
          avg((t.consumer_id is not null)::int)::float8 as members, avg((t.channel = 2)::int)::float8 as online,
          count(*) filter (where t.channel = 2 and t.consumer_id is null)::int as online_without_member,
          avg((extract(hour from t.at at time zone store_time_zone(s.province_code)) between 17 and 20)::int)::float8 as evening,
          min((t.at at time zone 'Asia/Jakarta')::date)::text as first_day, max((t.at at time zone 'Asia/Jakarta')::date)::text as last_day,
          max(t.received_at) <= ${now} as received_in_time, count(distinct t.store_id)::int as stores, count(distinct t.consumer_id)::int as members_seen,
          count(*) filter (where t.total <> (select sum(l.amount) from sales_lines l where l.transaction_pk = t.id)
            or t.quantity <> (select sum(l.quantity) from sales_lines l where l.transaction_pk = t.id)
            or t.line_count <> (select count(*) from sales_lines l where l.transaction_pk = t.id))::int as inconsistent
        from sales_transactions t join stores s on s.id = t.store_id where ${generated}`,
    );
    expect(shape).toMatchObject({ min_lines: 1, max_lines: 8, line_kinds: 8, online_without_member: 0, received_in_time: true, inconsistent: 0, last_day: made.to });
    expect(String(shape!.first_day) >= addDays(made.from, -1)).toBe(true);
    expect(Number(shape!.avg_lines)).toBeGreaterThan(4.7);
    expect(Number(shape!.avg_lines)).toBeLessThan(5.1);
    expect(Number(shape!.members)).toBeGreaterThan(0.56);
    expect(Number(shape!.members)).toBeLessThan(0.64);
    expect(Number(shape!.online)).toBeGreaterThan(0.08);
    expect(Number(shape!.online)).toBeLessThan(0.12);
    expect(Number(shape!.evening)).toBeGreaterThan(0.4);
    expect(Number(shape!.members_seen)).toBeGreaterThan(100);
    const [stores] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stores where status = 1`);
    expect(Number(shape!.stores)).toBe(Number(stores?.n));

    // Popular products far more often, mostly one unit, each at its list price.
    const [lines] = await queryRows(
      db,
      sql`with per as (select l.plu, count(*) as n from sales_transactions t join sales_lines l on l.transaction_pk = t.id where ${generated} group by l.plu),
          ranked as (select n, row_number() over (order by n desc) as rn, count(*) over () as plus, sum(n) over () as total from per)
        select (select sum(n) from ranked where rn <= ceil(plus * 0.01))::float8 / max(total) as top_share,
          (select avg((l.quantity = 1)::int)::float8 from sales_transactions t join sales_lines l on l.transaction_pk = t.id where ${generated}) as single_units,
          (select count(*) from sales_transactions t join sales_lines l on l.transaction_pk = t.id join products p on p.id = l.product_id
            where ${generated} and (l.price <> p.price or l.plu <> p.plu or l.category_id <> p.category_id or l.amount <> l.quantity * l.price))::int as off_list
        from ranked`,
    );
    expect(Number(lines!.top_share)).toBeGreaterThan(0.15);
    expect(Number(lines!.single_units)).toBeGreaterThan(0.65);
    expect(Number(lines!.single_units)).toBeLessThan(0.75);
    expect(Number(lines!.off_list)).toBe(0);

    // Busier weekends (dayWeight's 1.35), in time order of their ids, the sequence and the watermark past them.
    const [week] = await queryRows(
      db,
      sql`with per as (select (t.at at time zone 'Asia/Jakarta')::date as day, count(*) as n from sales_transactions t where ${generated} group by 1)
        select avg(n) filter (where extract(isodow from day) >= 6)::float8 / avg(n) filter (where extract(isodow from day) < 6 and extract(day from day) between 2 and 24) as weekend,
          (select count(*) from (select t.at < lag(t.at) over (order by t.id) as back from sales_transactions t where ${generated}) x where back)::int as out_of_order,
          (select max(id) from sales_transactions)::bigint as high, (select last_id from rollup_watermarks where name = 'sales') as watermark,
          nextval(pg_get_serial_sequence('sales_transactions', 'id')) as next
        from per`,
    );
    expect(Number(week!.weekend)).toBeGreaterThan(1.2);
    expect(Number(week!.out_of_order)).toBe(0);
    expect(Number(week!.watermark)).toBe(Number(week!.high));
    expect(Number(week!.next)).toBeGreaterThan(Number(week!.high));

    // The rollups, as the dashboards read them, equal the raw transactions for periods short and long, filtered or not.
    const sales = new SalesAnalyticsService(db, a.clock);
    const [store] = await queryRows<{ code: string; province_code: string }>(db, sql`select s.code, s.province_code from stores s where s.status = 1 order by s.province_code desc, s.id limit 1`);
    const lastMonth = `${addDays(`${made.to.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    const periods: DayPeriod[] = [
      { from: made.from, to: made.to },
      { from: lastMonth, to: addDays(`${made.to.slice(0, 7)}-01`, -1) },
      { from: addDays(made.to, -6), to: made.to },
      { from: addDays(made.from, 40), to: addDays(made.from, 140) },
    ];
    const filters: Partial<AnalyticsQuery>[] = [{}, { store_code: store!.code }, { province_code: store!.province_code, basis: 'store' }, { channel: 2 }, { basis: 'store' }];
    for (const p of periods) {
      for (const f of filters) {
        const q: AnalyticsQuery = { basis: 'wib', ...f, ...p };
        const summary = await sales.summary(q);
        expect(summary.current, JSON.stringify(q)).toEqual(await rawFigures(db, q, p));
        expect(summary.previous, JSON.stringify(q)).toEqual(await rawFigures(db, q, previousPeriod(p)));
      }
    }
    const year = await sales.summary({ basis: 'wib', from: made.from, to: made.to });
    expect(year.current.transactions).toBeGreaterThanOrEqual(made.transactions);
  });
});
