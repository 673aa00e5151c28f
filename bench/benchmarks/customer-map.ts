import { sql } from 'drizzle-orm';
import { cellSizeOf, effectiveZoom, gridZoomFor, splitBox, QUADRANTS, type MapBox } from '@portal/contract';
import { queryRows, type Db } from '../../server/src/db/client.ts';
import { loadRegions } from '../../server/src/domains/catalog/regions.loader.ts';
import { CustomerMapService, mapGroupsSql, type MapFilters } from '../../server/src/domains/analytics/customer-map.service.ts';
import { placeDemoAddresses } from '../../server/src/seed/demo-address-coordinates.ts';
import { benchDatabase, fmt, report, timeIt } from '../support.ts';

/*
 * The thematic customer map at 1,000,000 located addresses (PostgreSQL; an in-memory PGlite gets 100,000): each view's
 * four quadrant requests as the service answers them (rollup inside, addresses along the edges), beside the same grid
 * counted from the addresses alone (the baseline). `--scale N` multiplies the addresses.
 */

const VIEWS: Record<string, MapBox> = {
  indonesia: { top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -11.5, bottom_right_lon: 141.5 },
  java: { top_left_lat: -5.8, top_left_lon: 105.1, bottom_right_lat: -8.8, bottom_right_lon: 114.6 },
  jakarta: { top_left_lat: -6.05, top_left_lon: 106.65, bottom_right_lat: -6.4, bottom_right_lon: 107.0 },
};
const ALL: MapFilters = { provinces: [], members: false };

/** Consumers (4 in 5 with one address, 1 in 5 with two: 1.2 each) and their addresses near their regencies, 2 in 3 of them members. */
async function seed(db: Db, addresses: number, log: (m: string) => void): Promise<void> {
  const consumers = Math.round(addresses / 1.2);
  log('regions');
  await loadRegions(db);
  log(`${consumers.toLocaleString('en')} consumers`);
  await db.execute(sql`insert into consumers (name, phone, gender, app_card_id)
    select 'Konsumen ' || i, '628' || lpad(i::text, 10, '0'), 1 + i % 2, '8899' || lpad(i::text, 12, '0') from generate_series(1, ${consumers}) i`);
  log(`${addresses.toLocaleString('en')} addresses`);
  // Regencies weighted by their villages, as the demo seed spreads its consumers.
  await db.execute(sql`
    with v as (select code, row_number() over (order by code) - 1 as n from villages), k as (select count(*) as k from villages),
    c as (select id, row_number() over (order by id) as i from consumers)
    insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code)
    select c.id, case when g = 1 then 'Rumah' else 'Kantor' end, 'Penerima', '628120000000', 'Jl. Uji', left(v.code, 2), left(v.code, 5)
    from c cross join k cross join lateral generate_series(1, case when c.i % 5 = 0 then 2 else 1 end) g
    join v on v.n = ((c.i * 2 + g)::bigint * 7919) % k.k`);
  log('coordinates');
  await placeDemoAddresses(db);
  log('members');
  await db.execute(sql`insert into members (consumer_id, member_no, joined_at) select id, '7001' || lpad(id::text, 10, '0'), now() from consumers where id % 3 <> 2`);
  await db.execute(sql`analyze consumer_addresses`);
  await db.execute(sql`analyze customer_map_cells`);
  await db.execute(sql`analyze members`);
}

/** The baseline: the same quadrant's grid counted from the addresses (through the GiST index), no rollup. */
const rawGrid = (db: Db, box: MapBox, zoom: number) => {
  const size = cellSizeOf(zoom);
  return queryRows(
    db,
    sql`select floor(a.latitude / ${size}::double precision)::int, floor(a.longitude / ${size}::double precision)::int, count(*), sum(a.latitude), sum(a.longitude)
      from consumer_addresses a
      where point(a.longitude, a.latitude) <@ box(point(${box.top_left_lon}::double precision, ${box.bottom_right_lat}::double precision), point(${box.bottom_right_lon}::double precision, ${box.top_left_lat}::double precision))
        and a.latitude is not null group by 1, 2`,
  );
};

export async function run(scale: number): Promise<void> {
  const postgres = Boolean(process.env.BENCH_DATABASE_URL);
  const addresses = Math.round((postgres ? 1_000_000 : 100_000) * (scale || 1));
  const { database, drop } = await benchDatabase();
  const db = database.db;
  try {
    const [have] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from consumer_addresses where latitude is not null`);
    if (Number(have?.n ?? 0) < addresses * 0.99) {
      const t = performance.now();
      await seed(db, addresses, (m) => console.log(`customer-map: seeding ${m}`));
      console.log(`customer-map: seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const [counts] = await queryRows<{ a: number; c: number }>(db, sql`select (select count(*)::int from consumer_addresses) as a, (select count(*)::int from customer_map_cells) as c`);
    console.log(`customer-map: ${Number(counts?.a).toLocaleString('en')} addresses, ${Number(counts?.c).toLocaleString('en')} rollup cells, on ${database.describe}`);
    const service = new CustomerMapService(db);
    for (const [name, view] of Object.entries(VIEWS)) {
      const zoom = gridZoomFor(view);
      const quads = splitBox(view);
      const answers = await Promise.all(quads.map((b, i) => service.map({ ...b, quadrant: QUADRANTS[i], zoom })));
      console.log(`  ${name}: zoom ${zoom}, ${answers.map((a) => `${a.mode} ${a.total.toLocaleString('en')}`).join(' | ')}`);
      const measured = await timeIt(10, () => Promise.all(quads.map((b, i) => service.map({ ...b, quadrant: QUADRANTS[i], zoom }))), 2);
      const baseline = await timeIt(5, () => Promise.all(quads.map((b) => rawGrid(db, b, effectiveZoom(b, zoom)))), 1);
      report(`customer-map ${name}, 4 quadrants`, measured, baseline);
      const one = await timeIt(10, () => service.map({ ...quads[0], quadrant: 1, zoom }), 2);
      const oneRaw = await timeIt(5, () => rawGrid(db, quads[0], effectiveZoom(quads[0], zoom)), 1);
      report(`customer-map ${name}, quadrant 1`, one, oneRaw);
    }
    const members = await timeIt(10, () => Promise.all(splitBox(VIEWS.java!).map((b, i) => service.map({ ...b, quadrant: QUADRANTS[i], zoom: gridZoomFor(VIEWS.java!), members: true }))), 2);
    console.log(`  java, members only, 4 quadrants: p50 ${fmt(members.p50)} p95 ${fmt(members.p95)}`);
    const bali = await timeIt(10, () => Promise.all(splitBox(VIEWS.indonesia!).map((b, i) => service.map({ ...b, quadrant: QUADRANTS[i], zoom: gridZoomFor(VIEWS.indonesia!), province_code: '51' }))), 2);
    console.log(`  indonesia, Bali only, 4 quadrants: p50 ${fmt(bali.p50)} p95 ${fmt(bali.p95)}`);
    if (postgres) {
      const java = VIEWS.java!;
      const q1 = splitBox(java)[0];
      // As the service runs it: without parallel workers.
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        return queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain (analyze, buffers, costs off) ${mapGroupsSql(q1, 1, gridZoomFor(java), ALL)}`);
      });
      console.log('  EXPLAIN ANALYZE, Java quadrant 1:');
      for (const line of plan) console.log(`    ${line['QUERY PLAN']}`);
    }
  } finally {
    await drop();
  }
}
