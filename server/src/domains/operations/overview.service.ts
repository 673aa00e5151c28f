import { sql, type SQL } from 'drizzle-orm';
import {
  can,
  OVERVIEW_COUNT_CAP,
  OVERVIEW_ENTRY,
  OVERVIEW_IMPORT_CONFIRM_DAYS,
  OVERVIEW_RECENT,
  OVERVIEW_SIGN_IN_HOURS,
  type Overview,
  type OverviewCount,
  type OverviewImport,
  type PermissionSet,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ImportDefinition } from '../../platform/imports/index.ts';
import { iso } from '../../platform/pagination.ts';
import type { Actor } from '../../platform/request-context.ts';

/** The import definitions by key, as the import pipeline holds them (their titles, entries and actions). */
export type ImportDefinitions = ReadonlyMap<string, Pick<ImportDefinition, 'key' | 'title' | 'entries' | 'action'>>;

/** `select count(*)` over at most cap + 1 rows of a filtered index read: bounded whatever the table's size. */
const capped = (from: SQL) => sql`(select count(*) from (select 1 ${from} limit ${OVERVIEW_COUNT_CAP + 1}) c)::int`;

const countOf = (n: unknown): OverviewCount => {
  const value = Number(n ?? 0);
  return value > OVERVIEW_COUNT_CAP ? { value: OVERVIEW_COUNT_CAP, capped: true } : { value, capped: false };
};

const paramsOf = (v: unknown): OverviewImport['params'] => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const out: Record<string, string | number> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number') out[k] = x;
  return out;
};

const IMPORT_OPEN = ['PENDING', 'VALIDATED', 'PROCESSING'] as const;
const importStatusOf = (v: unknown): OverviewImport['status'] => IMPORT_OPEN.find((s) => s === v) ?? 'PENDING';

/**
 * The main page's overview: per tile, only for a user who may view the list it leads to, counted from the tables with
 * the indexes their lists already use (tickets and chats by status, the approval queue's partial index, downloads by
 * owner and status, unfinished import batches, the audit log by action and time). Counts are capped.
 */
