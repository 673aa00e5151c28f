import { sql } from 'drizzle-orm';
import {
  CHECKER_ACTIONS,
  COMPARED_FIELDS,
  CONTENT_ACTION_VERB,
  CONTENT_DRAFT,
  CONTENT_INACTIVE,
  CONTENT_PENDING,
  CONTENT_REJECTED,
  CONTENT_UPCOMING,
  canContent,
  contentStatusLabel,
  displayedContentStatus,
  nextContentChange,
  type ApprovalDetail,
  type ContentAction,
  type ContentKind,
  type ContentRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isoOrNull } from '../../platform/pagination.ts';
import { CONTENT_FROM, CONTENT_LABEL, CONTENT_SELECT, contentAuditView, contentRowOf } from './content.resource.ts';
import type { ContentPublishingService } from './content-publishing.service.ts';

/** The fields of an item as approved, kept for the approver's comparison with the next version. */
const snapshotOf = (row: ContentRow) => Object.fromEntries(COMPARED_FIELDS.map((f) => [f, row[f]]));

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The maker-checker workflow of marketing content (contract/workflows/content.ts): submit, approve, reject with a
 * reason, deactivate, and duplicate. Each transition locks the item, checks the version the person saw (409 stale),
 * the state (409 when the workflow forbids the action from it) and separation of duties (the submitter may not approve
 * or reject), and writes the change and its audit entry in one transaction. Approving queues the scheduled-publishing
 * sweeps of the item's start and end in the same transaction.
 */
