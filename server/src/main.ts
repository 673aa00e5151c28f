import { buildApp } from './app.ts';
import { loadConfig, startupProblems } from './config.ts';
import { openDatabase, requestPool } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loadRegions } from './domains/catalog/regions.loader.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { appKeyOf } from './platform/secret-box.ts';

const config = loadConfig();
const problems = startupProblems(config);
if (problems.length) {
  console.error(`Refusing to start (APP_ENV=${config.APP_ENV}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
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

// Demo users share a published password: only a development portal gets them.
if (config.APP_ENV === 'development' && config.SEED_DEMO === 'auto' && (await isEmpty(database.db))) {
  await seedDemo(database.db, { appKey: appKeyOf(config) });
  app.log.info('empty database: demo data seeded (demo users share the password Demo@12345)');
}

/** Seconds a shutdown may take (open requests, running jobs) before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 20_000;
let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  const deadline = setTimeout(() => {
    app.log.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