export class OverviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly imports: ImportDefinitions,
  ) {}

  async overview(actor: Actor): Promise<Overview> {
    const perms = actor.perms;
    const views = (entry: string) => can(perms, entry, 'view');
    const importKeys = this.importKeysOf(perms);
    const now = this.clock.now();
    // PGlite answers one query at a time; on PostgreSQL the tiles are read side by side.
    const [tickets, chats, approvals, imports, exports, signIns] = await Promise.all([
      views(OVERVIEW_ENTRY.tickets) ? this.tickets() : undefined,
      views(OVERVIEW_ENTRY.chats) ? this.chats() : undefined,
      views(OVERVIEW_ENTRY.approvals) ? this.approvals() : undefined,
      importKeys.length ? this.importBatches(actor, importKeys, now) : undefined,
      views(OVERVIEW_ENTRY.exports) ? this.downloads(actor.userId) : undefined,
      views(OVERVIEW_ENTRY.sign_ins) ? this.signIns(now) : undefined,
    ]);
    return {
      generated_at: now.toISOString(),
      ...(tickets ? { tickets } : {}),
      ...(chats ? { chats } : {}),
      ...(approvals ? { approvals } : {}),
      ...(imports ? { imports } : {}),
      ...(exports ? { exports } : {}),
      ...(signIns ? { sign_ins: signIns } : {}),
    };
  }

  /** The imports whose right the user holds (any of a definition's entries with its action). */
  private importKeysOf(perms: PermissionSet): string[] {
    return [...this.imports.values()].filter((d) => d.entries.some((e) => can(perms, e, d.action))).map((d) => d.key);
  }

  private async tickets(): Promise<NonNullable<Overview['tickets']>> {
    const [row] = await queryRows(
      this.db,
      sql`select ${capped(sql`from tickets where status in (1, 2, 3)`)} as open, ${capped(sql`from tickets where status = 1`)} as unread`,
    );
    return { open: countOf(row?.open), unread: countOf(row?.unread) };
  }

  private async chats(): Promise<NonNullable<Overview['chats']>> {
    const [row] = await queryRows(this.db, sql`select ${capped(sql`from chats where status = 1`)} as unread`);
    return { unread: countOf(row?.unread) };
  }

  private async approvals(): Promise<NonNullable<Overview['approvals']>> {
    const [row] = await queryRows(
      this.db,
      sql`select ${capped(sql`from content_items where status = 1`)} as pending, (select min(submitted_at) from content_items where status = 1) as oldest`,
    );
    return { pending: countOf(row?.pending), oldest_submitted_at: row?.oldest ? iso(row.oldest) : null };
  }

  /**
   * Batches a job is still working on (the user's own; a Super Admin's view of the batches is everyone's) and the user's
   * previews of the last week that wait for a confirm; the newest of both.
   */
  private async importBatches(actor: Actor, keys: readonly string[], now: Date): Promise<NonNullable<Overview['imports']>> {
    const keyList = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    const mine = actor.perms.superAdmin ? sql`true` : sql`b.created_by = ${actor.userId}`;
    const since = new Date(now.getTime() - OVERVIEW_IMPORT_CONFIRM_DAYS * 86_400_000);
    const running = sql`from import_batches b where b.status in ('PENDING', 'PROCESSING') and b.key in (${keyList}) and ${mine}`;
    const waiting = sql`from import_batches b where b.created_by = ${actor.userId} and b.created_at >= ${since.toISOString()}::timestamptz and b.status = 'VALIDATED' and b.valid_rows > 0 and b.key in (${keyList})`;
    const cols = sql`select b.id, b.key, b.file_name, b.status, b.progress, b.params, b.created_at`;
    const [counts] = await queryRows(this.db, sql`select ${capped(running)} as running, ${capped(waiting)} as waiting`);
    const rows = await queryRows(
      this.db,
      sql`select * from ((${cols} ${running} order by b.created_at desc, b.id desc limit ${OVERVIEW_RECENT})
        union all (${cols} ${waiting} order by b.created_at desc, b.id desc limit ${OVERVIEW_RECENT})) r
        order by r.created_at desc, r.id desc limit ${OVERVIEW_RECENT}`,
    );
    return {
      running: countOf(counts?.running),
      to_confirm: countOf(counts?.waiting),
      recent: rows.map((r) => ({
        id: Number(r.id),
        key: String(r.key),
        title: this.imports.get(String(r.key))?.title ?? String(r.key),
        file_name: String(r.file_name),
        status: importStatusOf(r.status),
        progress: Number(r.progress),
        params: paramsOf(r.params),
        created_at: iso(r.created_at),
      })),
    };
  }

  /** The user's own exports still being written (the Download List shows each user theirs). */
  private async downloads(userId: number): Promise<NonNullable<Overview['exports']>> {
    const running = sql`from downloads where user_id = ${userId} and status = 1`;
    const [counts] = await queryRows(this.db, sql`select ${capped(running)} as running`);
    const rows = await queryRows(this.db, sql`select id, file_name, created_at ${running} order by created_at desc, id desc limit ${OVERVIEW_RECENT}`);
    return {
      running: countOf(counts?.running),
      recent: rows.map((r) => ({ id: Number(r.id), file_name: String(r.file_name), created_at: iso(r.created_at) })),
    };
  }

  /** Staff sign-ins of the last day, from the audit log (`sign-in` entries, read by the action and time index). */
  private async signIns(now: Date): Promise<NonNullable<Overview['sign_ins']>> {
    const since = new Date(now.getTime() - OVERVIEW_SIGN_IN_HOURS * 3_600_000);
    const recent = sql`from audit_log where action = 'sign-in' and at >= ${since.toISOString()}::timestamptz`;
    const [counts] = await queryRows(this.db, sql`select ${capped(recent)} as n`);
    const rows = await queryRows(this.db, sql`select id, actor_name, at ${recent} order by at desc, id desc limit ${OVERVIEW_RECENT}`);
    return {
      last_day: countOf(counts?.n),
      recent: rows.map((r) => ({ id: Number(r.id), actor_name: r.actor_name == null ? null : String(r.actor_name), at: iso(r.at) })),
    };
  }
}
