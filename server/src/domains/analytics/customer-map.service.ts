import { sql, type SQL } from 'drizzle-orm';
import {
  cellKey,
  cellSizeOf,
  codesOf,
  effectiveZoom,
  gridZoomFor,
  MAP_POINT_LIMIT,
  openEdges,
  type CustomerMapAnswer,
  type CustomerMapCluster,
  type CustomerMapProvince,
  type CustomerMapQuery,
  type MapBox,
  type Quadrant,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';

/*
 * The thematic customer map over consumers' located addresses (migration 0043). A box is read in two parts: the
 * `customer_map_cells` rollup (1/64° cells, kept exact by triggers) for the cells wholly inside it, and the addresses
 * themselves for the thin strips along its edges that cut through cells, each strip through the GiST index of the
 * addresses' points. So the answer is exact for any box, and a whole-country view of a million addresses reads tens of
 * thousands of rollup rows instead of a million addresses.
 */

/** Cells of the rollup per degree: 64, zoom 10 of the map's grid. */
const FINE_PER_DEGREE = 64;
const FINE_ZOOM = 10;

/** What narrows the addresses: regions (provinces) and members only. */
export interface MapFilters {
  provinces: string[];
  members: boolean;
}

export const mapFiltersOf = (q: { province_code?: string | undefined; members?: boolean | undefined }): MapFilters => ({
  provinces: codesOf(q.province_code),
  members: q.members === true,
});

/** The filters on the addresses `a`. */
export function addressFilters(f: MapFilters): SQL[] {
  const out: SQL[] = [];
  if (f.provinces.length) out.push(sql`a.province_code in (${sql.join(f.provinces.map((p) => sql`${p}`), sql`, `)})`);
  if (f.members) out.push(sql`exists (select 1 from members m where m.consumer_id = a.consumer_id)`);
  return out;
}

const num = (v: number) => sql`${v}::double precision`;

/** A box's edges as conditions on `a`, with a quadrant's open edges, located addresses only (the indexes' predicate). */
export function inBoxSql(box: MapBox, quadrant?: Quadrant): SQL[] {
  const open = openEdges(quadrant);
  return [
    sql`a.latitude is not null`,
    open.south ? sql`a.latitude > ${num(box.bottom_right_lat)}` : sql`a.latitude >= ${num(box.bottom_right_lat)}`,
    sql`a.latitude <= ${num(box.top_left_lat)}`,
    sql`a.longitude >= ${num(box.top_left_lon)}`,
    open.east ? sql`a.longitude < ${num(box.bottom_right_lon)}` : sql`a.longitude <= ${num(box.bottom_right_lon)}`,
  ];
}

/** The GiST index's condition for a rectangle (inclusive; exact edges are added beside it). */
const pointIn = (south: number, west: number, north: number, east: number) =>
  sql`point(a.longitude, a.latitude) <@ box(point(${num(west)}, ${num(south)}), point(${num(east)}, ${num(north)}))`;

const and = (conditions: readonly SQL[]) => sql.join([...conditions], sql` and `);

/** The rollup cells wholly inside a box (a quadrant's open edges respected), or null when none is. */
function interiorOf(box: MapBox, quadrant?: Quadrant): { rows: [number, number]; cols: [number, number] } | null {
  const open = openEdges(quadrant);
  const south = box.bottom_right_lat * FINE_PER_DEGREE;
  let rowFrom = Math.ceil(south);
  // A cell holds its south edge: on an open south edge, the cell starting there is not wholly inside.
  if (open.south && rowFrom === south) rowFrom++;
  const rowTo = Math.floor(box.top_left_lat * FINE_PER_DEGREE) - 1;
  const colFrom = Math.ceil(box.top_left_lon * FINE_PER_DEGREE);
  const colTo = Math.floor(box.bottom_right_lon * FINE_PER_DEGREE) - 1;
  return rowFrom <= rowTo && colFrom <= colTo ? { rows: [rowFrom, rowTo], cols: [colFrom, colTo] } : null;
}

/**
 * The statement of a box's addresses by grid cell at `zoom` and by province, in one pass: the rollup's cells wholly
 * inside the box, and the addresses of the strips along its edges (all of the box when no cell is wholly inside, or past
 * zoom 10, where the grid is finer than the rollup's). Rows: `by_cell`, `r`, `c`, `province_code`, `province_name`, `n`,
 * `slat`, `slon` (the sums of the coordinates).
 */
export function mapGroupsSql(box: MapBox, quadrant: Quadrant | undefined, zoom: number, filters: MapFilters): SQL {
  const size = cellSizeOf(zoom);
  const edges = inBoxSql(box, quadrant);
  const raw = (region: SQL, extra: SQL[]) =>
    sql`select floor(a.latitude / ${num(size)})::int as r, floor(a.longitude / ${num(size)})::int as c, a.province_code, 1 as n, a.latitude as slat, a.longitude as slon
      from consumer_addresses a where ${and([region, ...edges, ...extra, ...addressFilters(filters)])}`;
  const inside = zoom <= FINE_ZOOM ? interiorOf(box, quadrant) : null;
  const parts: SQL[] = [];
  if (!inside) {
    parts.push(raw(pointIn(box.bottom_right_lat, box.top_left_lon, box.top_left_lat, box.bottom_right_lon), []));
  } else {
    const per = 2 ** (FINE_ZOOM - zoom);
    const [south, north] = [inside.rows[0] / FINE_PER_DEGREE, (inside.rows[1] + 1) / FINE_PER_DEGREE];
    const [west, east] = [inside.cols[0] / FINE_PER_DEGREE, (inside.cols[1] + 1) / FINE_PER_DEGREE];
    const cellFilters: SQL[] = [
      sql`cell_row between ${inside.rows[0]} and ${inside.rows[1]}`,
      sql`cell_col between ${inside.cols[0]} and ${inside.cols[1]}`,
      ...(filters.provinces.length ? [sql`province_code in (${sql.join(filters.provinces.map((p) => sql`${p}`), sql`, `)})`] : []),
      ...(filters.members ? [sql`is_member`] : []),
    ];
    parts.push(sql`select floor(cell_row::double precision / ${per})::int as r, floor(cell_col::double precision / ${per})::int as c, province_code,
      addresses as n, sum_lat as slat, sum_lon as slon from customer_map_cells where ${and(cellFilters)}`);
    const { bottom_right_lat: s, top_left_lat: n, top_left_lon: w, bottom_right_lon: e } = box;
    // The strips around the inside: south and north across the whole width, west and east between them.
    parts.push(raw(pointIn(s, w, south, e), [sql`a.latitude < ${num(south)}`]));
    parts.push(raw(pointIn(north, w, n, e), [sql`a.latitude >= ${num(north)}`]));
    const between = [sql`a.latitude >= ${num(south)}`, sql`a.latitude < ${num(north)}`];
    parts.push(raw(pointIn(south, w, north, west), [...between, sql`a.longitude < ${num(west)}`]));
    parts.push(raw(pointIn(south, east, north, e), [...between, sql`a.longitude >= ${num(east)}`]));
  }
  return sql`select g.*, p.name as province_name from (
      select grouping(province_code) = 1 as by_cell, r, c, province_code, sum(n)::int as n, sum(slat) as slat, sum(slon) as slon
      from (${sql.join(parts, sql` union all `)}) parts
      group by grouping sets ((r, c), (province_code))
      having sum(n) > 0
    ) g left join provinces p on p.code = g.province_code`;
}

/** The points of a box (a quadrant's open edges respected), at most MAP_POINT_LIMIT + 1 of them. */
export const mapPointsSql = (box: MapBox, quadrant: Quadrant | undefined, filters: MapFilters): SQL =>
  sql`select a.id, a.consumer_id, a.latitude, a.longitude from consumer_addresses a
    where ${and([pointIn(box.bottom_right_lat, box.top_left_lon, box.top_left_lat, box.bottom_right_lon), ...inBoxSql(box, quadrant), ...addressFilters(filters)])}
    limit ${MAP_POINT_LIMIT + 1}`;

interface Groups {
  clusters: CustomerMapCluster[];
  provinces: CustomerMapProvince[];
  total: number;
}

export class CustomerMapService {
  constructor(private readonly db: Db) {}

  /** One request of the map: its box's total and counts by province, and its points (few) or clusters (many). */
  async map(q: CustomerMapQuery): Promise<CustomerMapAnswer> {
    const box: MapBox = { top_left_lat: q.top_left_lat, top_left_lon: q.top_left_lon, bottom_right_lat: q.bottom_right_lat, bottom_right_lon: q.bottom_right_lon };
    // Without a zoom: the grid the map would ask for (a quadrant is half its view).
    const zoom = effectiveZoom(box, q.zoom ?? gridZoomFor(box, q.quadrant ? 6 : 12));
    const filters = mapFiltersOf(q);
    const groups = await this.groups(box, q.quadrant, zoom, filters);
    const base = { quadrant: q.quadrant ?? null, zoom, total: groups.total, provinces: groups.provinces };
    if (groups.total > MAP_POINT_LIMIT) return { ...base, mode: 'clusters', points: [], clusters: groups.clusters };
    if (groups.total === 0) return { ...base, mode: 'points', points: [], clusters: [] };
    const points = await queryRows<{ id: number; consumer_id: number; latitude: number; longitude: number }>(this.db, mapPointsSql(box, q.quadrant, filters));
    return {
      ...base,
      mode: 'points',
      clusters: [],
      points: points
        .map((p) => ({ id: Number(p.id), consumer_id: Number(p.consumer_id), latitude: Number(p.latitude), longitude: Number(p.longitude) }))
        .sort((a, b) => a.id - b.id),
    };
  }

  /** The box's addresses by grid cell at `zoom` and by province (see mapGroupsSql). */
  private async groups(box: MapBox, quadrant: Quadrant | undefined, zoom: number, filters: MapFilters): Promise<Groups> {
    type Row = { by_cell: boolean; r: number | null; c: number | null; province_code: string | null; province_name: string | null; n: number; slat: number; slon: number };
    // A view reads a few thousand rows: PostgreSQL's parallel workers would take longer to start than the work (measured
    // at a million addresses: a Java quadrant 136 ms with them, 19 ms without).
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return queryRows<Row>(tx, mapGroupsSql(box, quadrant, zoom, filters));
    });
    const clusters: CustomerMapCluster[] = [];
    const provinces: CustomerMapProvince[] = [];
    let total = 0;
    for (const row of rows) {
      const n = Number(row.n);
      if (row.by_cell === true || String(row.by_cell) === 't' || String(row.by_cell) === 'true') {
        total += n;
        clusters.push({ cell: cellKey(zoom, Number(row.r), Number(row.c)), count: n, latitude: Number(row.slat) / n, longitude: Number(row.slon) / n });
      } else {
        provinces.push({ province_code: String(row.province_code), province_name: row.province_name ?? String(row.province_code), count: n });
      }
    }
    clusters.sort((a, b) => b.count - a.count || a.cell.localeCompare(b.cell));
    provinces.sort((a, b) => b.count - a.count || a.province_name.localeCompare(b.province_name));
    return { clusters, provinces, total };
  }
}
