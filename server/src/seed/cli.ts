import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadRegions } from '../domains/catalog/regions.loader.ts';
import { isEmpty, seedDemo } from './demo.ts';

/** `npm run seed`: demo data into an empty database. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
const regionsStart = performance.now();
const regions = await loadRegions(database.db);
if (regions.provinces) console.log(`Regions loaded (${regions.villages} villages) in ${Math.round(performance.now() - regionsStart)} ms.`);
if (await isEmpty(database.db)) {
  await seedDemo(database.db);
  console.log(`Demo data seeded into ${database.describe}.`);
} else {
  console.log(`${database.describe} already has data; nothing seeded.`);
}
await database.close();
