import { z } from 'zod';
import { analyticsFilters } from './analytics-period.ts';

/*
 * The thematic customer map (pandora Dashboard analytics › Customers): where consumers' addresses are. The map asks for
 * the box in view split at its midpoint into 4 quadrant requests (spec section 4), sent in parallel; each answers the
 * addresses of its quadrant as points when they are few, else as clusters on a grid suited to the zoom, with its total.
 * The answers are merged here, de-duplicated by id, consumer_id and coordinates.
 */

/** A box by its corners, in decimal degrees (WGS 84): north-west (top left) and south-east (bottom right). */
export interface MapBox {
  top_left_lat: number;
  top_left_lon: number;
  bottom_right_lat: number;
  bottom_right_lon: number;
}

/**
 * The quadrants of a box, numbered in reading order: 1 top left (north-west), 2 top right (north-east), 3 bottom left
 * (south-west), 4 bottom right (south-east).
 */
export const QUADRANTS = [1, 2, 3, 4] as const;
export type Quadrant = (typeof QUADRANTS)[number];

/** A box holding more addresses than this answers clusters instead of points. */
export const MAP_POINT_LIMIT = 2000;
/** Zoom levels of the cluster grid: a cell is `MAP_CELL_DEGREES / 2^zoom` degrees square, aligned on 0°, 0°. */
export const MAP_MAX_ZOOM = 16;
export const MAP_CELL_DEGREES = 16;
/** The most grid cells one request may cut its box into: a finer zoom than that is coarsened (the answer says which). */
export const MAP_MAX_CELLS = 4096;

/** The side of a grid cell at a zoom, in degrees (a power of two: cell edges are exact in floating point). */
export const cellSizeOf = (zoom: number): number => MAP_CELL_DEGREES / 2 ** zoom;

/** The grid cell holding a coordinate at a zoom: its row (latitude) and column (longitude), each from 0° southward/westward closed. */
export function cellOf(latitude: number, longitude: number, zoom: number): { row: number; col: number } {
  const size = cellSizeOf(zoom);
  return { row: Math.floor(latitude / size), col: Math.floor(longitude / size) };
}

/** A cluster's key: its zoom and cell (`6/-53/1744`); the same cell from two quadrants is one cluster. */
export const cellKey = (zoom: number, row: number, col: number): string => `${zoom}/${row}/${col}`;

/**
 * The zoom whose grid cuts a box into `across` to twice as many cells along its longer side (the map asks with the whole
 * view's box, 12 across, and sends the same zoom with each of its quadrants): cells large enough for a bubble each.
 */
export function gridZoomFor(box: MapBox, across = 12): number {
  const span = Math.max(box.bottom_right_lon - box.top_left_lon, box.top_left_lat - box.bottom_right_lat);
  if (!(span > 0)) return MAP_MAX_ZOOM;
  const zoom = Math.ceil(Math.log2((MAP_CELL_DEGREES * across) / span));
  return Math.min(MAP_MAX_ZOOM, Math.max(0, zoom));
}

/** How many grid cells a box touches at a zoom. */
export function cellsOf(box: MapBox, zoom: number): number {
  const a = cellOf(box.bottom_right_lat, box.top_left_lon, zoom);
  const b = cellOf(box.top_left_lat, box.bottom_right_lon, zoom);
  return (b.row - a.row + 1) * (b.col - a.col + 1);
}

/** The zoom a request is answered at: the one asked for, coarsened until the box holds at most MAP_MAX_CELLS cells. */
export function effectiveZoom(box: MapBox, zoom: number): number {
  let z = zoom;
  while (z > 0 && cellsOf(box, z) > MAP_MAX_CELLS) z--;
  return z;
}

/** The 4 quadrant boxes of a box, split at its midpoint, in quadrant order (1 NW, 2 NE, 3 SW, 4 SE). */
export function splitBox(box: MapBox): [MapBox, MapBox, MapBox, MapBox] {
  const midLat = (box.top_left_lat + box.bottom_right_lat) / 2;
  const midLon = (box.top_left_lon + box.bottom_right_lon) / 2;
  return [
    { top_left_lat: box.top_left_lat, top_left_lon: box.top_left_lon, bottom_right_lat: midLat, bottom_right_lon: midLon },
    { top_left_lat: box.top_left_lat, top_left_lon: midLon, bottom_right_lat: midLat, bottom_right_lon: box.bottom_right_lon },
    { top_left_lat: midLat, top_left_lon: box.top_left_lon, bottom_right_lat: box.bottom_right_lat, bottom_right_lon: midLon },
    { top_left_lat: midLat, top_left_lon: midLon, bottom_right_lat: box.bottom_right_lat, bottom_right_lon: box.bottom_right_lon },
  ];
}

