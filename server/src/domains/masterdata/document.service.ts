import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  documentRow,
  documentSegment,
  documentVersionRow,
  isoDateTime,
  publishedSummary,
  type DocumentKind,
  type DocumentRow,
  type DocumentUpdate,
  type DocumentVariant,
  type DocumentVersionRow,
  type LanguageType,
  type ListMeta,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { countRows, pageOffset } from '../../platform/pagination.ts';
import { hasText, sanitizeRichText } from '../../platform/rich-text.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** Which text of a kind: its variant and language. */
export interface DocumentKey {
  kind: DocumentKind;
  variant: DocumentVariant;
  language: LanguageType;
}

/** The draft of a text (published_at null): what its editor saves, with its version. */
const readDraft = rowReader(documentRow.pick({ title: true, body_html: true, version: true, updated_by_name: true }).extend({ id: z.number().int(), updated_at: isoDateTime }));
type DraftRow = ReturnType<typeof readDraft>;
/** A published version with its text. */
const readPublished = rowReader(publishedSummary.extend({ body_html: z.string() }));
type PublishedRow = ReturnType<typeof readPublished>;
/** The table's `language` is the contract's `language_type`. */
const readVersion = rowReader(documentVersionRow);
const toVersion = (r: Record<string, unknown>): DocumentVersionRow => readVersion({ ...r, language_type: r.language });

const keyWhere = (k: DocumentKey) => sql`d.kind = ${k.kind} and d.variant = ${k.variant} and d.language = ${k.language}`;

/**
 * Rich-text documents in `legal_documents`: per (kind, variant, language) one draft row (published_at null) that editors
 * save with its version, and the published rows, each an immutable copy made by publishing. What is live is the newest
 * published row whose time has come; the public /terms and /privacy pages read exactly that.
 */
