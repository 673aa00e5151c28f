import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, requestPool } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loadRegions } from './domains/catalog/regions.loader.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, pool: requestPool(config) });
const applied = await migrate(database);
const { app } = await buildApp({ config, database });
app.log.info(`database: ${database.describe}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);
if (database.kind === 'pglite') app.log.info('embedded PGlite is for trying and small sites; run production on PostgreSQL with DATABASE_URL');

// Reference data (not demo data): every environment needs it, loaded once into empty region tables.
const regionsStart = performance.now();
const regions = await loadRegions(database.db);
if (regions.provinces) {
  app.log.info(`regions loaded: ${regions.provinces} provinces, ${regions.regencies} regencies, ${regions.districts} districts, ${regions.villages} villages in ${Math.round(performance.now() - regionsStart)} ms`);
}

if (config.APP_ENV !== 'production' && config.SEED_DEMO === 'auto' && (await isEmpty(database.db))) {
  await seedDemo(database.db);
  app.log.info('empty database: demo data seeded (demo users share the password Demo@12345)');
}

const close = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
