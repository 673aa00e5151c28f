import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Names this run for its workers (they inherit the environment), so that its seeded templates (test-db.ts) are told
 * from another run's on a shared PostgreSQL server, and drops them when the run ends.
 */
export function setup(): () => Promise<void> {
  const run = crypto.randomBytes(4).toString('hex');
  process.env.TEST_RUN_ID = run;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like $1`, [`tpl\\_${run}\\_%`]);
      for (const { name } of rows) await admin.query(`drop schema if exists "${name}" cascade; drop schema if exists "${name}_jobs" cascade`);
    } finally {
      await admin.end();
    }
  };
}
