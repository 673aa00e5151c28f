import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { restoreDatabase, restoreIntoDataDir, type RestoreResult } from './backup.ts';
import { formatChecks, TransferRefused } from './transfer.ts';
import { endTransferOnError } from './transfer-exit.ts';

/**
 * `npm run restore -- FILE [--replace]` (compiled: `node server/dist/restore.js FILE`): restores a backup of
 * `npm run backup` into the configured database (DATABASE_URL, else the embedded one in DATA_DIR) and verifies it.
 * The embedded database is restored into a new folder that takes the place of DATA_DIR/pglite only once verified; with
 * --replace the folder it replaces is kept beside it. Exit 0 when restored, 2 when refused, 1 when it failed.
 */
const USAGE = `Usage: npm run restore -- FILE [--replace]

Restores a backup (npm run backup) into the configured database: DATABASE_URL (PostgreSQL: a pg_dump archive through
pg_restore, or a portal-format backup), else the embedded PGlite in DATA_DIR (portal-format backups). Refuses a database
that already holds the portal unless --replace. Verifies every table after (row counts; portal format: checksums too).
Stop the portal first.`;

const started = performance.now();
const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const file = path.resolve(positionals[0] ?? '');
const config = loadConfig();

let database: Database | undefined;
try {
  if (!fs.existsSync(file)) throw new TransferRefused(`${file} does not exist`);
  let result: RestoreResult;
  if (config.DATABASE_URL) {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    console.log(`Restoring ${file} into ${database.describe} …`);
    result = await restoreDatabase(database, file, { replace: values.replace, log: (line) => console.log(line) });
  } else {
    console.log(`Restoring ${file} into the embedded database in ${config.DATA_DIR} …`);
    const restored = await restoreIntoDataDir(config.DATA_DIR, file, { replace: values.replace, log: (line) => console.log(line) });
    if (restored.kept) console.log(`The database replaced is kept in ${restored.kept}; remove it once you are satisfied.`);
    result = restored;
  }
  console.log(`\n${formatChecks(result.checks)}\n`);
  console.log(
    `Restored ${result.rows.toLocaleString('en')} rows of ${result.checks.length} tables; ` +
      (result.format === 'portal' ? 'every table’s row count and checksum match the backup’s.' : 'every table holds as many rows as the archive.'),
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  endTransferOnError(err, (e) => (e.message.startsWith('pg_restore failed') ? `Failed: ${e.message}` : undefined));
} finally {
  await database?.close();
}
