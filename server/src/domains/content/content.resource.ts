import { sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_BODIES,
  ORDERED_KINDS,
  CONTENT_ACTION_VERB,
  contentStatusLabel,
  canDeleteContent,
  canEditContent,
  displayedContentStatus,
  jakartaDayStart,
  type ContentKind,
  type ApprovalListQuery,
  type ContentListQuery,
  contentRow,
  type ContentRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { requireProvinces } from '../../platform/audience.ts';
import { conflict } from '../../platform/errors.ts';
import { hasText, sanitizeRichText } from '../../platform/rich-text.ts';
import { requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

export const CONTENT_LABEL: Record<ContentKind, string> = { offer: 'Offer', banner: 'Banner', campaign: 'Campaign', 'push-message': 'Push message', 'banner-digital-product': 'Top-up banner' };

/** Every column of an item with the names of the people around it; `ci` is the item. */
export const CONTENT_SELECT = sql`select ci.id, ci.kind, ci.title, ci.description, ci.image_url, ci.link_url, ci.priority, ci.targeting,
  ci.member_scope, ci.consumer_tag_ids, ci.province_codes, ci.start_at, ci.end_at, ci.status, ci.campaign_id, camp.title as campaign_title,
  ci.content_type, ci.display_location, ci.placement_page, ci.banner_type, ci.digital_product_type, ci.position, ci.message_kind, ci.message, ci.recurrence,
  ci.send_time, ci.submitted_by, sb.name as submitted_by_name, ci.submitted_at, rb.name as reviewed_by_name, ci.reviewed_at,
  ci.reject_reason, ci.created_at, cb.name as created_by_name, ci.updated_at, ub.name as updated_by_name, ci.version`;
export const CONTENT_FROM = sql`from content_items ci
  left join content_items camp on camp.id = ci.campaign_id
  left join users sb on sb.id = ci.submitted_by left join users rb on rb.id = ci.reviewed_by
  left join users cb on cb.id = ci.created_by left join users ub on ub.id = ci.updated_by`;

const intArray = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const textArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

const readContent = rowReader(contentRow.omit({ status: true }));

/** A row as the contract has it; its status is the displayed one at `now`. */
export function contentRowOf(r: Record<string, unknown>, now: Date): ContentRow {
  const row = readContent(r);
  return { ...row, status: displayedContentStatus(Number(r.status), row.start_at, row.end_at, now) };
}

/** The SQL twin of `displayedContentStatus`: an item's displayed status at `now`. */
export const displayedStatusSql = (now: Date): SQL =>
  sql`(case when ci.status in (2, 3, 4) then (case when ${now} < ci.start_at then 2 when ${now} < ci.end_at then 3 else 4 end) else ci.status end)`;

/** The SQL twin of `displayedContentStatus`: items whose displayed status at `now` is `status`. */
export function displayedStatusIs(status: number, now: Date): SQL {
  const published = sql`ci.status in (2, 3, 4)`;
  switch (status) {
    case 2:
      return sql`(${published} and ci.start_at > ${now})`;
    case 3:
      return sql`(${published} and ci.start_at <= ${now} and ci.end_at > ${now})`;
    case 4:
      return sql`(${published} and ci.end_at <= ${now})`;
    default:
      return sql`ci.status = ${status}`;
  }
}

const nextDay = (day: string) => new Date(jakartaDayStart(day).getTime() + 86_400_000);

/** The array columns go to PostgreSQL as array literals (their elements are validated ids and two-digit codes). */
export const arrayLiteral = (v: unknown): string | undefined => (Array.isArray(v) ? `{${v.map(String).join(',')}}` : undefined);

/** The generic resource of one kind; reads answer the displayed status at the clock's time. */
export function contentDef(kind: ContentKind, clock: Clock): ResourceDef<ContentRow, ContentListQuery> {
  const label = CONTENT_LABEL[kind];
  return {
    entity: kind,
    label,
    table: 'content_items',
    select: CONTENT_SELECT,
    from: CONTENT_FROM,
    countFrom: () => sql`from content_items ci`,
    id: 'ci.id',
    scope: sql`ci.kind = ${kind}`,
    toRow: (r) => contentRowOf(r, clock.now()),
    sort: {
      updated_at: 'ci.updated_at',
      start_at: 'ci.start_at',
      end_at: 'ci.end_at',
      title: 'lower(ci.title)',
      priority: 'ci.priority',
      position: 'coalesce(ci.position, 0)',
      created_at: 'ci.created_at',
    },
    search: (pattern) => sql`lower(ci.title) like lower(${pattern})`,
    where: (q) => [
      q.status !== undefined ? displayedStatusIs(q.status, clock.now()) : undefined,
      q.date_from ? sql`ci.end_at > ${jakartaDayStart(q.date_from)}` : undefined,
      q.date_to ? sql`ci.start_at < ${nextDay(q.date_to)}` : undefined,
      q.campaign_id ? sql`ci.campaign_id = ${q.campaign_id}` : undefined,
      q.content_type !== undefined ? sql`ci.content_type = ${q.content_type}` : undefined,
      q.placement_page ? sql`ci.placement_page = ${q.placement_page}` : undefined,
      q.banner_type ? sql`ci.banner_type = ${q.banner_type}` : undefined,
      q.digital_product_type ? sql`ci.digital_product_type = ${q.digital_product_type}` : undefined,
      q.message_kind !== undefined ? sql`ci.message_kind = ${q.message_kind}` : undefined,
    ],
    // The kind's body columns, plus the kind (set on create) and a banner's position (set by the server).
    writable: writableColumns([CONTENT_BODIES[kind].create, CONTENT_BODIES[kind].update], { serverColumns: ['kind', 'position'] }),
    references: [{ column: 'campaign_id', table: 'content_items', label: 'Campaign', where: `kind = 'campaign'` }],
    check: async (tx, body, current) => {
      if (current && !canEditContent(current.status)) {
        throw conflict(`This ${label.toLowerCase()} is ${contentStatusLabel(current.status)} and cannot be ${CONTENT_ACTION_VERB.edit}`);
      }
      if (typeof body.description === 'string') {
        const html = sanitizeRichText(body.description);
        body.description = hasText(html) ? html : null;
      }
      await requireIds(tx, intArray(body.consumer_tag_ids), { table: 'custom_consumer_tags', field: 'consumer_tag_ids', label: 'Consumer tag' });
      await requireProvinces(tx, textArray(body.province_codes));
      // A new banner, or one moved to another page, goes last on its page; a new top-up banner last of all.
      const page = typeof body.placement_page === 'string' ? body.placement_page : null;
      if (ORDERED_KINDS.includes(kind) && (!current || page !== current.placement_page)) {
        const last = await queryRows<{ p: number | null }>(
          tx,
          sql`select max(position) as p from content_items where kind = ${kind} and placement_page is not distinct from ${page}`,
        );
        body.position = Number(last[0]?.p ?? 0) + 1;
      }
      for (const c of ['consumer_tag_ids', 'province_codes']) {
        const literal = arrayLiteral(body[c]);
        if (literal !== undefined) body[c] = literal;
      }
    },
    auditView: contentAuditView,
  };
}

/** What the log keeps of an item: its own fields, not the names joined to it. */
export function contentAuditView(row: ContentRow): Record<string, unknown> {
  const { updated_by_name: _u, created_by_name: _c, submitted_by_name: _s, reviewed_by_name: _r, campaign_title: _t, ...rest } = row;
  return rest;
}

/** The approver's queue: pending items of every kind, read-only here (the workflow service changes them). */
export function approvalDef(clock: Clock): ResourceDef<ContentRow, ApprovalListQuery> {
  return {
    entity: 'content',
    label: 'Pending item',
    table: 'content_items',
    select: CONTENT_SELECT,
    from: CONTENT_FROM,
    countFrom: () => sql`from content_items ci`,
    id: 'ci.id',
    scope: sql`ci.status = 1`,
    toRow: (r) => contentRowOf(r, clock.now()),
    sort: { submitted_at: 'coalesce(ci.submitted_at, ci.updated_at)', title: 'lower(ci.title)', start_at: 'ci.start_at' },
    search: (pattern) => sql`lower(ci.title) like lower(${pattern})`,
    where: (q) => [q.kind ? sql`ci.kind = ${q.kind}` : undefined],
    writable: [],
  };
}

/** One kind of content over the generic layer: a create carries its kind, a body the kind does not use leaves its columns null. */
export class ContentService extends ResourceService<ContentRow, ContentListQuery> {
  constructor(
    readonly kind: ContentKind,
    db: Db,
    clock: Clock,
  ) {
    super(contentDef(kind, clock), db);
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext, tx?: Tx): Promise<ContentRow> {
    return super.create({ ...body, kind: this.kind }, ctx, tx);
  }

  override async update(id: number | string, body: Record<string, unknown> & { version: number }, ctx: AuditContext, tx?: Tx): Promise<ContentRow> {
    // A body replaces the whole item: optional fields left out become null.
    const cleared = Object.fromEntries(['description', 'image_url', 'link_url', 'campaign_id', 'recurrence', 'send_time'].map((c) => [c, body[c] ?? null]));
    return super.update(id, { ...body, ...cleared }, ctx, tx);
  }

  override async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const current = await this.get(id);
    if (!canDeleteContent(current.status)) {
      throw conflict(`This ${this.def.label.toLowerCase()} is ${contentStatusLabel(current.status)} and cannot be ${CONTENT_ACTION_VERB.delete}`);
    }
    await super.remove(id, ctx, version);
  }
}
