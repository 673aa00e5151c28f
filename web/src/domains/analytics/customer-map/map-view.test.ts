import { describe, expect, it } from 'vitest';
import { clusterSize, INDONESIA, quadrantRequests, requestBox, sameBox } from './map-view.ts';

describe('the customer map’s view', () => {
  it('asks for a view within the world, rounded to 4 decimals, corners in order', () => {
    expect(requestBox({ top_left_lat: 95.123456, top_left_lon: -190, bottom_right_lat: -6.123456789, bottom_right_lon: 106.000049 })).toEqual({
      top_left_lat: 90,
      top_left_lon: -180,
      bottom_right_lat: -6.1235,
      bottom_right_lon: 106,
    });
    expect(requestBox({ top_left_lat: -8, top_left_lon: 110, bottom_right_lat: -6, bottom_right_lon: 106 })).toEqual({
      top_left_lat: -6,
      top_left_lon: 106,
      bottom_right_lat: -8,
      bottom_right_lon: 110,
    });
    expect(sameBox(INDONESIA, { ...INDONESIA, top_left_lat: 6.500001 })).toBe(true);
  });

  it('sends four quadrant requests of one grid zoom, numbered 1 to 4 in reading order', () => {
    const requests = quadrantRequests(INDONESIA);
    expect(requests.map((r) => r.quadrant)).toEqual([1, 2, 3, 4]);
    expect(new Set(requests.map((r) => r.zoom)).size).toBe(1);
    expect(requests[0]!.box).toEqual({ top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -2.5, bottom_right_lon: 117.75 });
    expect(requests[3]!.box).toEqual({ top_left_lat: -2.5, top_left_lon: 117.75, bottom_right_lat: -11.5, bottom_right_lon: 141.5 });
  });

  it('sizes a cluster’s bubble by its share of the largest, by area, no wider than a grid cell on screen', () => {
    expect(clusterSize(100, 100)).toBe(56);
    expect(clusterSize(25, 100)).toBe(34);
    expect(clusterSize(0, 100)).toBe(12);
    expect(clusterSize(5, 0)).toBe(12);
    expect(clusterSize(100, 100, 30)).toBe(30);
    expect(clusterSize(100, 100, 8)).toBe(20);
  });
});
