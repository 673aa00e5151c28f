import { describe, expect, it } from 'vitest';
import { maskName } from '../consumers/consumer-mask.ts';
import {
  cellKey,
  cellOf,
  cellSizeOf,
  customerMapExportQuery,
  customerMapQuery,
  effectiveZoom,
  gridZoomFor,
  inBox,
  MAP_MAX_CELLS,
  mergeQuadrants,
  QUADRANTS,
  splitBox,
  type CustomerMapAnswer,
  type MapBox,
} from './customer-map.schema.ts';

const JAVA: MapBox = { top_left_lat: -5.8, top_left_lon: 105.1, bottom_right_lat: -8.8, bottom_right_lon: 114.6 };

const answer = (over: Partial<CustomerMapAnswer>): CustomerMapAnswer => ({ quadrant: null, mode: 'points', zoom: 6, total: 0, points: [], clusters: [], provinces: [], ...over });

describe('splitBox: the view split at its midpoint into 4 quadrants, numbered in reading order', () => {
  it('answers 1 top left (NW), 2 top right (NE), 3 bottom left (SW), 4 bottom right (SE), meeting at the midpoint', () => {
    const [nw, ne, sw, se] = splitBox(JAVA);
    const mid = { lat: (-5.8 + -8.8) / 2, lon: (105.1 + 114.6) / 2 };
    expect(nw).toEqual({ top_left_lat: -5.8, top_left_lon: 105.1, bottom_right_lat: mid.lat, bottom_right_lon: mid.lon });
    expect(ne).toEqual({ top_left_lat: -5.8, top_left_lon: mid.lon, bottom_right_lat: mid.lat, bottom_right_lon: 114.6 });
    expect(sw).toEqual({ top_left_lat: mid.lat, top_left_lon: 105.1, bottom_right_lat: -8.8, bottom_right_lon: mid.lon });
    expect(se).toEqual({ top_left_lat: mid.lat, top_left_lon: mid.lon, bottom_right_lat: -8.8, bottom_right_lon: 114.6 });
  });

  it('puts every point of the box, those on the split lines and the outer edges too, in exactly one quadrant', () => {
    const quads = splitBox(JAVA);
    const mid = quads[0].bottom_right_lat;
    const midLon = quads[0].bottom_right_lon;
    const lats = [-5.8, -6.3, mid, -7.9, -8.8];
    const lons = [105.1, 107, midLon, 112, 114.6];
    for (const lat of lats) {
      for (const lon of lons) {
        const holders = QUADRANTS.filter((q) => inBox(quads[q - 1]!, lat, lon, q));
        expect(holders, `${lat}, ${lon}`).toHaveLength(1);
        expect(inBox(JAVA, lat, lon)).toBe(true);
      }
    }
    // A point on the vertical split line goes east, on the horizontal one south, on both to quadrant 4.
    expect(QUADRANTS.filter((q) => inBox(quads[q - 1]!, -6.3, midLon, q))).toEqual([2]);
    expect(QUADRANTS.filter((q) => inBox(quads[q - 1]!, mid, 107, q))).toEqual([3]);
    expect(QUADRANTS.filter((q) => inBox(quads[q - 1]!, mid, midLon, q))).toEqual([4]);
    // Outside the box: in none.
    expect(QUADRANTS.filter((q) => inBox(quads[q - 1]!, -5.79, 107, q))).toEqual([]);
  });
});

