import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadRegions } from '../domains/catalog/regions.loader.ts';
import { catalogScale } from './demo-catalog.ts';
import { isEmpty, seedDemo } from './demo.ts';
import { generateSales } from './sales-scale.ts';
import { generateEvents } from './events-scale.ts';
import { appKeyOf } from '../platform/secret-box.ts';

/**
 * `npm run seed [-- --scale N]`: demo data into an empty database. The catalog scale N gives 20·N stores and 2,000·N
 * products, each store carrying a fifth of them (N = 25 is the benchmark scale: 500 stores, 50,000 products,
 * 5,000,000 store products). Deterministic: the same N gives the same data.
 * `--sales N` then adds about N generated sales lines over the year up to yesterday (sales-scale.ts; also into a database
 * seeded before) and brings the sales rollups current.
 * `--events N` adds about N app events over the same year (events-scale.ts, with planograms and content in proportion to
 * the catalog) and brings the event rollups current.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--scale');
const scale = at >= 0 ? Number(args[at + 1]) : 1;
if (!Number.isFinite(scale) || scale < 0 || scale > 200) {
  console.error('--scale must be a number from 0 to 200');
  process.exit(2);
}
const salesAt = args.indexOf('--sales');
const salesLines = salesAt >= 0 ? Number(args[salesAt + 1]) : 0;
if (salesAt >= 0 && (!Number.isInteger(salesLines) || salesLines < 1 || salesLines > 100_000_000)) {
  console.error('--sales must be a whole number of sales lines from 1 to 100000000');
  process.exit(2);
}
const eventsAt = args.indexOf('--events');
const eventCount = eventsAt >= 0 ? Number(args[eventsAt + 1]) : 0;
if (eventsAt >= 0 && (!Number.isInteger(eventCount) || eventCount < 1 || eventCount > 300_000_000)) {
  console.error('--events must be a whole number of app events from 1 to 300000000');
  process.exit(2);
}
const config = loadConfig();
if (config.APP_ENV !== 'development') {
  console.error(`Demo data holds users with a published password; it is seeded only with APP_ENV=development (now ${config.APP_ENV}).`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
const regionsStart = performance.now();
const regions = await loadRegions(database.db);
if (regions.provinces) console.log(`Regions loaded (${regions.villages} villages) in ${Math.round(performance.now() - regionsStart)} ms.`);
if (await isEmpty(database.db)) {
  const started = performance.now();
  console.log(`Seeding demo data at scale ${scale}: ${JSON.stringify(catalogScale(scale))} …`);
  await seedDemo(database.db, { scale, appKey: appKeyOf(config) });
  console.log(`Demo data seeded into ${database.describe} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} else {
  console.log(`${database.describe} already has data; nothing seeded (seed into an empty database or a new DATA_DIR).`);
}
if (salesLines) {
  const made = await generateSales(database.db, { lines: salesLines, log: (m) => console.log(`  sales: ${m}`) });
  console.log(
    made.skipped
      ? `${database.describe} already holds generated sales (GEN-…); none added.`
      : `Generated ${made.transactions.toLocaleString('en')} transactions with ${made.lines.toLocaleString('en')} lines (${made.from} … ${made.to}) in ${made.writeSeconds.toFixed(1)} s; rollups current in ${made.rollupSeconds.toFixed(1)} s.`,
  );
}
if (eventCount) {
  const made = await generateEvents(database.db, { events: eventCount, log: (m) => console.log(`  events: ${m}`) });
  console.log(
    made.skipped
      ? `${database.describe} already holds generated app events; none added.`
      : `Generated ${made.events.toLocaleString('en')} app events (${made.from} … ${made.to}) about ${made.planograms.toLocaleString('en')} new planograms and ${made.contents.toLocaleString('en')} content items in ${(made.writeSeconds + made.indexSeconds).toFixed(1)} s; rollups current in ${made.rollupSeconds.toFixed(1)} s.`,
  );
}
await database.close();
