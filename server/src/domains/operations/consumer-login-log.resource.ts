import { sql } from 'drizzle-orm';
import {
  compareSemver,
  consumerLoginLogRow,
  isPhoneSearch,
  maskPhone,
  type ConsumerLoginLogListQuery,
  type ConsumerLoginLogRow,
  type LoginLogVersion,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { normalisePhone } from '../../platform/consumer-auth.ts';
import { listOnly, ResourceService, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

type LogRecord = ListOnly<ConsumerLoginLogRow>;

/**
 * heimdal Consumer Login Log over `consumer_login_log` (migration 0048), which the consumer API's sign-in writes. Every
 * filter is on the log itself, each with its `(…, at, id)` index, so a page is chosen on the log alone (`pageFrom`) and
 * only its rows are joined to their consumer; the total counts the log alone, exact up to 10,000 and estimated beyond.
 */
export const consumerLoginLogDef: ResourceDef<LogRecord, ConsumerLoginLogListQuery> = {
  entity: 'consumer-login-log',
  label: 'Sign-in attempt',
  table: 'consumer_login_log',
  select: sql`select l.id, l.at, l.result, l.failure_reason, l.consumer_id, c.name as consumer_name, l.phone, l.platform, l.app_version, l.device, l.ip,
    false as personal_masked, l.at as updated_at`,
  from: sql`from consumer_login_log l left join consumers c on c.id = l.consumer_id`,
  countFrom: () => sql`from consumer_login_log l`,
  pageFrom: () => sql`from consumer_login_log l`,
  id: 'l.id',
  toRow: listOnly(rowReader(consumerLoginLogRow)),
  sort: { at: 'l.at' },
  // A phone however typed (08…, +62 8…, 628…) is the attempts with that phone (its index); other text, the attempts of
  // the consumers whose name holds it (the consumers' trigram index, then the log's consumer index).
  search: (pattern, text) =>
    isPhoneSearch(text)
      ? sql`l.phone = ${normalisePhone(text)}`
      : sql`l.consumer_id in (select n.id from consumers n where lower(n.name) like lower(${pattern}))`,
  where: (q) => [
    ...daysBetween('l.at', q.date_from, q.date_until),
    q.result !== undefined ? sql`l.result = ${q.result}` : undefined,
    q.platform !== undefined ? sql`l.platform = ${q.platform}` : undefined,
    q.app_version !== undefined ? sql`l.app_version = ${q.app_version}` : undefined,
    q.consumer_id !== undefined ? sql`l.consumer_id = ${q.consumer_id}` : undefined,
  ],
  writable: [],
};

/** An attempt as the caller may see it: the phone masked without the personal-data right. */
export function presentLoginAttempt(row: ConsumerLoginLogRow, unmasked: boolean): ConsumerLoginLogRow {
  const { updated_at: _u, updated_by_name: _b, version: _v, ...shown } = row as LogRecord;
  return unmasked ? { ...shown, personal_masked: false } : { ...shown, phone: maskPhone(shown.phone) ?? '', personal_masked: true };
}

/** Distinct versions read by a loose index scan: one index probe per version, however many attempts each has. */
const VERSIONS_READ = 200;

/** The log's attempts, read-only, and the app versions it has seen. */
export class ConsumerLoginLogService extends ResourceService<LogRecord, ConsumerLoginLogListQuery> {
  constructor(db: Db) {
    super(consumerLoginLogDef, db);
  }

  /** The versions seen (those starting with `search`), newest version first by MAJOR.MINOR.PATCH, at most `limit`. */
  async appVersions(search: string | undefined, limit: number): Promise<LoginLogVersion[]> {
    const prefix = search ? sql`and l.app_version like ${`${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
    const rows = await queryRows<{ app_version: string }>(
      this.db,
      sql`with recursive v(app_version, n) as (
          (select l.app_version, 1 from consumer_login_log l where l.app_version is not null ${prefix} order by l.app_version limit 1)
          union all
          select (select l.app_version from consumer_login_log l where l.app_version > v.app_version ${prefix} order by l.app_version limit 1), v.n + 1
          from v where v.app_version is not null and v.n < ${VERSIONS_READ})
        select app_version from v where app_version is not null`,
    );
    return rows
      .map((r) => String(r.app_version))
      .sort((a, b) => compareSemver(b, a))
      .slice(0, limit)
      .map((app_version) => ({ app_version }));
  }
}