/**
 * Which edges of a quadrant's box are open. A box's edges are inclusive; a quadrant leaves out what lies on its split
 * lines that the neighbouring quadrant takes: a point on the vertical split line is the east quadrants' (2, 4), on the
 * horizontal one the south quadrants' (3, 4). So the 4 quadrants hold every address of the whole box exactly once, and
 * their totals and clusters add up to the whole box's. Without a quadrant the box is closed on every side.
 */
export function openEdges(quadrant: Quadrant | undefined): { south: boolean; east: boolean } {
  return { south: quadrant === 1 || quadrant === 2, east: quadrant === 1 || quadrant === 3 };
}

/** Whether a coordinate lies in a box (a quadrant's, with its open edges). */
export function inBox(box: MapBox, latitude: number, longitude: number, quadrant?: Quadrant): boolean {
  const open = openEdges(quadrant);
  const south = open.south ? latitude > box.bottom_right_lat : latitude >= box.bottom_right_lat;
  const east = open.east ? longitude < box.bottom_right_lon : longitude <= box.bottom_right_lon;
  return south && east && latitude <= box.top_left_lat && longitude >= box.top_left_lon;
}

/* Requests. */

const degrees = (name: string, limit: 90 | 180) =>
  z.coerce
    .number({ error: `${name} must be given as a number of degrees` })
    .refine((v) => v >= -limit && v <= limit, `${name} must lie between -${limit} and ${limit}`);

const boxShape = {
  top_left_lat: degrees('top_left_lat (the north edge)', 90),
  top_left_lon: degrees('top_left_lon (the west edge)', 180),
  bottom_right_lat: degrees('bottom_right_lat (the south edge)', 90),
  bottom_right_lon: degrees('bottom_right_lon (the east edge)', 180),
};
const BOX_KEYS = Object.keys(boxShape) as (keyof MapBox)[];