export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async draft(tx: Db | Tx, k: DocumentKey, lock = false): Promise<DraftRow | undefined> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select d.id, d.title, d.body_html, d.version, d.updated_at, ub.name as updated_by_name
          from legal_documents d left join users ub on ub.id = d.updated_by
          where ${keyWhere(k)} and d.published_at is null ${lock ? sql`for update of d` : sql``}`,
    );
    const r = rows[0];
    return r && readDraft(r);
  }

  private async live(tx: Db | Tx, k: DocumentKey): Promise<PublishedRow | undefined> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select d.id, d.title, d.body_html, d.published_at, pb.name as published_by_name
          from legal_documents d left join users pb on pb.id = d.created_by
          where ${keyWhere(k)} and d.published_at is not null and d.published_at <= ${this.clock.now()}
          order by d.published_at desc, d.id desc limit 1`,
    );
    const r = rows[0];
    return r && readPublished(r);
  }

  /** The text as its editor opens it: the draft, else (never saved) the live text, else empty; with what is live. */
  async get(k: DocumentKey, tx: Db | Tx = this.db): Promise<DocumentRow> {
    const [draft, live] = [await this.draft(tx, k), await this.live(tx, k)];
    const source = draft ?? live;
    const same = !!live && (!draft || (draft.title === live.title && draft.body_html === live.body_html));
    return {
      id: `${k.variant}.${k.language}`,
      kind: k.kind,
      variant: k.variant,
      language_type: k.language,
      title: source?.title ?? '',
      body_html: source?.body_html ?? '',
      version: draft?.version ?? 0,
      updated_at: draft?.updated_at ?? null,
      updated_by_name: draft?.updated_by_name ?? null,
      status: !live ? 'unpublished' : same ? 'published' : 'changed',
      published: live ? { id: live.id, title: live.title, published_at: live.published_at, published_by_name: live.published_by_name } : null,
    };
  }

  /** Saves the draft (sanitised) when `version` is the one read; version 0 creates the first draft. */
  async save(k: DocumentKey, body: DocumentUpdate, ctx: AuditContext): Promise<DocumentRow> {
    const html = sanitizeRichText(body.body_html);
    if (!hasText(html)) throw badRequest('Content is required', [{ path: 'body_html', message: 'Content is required' }]);
    const entity = documentSegment(k.kind);
    return this.db.transaction(async (tx) => {
      const before = await this.get(k, tx);
      const actor = ctx.actor?.userId ?? null;
      if (body.version === 0) {
        const inserted = await queryRows(
          tx,
          sql`insert into legal_documents (kind, variant, language, title, body_html, published_at, version, created_at, updated_at, created_by, updated_by)
              values (${k.kind}, ${k.variant}, ${k.language}, ${body.title}, ${html}, null, 1, ${ctx.now}, ${ctx.now}, ${actor}, ${actor})
              on conflict (kind, variant, language) where published_at is null do nothing returning id`,
        );
        if (!inserted.length) await this.stale(tx, k);
      } else {
        const updated = await queryRows(
          tx,
          sql`update legal_documents d set title = ${body.title}, body_html = ${html}, version = d.version + 1, updated_at = ${ctx.now}, updated_by = ${actor}
              where ${keyWhere(k)} and d.published_at is null and d.version = ${body.version} returning d.id`,
        );
        if (!updated.length) await this.stale(tx, k);
      }
      const after = await this.get(k, tx);
      await writeAudit(tx, ctx, { action: 'update', entity, entityId: after.id, before: auditView(before), after: auditView(after) });
      return after;
    });
  }

  /** Publishes the draft as read (its version): a new published version, the older ones kept as history. */
  async publish(k: DocumentKey, version: number, ctx: AuditContext): Promise<DocumentRow> {
    const entity = documentSegment(k.kind);
    return this.db.transaction(async (tx) => {
      const draft = await this.draft(tx, k, true);
      if (!draft) throw conflict('There is no saved draft to publish. Edit and save the text first.');
      if (draft.version !== version) throw staleVersion('document', draft.updated_by_name, draft.updated_at);
      const live = await this.live(tx, k);
      if (live && live.title === draft.title && live.body_html === draft.body_html) throw conflict('This text is already published; there are no changes to publish.');
      const actor = ctx.actor?.userId ?? null;
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into legal_documents (kind, variant, language, title, body_html, published_at, version, created_at, updated_at, created_by, updated_by)
            values (${k.kind}, ${k.variant}, ${k.language}, ${draft.title}, ${draft.body_html}, ${ctx.now}, 1, ${ctx.now}, ${ctx.now}, ${actor}, ${actor}) returning id`,
      );
      const after = await this.get(k, tx);
      await writeAudit(tx, ctx, {
        action: 'publish',
        entity,
        entityId: after.id,
        before: live ? { published_id: live.id, title: live.title, published_at: live.published_at } : null,
        after: { published_id: Number(inserted[0]?.id), title: draft.title, body_html: draft.body_html, published_at: ctx.now.toISOString() },
      });
      return after;
    });
  }

  /** Published versions, newest first (scheduled ones included, marked by their time). */
  async versions(k: DocumentKey, page: { page: number; limit: number }): Promise<{ data: DocumentVersionRow[]; meta: ListMeta }> {
    const from = sql`from legal_documents d left join users pb on pb.id = d.created_by`;
    const where = sql`where ${keyWhere(k)} and d.published_at is not null`;
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select d.id, d.kind, d.variant, d.language, d.title, d.body_html, d.published_at, pb.name as published_by_name ${from} ${where}
          order by d.published_at desc, d.id desc limit ${page.limit} offset ${pageOffset(page)}`,
    );
    const total = await countRows(this.db, from, where);
    return { data: rows.map(toVersion), meta: { page: page.page, limit: page.limit, ...total } };
  }

  async version(kind: DocumentKind, id: number): Promise<DocumentVersionRow> {
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select d.id, d.kind, d.variant, d.language, d.title, d.body_html, d.published_at, pb.name as published_by_name
          from legal_documents d left join users pb on pb.id = d.created_by
          where d.id = ${id} and d.kind = ${kind} and d.published_at is not null`,
    );
    if (!rows[0]) throw notFound('Published version');
    return toVersion(rows[0]);
  }

  private async stale(tx: Tx, k: DocumentKey): Promise<never> {
    const now = await this.draft(tx, k);
    throw staleVersion('document', now?.updated_by_name ?? null, now ? now.updated_at : this.clock.now());
  }
}

const auditView = (d: DocumentRow) => ({ title: d.title, body_html: d.body_html, version: d.version, status: d.status });
