/**
 * Writes the map shape of the thematic customer map (pandora › Dashboard analytics › Customers):
 * `src/domains/analytics/customer-map/indonesia.geo.json`, Indonesia and the neighbours that share its islands (Malaysia
 * and Brunei on Borneo, Timor-Leste, Papua New Guinea) and Singapore, from Natural Earth's 1:50m countries (public domain)
 * as the npm package `world-atlas` ships them in TopoJSON, converted to GeoJSON with `topojson-client`. Coordinates are
 * rounded to 0.001° (about 110 m, finer than the 1:50m source). The app ships the written file: no tile server, no
 * network. Run again after upgrading world-atlas: `npm run geo:indonesia --workspace web`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = require('world-atlas/countries-50m.json');
const { version } = require('world-atlas/package.json');

/** ISO 3166-1 numeric codes, as world-atlas names its features: Indonesia first, then the neighbours drawn around it. */
const COUNTRIES = ['360', '458', '096', '626', '598', '702'];
const OUT = path.resolve(import.meta.dirname, '../src/domains/analytics/customer-map/indonesia.geo.json');

const round = (n) => Math.round(n * 1000) / 1000;
/** Rounds a ring's points and drops those that rounding made repeat. */
const ring = (points) => {
  const out = [];
  for (const [x, y] of points) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
};
const polygon = (rings) => rings.map(ring).filter((r) => r.length >= 4);

const geometries = topology.objects.countries.geometries.filter((g) => COUNTRIES.includes(g.id) && g.properties.name !== 'Ashmore and Cartier Is.');
const features = geometries
  .sort((a, b) => COUNTRIES.indexOf(a.id) - COUNTRIES.indexOf(b.id))
  .map((g) => {
    const f = feature(topology, g);
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    return {
      type: 'Feature',
      id: g.id,
      properties: { name: g.properties.name },
      geometry: { type: 'MultiPolygon', coordinates: polygons.map(polygon).filter((p) => p.length) },
    };
  });
if (features[0]?.properties.name !== 'Indonesia') throw new Error('world-atlas: Indonesia (360) not found');

const geo = {
  type: 'FeatureCollection',
  // Kept in the file, so where it came from travels with it.
  source: `Natural Earth 1:50m countries (public domain), via world-atlas ${version} (countries-50m.json), converted by web/scripts/indonesia-geojson.mjs`,
  features,
};
fs.writeFileSync(OUT, `${JSON.stringify(geo)}\n`);
console.log(`${path.relative(process.cwd(), OUT)}: ${features.map((f) => f.properties.name).join(', ')}; ${(fs.statSync(OUT).size / 1024).toFixed(0)} KB`);
