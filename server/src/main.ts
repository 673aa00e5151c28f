import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, pathProblems, startupProblems, type Config } from './config.ts';
import { openDatabase, requestPool } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { checkReportsDatabase, openReportsDatabase, reportsSource } from './db/reports-database.ts';
import { loadRegions } from './domains/catalog/regions.loader.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';
import { appKeyOf } from './platform/secret-box.ts';
import { gracefulShutdown, refusal, startupFailure } from './platform/lifecycle.ts';

/** A start refused for a setting: one line per problem, each naming its variable, and no stack trace. */
const refuse = (appEnv: string, problems: string[]): never => {
  console.error(refusal(appEnv, problems));
  process.exit(1);
};
/** Runs one step of the start; an error a setting explains (a busy port, an unreachable database) refuses the start. */
const step = async <T>(config: Config, which: 'database' | 'reports' | 'listen', run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    const blamed = startupFailure(err, config, which);
    if (blamed) return refuse(config.APP_ENV, [blamed]);
    throw err;
  }
};

let loaded: Config | undefined;
try {
  loaded = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  refuse(process.env.APP_ENV ?? 'production', err.problems);
}
const config = loaded as Config;
const problems = [...startupProblems(config), ...pathProblems(config)];
if (problems.length) refuse(config.APP_ENV, problems);
const database = await step(config, 'database', () => openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, pool: requestPool(config) }));
const applied = await migrate(database);
// Report and dashboard reads go to REPORTS_DATABASE_URL's replica when set (db/reports-database.ts).
const reports = await step(config, 'reports', () => openReportsDatabase(config, database));
const replica = reports === database ? undefined : await step(config, 'reports', () => checkReportsDatabase(reports));
if (replica && !replica.schema) refuse(config.APP_ENV, [`REPORTS_DATABASE_URL: ${reports.describe} holds no portal tables (no schema_migrations): it must be a replica of DATABASE_URL's database`]);
const { app, health } = await buildApp({ config, database, reports });
app.log.info(`database: ${database.describe}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);
app.log.info(`reports read from ${reportsSource(reports, database, replica)}`);
if (replica?.pending.length) {
  app.log.warn(`the reports database lacks ${replica.pending.length} migration(s) of this build (${replica.pending.join(', ')}): a replica still replaying them, or not a replica of DATABASE_URL's database`);
}
if (database.kind === 'pglite') app.log.info('embedded PGlite is for trying and small sites; run production on PostgreSQL with DATABASE_URL');
// Without a built web app the server still starts (API only); say so, with the folder it looked in (WEB_DIST).
app.log.info(fs.existsSync(path.join(config.webDist, 'index.html')) ? `web app: ${config.webDist}` : `no web app built in ${config.webDist} (npm run build): serving the API only`);

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

// Readiness fails at once, then (after SHUTDOWN_DRAIN_SECONDS) event streams end, the listener closes, requests in
// progress finish, job workers stop and the database closes, within SHUTDOWN_TIMEOUT_SECONDS (platform/lifecycle.ts).
const close = gracefulShutdown(app, {
  timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
  drainSeconds: config.SHUTDOWN_DRAIN_SECONDS,
  beginShutdown: () => health.beginShutdown(),
  closeDatabase: async () => {
    await Promise.all([database.close(), reports === database ? undefined : reports.close()]);
  },
  exit: (code) => process.exit(code),
});
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await step(config, 'listen', () => app.listen({ port: config.PORT, host: config.HOST }));
