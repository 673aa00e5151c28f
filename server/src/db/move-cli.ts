import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { KEY_FILE } from '../platform/secret-box.ts';
import { openDatabase, type Database } from './client.ts';
import { filesIn, megabytes, moveDatabase } from './move.ts';
import { pgliteDirState, pgliteInUse } from './pglite-dir.ts';
import { formatChecks, TransferRefused } from './transfer.ts';
import { endTransferOnError } from './transfer-exit.ts';

/**
 * `npm run db:move -- --to postgres://…` (compiled: `node server/dist/move.js --to …`): moves the embedded database of
 * DATA_DIR (or `--data-dir`) into an empty PostgreSQL database, checks every table on both sides and prints the check.
 * Exit 0 when moved and verified, 2 when refused (nothing written), 1 when it failed (the target's transaction rolled back).
 */
const USAGE = `Usage: npm run db:move -- --to postgres://user:password@host:5432/database [--data-dir DIR]

Moves the embedded database (PGlite in DATA_DIR/pglite; DATA_DIR now ${'$'}{DATA_DIR}) into an empty PostgreSQL database:
schema, every table, sequences, the job queue's unfinished jobs; then compares every table's row count and checksum on
both sides before committing. Stop the portal first. Files (exports, imports, images) stay in DATA_DIR.`;

const started = performance.now();
const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
const config = loadConfig();
const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.DATA_DIR;
if (values.help || !values.to) {
  console.log(USAGE.replace('${DATA_DIR}', dataDir));
  process.exit(values.help ? 0 : 2);
}
const to = values.to;
if (!/^postgres(ql)?:\/\//.test(to)) refuse(`--to must be a PostgreSQL URL (postgres://user:password@host:5432/database), not "${to}"`);

const state = pgliteDirState(dataDir);
if (!state.exists) refuse(`There is no embedded database in ${state.dir} (no PG_VERSION): nothing to move. DATA_DIR is ${dataDir}; give --data-dir for another.`);
const inUse = pgliteInUse(state);
if (inUse) refuse(inUse);
if (config.DATABASE_URL) console.log(`Note: DATABASE_URL is set; this moves the embedded database in ${state.dir}, not that one.`);

let target: Database | undefined;
let source: Database | undefined;
try {
  target = await openDatabase({ databaseUrl: to, dataDir }).catch((err: unknown) => {
    throw new TransferRefused(`cannot connect to the target: ${err instanceof Error ? err.message : String(err)}`);
  });
  // Checked again inside the target's transaction; here it saves opening the source for nothing.
  if (target.raw.kind === 'postgres') {
    const { rows } = await target.raw.pool.query<{ found: boolean }>(`select to_regclass('schema_migrations') is not null as found`);
    if (rows[0]?.found) throw new TransferRefused(`the target ${target.describe} already holds the portal (schema_migrations): nothing was written. Move into an empty database (createdb …)`);
  }
  console.log(`Opening the embedded database in ${state.dir} …`);
  source = await openDatabase({ dataDir });

  const report = await moveDatabase(source, target, { log: (line) => console.log(line) });
  console.log(`\n${formatChecks(report.checks)}\n`);
  console.log(
    `Moved ${report.rows.toLocaleString('en')} rows of ${report.checks.length} tables and ${report.sequences} sequences; every table's row count and checksum match.` +
      (report.jobs ? ` Job queue: ${report.jobs.queues} queues, ${report.jobs.jobs} unfinished jobs moved, ${report.jobsLeftBehind} finished or archived jobs left behind.` : ''),
  );

  const files = filesIn(dataDir);
  const kept = files.folders.filter((f) => f.files > 0);
  console.log(
    `\nFiles are not copied: they stay in ${dataDir} (${kept.length ? kept.map((f) => `${f.folder}/: ${f.files} file${f.files === 1 ? '' : 's'}, ${megabytes(f.bytes)}`).join('; ') : 'no exports, imports or images yet'}).` +
      `\nStart the PostgreSQL portal with DATA_DIR=${dataDir}, or copy those folders to its DATA_DIR (several machines: a shared folder).`,
  );
  if (files.appKey && !config.APP_SECRET) {
    console.log(
      `Secrets in the database (authenticator keys, raffle seeds) are sealed with the key in ${path.join(dataDir, KEY_FILE)}: ` +
        `keep that DATA_DIR, or set APP_SECRET to the file's content (required in production).`,
    );
  }
  console.log(`\nNext: start the portal with DATABASE_URL set to the target. The embedded database in ${state.dir} is unchanged; remove it once you are satisfied.`);
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  endTransferOnError(err);
} finally {
  // Closed before exiting: PGlite removes its postmaster.pid on close.
  await source?.close();
  await target?.close();
}

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}
