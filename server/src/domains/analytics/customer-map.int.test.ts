import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cellOf,
  cellSizeOf,
  effectiveZoom,
  jakartaDay,
  mergeQuadrants,
  maskName,
  MAP_POINT_LIMIT,
  PERSONAL_DATA_ENTRY,
  QUADRANTS,
  splitBox,
  type ConsumerAddressRow,
  type CustomerMapAnswer,
  type CustomerMapPoint,
  type MapBox,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

/** West Java and Jakarta, where the test seed's consumers live (with Bali). */
const WEST_JAVA: MapBox = { top_left_lat: -5.9, top_left_lon: 106.3, bottom_right_lat: -7.9, bottom_right_lon: 108.9 };
const INDONESIA: MapBox = { top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -11.5, bottom_right_lon: 141.5 };

const queryOf = (box: MapBox, extra: Record<string, string | number | boolean> = {}) =>
  new URLSearchParams(Object.entries({ ...box, ...extra }).map(([k, v]) => [k, String(v)])).toString();

describe('the thematic customer map: addresses in a box as points or clusters, exact, by quadrant', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let analyst: string;

  const map = async (box: MapBox, extra: Record<string, string | number | boolean> = {}, token = analyst): Promise<CustomerMapAnswer> => {
    const res = await h.call('GET', `/api/v1/analytics/customer-map?${queryOf(box, extra)}`, { token });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<{ data: CustomerMapAnswer }>().data;
  };
  /** The four quadrant requests of a view, merged as the map merges them. */
  const quadrants = async (box: MapBox, extra: Record<string, string | number | boolean> = {}) => {
    const answers = await Promise.all(splitBox(box).map((b, i) => map(b, { ...extra, quadrant: QUADRANTS[i]! })));
    return { answers, merged: mergeQuadrants(answers) };
  };
  /** The located addresses in a (closed) box, straight from the table. */
  const raw = async (box: MapBox, where = sql`true`) =>
    (
      await queryRows<CustomerMapPoint & { province_code: string }>(
        db(),
        sql`select a.id, a.consumer_id, a.latitude, a.longitude, a.province_code from consumer_addresses a
          where a.latitude between ${box.bottom_right_lat} and ${box.top_left_lat} and a.longitude between ${box.top_left_lon} and ${box.bottom_right_lon} and ${where}
          order by a.id`,
      )
    ).map((r) => ({ id: Number(r.id), consumer_id: Number(r.consumer_id), latitude: Number(r.latitude), longitude: Number(r.longitude), province_code: r.province_code }));
  const pointsOf = (rows: (CustomerMapPoint & { province_code?: string })[]) => rows.map(({ id, consumer_id, latitude, longitude }) => ({ id, consumer_id, latitude, longitude }));
  /** The rollup as the triggers kept it, against a count of the addresses from scratch. */
  const cellsDrift = async () =>
    queryRows(
      db(),
      sql`with kept as (select cell_row, cell_col, province_code, is_member, addresses from customer_map_cells where addresses <> 0),
        fresh as (select floor(a.latitude * 64)::int as cell_row, floor(a.longitude * 64)::int as cell_col, a.province_code, m.consumer_id is not null as is_member, count(*)::int as addresses
          from consumer_addresses a left join members m on m.consumer_id = a.consumer_id where a.latitude is not null group by 1, 2, 3, 4)
        (select * from kept except select * from fresh) union all (select * from fresh except select * from kept)`,
    );

  beforeAll(async () => {
    await createStaff(db(), 'map.analyst', [
      { entry: 'pandora.dashboard-analytics/customers', action: 'view' },
      { entry: 'pandora.dashboard-analytics/customers', action: 'export' },
    ]);
    analyst = await h.tokenOf('map.analyst');
  });

  it('places the seeded addresses near their regencies, and answers the points of a small box exactly as the table holds them', async () => {
    const [seeded] = await queryRows<{ all: number; located: number; far: number }>(
      db(),
      sql`select count(*)::int as all, count(a.latitude)::int as located,
        count(*) filter (where a.latitude not between -11 and 6 or a.longitude not between 95 and 141)::int as far from consumer_addresses a`,
    );
    expect(seeded!.all).toBeGreaterThan(100);
    expect(seeded!.located).toBe(seeded!.all);
    expect(seeded!.far).toBe(0);
    const expected = await raw(WEST_JAVA);
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.length).toBeLessThanOrEqual(MAP_POINT_LIMIT);
    const got = await map(WEST_JAVA);
    expect(got.mode).toBe('points');
    expect(got.quadrant).toBeNull();
    expect(got.total).toBe(expected.length);
    expect(got.points).toEqual(pointsOf(expected));
    const byProvince = new Map<string, number>();
    for (const r of expected) byProvince.set(r.province_code, (byProvince.get(r.province_code) ?? 0) + 1);
    expect(Object.fromEntries(got.provinces.map((p) => [p.province_code, p.count]))).toEqual(Object.fromEntries(byProvince));
    expect(got.provinces.find((p) => p.province_code === '32')?.province_name).toBe('Jawa Barat');
    // Members only: the addresses of consumers holding a membership.
    const members = await raw(WEST_JAVA, sql`exists (select 1 from members m where m.consumer_id = a.consumer_id)`);
    expect((await map(WEST_JAVA, { members: true })).points).toEqual(pointsOf(members));
    expect(members.length).toBeLessThan(expected.length);
    // A region: only its addresses.
    expect((await map(INDONESIA, { province_code: '51' })).points).toEqual(pointsOf(await raw(INDONESIA, sql`a.province_code = '51'`)));
  });

  it('merges the four quadrants into the whole box, an address on a split line counted once', async () => {
    const [nw] = splitBox(WEST_JAVA);
    const mid = { lat: nw.bottom_right_lat, lon: nw.bottom_right_lon };
    const [consumer] = await queryRows<{ id: number }>(db(), sql`select id from consumers order by id limit 1`);
    // Three addresses on the split lines: the vertical, the horizontal and their crossing.
    for (const [lat, lon] of [[-6.4, mid.lon], [mid.lat, 107.1], [mid.lat, mid.lon]] as const) {
      await db().execute(sql`insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code, latitude, longitude)
        values (${consumer!.id}, 'Garis', 'Uji', '628120000000', 'Jl. Tengah', '32', '32.04', ${lat}, ${lon})`);
    }
    const whole = await map(WEST_JAVA);
    const { answers, merged } = await quadrants(WEST_JAVA);
    expect(answers.map((a) => a.quadrant)).toEqual([1, 2, 3, 4]);
    expect(merged.total).toBe(whole.total);
    expect(answers.reduce((n, a) => n + a.total, 0)).toBe(whole.total);
    expect(merged.points).toEqual(whole.points);
    expect(merged.provinces).toEqual(whole.provinces);
    const onLines = whole.points.filter((p) => p.latitude === mid.lat || p.longitude === mid.lon);
    expect(onLines).toHaveLength(3);
    // Each quadrant takes what lies on its split lines only when it is the east or south one.
    const holder = (p: CustomerMapPoint) => answers.filter((a) => a.points.some((q) => q.id === p.id)).map((a) => a.quadrant);
    expect(onLines.map(holder).sort()).toEqual([[2], [3], [4]].sort());
  });

  it('clusters a crowded box on the zoom’s grid: counts add up to the total, equal the addresses cell by cell, quadrants and all', async () => {
    // 12,000 more addresses over West Java (a deterministic spread), so each quadrant holds more than the points limit.
    await db().execute(sql`insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code, latitude, longitude)
      select c.id, 'Uji', 'Uji', '628120000000', 'Jl. Uji', '32', '32.04',
        round((-7.8 + 1.8 * (g * 0.7548776662466927 - floor(g * 0.7548776662466927)))::numeric, 6),
        round((106.4 + 2.4 * (g * 0.6180339887498949 - floor(g * 0.6180339887498949)))::numeric, 6)
      from generate_series(1, 12000) g join lateral (select id from consumers order by id limit 1 offset (g % 50)) c on true`);
    const expected = await raw(WEST_JAVA);
    expect(expected.length).toBeGreaterThan(MAP_POINT_LIMIT);
    /** The box at a zoom, against the raw addresses cell by cell; the quadrants merged likewise. */
    const check = async (box: MapBox, asked: number, rows: typeof expected) => {
      const got = await map(box, { zoom: asked });
      const zoom = effectiveZoom(box, asked);
      expect(got.mode).toBe('clusters');
      expect(got.points).toEqual([]);
      expect(got.zoom).toBe(zoom);
      expect(got.total).toBe(rows.length);
      expect(got.clusters.reduce((n, c) => n + c.count, 0)).toBe(got.total);
      expect(got.provinces.reduce((n, p) => n + p.count, 0)).toBe(got.total);
      const cellsAt = (z: number) => {
        const cells = new Map<string, number>();
        for (const p of rows) {
          const { row, col } = cellOf(p.latitude, p.longitude, z);
          cells.set(`${z}/${row}/${col}`, (cells.get(`${z}/${row}/${col}`) ?? 0) + 1);
        }
        return Object.fromEntries(cells);
      };
      expect(Object.fromEntries(got.clusters.map((c) => [c.cell, c.count]))).toEqual(cellsAt(zoom));
      const size = cellSizeOf(zoom);
      for (const c of got.clusters) {
        const [, row, col] = c.cell.split('/').map(Number);
        expect(c.latitude).toBeGreaterThanOrEqual(row! * size - 1e-9);
        expect(c.latitude).toBeLessThan((row! + 1) * size + 1e-9);
        expect(c.longitude).toBeGreaterThanOrEqual(col! * size - 1e-9);
        expect(c.longitude).toBeLessThan((col! + 1) * size + 1e-9);
      }
      const { answers, merged } = await quadrants(box, { zoom: asked });
      expect(answers.map((a) => a.mode)).toEqual(['clusters', 'clusters', 'clusters', 'clusters']);
      expect(merged.total).toBe(rows.length);
      expect(merged.clusters.reduce((n, c) => n + c.count, 0)).toBe(rows.length);
      // A quadrant holds a quarter of the cells: a grid the whole box coarsens may stay finer for its quadrants.
      const quadrantZoom = effectiveZoom(splitBox(box)[0], asked);
      expect(answers.map((a) => a.zoom)).toEqual([quadrantZoom, quadrantZoom, quadrantZoom, quadrantZoom]);
      expect(Object.fromEntries(merged.clusters.map((c) => [c.cell, c.count]))).toEqual(cellsAt(quadrantZoom));
      return got;
    };
    // Coarse grids read the rollup inside and the addresses along the edges; zoom 12 over this box is coarsened.
    for (const zoom of [3, 6, 8]) await check(WEST_JAVA, zoom, expected);
    expect((await check(WEST_JAVA, 12, expected)).zoom).toBeLessThan(12);
    // A grid finer than the rollup's (past zoom 10) reads the addresses: 10,000 more in a few streets of Bandung.
    await db().execute(sql`insert into consumer_addresses (consumer_id, label, recipient_name, recipient_phone, address_line, province_code, regency_code, latitude, longitude)
      select c.id, 'Uji', 'Uji', '628120000000', 'Jl. Uji', '32', '32.73',
        round((-6.94 + 0.06 * (g * 0.7548776662466927 - floor(g * 0.7548776662466927)))::numeric, 6),
        round((107.58 + 0.06 * (g * 0.6180339887498949 - floor(g * 0.6180339887498949)))::numeric, 6)
      from generate_series(1, 10000) g join lateral (select id from consumers order by id limit 1 offset (g % 40)) c on true`);
    const bandung: MapBox = { top_left_lat: -6.88, top_left_lon: 107.57, bottom_right_lat: -6.95, bottom_right_lon: 107.65 };
    await check(bandung, 11, await raw(bandung));
    await check(bandung, 13, await raw(bandung));
    // The whole country at the map's own zoom: clusters at low zoom, every located address once.
    const [all] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from consumer_addresses where latitude is not null`);
    const country = await quadrants(INDONESIA);
    expect(country.answers.every((a) => a.zoom <= 4)).toBe(true);
    expect(country.merged.total).toBe(all!.n);
    expect(country.merged.clusters.reduce((n, c) => n + c.count, 0) + country.merged.points.length).toBe(all!.n);
    // A grid too fine for the box is coarsened, and says so.
    const coarse = await map(INDONESIA, { zoom: 16 });
    expect(coarse.zoom).toBeLessThan(16);
    expect(coarse.total).toBe(all!.n);
  });

  it('keeps the rollup exact through inserts, moves, deletes and memberships, and the map with it', async () => {
    expect(await cellsDrift()).toEqual([]);
    const [c] = await queryRows<{ id: number }>(
      db(),
      sql`select c.id from consumers c where not exists (select 1 from members m where m.consumer_id = c.id) and exists (select 1 from consumer_addresses a where a.consumer_id = c.id) order by c.id limit 1`,
    );
    await db().execute(sql`update consumer_addresses set latitude = latitude + 0.05, longitude = longitude - 0.03 where id % 7 = 0`);
    await db().execute(sql`update consumer_addresses set latitude = null, longitude = null where id % 11 = 0`);
    await db().execute(sql`update consumer_addresses set label = 'Rumah Baru' where id % 5 = 0`);
    await db().execute(sql`delete from consumer_addresses where id % 13 = 0`);
    await db().execute(sql`insert into members (consumer_id, member_no, tier, joined_at) values (${c!.id}, ${`7999${String(c!.id).padStart(10, '0')}`}, 1, now())`);
    expect(await cellsDrift()).toEqual([]);
    await db().execute(sql`delete from members where consumer_id = ${c!.id}`);
    expect(await cellsDrift()).toEqual([]);
    const located = await raw(WEST_JAVA);
    const got = await map(WEST_JAVA, { zoom: 7 });
    expect(got.total).toBe(located.length);
    const members = await raw(WEST_JAVA, sql`exists (select 1 from members m where m.consumer_id = a.consumer_id)`);
    expect((await map(WEST_JAVA, { zoom: 7, members: true })).total).toBe(members.length);
    expect((await quadrants(WEST_JAVA, { zoom: 7, members: true, province_code: '32' })).merged.total).toBe(members.filter((m) => m.province_code === '32').length);
  });

  it('takes an address’s coordinates where addresses are edited: both or neither, within range', async () => {
    const admin = await h.tokenOf('admin.cms');
    const [a] = await queryRows<{ id: number; consumer_id: number }>(db(), sql`select id, consumer_id from consumer_addresses where district_code is not null and village_code is not null order by id limit 1`);
    const url = `/api/v1/consumers/${a!.consumer_id}/addresses/${a!.id}`;
    const current = (await h.call('GET', url, { token: admin })).json<{ data: ConsumerAddressRow }>().data;
    expect(typeof current.latitude).toBe('number');
    const body = {
      label: current.label,
      recipient_name: current.recipient_name,
      address_line: current.address_line,
      province_code: current.province_code,
      regency_code: current.regency_code,
      district_code: current.district_code,
      village_code: current.village_code,
      postal_code: current.postal_code,
      version: current.version,
    };
    const half = await h.call('PUT', url, { token: admin, body: { ...body, latitude: -6.2 } });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('Give both latitude and longitude, or neither');
    const far = await h.call('PUT', url, { token: admin, body: { ...body, latitude: -96.2, longitude: 106.8 } });
    expect(far.statusCode).toBe(400);
    expect(far.body).toContain('Latitude must lie between -90 and 90');
    const saved = await h.call('PUT', url, { token: admin, body: { ...body, latitude: -6.175392, longitude: 106.827153 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: ConsumerAddressRow }>().data).toMatchObject({ latitude: -6.175392, longitude: 106.827153 });
    const monas: MapBox = { top_left_lat: -6.17, top_left_lon: 106.82, bottom_right_lat: -6.18, bottom_right_lon: 106.83 };
    expect((await map(monas)).points).toContainEqual({ id: a!.id, consumer_id: a!.consumer_id, latitude: -6.175392, longitude: 106.827153 });
    const cleared = await h.call('PUT', url, { token: admin, body: { ...body, version: current.version + 1 } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ data: ConsumerAddressRow }>().data).toMatchObject({ latitude: null, longitude: null });
    expect((await map(monas)).points.some((p) => p.id === a!.id)).toBe(false);
    expect(await cellsDrift()).toEqual([]);
  });

  it('refuses a box with reversed or out-of-range corners with a clear 400, and a caller without the entry with 403', async () => {
    const bad = async (box: Record<string, string | number>) => {
      const res = await h.call('GET', `/api/v1/analytics/customer-map?${new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)])).toString()}`, { token: analyst });
      expect(res.statusCode).toBe(400);
      return res.json<{ message: string; details: { path: string; message: string }[] }>();
    };
    expect((await bad({ ...WEST_JAVA, top_left_lat: -9 })).details).toEqual([
      { path: 'top_left_lat', message: 'The box’s corners are reversed: top_left_lat (north edge) must not be south of bottom_right_lat (south edge)' },
    ]);
    expect((await bad({ ...WEST_JAVA, top_left_lon: 110 })).details[0]!.message).toContain('top_left_lon (west edge) must not be east of bottom_right_lon');
    expect((await bad({ ...WEST_JAVA, top_left_lat: 95 })).details).toEqual([{ path: 'top_left_lat', message: 'top_left_lat (the north edge) must lie between -90 and 90' }]);
    expect((await bad({ ...WEST_JAVA, bottom_right_lon: -200 })).details[0]!.message).toBe('bottom_right_lon (the east edge) must lie between -180 and 180');
    expect((await bad({ top_left_lat: 1 })).details.map((d) => d.path).sort()).toEqual(['bottom_right_lat', 'bottom_right_lon', 'top_left_lon']);
    expect((await bad({ ...WEST_JAVA, quadrant: 0 })).details[0]!.path).toBe('quadrant');
    expect((await bad({ ...WEST_JAVA, province_code: 'Jawa' })).details[0]!.path).toBe('province_code');

    await createStaff(db(), 'map.outsider', [{ entry: 'pandora.sales-dashboard', action: 'view' }]);
    const outsider = await h.tokenOf('map.outsider');
    expect((await h.call('GET', `/api/v1/analytics/customer-map?${queryOf(WEST_JAVA)}`, { token: outsider })).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v1/analytics/customer-map/detail/export?${queryOf(WEST_JAVA)}`, { token: outsider })).statusCode).toBe(403);
    // Customer Analytics' viewers see the map too; viewing is not exporting.
    await createStaff(db(), 'map.customer.analytics', [{ entry: 'pandora.customer-analytics', action: 'view' }]);
    const customers = await h.tokenOf('map.customer.analytics');
    expect((await map(WEST_JAVA, {}, customers)).total).toBeGreaterThan(0);
    expect((await h.call('GET', `/api/v1/analytics/customer-map/summary/export?${queryOf(WEST_JAVA)}`, { token: customers })).statusCode).toBe(403);
  });

  it('exports the Thematic Report Detail and Summary of the box, names masked without the personal-data right', async () => {
    const today = jakartaDay(h.clock.now());
    const file = async (url: string, token = analyst) => {
      const res = await h.call('GET', `/api/v1/analytics/customer-map/${url}`, { token });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const disposition = String(res.headers['content-disposition']);
      return { name: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? ''), body: res.body, raw: res.rawPayload };
    };
    const bali: MapBox = { top_left_lat: -8, top_left_lon: 114.4, bottom_right_lat: -8.9, bottom_right_lon: 115.8 };
    const expected = await queryRows<{ id: number; consumer_id: number; name: string; province: string; regency: string; latitude: number; longitude: number }>(
      db(),
      sql`select a.id, a.consumer_id, c.name, pr.name as province, rg.name as regency, a.latitude, a.longitude
        from consumer_addresses a join consumers c on c.id = a.consumer_id join provinces pr on pr.code = a.province_code join regencies rg on rg.code = a.regency_code
        where a.latitude between ${bali.bottom_right_lat} and ${bali.top_left_lat} and a.longitude between ${bali.top_left_lon} and ${bali.bottom_right_lon} order by a.id`,
    );
    expect(expected.length).toBeGreaterThan(10);

    const detail = await file(`detail/export?format=csv&${queryOf(bali)}`);
    expect(detail.name).toBe(`Export Thematic Report Detail - ${today}.csv`);
    const [header, ...rows] = parse(detail.body, { bom: true }) as string[][];
    expect(header).toEqual(['Address ID', 'Consumer ID', 'Name', 'Province', 'Regency / City', 'Latitude', 'Longitude']);
    expect(rows).toEqual(expected.map((e) => [String(e.id), String(e.consumer_id), maskName(e.name), e.province, e.regency, String(e.latitude), String(e.longitude)]));
    expect(rows[0]![2]).toMatch(/^\p{L}\*+ \p{L}\*+$/u);

    const xlsx = await file(`detail/export?format=xlsx&${queryOf(bali)}`);
    expect(xlsx.name).toBe(`Export Thematic Report Detail - ${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.name).toBe('Thematic Report Detail');
    expect(book.worksheets[0]!.rowCount).toBe(expected.length + 1);
    expect(book.worksheets[0]!.getRow(2).getCell(6).value).toBe(Number(expected[0]!.latitude));

    // Someone who may see personal data gets the names whole, after a recent second factor.
    await createStaff(db(), 'map.personal', [
      { entry: 'pandora.dashboard-analytics/customers', action: 'view' },
      { entry: 'pandora.dashboard-analytics/customers', action: 'export' },
      { entry: PERSONAL_DATA_ENTRY, action: 'view' },
    ]);
    const personal = await h.tokenOf('map.personal');
    const refused = await h.call('GET', `/api/v1/analytics/customer-map/detail/export?format=csv&${queryOf(bali)}`, { token: personal });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('step_up_required');
    await h.stepUp(personal);
    const whole = await file(`detail/export?format=csv&${queryOf(bali)}`, personal);
    expect((parse(whole.body, { bom: true }) as string[][]).slice(1).map((r) => r[2])).toEqual(expected.map((e) => e.name));

    const summary = await file(`summary/export?format=csv&${queryOf(bali)}`);
    expect(summary.name).toBe(`Export Thematic Report Summary - ${today}.csv`);
    const [sumHeader, ...sums] = parse(summary.body, { bom: true }) as string[][];
    expect(sumHeader).toEqual(['Province', 'Regency / City', 'Consumers', 'Addresses']);
    const byRegency = new Map<string, { consumers: Set<number>; addresses: number }>();
    for (const e of expected) {
      const g = byRegency.get(e.regency) ?? { consumers: new Set<number>(), addresses: 0 };
      g.consumers.add(Number(e.consumer_id));
      g.addresses++;
      byRegency.set(e.regency, g);
    }
    expect(sums.map((r) => r[1]).sort()).toEqual([...byRegency.keys()].sort());
    for (const r of sums) {
      expect(r[0]).toBe('Bali');
      expect([Number(r[2]), Number(r[3])]).toEqual([byRegency.get(r[1]!)!.consumers.size, byRegency.get(r[1]!)!.addresses]);
    }
    // Without a box: every located address, by the filters.
    const everywhere = await file('summary/export?format=csv&province_code=51');
    expect((parse(everywhere.body, { bom: true }) as string[][]).slice(1).every((r) => r[0] === 'Bali')).toBe(true);
  });
});