/** What is wrong with a box's corners: reversed (the north edge south of the south edge, the west edge east of the east one). */
function boxProblems(box: Partial<MapBox>, ctx: z.RefinementCtx, required: boolean): void {
  const given = BOX_KEYS.filter((k) => box[k] !== undefined);
  if (given.length && given.length < BOX_KEYS.length) {
    for (const k of BOX_KEYS.filter((key) => box[key] === undefined)) ctx.addIssue({ code: 'custom', path: [k], message: `A box needs all four of ${BOX_KEYS.join(', ')}` });
    return;
  }
  if (!given.length) {
    if (required) for (const k of BOX_KEYS) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required: the map answers a box` });
    return;
  }
  const b = box as MapBox;
  if (b.top_left_lat < b.bottom_right_lat) {
    ctx.addIssue({ code: 'custom', path: ['top_left_lat'], message: 'The box’s corners are reversed: top_left_lat (north edge) must not be south of bottom_right_lat (south edge)' });
  }
  if (b.top_left_lon > b.bottom_right_lon) {
    ctx.addIssue({ code: 'custom', path: ['top_left_lon'], message: 'The box’s corners are reversed: top_left_lon (west edge) must not be east of bottom_right_lon (east edge); a box may not cross the 180th meridian' });
  }
}

/** The filters of the map and its exports: regions (provinces) as on every dashboard, and members only. */
const mapFilters = {
  province_code: analyticsFilters.shape.province_code,
  /** `true`: only the addresses of loyalty members (consumers with a membership). */
  members: z.enum(['true', 'false'], { error: 'members must be true or false' }).transform((v) => v === 'true').optional(),
};

/** One request of the map: a box (a quadrant of the view when `quadrant` is given), the grid's zoom and the filters. */
export const customerMapQuery = z
  .object({
    ...boxShape,
    quadrant: z.coerce
      .number({ error: 'quadrant must be 1, 2, 3 or 4' })
      .int('quadrant must be 1, 2, 3 or 4')
      .refine((v): v is Quadrant => (QUADRANTS as readonly number[]).includes(v), 'quadrant must be 1 (top left), 2 (top right), 3 (bottom left) or 4 (bottom right)')
      .optional(),
    zoom: z.coerce.number({ error: 'zoom must be a whole number' }).int('zoom must be a whole number').min(0, 'zoom is at least 0').max(MAP_MAX_ZOOM, `zoom is at most ${MAP_MAX_ZOOM}`).optional(),
    ...mapFilters,
  })
  .strict()
  .superRefine((q, ctx) => boxProblems(q, ctx, true));
export type CustomerMapQuery = Omit<z.output<typeof customerMapQuery>, 'quadrant'> & { quadrant?: Quadrant | undefined };

/** The exports' filters: the box in view (optional: without one, every located address) and the map's filters. */
export const customerMapExportQuery = z
  .object({ ...boxShape, ...mapFilters })
  .partial({ top_left_lat: true, top_left_lon: true, bottom_right_lat: true, bottom_right_lon: true })
  .strict()
  .superRefine((q, ctx) => boxProblems(q, ctx, false));
export type CustomerMapExportQuery = z.output<typeof customerMapExportQuery>;

/* Answers. */

const latitude = z.number();
const longitude = z.number();
const count = z.number().int();

/** A consumer's address on the map (spec section 3: id, consumer_id, latitude, longitude). */
export const customerMapPoint = z.object({ id: z.number().int(), consumer_id: z.number().int(), latitude, longitude });
export type CustomerMapPoint = z.infer<typeof customerMapPoint>;

/** The addresses of one grid cell: their count, at their mean position. */
export const customerMapCluster = z.object({ cell: z.string(), latitude, longitude, count });
export type CustomerMapCluster = z.infer<typeof customerMapCluster>;

export const customerMapProvince = z.object({ province_code: z.string(), province_name: z.string(), count });
export type CustomerMapProvince = z.infer<typeof customerMapProvince>;

export const customerMapAnswer = z.object({
  quadrant: z.number().int().nullable(),
  /** `points` when the box holds at most MAP_POINT_LIMIT addresses, else `clusters`. */
  mode: z.enum(['points', 'clusters']),
  /** The grid's zoom the clusters are cut at (coarser than asked when the box would hold too many cells). */
  zoom: z.number().int(),
  /** The addresses in the box. */
  total: count,
  points: z.array(customerMapPoint),
  clusters: z.array(customerMapCluster),
  /** The addresses in the box by province, the most first. */
  provinces: z.array(customerMapProvince),
});
export type CustomerMapAnswer = z.infer<typeof customerMapAnswer>;

/** The quadrants' answers as one view. */
export interface CustomerMapView {
  total: number;
  points: CustomerMapPoint[];
  clusters: CustomerMapCluster[];
  provinces: CustomerMapProvince[];
}

const byCountThenName = (a: CustomerMapProvince, b: CustomerMapProvince) => b.count - a.count || a.province_name.localeCompare(b.province_name) || a.province_code.localeCompare(b.province_code);

/**
 * Merges the quadrants' answers: points de-duplicated by id, consumer_id and coordinates (a point on a split line may come
 * back from two quadrants; the total counts it once), clusters of the same cell made one (counts added, position the
 * count-weighted mean), provinces added up. When one quadrant answered clusters, the points of the others are clustered
 * on the same grid too, so a view is drawn one way throughout.
 */
export function mergeQuadrants(answers: readonly CustomerMapAnswer[]): CustomerMapView {
  const points = new Map<string, CustomerMapPoint>();
  let duplicates = 0;
  for (const a of answers) {
    for (const p of a.points) {
      const key = `${p.id}|${p.consumer_id}|${p.latitude}|${p.longitude}`;
      if (points.has(key)) duplicates++;
      else points.set(key, p);
    }
  }
  const clustered = answers.find((a) => a.mode === 'clusters');
  const loose: CustomerMapCluster[] = clustered
    ? [...points.values()].map((p) => {
        const { row, col } = cellOf(p.latitude, p.longitude, clustered.zoom);
        return { cell: cellKey(clustered.zoom, row, col), latitude: p.latitude, longitude: p.longitude, count: 1 };
      })
    : [];
  if (clustered) points.clear();
  const clusters = new Map<string, CustomerMapCluster>();
  for (const list of [...answers.map((a) => a.clusters), loose]) {
    for (const c of list) {
      const had = clusters.get(c.cell);
      if (!had) {
        clusters.set(c.cell, { ...c });
        continue;
      }
      const n = had.count + c.count;
      clusters.set(c.cell, {
        cell: c.cell,
        count: n,
        latitude: n ? (had.latitude * had.count + c.latitude * c.count) / n : had.latitude,
        longitude: n ? (had.longitude * had.count + c.longitude * c.count) / n : had.longitude,
      });
    }
  }
  const provinces = new Map<string, CustomerMapProvince>();
  for (const a of answers) {
    for (const p of a.provinces) {
      const had = provinces.get(p.province_code);
      provinces.set(p.province_code, had ? { ...had, count: had.count + p.count } : { ...p });
    }
  }
  return {
    total: answers.reduce((n, a) => n + a.total, 0) - duplicates,
    points: [...points.values()].sort((a, b) => a.id - b.id),
    clusters: [...clusters.values()].sort((a, b) => b.count - a.count || a.cell.localeCompare(b.cell)),
    provinces: [...provinces.values()].sort(byCountThenName),
  };
}

/* Exports (spec section 9: 'Export Thematic Report Detail - <date>.xlsx', 'Export Thematic Report Summary - <date>.xlsx'). */

export const THEMATIC_DETAIL_FILE = 'Export Thematic Report Detail';
export const THEMATIC_SUMMARY_FILE = 'Export Thematic Report Summary';
