import { gridZoomFor, splitBox, QUADRANTS, type MapBox, type Quadrant } from '@portal/contract';

/*
 * The thematic customer map's view, as pure functions: the box in view as the requests carry it, its quadrant requests,
 * and the size of a cluster's bubble. The drawing is CustomerMapCanvas.tsx, the widget CustomerMapWidget.tsx.
 */

/** Indonesia, from Sabang to Merauke and from Miangas to Rote: the map's first view. */
export const INDONESIA: MapBox = { top_left_lat: 6.5, top_left_lon: 94, bottom_right_lat: -11.5, bottom_right_lon: 141.5 };

/** How long the map waits after the last pan or zoom before it asks for the new view. */
export const VIEW_SETTLE_MS = 350;

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * A view's box as the requests carry it: within the world's coordinates (a view zoomed out past them asks for what
 * exists) and rounded to 4 decimals (about 10 m), so a view the map settles on twice is the same query.
 */
export function requestBox(view: MapBox): MapBox {
  const north = clamp(view.top_left_lat, -90, 90);
  const south = clamp(view.bottom_right_lat, -90, 90);
  const west = clamp(view.top_left_lon, -180, 180);
  const east = clamp(view.bottom_right_lon, -180, 180);
  return {
    top_left_lat: round(Math.max(north, south)),
    top_left_lon: round(Math.min(west, east)),
    bottom_right_lat: round(Math.min(north, south)),
    bottom_right_lon: round(Math.max(west, east)),
  };
}

/** The map's four requests for a view (spec section 4): each quadrant's box and number, with the view's grid zoom. */
export function quadrantRequests(view: MapBox): { quadrant: Quadrant; box: MapBox; zoom: number }[] {
  const zoom = gridZoomFor(view);
  return splitBox(view).map((box, i) => ({ quadrant: QUADRANTS[i]!, box, zoom }));
}

/**
 * A cluster's bubble, in pixels, by area: from 12 for the smallest to the largest of the view's, as wide as a grid cell
 * is on screen (`cellPixels`, between 20 and 56), so neighbouring bubbles barely overlap.
 */
export function clusterSize(count: number, largest: number, cellPixels = 56): number {
  const max = Math.max(20, Math.min(56, cellPixels));
  if (largest <= 0) return 12;
  return Math.round(12 + (max - 12) * Math.sqrt(Math.min(1, count / largest)));
}

/** Whether two boxes are the same view (to 4 decimals). */
export const sameBox = (a: MapBox, b: MapBox): boolean => JSON.stringify(requestBox(a)) === JSON.stringify(requestBox(b));
