import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { openDatabase, queryRows, requestPool, type Database, type PoolSettings } from './client.ts';
import { journalTags } from './migrate.ts';

/**
 * The reports database (REPORTS_DATABASE_URL): a read replica of the main PostgreSQL database that report and dashboard
 * reads go to (ModuleContext.reports). Unset, the reports read the main database.
 */

/** The reports pool: the request pool's limits, with REPORTS_DB_POOL_MAX connections. */
export const reportsPool = (c: Config): PoolSettings => ({ ...requestPool(c), max: c.REPORTS_DB_POOL_MAX, applicationName: 'portal-reports' });

/** Opens REPORTS_DATABASE_URL's database; the main one when it is unset. */
export async function openReportsDatabase(c: Config, main: Database): Promise<Database> {
  if (!c.REPORTS_DATABASE_URL) return main;
  return openDatabase({ databaseUrl: c.REPORTS_DATABASE_URL, dataDir: c.DATA_DIR, pool: reportsPool(c) });
}

export interface ReportsCheck {
  /** It is a hot standby (pg_is_in_recovery): a physical replica. */
  standby: boolean;
  /** It holds the portal's tables (schema_migrations in its search path). */
  schema: boolean;
  /** Migrations of this build it has not applied yet (a replica still replaying the ones just applied). */
  pending: string[];
}

/** What the reports database is: a standby or not, with the portal's tables, and which of this build's migrations it lacks. */
export async function checkReportsDatabase(reports: Database): Promise<ReportsCheck> {
  const [row] = await queryRows<{ standby: boolean; migrations: string | null }>(
    reports.db,
    sql`select pg_is_in_recovery() as standby, to_regclass('schema_migrations')::text as migrations`,
  );
  const standby = row?.standby === true;
  if (!row?.migrations) return { standby, schema: false, pending: [] };
  const applied = new Set((await queryRows<{ tag: string }>(reports.db, sql`select tag from schema_migrations`)).map((r) => r.tag));
  return { standby, schema: true, pending: journalTags().filter((t) => !applied.has(t)) };
}

/** Where the startup log says reports read from: never the URL (it may hold a password). */
export function reportsSource(reports: Database, main: Database, check?: ReportsCheck): string {
  if (reports === main) return 'the main database';
  return `${reports.describe} (REPORTS_DATABASE_URL${check ? `, ${check.standby ? 'a hot standby' : 'not a standby'}` : ''})`;
}
