import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { backupDatabase, chooseFormat, defaultBackupFile, type BackupFormat } from './backup.ts';
import { megabytes } from './move.ts';
import { pgliteDirState, pgliteInUse } from './pglite-dir.ts';
import { endTransferOnError } from './transfer-exit.ts';

/**
 * `npm run backup [-- --out FILE] [--format pg_dump|portal]` (compiled: `node server/dist/backup.js`): one file holding
 * the configured database (DATABASE_URL, else the embedded one in DATA_DIR), by default
 * DATA_DIR/backups/portal-<UTC time>.pgdump (PostgreSQL, through pg_dump) or .portal.gz (the portal's own format).
 * Exit 0 when written, 2 when refused, 1 when it failed.
 */
const USAGE = `Usage: npm run backup [-- --out FILE] [--format pg_dump|portal]

Backs up the configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR) into one file, by default under
DATA_DIR/backups with the time in its name. PostgreSQL: pg_dump's custom format (pg_dump from PATH; without it, the
portal format). Embedded database: the portal format (stop the portal first: its data directory is single-process).`;

const { values } = parseArgs({ options: { out: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.format !== undefined && values.format !== 'pg_dump' && values.format !== 'portal') {
  console.error(`--format must be pg_dump or portal, not "${values.format}"`);
  process.exit(2);
}
const asked = values.format as BackupFormat | undefined;
const config = loadConfig();
if (!config.DATABASE_URL) {
  const state = pgliteDirState(config.DATA_DIR);
  if (!state.exists) {
    console.error(`There is no embedded database in ${state.dir}: nothing to back up (set DATABASE_URL for a PostgreSQL database).`);
    process.exit(2);
  }
  const inUse = pgliteInUse(state);
  if (inUse) {
    console.error(inUse);
    process.exit(2);
  }
}

let database: Database | undefined;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { format } = chooseFormat(database, asked);
  const file = values.out ? path.resolve(values.out) : defaultBackupFile(config.DATA_DIR, format);
  console.log(`Backing up ${database.describe} into ${file} …`);
  const result = await backupDatabase(database, { file, format: asked, log: (line) => console.log(line) });
  console.log(
    `Backup written: ${result.file} (${result.format === 'pg_dump' ? 'pg_dump custom format' : 'portal format'}, ${megabytes(result.bytes)}` +
      `${result.rows !== undefined ? `, ${result.rows.toLocaleString('en')} rows of ${result.tables} tables` : ''}) in ${result.seconds.toFixed(1)} s.`,
  );
  console.log(`Restore it with: npm run restore -- ${result.file}`);
} catch (err) {
  endTransferOnError(err, (e) => (e.message.startsWith('pg_dump failed') ? `${e.message}\nThe portal's own format needs no PostgreSQL tools: npm run backup -- --format portal` : undefined));
} finally {
  await database?.close();
}
