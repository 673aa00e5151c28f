import crypto from 'node:crypto';
import { dropTemplates } from './test-db.ts';

/**
 * Names this run for its workers (they inherit the environment), so that its seeded templates (test-db.ts) are told
 * from another run's on a shared PostgreSQL server, and drops them when the run ends.
 */
export function setup(): () => Promise<void> {
  const run = crypto.randomBytes(4).toString('hex');
  process.env.TEST_RUN_ID = run;
  return () => dropTemplates((template) => template.run === run);
}