export class ContentWorkflowService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publishing: ContentPublishingService,
  ) {}

  private async load(tx: Db | Tx, id: number, kind?: ContentKind, lock = false): Promise<ContentRow> {
    const rows = await queryRows(
      tx,
      sql`${CONTENT_SELECT} ${CONTENT_FROM} where ci.id = ${id} ${kind ? sql`and ci.kind = ${kind}` : sql``} ${lock ? sql`for update of ci` : sql``}`,
    );
    const row = rows[0];
    if (!row) throw notFound(kind ? CONTENT_LABEL[kind] : 'Content');
    return contentRowOf(row, this.clock.now());
  }

  async get(id: number, kind?: ContentKind): Promise<ContentRow> {
    return this.load(this.db, id, kind);
  }

  /** One transition of one item; `kind` undefined when it comes from the approval queue (any kind). */
  async transition(kind: ContentKind | undefined, id: number, action: ContentAction, body: { version: number; reason?: string }, ctx: AuditContext): Promise<ContentRow> {
    return this.db.transaction((tx) => this.apply(tx, kind, id, action, body, ctx));
  }

  /** Approves or rejects many pending items: all or none; a refused item answers its status with a message naming it. */
  async bulk(action: 'approve' | 'reject', items: readonly { id: number; version: number }[], reason: string | undefined, ctx: AuditContext): Promise<ContentRow[]> {
    return this.db.transaction(async (tx) => {
      const done: ContentRow[] = [];
      for (const [i, item] of items.entries()) {
        try {
          done.push(await this.apply(tx, undefined, item.id, action, { version: item.version, ...(reason ? { reason } : {}) }, ctx));
        } catch (err) {
          if (err instanceof AppError) throw new AppError(err.status, err.code, `Item ${i + 1} (id ${item.id}): ${err.message}`, [{ path: `items.${i}`, message: err.message }]);
          throw err;
        }
      }
      return done;
    });
  }

  private async apply(tx: Tx, kind: ContentKind | undefined, id: number, action: ContentAction, body: { version: number; reason?: string }, ctx: AuditContext): Promise<ContentRow> {
    const before = await this.load(tx, id, kind, true);
    const label = CONTENT_LABEL[before.kind].toLowerCase();
    if (before.version !== body.version) throw staleVersion(label, before.updated_by_name, before.updated_at);
    if (!canContent(action, before.status)) {
      throw conflict(`This ${label} is ${contentStatusLabel(before.status)} and cannot be ${CONTENT_ACTION_VERB[action]}`);
    }
    const actor = ctx.actor?.userId ?? null;
    if (CHECKER_ACTIONS.includes(action) && actor !== null && before.submitted_by === actor) {
      throw forbidden(`You submitted this ${label}: someone else with the approve permission must review it`);
    }
    const now = ctx.now;
    const set = (() => {
      switch (action) {
        case 'submit':
          return sql`status = ${CONTENT_PENDING}, submitted_by = ${actor}, submitted_at = ${now}, reviewed_by = null, reviewed_at = null, reject_reason = null`;
        case 'approve': {
          const status = displayedContentStatus(CONTENT_UPCOMING, before.start_at, before.end_at, now);
          const snapshot = JSON.stringify(snapshotOf(before));
          return sql`status = ${status}, reviewed_by = ${actor}, reviewed_at = ${now}, reject_reason = null, published_snapshot = ${snapshot}::jsonb, published_at = ${now}`;
        }
        case 'reject':
          return sql`status = ${CONTENT_REJECTED}, reviewed_by = ${actor}, reviewed_at = ${now}, reject_reason = ${body.reason ?? null}`;
        case 'deactivate':
          return sql`status = ${CONTENT_INACTIVE}`;
      }
    })();
    await tx.execute(sql`update content_items set ${set}, version = version + 1, updated_at = ${now}, updated_by = ${actor} where id = ${id}`);
    const after = await this.load(tx, id);
    await writeAudit(tx, ctx, { action, entity: before.kind, entityId: id, before: contentAuditView(before), after: contentAuditView(after) });
    if (action === 'approve') {
      for (let t = nextContentChange(CONTENT_UPCOMING, after.start_at, after.end_at, now); t; t = nextContentChange(CONTENT_UPCOMING, after.start_at, after.end_at, t)) {
        await this.publishing.scheduleAt(t, tx);
      }
    }
    return after;
  }

  /** A draft copy of an item (any status), title marked as a copy; banners go last on their page. */
  async duplicate(kind: ContentKind, id: number, ctx: AuditContext): Promise<ContentRow> {
    return this.db.transaction(async (tx) => {
      const source = await this.load(tx, id, kind);
      const actor = ctx.actor?.userId ?? null;
      const title = `${source.title} (copy)`.slice(0, 120);
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into content_items (kind, title, description, image_url, link_url, priority, targeting, member_scope, consumer_tag_ids,
              province_codes, start_at, end_at, status, campaign_id, content_type, display_location, placement_page, banner_type, position,
              message_kind, message, recurrence, send_time, created_by, created_at, updated_by, updated_at)
            select kind, ${title}, description, image_url, link_url, priority, targeting, member_scope, consumer_tag_ids,
              province_codes, start_at, end_at, ${CONTENT_DRAFT}, campaign_id, content_type, display_location, placement_page, banner_type,
              case when s.position is not null then (select coalesce(max(position), 0) + 1 from content_items b where b.kind = s.kind and b.placement_page is not distinct from s.placement_page) end,
              message_kind, message, recurrence, send_time, ${actor}, ${ctx.now}, ${actor}, ${ctx.now}
            from content_items s where s.id = ${id}
            returning id`,
      );
      const copyId = Number(inserted[0]?.id);
      const copy = await this.load(tx, copyId);
      await writeAudit(tx, ctx, { action: 'duplicate', entity: kind, entityId: copyId, after: { ...contentAuditView(copy), duplicated_from: id } });
      return copy;
    });
  }

  /** A pending item beside its last published version, field by field. */
  async compare(id: number): Promise<ApprovalDetail> {
    const item = await this.load(this.db, id);
    if (item.status !== CONTENT_PENDING) throw notFound('Pending item');
    const rows = await queryRows<{ published_snapshot: unknown; published_at: unknown }>(this.db, sql`select published_snapshot, published_at from content_items where id = ${id}`);
    const raw = rows[0]?.published_snapshot;
    const published = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
    return {
      item,
      published_at: isoOrNull(rows[0]?.published_at),
      changes: COMPARED_FIELDS.map((field) => {
        const was = published ? (published[field] ?? null) : null;
        return { field, published: was, pending: item[field], changed: published ? !same(was, item[field]) : true };
      }),
    };
  }
}
