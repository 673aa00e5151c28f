import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { loadRegions } from '../domains/catalog/regions.loader.ts';

/**
 * `npm run db:migrate` (compiled: `node server/dist/migrate.js`): brings the configured database (DATABASE_URL, else the
 * PGlite in DATA_DIR) to the current schema and loads the reference data every environment needs (the regions, into
 * empty tables), then exits. The server does both at start too; run this once before starting several instances on one
 * PostgreSQL, so that they do not all try it at once, and before a rolling update. No demo data, whatever APP_ENV.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const started = performance.now();
  const applied = await migrate(database);
  console.log(applied.length ? `Applied ${applied.length} migrations to ${database.describe}: ${applied.join(', ')}.` : `${database.describe} is at the current schema.`);
  const regions = await loadRegions(database.db);
  if (regions.provinces) console.log(`Regions loaded: ${regions.provinces} provinces, ${regions.regencies} regencies, ${regions.districts} districts, ${regions.villages} villages.`);
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