describe('mergeQuadrants', () => {
  it('de-duplicates points by id, consumer_id and coordinates, and counts a duplicate once in the total', () => {
    const onLine = { id: 7, consumer_id: 3, latitude: -7.3, longitude: 109.85 };
    const merged = mergeQuadrants([
      answer({ quadrant: 1, total: 2, points: [{ id: 9, consumer_id: 4, latitude: -6, longitude: 106 }, onLine] }),
      answer({ quadrant: 2, total: 1, points: [onLine] }),
      answer({ quadrant: 3, total: 1, points: [{ ...onLine, latitude: -7.4 }] }),
      answer({ quadrant: 4, total: 0 }),
    ]);
    expect(merged.points).toEqual([onLine, { ...onLine, latitude: -7.4 }, { id: 9, consumer_id: 4, latitude: -6, longitude: 106 }]);
    expect(merged.total).toBe(3);
  });

  it('makes one cluster of a cell two quadrants answered, at the count-weighted mean, and adds up the provinces', () => {
    const merged = mergeQuadrants([
      answer({
        quadrant: 1,
        mode: 'clusters',
        total: 30,
        clusters: [{ cell: '3/-4/52', latitude: -6, longitude: 106, count: 10 }, { cell: '3/-4/53', latitude: -6.5, longitude: 107, count: 20 }],
        provinces: [{ province_code: '31', province_name: 'DKI Jakarta', count: 10 }, { province_code: '32', province_name: 'Jawa Barat', count: 20 }],
      }),
      answer({
        quadrant: 3,
        mode: 'clusters',
        total: 30,
        clusters: [{ cell: '3/-4/52', latitude: -7, longitude: 106.5, count: 30 }],
        provinces: [{ province_code: '31', province_name: 'DKI Jakarta', count: 30 }],
      }),
    ]);
    expect(merged.total).toBe(60);
    expect(merged.clusters).toHaveLength(2);
    const cell = merged.clusters.find((c) => c.cell === '3/-4/52')!;
    expect(cell.count).toBe(40);
    expect(cell.latitude).toBeCloseTo(-6.75, 10);
    expect(cell.longitude).toBeCloseTo(106.375, 10);
    expect(merged.clusters.reduce((n, c) => n + c.count, 0)).toBe(merged.total);
    expect(merged.provinces).toEqual([
      { province_code: '31', province_name: 'DKI Jakarta', count: 40 },
      { province_code: '32', province_name: 'Jawa Barat', count: 20 },
    ]);
  });

  it('clusters the points of the quadrants that answered points when another answered clusters, on its grid', () => {
    const merged = mergeQuadrants([
      answer({ quadrant: 1, mode: 'clusters', zoom: 4, total: 3000, clusters: [{ cell: '4/-7/106', latitude: -6.5, longitude: 106.5, count: 3000 }] }),
      answer({
        quadrant: 2,
        zoom: 4,
        total: 3,
        points: [
          { id: 1, consumer_id: 1, latitude: -6.2, longitude: 106.8 },
          { id: 2, consumer_id: 2, latitude: -6.4, longitude: 106.6 },
          { id: 3, consumer_id: 3, latitude: -7.3, longitude: 112.7 },
        ],
      }),
    ]);
    expect(merged.points).toEqual([]);
    expect(merged.total).toBe(3003);
    expect(merged.clusters).toEqual([
      { cell: '4/-7/106', latitude: expect.closeTo((-6.5 * 3000 - 6.2 - 6.4) / 3002, 9), longitude: expect.closeTo((106.5 * 3000 + 106.8 + 106.6) / 3002, 9), count: 3002 },
      { cell: '4/-8/112', latitude: -7.3, longitude: 112.7, count: 1 },
    ]);
  });

  it('merges nothing into an empty view', () => {
    expect(mergeQuadrants([])).toEqual({ total: 0, points: [], clusters: [], provinces: [] });
  });
});

