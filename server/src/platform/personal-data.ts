import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { can, PERSONAL_DATA_ENTRY, type AnyEndpoint, type PermissionSet } from '@portal/contract';
import type { Db, Tx } from '../db/client.ts';
import { actorOf } from './access-guard.ts';
import type { Clock } from './clock.ts';

/** Whether the caller may see consumers' phone numbers and e-mail addresses unmasked. */
export const seesPersonalData = (perms: PermissionSet): boolean => can(perms, PERSONAL_DATA_ENTRY, 'view');

/** The contract's maskPhone in SQL (a test holds the two equal): the first four and the last three characters stay. */
export const maskPhoneSql = (phone: SQL): SQL =>
  sql`(case when length(${phone}) <= 7 then repeat('*', length(${phone})) else left(${phone}, 4) || repeat('*', length(${phone}) - 7) || right(${phone}, 3) end)`;

/** The contract's maskName in SQL: each word's first letter, then as many stars as the word has more letters. */
export const maskNameSql = (name: SQL): SQL =>
  sql`coalesce((select string_agg(left(w, 1) || repeat('*', char_length(w) - 1), ' ' order by i) from regexp_split_to_table(btrim(${name}), '\\s+') with ordinality t(w, i) where w <> ''), '')`;

/**
 * The contract's maskEmail in SQL: the name's first two characters (one of a name of two or fewer) and everything from
 * the last `@` stay; text without a name before an `@` is all stars. An address with one `@` (all of them, in practice)
 * takes the short way, a few calls per row; more than one, the general one.
 */
export function maskEmailSql(email: SQL): SQL {
  const at = sql`strpos(${email}, '@')`;
  // The general way: the length of the domain with its `@`, from the end, and of the name before it.
  const domain = sql`strpos(reverse(${email}), '@')`;
  const name = sql`(length(${email}) - ${domain})`;
  return sql`(case when ${email} like '%@%@%' then
      left(${email}, case when ${name} > 2 then 2 else 1 end) || repeat('*', ${name} - case when ${name} > 2 then 2 else 1 end) || right(${email}, ${domain})
    when ${at} > 3 then left(${email}, 2) || repeat('*', ${at} - 3) || substr(${email}, ${at})
    when ${at} > 1 then left(${email}, 1) || repeat('*', ${at} - 2) || substr(${email}, ${at})
    else repeat('*', length(${email})) end)`;
}

/** One unmasked read: who, when, and through which screen (the endpoint's id, or an export's name) and route. */
export interface PersonalDataRead {
  userId: number;
  at: Date;
  screen: string;
  route: string;
}

/**
 * The personal-data access log (UU PDP art. 31-32; table `personal_data_access`, migration 0013): every unmasked read
 * of consumers' personal data is recorded with the consumers it showed, one statement per request whatever the number
 * of consumers (the entry and its subject rows in one insert).
 */
export class PersonalDataAccessLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The time a read is recorded at. */
  now(): Date {
    return this.clock.now();
  }

  /** The read a request makes through an endpoint. */
  readOf(req: FastifyRequest, endpoint: AnyEndpoint): PersonalDataRead {
    return { userId: actorOf(req).userId, at: this.clock.now(), screen: endpoint.id, route: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}` };
  }

  /** Records a read of these consumers (a page's, a record's); nothing when it showed none. */
  async record(read: PersonalDataRead, consumerIds: readonly number[], tx: Db | Tx = this.db): Promise<void> {
    const ids = [...new Set(consumerIds)];
    if (!ids.length) return;
    await this.insert(read, sql`select (json_array_elements_text(${JSON.stringify(ids)}::json))::int as consumer_id`, tx);
  }

  /**
   * Records a read of the consumers a query selects (`select … as consumer_id`), set-based: an export's rows, a promo's
   * phone numbers matched to consumers. Nothing when it selects none.
   */
  async recordSelected(read: PersonalDataRead, subjects: SQL, tx: Db | Tx = this.db): Promise<void> {
    await this.insert(read, subjects, tx);
  }

  /** Records a request's read of the consumers `consumerIds` names, when the caller saw them unmasked. */
  async recordIf(unmasked: boolean, req: FastifyRequest, endpoint: AnyEndpoint, consumerIds: readonly number[]): Promise<void> {
    if (unmasked) await this.record(this.readOf(req, endpoint), consumerIds);
  }

  /** Subjects go in in key order: a file's million consumers then walk the key's index once instead of at random. */
  private async insert(read: PersonalDataRead, subjects: SQL, tx: Db | Tx): Promise<void> {
    await tx.execute(sql`with s as (select distinct consumer_id from (${subjects}) x where consumer_id is not null),
        a as (insert into personal_data_access (at, user_id, screen, route, subject_count)
              select ${read.at}, ${read.userId}, ${read.screen}, ${read.route}, count(*) from s having count(*) > 0
              returning id)
      insert into personal_data_access_subjects (consumer_id, access_id) select s.consumer_id, a.id from s, a order by s.consumer_id`);
  }
}
