import { sql } from 'drizzle-orm';
import { importApi } from '@portal/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { defineImport } from '../src/platform/imports/index.ts';

/*
 * The server that server/test/import-kill.int.test.ts kills: the app on the database FAULT_DATABASE_URL names, with an
 * import whose commit writes its rows in two halves with a pause between (so a kill can land in the middle of the
 * commit's transaction). Prints `PORT <n>` once it listens and `HALF <batch id>` when a commit has written its first half.
 */

const killProbe = defineImport(importApi('kill-probe', { title: 'Kill probe', entries: ['cms.product'], action: 'create' }), {
  sheet: 'Probe',
  templateName: 'template_kill_probe',
  keyColumns: ['code'],
  columns: [
    { key: 'code', label: 'Code', required: true, max: 20 },
    { key: 'qty', label: 'Qty', type: 'integer', required: true },
  ],
  commit: async (tx, { staged, batchId }) => {
    const first = await queryRows(tx, sql`insert into kill_probe (code, qty) select code, qty from ${staged} s where s.qty % 2 = 0 returning 1`);
    // Tells the test that a kill from now on lands inside the commit's transaction.
    process.stdout.write(`HALF ${batchId}\n`);
    await tx.execute(sql`select pg_sleep(0.5)`);
    const second = await queryRows(tx, sql`insert into kill_probe (code, qty) select code, qty from ${staged} s where s.qty % 2 = 1 returning 1`);
    return { inserted: first.length + second.length };
  },
});

const databaseUrl = process.env.FAULT_DATABASE_URL;
if (!databaseUrl) throw new Error('FAULT_DATABASE_URL is not set');
// The test settings of harness.ts (not imported: it needs vitest), quiet and polling jobs every half second.
const config = loadConfig(
  { ...process.env, DATABASE_URL: undefined },
  { APP_ENV: 'development', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', webDist: '/nonexistent', JOBS_POLL_SECONDS: 0.5, RETENTION_DAYS: 0, DATA_DIR: process.env.FAULT_DATA_DIR ?? './data' },
);
const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR, pool: { max: 4 } });
const { app } = await buildApp({ config, database, imports: [killProbe] });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