describe('the cluster grid', () => {
  it('halves its cells at each zoom, aligned on 0°, with exact edges', () => {
    expect(cellSizeOf(0)).toBe(16);
    expect(cellSizeOf(10)).toBe(1 / 64);
    expect(cellOf(-6.2, 106.8, 4)).toEqual({ row: -7, col: 106 });
    expect(cellOf(-6, 106, 4)).toEqual({ row: -6, col: 106 });
    expect(cellKey(4, -7, 106)).toBe('4/-7/106');
  });

  it('picks a zoom of 12 to 24 cells across the view, coarsened past the cell cap', () => {
    const indonesia: MapBox = { top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -11.5, bottom_right_lon: 141.5 };
    expect(gridZoomFor(indonesia)).toBe(3);
    expect(cellSizeOf(gridZoomFor(JAVA))).toBeLessThanOrEqual(9.5 / 12);
    expect(cellSizeOf(gridZoomFor(JAVA))).toBeGreaterThan(9.5 / 24);
    expect(gridZoomFor({ ...JAVA, bottom_right_lon: JAVA.top_left_lon, bottom_right_lat: JAVA.top_left_lat })).toBe(16);
    const z = effectiveZoom(indonesia, 16);
    expect(z).toBeLessThan(16);
    expect((47.5 / cellSizeOf(z)) * (18 / cellSizeOf(z))).toBeLessThanOrEqual(MAP_MAX_CELLS * 1.2);
  });
});

describe('customerMapQuery', () => {
  const box = { top_left_lat: '-5.8', top_left_lon: '105.1', bottom_right_lat: '-8.8', bottom_right_lon: '114.6' };
  const messages = (input: Record<string, string>) => customerMapQuery.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('reads a box, a quadrant, a zoom and the filters from the query string', () => {
    expect(customerMapQuery.parse({ ...box, quadrant: '3', zoom: '6', province_code: '31,32', members: 'true' })).toEqual({
      top_left_lat: -5.8,
      top_left_lon: 105.1,
      bottom_right_lat: -8.8,
      bottom_right_lon: 114.6,
      quadrant: 3,
      zoom: 6,
      province_code: '31,32',
      members: true,
    });
  });

  it('refuses reversed corners, coordinates out of range, a missing corner, a quadrant other than 1–4 and unknown keys', () => {
    expect(messages({ ...box, top_left_lat: '-9' })).toEqual([expect.stringMatching(/^top_left_lat: The box’s corners are reversed/)]);
    expect(messages({ ...box, bottom_right_lon: '100' })).toEqual([expect.stringMatching(/^top_left_lon: The box’s corners are reversed.*180th meridian/)]);
    expect(messages({ ...box, top_left_lat: '91' })).toEqual(['top_left_lat: top_left_lat (the north edge) must lie between -90 and 90']);
    expect(messages({ ...box, bottom_right_lon: '181' })).toEqual(['bottom_right_lon: bottom_right_lon (the east edge) must lie between -180 and 180']);
    expect(messages({ ...box, top_left_lon: 'east' })).toEqual(['top_left_lon: top_left_lon (the west edge) must be given as a number of degrees']);
    const { bottom_right_lat: _, ...three } = box;
    expect(messages(three)).toEqual(['bottom_right_lat: bottom_right_lat (the south edge) must be given as a number of degrees']);
    expect(messages({})).toHaveLength(4);
    expect(messages({ ...box, quadrant: '5' })).toEqual([expect.stringMatching(/^quadrant: quadrant must be 1 \(top left\)/)]);
    expect(messages({ ...box, zoom: '17' })).toEqual(['zoom: zoom is at most 16']);
    expect(messages({ ...box, from: '2026-01-01' })).toHaveLength(1);
  });

  it('lets an export go without a box, but not with part of one', () => {
    expect(customerMapExportQuery.parse({ province_code: '51' })).toEqual({ province_code: '51' });
    expect(customerMapExportQuery.safeParse({ top_left_lat: '1' }).success).toBe(false);
    expect(customerMapExportQuery.parse(box)).toMatchObject({ top_left_lat: -5.8, bottom_right_lon: 114.6 });
  });
});

describe('maskName', () => {
  it('keeps each word’s first letter of a consumer’s name, as the thematic report shows it without the personal-data right', () => {
    expect(maskName('Budi Santoso')).toBe('B*** S******');
    expect(maskName('  Siti   Nur  ')).toBe('S*** N**');
    expect(maskName('Ö')).toBe('Ö');
    expect(maskName(null)).toBeNull();
  });
});
