import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { readRegionCsv } from '../domains/catalog/regions.loader.ts';
import { SERVER_ROOT } from '../platform/server-root.ts';

/** The approximate centre of every regency and city (source and corrections in its README.md). */
const CENTRES_DIR = path.join(SERVER_ROOT, 'reference-data/id-regency-centres');

/** How far from its regency's centre an address may lie, in degrees: a city is small, a regency wide. */
const CITY_RADIUS = 0.03;
const REGENCY_RADIUS = 0.12;

/** The regencies' centres, as the vendored file has them. */
export function regencyCentres(): { code: string; latitude: number; longitude: number }[] {
  return readRegionCsv('regency-centres.csv', ['code', 'latitude', 'longitude'], CENTRES_DIR).map(([code, lat, lon]) => {
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (!code || !Number.isFinite(latitude) || !Number.isFinite(longitude)) throw new Error(`regency-centres.csv: bad row ${code}`);
    return { code, latitude, longitude };
  });
}

/**
 * Gives the demo addresses without coordinates a place near the centre of their regency: within 0.03° (about 3 km) in a
 * city, 0.12° in a regency, spread evenly over the disc by two low-discrepancy sequences of the address id (the golden
 * ratio's for the angle, the plastic number's for the radius), so the same seed always puts an address at the same place.
 * One set-based statement: it places the million addresses of the benchmark's scale as well.
 */
export async function placeDemoAddresses(db: Db | Tx): Promise<void> {
  const centres = regencyCentres();
  const values = sql.join(
    centres.map((c) => sql`(${c.code}, ${c.latitude}::double precision, ${c.longitude}::double precision)`),
    sql`, `,
  );
  const radius = sql`(case when r.kind = 'Kota' then ${CITY_RADIUS}::double precision else ${REGENCY_RADIUS}::double precision end)`;
  const spread = sql`sqrt(a.id * 0.7548776662466927 - floor(a.id * 0.7548776662466927))`;
  const angle = sql`(2 * pi() * (a.id * 0.6180339887498949 - floor(a.id * 0.6180339887498949)))`;
  await db.execute(sql`
    update consumer_addresses a set
      latitude = round((c.latitude + ${radius} * ${spread} * sin(${angle}))::numeric, 6)::double precision,
      longitude = round((c.longitude + ${radius} * ${spread} * cos(${angle}))::numeric, 6)::double precision
    from (values ${values}) c(code, latitude, longitude)
    join regencies r on r.code = c.code
    where a.regency_code = c.code and a.latitude is null`);
}
